"""A deal from a committed seed (CARD_THOUSAND.md §5), as the dice are thrown in the dice
games: every deal's cards can be re-derived and checked once the seed is revealed.

The derivation, written down so that a dozen lines of any language check it
(docs/card1000.md has such a checker):

* deal ``index`` is the 0-based number of the deal within the game, counting every deal
  dealt, redeals included, in record order;
* the 24 cards of :data:`~.cards.DECK` (suits ♠ ♣ ♦ ♥, ranks 9 J Q K T A within each)
  are shuffled by :func:`thousand.core.chance.seeded_shuffle` with domain ``card1000``:
  Fisher–Yates from the back, ``j = draw_below(i + 1)`` from the words of
  ``HMAC-SHA256(seed, f"card1000:{index}:{counter}")``, with rejection sampling;
* the shuffled order is dealt in blocks: each seat that plays the deal, from the first
  hand (the seat after the dealer) clockwise, takes the next ``hand_size`` cards (7;
  two players 10), skipping a sitting-out dealer (four players); the talon takes the
  last 3 cards (two players: talon 0 the next 2, talon 1 the last 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from thousand.core.chance import seeded_shuffle
from thousand.games.card1000.actions import Dealt
from thousand.games.card1000.cards import DECK, Card
from thousand.games.card1000.config import Rules

DOMAIN = "card1000"
"""The game's name in every message of the derivation."""


def shuffled_deck(seed: bytes, index: int) -> list[Card]:
    """The 24 cards in the order of deal ``index`` of the game whose seed is ``seed``."""
    return seeded_shuffle(seed, DOMAIN, index, DECK)


def playing_seats(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The seats that play a deal, from the first hand clockwise (four players: all but
    the dealer, who sits out; otherwise every seat, the dealer last)."""
    count = rules.players
    seats = tuple((dealer + step) % count for step in range(1, count + 1))
    return seats[:3] if count == 4 else seats


def deal_from_order(order: Sequence[Card], rules: Rules, dealer: int) -> Dealt:
    """The cards of each seat and talon when ``order`` is dealt by ``dealer`` (§5)."""
    hands: list[tuple[Card, ...]] = [() for _ in rules.seats]
    size = rules.hand_size
    at = 0
    for seat in playing_seats(rules, dealer):
        hands[seat] = tuple(order[at : at + size])
        at += size
    rest = tuple(order[at:])
    talons = (rest[:2], rest[2:]) if rules.players == 2 else (rest,)
    return Dealt(tuple(hands), talons)


def seeded_deal(seed: bytes, index: int, rules: Rules, dealer: int) -> Dealt:
    """Deal ``index`` of the game with seed ``seed``, dealt by ``dealer``."""
    return deal_from_order(shuffled_deck(seed, index), rules, dealer)
