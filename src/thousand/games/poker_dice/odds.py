"""The exact odds of one turn of poker dice: what keeping some dice and throwing the rest
is worth, for the computer players' levels and for the ranking game.

Nothing here is a rule. What five dice score is asked of :mod:`.scoring`
(:func:`~.scoring.box_points`, :func:`~.scoring.hand`); the chance of a throw is
:data:`thousand.core.dice.CHANCE_TABLES`. This module only adds up chances:

* **Multisets.** The 462 multisets of 0 to 5 dice are numbered by size, then in the
  order of :func:`itertools.combinations_with_replacement` (so a throw's keeps, in the
  engine's order — by size, then by faces — are in increasing number), and the 252 throws
  of five dice are the last ones. Keeping ``k`` and throwing the other dice is worth the
  average, over one more die, of keeping ``k`` plus that die: six additions a multiset
  give the exact value of throwing any number of dice (:func:`keep_values`).
* **Chasing one box** (:class:`ChaseTables`): the expected points of each box when a
  player spends the throws left on that box alone — keeping what helps it, writing it at
  the end or as soon as throwing on is worth less. The ``chaser`` level reads it.
* **The ranking game** (:class:`RankingOdds`): the chance that a turn ends in a hand that
  beats a given one (a tie counts half), played to maximise exactly that.

Every table is vectorised over its last axis (boxes, or the hands to beat) with numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from thousand.core.dice import CHANCE_TABLES, DICE, FACES, Dice
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.scoring import box_points, boxes, hand

Floats = npt.NDArray[np.float64]

MULTISETS: tuple[Dice, ...] = tuple(
    dice for size in range(DICE + 1) for dice in combinations_with_replacement(FACES, size)
)
"""Every multiset of 0 to 5 dice (sorted), by size then faces: 462 of them."""

INDEX: dict[Dice, int] = {dice: i for i, dice in enumerate(MULTISETS)}
"""The number of a multiset (a sorted tuple)."""

FIRST_ROLL = len(MULTISETS) - len(CHANCE_TABLES[DICE].outcomes)
ROLLS: tuple[Dice, ...] = MULTISETS[FIRST_ROLL:]
"""The 252 throws of five dice, the order of every per-throw table here."""

ROLL_INDEX: dict[Dice, int] = {dice: i for i, dice in enumerate(ROLLS)}


def _roll_probabilities() -> Floats:
    table = CHANCE_TABLES[DICE]
    prob = np.zeros(len(ROLLS))
    for dice, weight in zip(table.outcomes, table.weights, strict=True):
        prob[ROLL_INDEX[dice]] = weight / table.total
    return prob


ROLL_PROB = _roll_probabilities()
"""The chance of each throw of five dice (:data:`ROLLS` order)."""

ADD = np.array(
    [
        [INDEX[tuple(sorted((*dice, face)))] if len(dice) < DICE else -1 for face in FACES]
        for dice in MULTISETS
    ],
    dtype=np.int64,
)
"""``ADD[k, f - 1]``: the multiset ``k`` with one more die showing ``f``."""

_SIZES = tuple(
    np.array([i for i, dice in enumerate(MULTISETS) if len(dice) == size], dtype=np.int64)
    for size in range(DICE + 1)
)


def _sub_multisets(dice: Dice) -> tuple[Dice, ...]:
    """Every distinct keep of a throw (a sub-multiset, never all five), by number."""
    found = {part for size in range(DICE) for part in combinations(dice, size)}
    return tuple(sorted(found, key=INDEX.__getitem__))


KEEPS: tuple[tuple[Dice, ...], ...] = tuple(_sub_multisets(roll) for roll in ROLLS)
"""The keeps of each throw (:data:`ROLLS` order), in the engine's order of throws."""

KEEP_INDEX: tuple[npt.NDArray[np.int64], ...] = tuple(
    np.array([INDEX[keep] for keep in keeps], dtype=np.int64) for keeps in KEEPS
)

