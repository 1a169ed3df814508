"""Dice sources: where a game's throws come from, injected into whoever drives a game.

The engine never draws dice itself. A driver asks a source for ``throw(n)`` and hands
the faces to the engine as an :class:`~thousand.games.dice1000.actions.Outcome`:

* :class:`RandomDice` samples the exact chance table of :mod:`thousand.games.dice1000.scoring` with
  a seeded generator, so a seed replays a game exactly;
* :class:`ScriptedDice` plays back the throws of a record or a test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from random import Random
from typing import Protocol

from thousand.core.errors import ThousandError
from thousand.games.dice1000.scoring import CHANCE_TABLES, Dice


class DiceSource(Protocol):
    """Anything that can throw ``n`` dice."""

    def throw(self, count: int) -> Dice:
        """Faces of a throw of ``count`` dice."""
        ...


def _outcome_by_ordered_throw(count: int) -> tuple[Dice, ...]:
    """For each of the 6**count ordered throws (numbered 0…), its sorted outcome.

    The numbering follows the cumulative weights of the chance table: ordered throws
    0 … w0-1 are outcome 0, the next w1 are outcome 1, and so on.
    """
    table = CHANCE_TABLES[count]
    return tuple(
        outcome
        for outcome, weight in zip(table.outcomes, table.weights, strict=True)
        for _ in range(weight)
    )


_OUTCOME_OF = [(), *(_outcome_by_ordered_throw(count) for count in range(1, 6))]
_TOTALS = [0, *(CHANCE_TABLES[count].total for count in range(1, 6))]


def pick_throw(count: int, u: float) -> Dice:
    """The throw of ``count`` dice that a uniform number ``u`` in [0, 1) selects.

    ``int(u * 6**count)`` is one of the equally likely ordered throws, named by the
    cumulative weights of the chance table. Every sampler of the project (this module
    and the native fast path of the solver) maps uniforms to dice this way, so the same
    uniforms give the same game everywhere. ``u * total`` is uniform over
    ``[0, total)`` to within 2**-53 per outcome.
    """
    return _OUTCOME_OF[count][int(u * _TOTALS[count])]


class RandomDice:
    """Throws drawn from the chance table with a seeded :class:`random.Random`.

    A throw is returned sorted: the chance table is a table of multisets, and the
    same seed gives the same game on every machine and Python version.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = Random(seed).random

    def throw(self, count: int) -> Dice:
        return pick_throw(count, self._random())


class UniformDice:
    """Throws selected by a given sequence of uniforms (tests of the fast path)."""

    def __init__(self, uniforms: Iterable[float]) -> None:
        self._uniforms = iter(uniforms)

    def throw(self, count: int) -> Dice:
        return pick_throw(count, next(self._uniforms))


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
