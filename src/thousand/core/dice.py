"""Dice for every game: the exact chance tables of a throw, and where throws come from.

Both games of the program throw five six-sided dice, so the chance outcomes of throwing
n of them, and the sources a driver draws throws from, are one piece of code:

* :data:`CHANCE_TABLES` — every multiset of 1 to 5 dice with the number of the 6**n
  equally likely ordered throws that give it: the solvers read exact probabilities from
  it, the random sources sample its weights;
* :class:`RandomDice` samples it with a seeded generator, so a seed replays a game;
* :class:`ScriptedDice` plays back the throws of a record or a test;
* :func:`pick_throw` maps a uniform number to a throw, the same way everywhere (the
  native fast paths of the solvers included);
* :func:`faces_refusal` and :func:`is_sub_multiset` — the engines' checks of the faces
  an action names.

Engines never draw dice: a driver asks a source for ``throw(n)`` and hands the faces to
the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from random import Random
from typing import Protocol

from thousand.core.errors import IllegalActionError, ThousandError

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5
"""Dice in both games."""

Dice = tuple[int, ...]
"""Faces of a throw; as a table key always sorted ascending."""


def all_throws(throw_size: int) -> Iterator[Dice]:
    """Every distinct throw of ``throw_size`` dice as a sorted tuple."""
    yield from combinations_with_replacement(FACES, throw_size)


def throw_weight(dice: Dice) -> int:
    """In how many of the 6**n ordered ways the multiset ``dice`` can fall."""
    return factorial(len(dice)) // prod(factorial(c) for c in Counter(dice).values())


@dataclass(frozen=True, slots=True)
class ChanceTable:
    """The exact chance outcomes of one throw of ``throw_size`` dice.

    ``outcomes[i]`` falls in ``weights[i]`` of the ``6 ** throw_size`` equally likely
    ordered throws; ``probabilities`` gives the same as exact fractions.
    """

    throw_size: int
    outcomes: tuple[Dice, ...]
    weights: tuple[int, ...]
    cumulative: tuple[int, ...]

    @property
    def total(self) -> int:
        return int(6**self.throw_size)

    @property
    def probabilities(self) -> tuple[tuple[Dice, Fraction], ...]:
        return tuple(
            (dice, Fraction(weight, self.total))
            for dice, weight in zip(self.outcomes, self.weights, strict=True)
        )


def chance_table(throw_size: int) -> ChanceTable:
    """Build the chance table of a throw of ``throw_size`` dice (1 to 5)."""
    outcomes = tuple(all_throws(throw_size))
    weights = tuple(throw_weight(dice) for dice in outcomes)
    cumulative: list[int] = []
    running = 0
    for weight in weights:
        running += weight
        cumulative.append(running)
    return ChanceTable(throw_size, outcomes, weights, tuple(cumulative))


CHANCE_TABLES: dict[int, ChanceTable] = {n: chance_table(n) for n in range(1, DICE + 1)}
"""Chance tables for 1 to 5 dice; they do not depend on the rules."""


def faces_refusal(dice: object) -> IllegalActionError | None:
    """Why ``dice`` are no faces an engine takes, or None: they must be a tuple of whole
    numbers 1–6 — not a list, not ``None``, not ``1.0`` or ``True`` (equal to 1 and
    hashed alike, they would slip through as faces and hit the score tables' caches)."""
    if type(dice) is not tuple:
        return IllegalActionError(
            f"dice must be a tuple of faces, not {type(dice).__name__}", "face", face=None
        )
    for face in dice:
        if type(face) is not int or not 1 <= face <= 6:
            shown = json.dumps(face, default=repr)
            return IllegalActionError(f"face {shown} is not a die face (1–6)", "face", face=face)
    return None


def is_sub_multiset(part: Dice, whole: Dice) -> bool:
    """Are the faces of ``part`` among those of ``whole`` (each die counted once)?"""
    rest = list(whole)
    for face in part:
        if face not in rest:
            return False
        rest.remove(face)
    return True


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
