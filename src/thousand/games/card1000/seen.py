"""The plays of a deal as a seat saw them: each card with the trick it joined and the
trump then, read off the seat's view.

Whoever reasons about a deal from a view — counting cards, reading voids, placing the
unseen cards (:mod:`.worlds`), a computer player's tricks — needs the same walk through
the plays: tricks grouped by the number of seats playing, the trump changing as each
marriage is announced (from its own lead on, as the engine sets it). It is written once,
here, from the view alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from thousand.games.card1000.cards import Card, Suit, card, card_points
from thousand.games.card1000.config import Rules
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.views import SeatView


@dataclass(frozen=True, slots=True)
class PlaySeen:
    """One card played: by whom, to which trick so far (empty: a lead), under which
    trump (the one this very card announced, when it announced a marriage)."""

    seat: int
    card: Card
    before: tuple[Card, ...]
    trump: Suit | None
    marriage: bool
    """Whether this lead announced a marriage (or the four aces)."""


def plays_seen(view: SeatView, rules: Rules) -> tuple[PlaySeen, ...]:
    """Every card played in the deal of ``view`` so far, in order."""
    deal = view.deal
    if deal is None:
        return ()
    size = len(playing_seats(rules, deal.dealer))
    trump: Suit | None = None
    trick: list[Card] = []
    seen: list[PlaySeen] = []
    for action in deal.actions:
        if "play" not in action:
            continue
        played = card(action["play"])
        marriage = bool(action.get("marriage") or action.get("ace_marriage"))
        if marriage:
            trump = played.suit
        seen.append(PlaySeen(int(action["seat"]), played, tuple(trick), trump, marriage))
        trick.append(played)
        if len(trick) == size:
            trick = []
    return tuple(seen)


def points_taken(view: SeatView, rules: Rules) -> dict[int, int]:
    """Each playing seat's points so far in the deal of ``view``: the card points of the
    tricks it took and the marriages it announced (the play's points, §1.6)."""
    deal = view.deal
    if deal is None:
        return {}
    seats = playing_seats(rules, deal.dealer)
    taken = dict.fromkeys(seats, 0)
    trick: list[PlaySeen] = []
    for play in plays_seen(view, rules):
        trick.append(play)
        if len(trick) == len(seats):
            cards = [each.card for each in trick]
            winner = trick[trick_winner(cards, play.trump)].seat
            taken[winner] += card_points(cards)
            trick = []
    for each in deal.announcements:
        taken[int(each["seat"])] += int(each["value"])
    return taken


__all__ = ["PlaySeen", "plays_seen", "points_taken"]
