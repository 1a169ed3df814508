"""What a seat can work out from its view alone: the tricks played so far, the cards
still out, who has shown a void, the points each seat has taken.

A good card player counts cards and remembers who did not follow suit; a computer player
must do the same from the very same information, so everything here is computed from a
:class:`~..views.SeatView` (the seat's own hand, the plays and announcements everyone
saw, the talon if it was shown) and never from the referee's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from thousand.games.card1000.cards import DECK, Card, Suit, card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.seen import PlaySeen, plays_seen, points_taken
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.views import DealView, SeatView


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in order of play, the trump while it was
    played, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    trump: Suit | None
    winner: int


@dataclass(slots=True)
class Knowledge:
    """What the seat knows of the deal in play (see the module docstring)."""

    seat: int
    rules: Rules
    deal: DealView
    hand: tuple[Card, ...]
    seats: tuple[int, ...]
    """The seats playing this deal, from the first hand on."""
    tricks: list[Trick] = field(default_factory=list)
    out: set[Card] = field(default_factory=set)
    """Cards neither in this hand nor played: held by others (or out of play)."""
    voids: dict[int, set[Suit]] = field(default_factory=dict)
    """Suits each other seat has shown it no longer holds."""
    taken: dict[int, int] = field(default_factory=dict)
    """Each seat's points so far: card points of its tricks plus its announcements."""

    @property
    def trump(self) -> Suit | None:
        return None if self.deal.trump is None else Suit(self.deal.trump)

    @property
    def declarer(self) -> int | None:
        return self.deal.declarer

    def out_of(self, suit: Suit) -> list[Card]:
        """The cards of ``suit`` still out, strongest first."""
        return sorted((each for each in self.out if each.suit is suit), key=lambda c: -c.strength)

    def is_master(self, played: Card) -> bool:
        """Whether no card still out of its suit beats ``played``."""
        return all(each.strength < played.strength for each in self.out if each.suit is played.suit)

    def may_hold(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` (cards of it are out and the
        seat has not shown a void)."""
        return suit not in self.voids.get(seat, set()) and any(
            each.suit is suit for each in self.out
        )

    def after_me(self) -> list[int]:
        """The seats still to play to the current trick after this one."""
        trick = self.deal.trick
        order = self.seats
        start = order.index(self.seat)
        return [order[(start + step) % len(order)] for step in range(1, len(order) - len(trick))]


def knowledge(view: SeatView, rules: Rules) -> Knowledge:
    """Everything :class:`Knowledge` holds, from ``view`` of a seat in a deal."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    hand = deal.hand or ()
    known = Knowledge(
        seat=view.seat,
        rules=rules,
        deal=deal,
        hand=tuple(hand),
        seats=playing_seats(rules, deal.dealer),
    )
    known.voids = {seat: set() for seat in known.seats}
    played = {each for _, each in deal.played}
    known.out = set(DECK) - set(hand) - played
    if rules.players == 2:
        _remove_discards(known, deal)
    _replay_tricks(known, view, rules)
    known.taken = points_taken(view, rules)
    return known


def _remove_discards(known: Knowledge, deal: DealView) -> None:
    """The declarer's own discards are out of play, not out in a hand."""
    for action in deal.actions:
        name = action.get("discard")
        if isinstance(name, str):
            known.out.discard(card(name))


def _replay_tricks(known: Knowledge, view: SeatView, rules: Rules) -> None:
    """The finished tricks with their winners (:func:`~..seen.plays_seen`: the trump as
    marriages set it), and the voids each play shows."""
    trick: list[PlaySeen] = []
    for play in plays_seen(view, rules):
        if play.before:
            _note_void(known, play.seat, play.card, play.before[0].suit, play.trump)
        trick.append(play)
        if len(trick) == len(known.seats):
            cards = tuple(each.card for each in trick)
            winner = trick[trick_winner(cards, play.trump)].seat
            known.tricks.append(Trick(trick[0].seat, cards, play.trump, winner))
            trick = []


def _note_void(known: Knowledge, seat: int, played: Card, led: Suit, trump: Suit | None) -> None:
    if played.suit is led:
        return
    known.voids.setdefault(seat, set()).add(led)
    if trump is not None and played.suit is not trump:
        known.voids[seat].add(trump)
