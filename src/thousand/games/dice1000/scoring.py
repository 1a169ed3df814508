"""Scoring a throw (RULES.md §1.2) and the chance outcomes of throwing n dice.

Both are exact tables built once per points table: every multiset of 1 to 5 dice
(461 of them) is scored in advance, so solvers and simulators pay one dictionary
lookup per throw. The chance table is the same for everyone who needs dice: the
solver reads the exact probabilities, the random source samples from the weights.

How a throw is scored, for any points table:

* A throw is split into combinations (singles, n of a kind, straights, favorites, the
  two-dice pair); dice in no combination do not score.
* The split with the **most points** wins; among equally good splits, the one that
  **sets aside the most dice** (RULES.md: "a favorite scores 0 points, but all five of
  its dice count as scoring"). Further ties keep the split with larger combinations
  first, so the combinations shown are stable.
* Under ``choose_dice`` the player may instead set aside any sub-multiset of the
  throw that splits *completely* into combinations; it is worth its own best split.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from thousand.core.dice import (
    CHANCE_TABLES,
    ChanceTable,
    Dice,
    all_throws,
    chance_table,
    throw_weight,
)
from thousand.games.dice1000.config import PointsTable

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5
"""Dice in the game (R1)."""


_Counts = tuple[int, int, int, int, int, int]

_OF_A_KIND_NAMES = {3: "three_of_a_kind", 4: "four_of_a_kind", 5: "five_of_a_kind"}


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring combination of a throw, e.g. ``three_of_a_kind (2, 2, 2)`` = 20.

    ``name`` is one of ``single``, ``three_of_a_kind``, ``four_of_a_kind``,
    ``five_of_a_kind``, ``small_straight``, ``big_straight``, ``big_favorite``,
    ``small_favorite``, ``pair``; the terminal and JSON outputs translate or show it.
    """

    name: str
    dice: Dice
    points: int


