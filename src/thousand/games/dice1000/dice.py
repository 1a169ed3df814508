"""Dice sources of dice 1000: the shared ones of :mod:`thousand.core.dice`, by their old names.

Where a game's throws come from, injected into whoever drives a game.

The engine never draws dice itself. A driver asks a source for ``throw(n)`` and hands
the faces to the engine as an :class:`~thousand.games.dice1000.actions.Outcome`:

* :class:`RandomDice` samples the exact chance table of :mod:`thousand.core.dice` with
  a seeded generator, so a seed replays a game exactly;
* :class:`ScriptedDice` plays back the throws of a record or a test.
"""

from __future__ import annotations

from thousand.core.dice import (
    DiceExhaustedError,
    DiceSource,
    RandomDice,
    ScriptedDice,
    UniformDice,
    pick_throw,
)

__all__ = [
    "DiceExhaustedError",
    "DiceSource",
    "RandomDice",
    "ScriptedDice",
    "UniformDice",
    "pick_throw",
]
