"""Dice sources: where a game's throws come from, injected into whoever drives a game.

The engine never draws dice itself. A driver asks a source for ``throw(n)`` and hands
the faces to the engine as an :class:`~thousand.actions.Outcome`:

* :class:`RandomDice` samples the exact chance table of :mod:`thousand.scoring` with a
  seeded generator, so a seed replays a game exactly;
* :class:`ScriptedDice` plays back the throws of a record or a test.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from random import Random
from typing import Protocol

from thousand.errors import ThousandError
from thousand.scoring import CHANCE_TABLES, Dice


class DiceSource(Protocol):
    """Anything that can throw ``n`` dice."""

    def throw(self, count: int) -> Dice:
        """Faces of a throw of ``count`` dice."""
        ...


class RandomDice:
    """Throws drawn from the chance table with a seeded :class:`random.Random`.

    A throw is returned sorted: the chance table is a table of multisets, and the
    same seed gives the same game on every machine and Python version.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = Random(seed)
        self._tables = [
            (table.outcomes, table.cumulative, table.total)
            for table in (CHANCE_TABLES[n] for n in range(1, 6))
        ]

    def throw(self, count: int) -> Dice:
        outcomes, cumulative, total = self._tables[count - 1]
        # random() * total is uniform over [0, total) to within 2**-53 per outcome.
        return outcomes[bisect_right(cumulative, int(self._random.random() * total))]


class DiceExhaustedError(ThousandError):
    """A scripted source ran out of throws."""


class ScriptedDice:
    """Plays back given throws in order; each must have the number of dice asked for."""

    def __init__(self, throws: Iterable[Sequence[int]]) -> None:
        self._throws = [tuple(throw) for throw in throws]
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._throws) - self._next

    def throw(self, count: int) -> Dice:
        if self._next >= len(self._throws):
            raise DiceExhaustedError(f"no scripted throw left for {count} dice")
        faces = self._throws[self._next]
        if len(faces) != count:
            raise DiceExhaustedError(
                f"scripted throw {self._next + 1} has {len(faces)} dice, {count} are thrown"
            )
        self._next += 1
        return faces