_PADDED = np.array(
    [list(numbers) + [int(numbers[0])] * (31 - len(numbers)) for numbers in KEEP_INDEX],
    dtype=np.int64,
)
""":data:`KEEP_INDEX` padded to 31 columns with a keep already listed (for maxima)."""


def keep_values(final: Floats) -> Floats:
    """``out[k]``: the expected value of keeping multiset ``k`` and throwing the other
    dice, when a throw of five ends worth ``final[roll]`` (vectorised over the trailing
    axes; rows of five dice are ``final`` itself)."""
    out = np.empty((len(MULTISETS), *final.shape[1:]))
    out[FIRST_ROLL:] = final
    for size in range(DICE - 1, -1, -1):
        rows = _SIZES[size]
        out[rows] = out[ADD[rows]].mean(axis=1)
    return out


def best_keep_values(kept: Floats) -> Floats:
    """``out[roll]``: the best value of keeping some of the throw's dice (:func:`keep_values`)."""
    values: Floats = kept[_PADDED].max(axis=1)
    return values


def turn_tables(
    final_later: Floats, final_first: Floats, throws_left: int
) -> tuple[Floats, list[Floats]]:
    """A turn's programme when a turn ends worth ``final_*[roll]`` (after a later throw,
    after the turn's first): the expected value of the turn before its first throw, and
    ``kept[j]`` for ``j = 0 … throws_left - 2`` — the value of keeping each multiset when
    ``j`` throws are left after throwing the others.

    ``throws_left`` is the turn's allowance (its first throw included).
    """
    kept: list[Floats] = []
    ends = final_later
    for j in range(max(throws_left - 1, 0)):
        kept.append(keep_values(ends))
        if j + 1 < throws_left - 1:
            ends = np.maximum(final_later, best_keep_values(kept[-1]))
    first = final_first if not kept else np.maximum(final_first, best_keep_values(kept[-1]))
    start: Floats = np.tensordot(ROLL_PROB, first, axes=1)
    return start, kept


# -- chasing one box ---------------------------------------------------------------


