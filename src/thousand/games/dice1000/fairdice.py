"""Verifiable dice of dice 1000: the derivation of :mod:`thousand.core.fairdice` under the
game's own name, ``dice1000`` (docs/dice.md).

The derivation is shared by every game; dice 1000's HMAC messages are
``dice1000:{index}:{c}``, exactly as they were before a second game shared it, so every
seed gives the dice it always gave. This module keeps the names the rest of dice 1000,
the tests and the docs use: :func:`seeded_throw` and :class:`SeededDice` without a
domain to pass.
"""

from __future__ import annotations

from thousand.core import fairdice
from thousand.core.fairdice import MAX_COUNT, SEED_BYTES, FairDiceError, commitment
from thousand.games.dice1000.scoring import Dice

DOMAIN = "dice1000"
"""The first part of every HMAC message: the seed of one game never gives another game's
dice even if it were reused for one."""


def seeded_throw(seed: bytes, index: int, count: int) -> Dice:
    """The faces of throw ``index`` (0-based, in record order) of ``count`` dice
    (:func:`thousand.core.fairdice.seeded_throw` for dice 1000)."""
    return fairdice.seeded_throw(seed, index, count, DOMAIN)


class SeededDice(fairdice.SeededDice):
    """A dice source drawing a dice-1000 game's throws from its seed; ``start`` is the
    number of throws already made (a resumed game)."""

    def __init__(self, seed: bytes, start: int = 0) -> None:
        super().__init__(seed, start, domain=DOMAIN)


__all__ = [
    "DOMAIN",
    "MAX_COUNT",
    "SEED_BYTES",
    "FairDiceError",
    "SeededDice",
    "commitment",
    "seeded_throw",
]
