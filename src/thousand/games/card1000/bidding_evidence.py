"""What the bidding says about the hands: how likely a world makes the bids everyone made.

A seat that raised to 140 holds marriages worth at least 20 (the rule book's ceiling,
CARD_THOUSAND.md §1.3: nobody bids over 120 without them) — a certainty; and a seat
that raised at all most likely holds a good hand, one that passed at 105 most likely a
poor one — a likelihood. Skat programs that read the bidding this way (Buro's group)
play their cards better than those that draw the hidden hands as if the bidding were
silent. This module weighs a drawn world (:mod:`.worlds`) by those readings, from the
seat's view only: the bids and passes it saw, the cards played, the cards it saw given.

The likelihood model is the ``club`` player's way of bidding (:mod:`.levels.club`),
which a sensible player shares: a seat raises to ``amount`` when the points it expects
as declarer — its dealt hand's :func:`~.hand_value.play_value` plus
:data:`TALON_GAIN` — exceed the amount by about :data:`MARGIN`; the chance of a raise
is a normal curve around that line with spread :data:`SPREAD`, and of a pass its
complement. Bids forced by the rules (the first hand's opening bid, a pass where the
ceiling forbade a raise) say nothing. In a dark deal nobody saw their cards: the
bidding says nothing.

A seat's dealt hand in a world is read back from what it holds now there, what it
played, and what the viewer saw it give or receive; a card given where the viewer did
not see stays where the world put it (the reading is a little off, never impossible).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from thousand.core.stats import normal_cdf
from thousand.games.card1000.cards import Card, card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.hand_value import play_value
from thousand.games.card1000.scoring import ceiling
from thousand.games.card1000.seen import PlaySeen, plays_seen
from thousand.games.card1000.views import SeatView
from thousand.games.card1000.worlds import World

TALON_GAIN = 40.0
"""What the talon adds to a dealt hand's :func:`play_value` on average (three cards in,
two of the least given away): 40.1 over 400 random hands, spread 15.6."""

MARGIN = 20.0
"""How far above a bid a player wants its expectation before raising (the ``club``
player raises at about 20 over, where declaring is worth more than defending)."""

SPREAD = 25.0
"""How loosely players follow :data:`MARGIN`: the talon's spread and their own ways of
counting a hand."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """One seat's bidding as the viewer saw it."""

    seat: int
    raised_to: int | None
    """Its highest voluntary bid, if it raised."""
    passed_at: int | None
    """The amount it declined by passing (the standing bid plus a step), if it passed."""


def evidence(view: SeatView, rules: Rules) -> tuple[Evidence, ...]:
    """The bidding of every other seat, as ``view`` saw it (nothing in a dark deal)."""
    deal = view.deal
    if deal is None or deal.dark:
        return ()
    standing = rules.opening_bid
    raised: dict[int, int] = {}
    passed: dict[int, int] = {}
    for action in deal.actions:
        if "bid" in action:
            standing = int(action["bid"])
            raised[int(action["seat"])] = standing
        elif action.get("pass"):
            passed.setdefault(int(action["seat"]), standing + rules.bid_step)
    seats = (set(raised) | set(passed)) - {view.seat}
    return tuple(Evidence(seat, raised.get(seat), passed.get(seat)) for seat in sorted(seats))


def dealt_hand(world: World, view: SeatView, seat: int, plays: Sequence[PlaySeen]) -> list[Card]:
    """``seat``'s dealt hand in ``world``, read back (see the module docstring) with the
    cards it was seen to play, ``plays`` (:func:`.seen.plays_seen`)."""
    deal = view.deal
    assert deal is not None
    held = set(world.hands[seat]) | {play.card for play in plays if play.seat == seat}
    for action in deal.actions:
        if "give" in action and action["give"] is not None:
            given = card(action["give"])
            if int(action["seat"]) == seat:
                held.add(given)
            elif int(action["to"]) == seat:
                held.discard(given)
    if seat == deal.declarer and deal.talon is not None and deal.talon_taken is not None:
        held -= set(deal.talon)
    return sorted(held, key=lambda each: (each.suit.value, each.strength))


def likelihood(world: World, view: SeatView, rules: Rules, seen: Sequence[Evidence]) -> float:
    """How likely the bids in ``seen`` are had the hands been ``world``'s: 0 where a bid
    breaks the ceiling, else the product of each bid's and pass's chance."""
    weight = 1.0
    plays = plays_seen(view, rules)
    for each in seen:
        hand = dealt_hand(world, view, each.seat, plays)
        top = ceiling(hand, rules)
        expected = play_value(hand, players=rules.players) + TALON_GAIN
        if each.raised_to is not None:
            if each.raised_to > top:
                return 0.0
            weight *= normal_cdf((expected - each.raised_to - MARGIN) / SPREAD)
        if each.passed_at is not None and each.passed_at <= top:
            weight *= 1.0 - normal_cdf((expected - each.passed_at - MARGIN) / SPREAD)
    return weight


__all__ = [
    "MARGIN",
    "SPREAD",
    "TALON_GAIN",
    "Evidence",
    "dealt_hand",
    "evidence",
    "likelihood",
]