class ChaseTables:
    """The expected points of every box when the throws left are spent on it alone.

    ``par[b]``: a fresh turn spent on box ``b`` (first-throw scoring included) — what the
    box is worth on average. ``kept(j)[k, b]``: keeping multiset ``k``, throwing the other
    dice and chasing ``b`` with ``j`` throws after that one (written at the end, or as
    soon as throwing on is worth less). Rows are made as far as they are asked for (banked
    throws can make a turn long).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.boxes = boxes(rules.sheet)
        self.later = np.array(
            [[box_points(rules, b, roll, first_throw=False) for b in self.boxes] for roll in ROLLS],
            dtype=np.float64,
        )
        self.first = np.array(
            [[box_points(rules, b, roll, first_throw=True) for b in self.boxes] for roll in ROLLS],
            dtype=np.float64,
        )
        par, _ = turn_tables(self.later, self.first, rules.throws)
        self.par: Floats = par
        self._kept: list[Floats] = []
        self._best: dict[int, tuple[Floats, npt.NDArray[np.int64]]] = {}

    def kept(self, after: int) -> Floats:
        """``[k, b]``: keep ``k``, throw the rest, then chase ``b`` with ``after`` throws."""
        while len(self._kept) <= after:
            if not self._kept:
                ends = self.later
            else:
                ends = np.maximum(self.later, best_keep_values(self._kept[-1]))
            self._kept.append(keep_values(ends))
        return self._kept[after]

    def best(self, after: int) -> tuple[Floats, npt.NDArray[np.int64]]:
        """``([roll, b], [roll, b])``: for each throw showing and box, the best value of a
        keep when ``after`` throws follow the next one, and that keep (the multiset's
        number; the first of equals in the engine's order of keeps)."""
        found = self._best.get(after)
        if found is None:
            kept = self.kept(after)[_PADDED]  # [roll, keep, box]
            place = kept.argmax(axis=1)
            values = np.take_along_axis(kept, place[:, None, :], axis=1)[:, 0, :]
            found = (values, np.take_along_axis(_PADDED, place, axis=1))
            self._best[after] = found
        return found


@cache
def chase_tables(rules: Rules) -> ChaseTables:
    """The :class:`ChaseTables` of a sheet game's rules (made once per rule set)."""
    return ChaseTables(rules)


# -- the ranking game --------------------------------------------------------------

Hand = tuple[int, ...]


class RankingOdds:
    """Chances of the ranking game, for one rule set (its throws and ``lowest_wins``).

    ``hands``: every hand five dice can make (:func:`~.scoring.hand` keys), best first
    (the lowest first under ``lowest_wins``); ``rank[roll]``: the place of each throw's
    hand in that list. ``beaten[h]``: the chance that a player who throws a whole turn to
    beat hand ``h`` does (a tie counts half) — what a hand shown is worth against each
    player still to throw.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        keys = [hand(roll) for roll in ROLLS]
        self.hands: tuple[Hand, ...] = tuple(sorted(set(keys), reverse=not rules.lowest_wins))
        place = {key: i for i, key in enumerate(self.hands)}
        self.rank = np.array([place[key] for key in keys], dtype=np.int64)
        # wins[roll, h]: 1 if the throw's hand beats hand h, 1/2 if equal, else 0.
        rows = self.rank[:, None]
        columns = np.arange(len(self.hands))[None, :]
        wins = np.where(rows < columns, 1.0, np.where(rows == columns, 0.5, 0.0))
        start, _ = turn_tables(wins, wins, rules.throws)
        self.beaten: Floats = start
        self._values: dict[tuple[int, int, int], tuple[Floats, list[Floats]]] = {}

    def hand_place(self, dice: Dice) -> int:
        """The place of the hand of ``dice`` in :attr:`hands` (0: the best)."""
        return int(self.rank[ROLL_INDEX[tuple(sorted(dice))]])

    def end_values(self, shown: int, after: int) -> Floats:
        """``[roll]``: the chance that ending the turn on each throw wins, when the best
        hand shown this round is at place ``shown`` (-1: none yet) and ``after`` players
        still throw after this one, each playing to beat it (a tie counts half)."""
        rank = self.rank
        if shown < 0:
            mine = np.ones(len(ROLLS))
        else:
            mine = np.where(rank < shown, 1.0, np.where(rank == shown, 0.5, 0.0))
        if after:
            mine = mine * (1.0 - self.beaten[rank]) ** after
        return mine

    def turn(self, shown: int, after: int, throws_left: int) -> tuple[Floats, list[Floats]]:
        """The values of ending on each throw and ``kept[j]`` of keeping each multiset with
        ``j`` throws after the next (see :func:`turn_tables`)."""
        key = (shown, after, throws_left)
        found = self._values.get(key)
        if found is None:
            ends = self.end_values(shown, after)
            _, kept = turn_tables(ends, ends, throws_left + 1)
            found = (ends, kept)
            self._values[key] = found
        return found


@cache
def ranking_odds(rules: Rules) -> RankingOdds:
    """The :class:`RankingOdds` of a ranking rule set (made once per rule set)."""
    return RankingOdds(rules)


def most_of_a_face(dice: Sequence[int], *, lowest: bool = False) -> Dice:
    """The dice of the face shown most (the higher face on a tie; with ``lowest``, one
    die of each face shown, the lower faces first, as a low hand is built), never all
    five: the keep of a player who goes for the most of a kind."""
    if lowest:
        return tuple(sorted(set(dice)))[: DICE - 1]
    tally = {face: list(dice).count(face) for face in FACES}
    face = max(FACES, key=lambda f: (tally[f], f))
    return (face,) * min(tally[face], DICE - 1)