@dataclass(frozen=True, slots=True)
class ThrowScore:
    """What a throw is worth when every scoring die is set aside."""

    dice: Dice
    points: int
    combinations: tuple[Combination, ...]
    kept: Dice
    """The dice set aside (all scoring dice), sorted."""
    scoring_dice: int = field(init=False)
    """How many dice score: ``len(kept)``, stored because the engine asks on every throw."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "scoring_dice", len(self.kept))

    @property
    def bust(self) -> bool:
        """No die scores: the turn ends and its total is lost (R4)."""
        return not self.kept

    @property
    def hot_dice(self) -> bool:
        """Every die thrown scores: all five are thrown again (R3, R8)."""
        return len(self.kept) == len(self.dice)


@dataclass(frozen=True, slots=True)
class _Template:
    name: str
    counts: _Counts
    dice: Dice
    points: int


def _counts(dice: Sequence[int]) -> _Counts:
    c = [0] * 6
    for face in dice:
        c[face - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def _templates(points: PointsTable, throw_size: int, two_dice_pair: bool) -> list[_Template]:
    """Every combination that can appear in a throw of ``throw_size`` dice."""
    found: list[_Template] = []

    def add(name: str, dice: Dice, value: int) -> None:
        if len(dice) <= throw_size:
            found.append(_Template(name, _counts(dice), dice, value))

    if throw_size == DICE:
        if points.small_straight:
            add("small_straight", (1, 2, 3, 4, 5), points.small_straight)
        if points.big_straight:
            add("big_straight", (2, 3, 4, 5, 6), points.big_straight)
        if points.favorites:
            add("big_favorite", (3, 4, 4, 6, 6), 0)
            add("small_favorite", (2, 2, 3, 3, 4), 0)
    tables = {5: points.five_of_a_kind, 4: points.four_of_a_kind, 3: points.three_of_a_kind}
    for size, table in tables.items():
        for face, value in zip(FACES, table, strict=True):
            if value:
                add(_OF_A_KIND_NAMES[size], (face,) * size, value)
    if throw_size == 2 and two_dice_pair:
        # Worth 0; a pair of 1s or 5s keeps its usual points because the two
        # singles outscore the pair in the best split.
        for face in FACES:
            add("pair", (face, face), 0)
    for face, value in zip(FACES, points.singles, strict=True):
        if value:
            add("single", (face,), value)
    return found


_Split = tuple[int, int, tuple[int, ...]]
"""(points, dice set aside, indices of templates used) — compared as a tuple."""


def _best_split(counts: _Counts, templates: Sequence[_Template], complete: bool) -> _Split | None:
    """Best split of ``counts`` into templates, or None when ``complete`` cannot be met.

    ``complete`` demands that every die is used (a ``choose_dice`` keep). Templates are
    tried in order, each at or after the previous one, so every split is seen once.
    """
    best: _Split | None = None

    def search(left: list[int], start: int, points: int, used: int, chosen: list[int]) -> None:
        nonlocal best
        if not complete or not any(left):
            # Earlier templates are larger, so on full ties the first split found stays.
            candidate = (points, used, tuple(chosen))
            if best is None or candidate[:2] > best[:2]:
                best = candidate
        for index in range(start, len(templates)):
            need = templates[index].counts
            if all(have >= n for have, n in zip(left, need, strict=True)):
                for face in range(6):
                    left[face] -= need[face]
                chosen.append(index)
                search(
                    left,
                    index,
                    points + templates[index].points,
                    used + len(templates[index].dice),
                    chosen,
                )
                chosen.pop()
                for face in range(6):
                    left[face] += need[face]

    search(list(counts), 0, 0, 0, [])
    return best


def _combos(split: _Split, templates: Sequence[_Template]) -> tuple[Combination, ...]:
    return tuple(
        Combination(templates[i].name, templates[i].dice, templates[i].points) for i in split[2]
    )


class ScoreTable:
    """Every throw of 1 to 5 dice scored under one points table, built once.

    ``table[dice]`` takes the sorted faces and gives the :class:`ThrowScore`;
    :meth:`keep_options` lists the legal partial set-asides for ``choose_dice``.
    """

    def __init__(self, points: PointsTable, two_dice_pair: bool) -> None:
        self._templates = {n: _templates(points, n, two_dice_pair) for n in range(1, DICE + 1)}
        self.table: dict[Dice, ThrowScore] = {}
        for n in range(1, DICE + 1):
            for dice in all_throws(n):
                self.table[dice] = self._score(dice)
        self._keeps: dict[Dice, tuple[tuple[Dice, int], ...]] = {}
        self._keep_values: dict[tuple[Dice, Dice], tuple[int, tuple[Combination, ...]] | None]
        self._keep_values = {}

    def _score(self, dice: Dice) -> ThrowScore:
        templates = self._templates[len(dice)]
        split = _best_split(_counts(dice), templates, complete=False)
        assert split is not None  # the empty split always exists
        combos = _combos(split, templates)
        kept = tuple(sorted(face for combo in combos for face in combo.dice))
        return ThrowScore(dice, split[0], combos, kept)

    def score(self, dice: Sequence[int]) -> ThrowScore:
        """Score a throw given in any order; faces must be 1–6 and 1 to 5 of them."""
        return self.table[tuple(sorted(dice))]

    def keep_value(self, throw: Dice, keep: Dice) -> tuple[int, tuple[Combination, ...]] | None:
        """Points and combinations of setting aside ``keep`` (sorted) from ``throw``.

        None when ``keep`` is not a set of whole scoring combinations of this throw.
        """
        key = (throw, keep)
        if key in self._keep_values:
            return self._keep_values[key]
        templates = self._templates[len(throw)]
        split = _best_split(_counts(keep), templates, complete=True)
        value = None if split is None or not keep else (split[0], _combos(split, templates))
        self._keep_values[key] = value
        return value

    def keep_options(self, throw: Dice) -> tuple[tuple[Dice, int], ...]:
        """Every legal set-aside of a sorted throw under ``choose_dice``: (dice, points).

        Ordered from most dice and points to fewest, so the first is the full set-aside.
        """
        cached = self._keeps.get(throw)
        if cached is not None:
            return cached
        subsets: set[Dice] = set()
        for size in range(1, len(throw) + 1):
            for chosen in _sub_multisets(throw, size):
                subsets.add(chosen)
        options = []
        for keep in subsets:
            value = self.keep_value(throw, keep)
            if value is not None:
                options.append((keep, value[0]))
        options.sort(key=lambda option: (-len(option[0]), -option[1], option[0]))
        result = tuple(options)
        self._keeps[throw] = result
        return result


def _sub_multisets(dice: Dice, size: int) -> Iterator[Dice]:
    """Distinct sorted sub-multisets of ``size`` dice of a sorted throw."""
    seen: set[Dice] = set()
    for chosen in combinations(dice, size):
        if chosen not in seen:
            seen.add(chosen)
            yield chosen


__all__ = [  # the chance tables and Dice are the shared ones of thousand.core.dice
    "CHANCE_TABLES",
    "DICE",
    "FACES",
    "ChanceTable",
    "Combination",
    "Dice",
    "ScoreTable",
    "ThrowScore",
    "all_throws",
    "chance_table",
    "throw_weight",
]
