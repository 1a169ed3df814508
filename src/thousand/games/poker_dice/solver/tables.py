"""The solitaire solver's tables: built once per rule set by asking :mod:`..scoring`.

The solver never computes a box itself. Every number the kernels read comes from
:func:`~thousand.games.poker_dice.scoring.box_points`,
:func:`~thousand.games.poker_dice.scoring.joker_boxes`,
:func:`~thousand.games.poker_dice.scoring.extra_points` and
:func:`~thousand.games.poker_dice.scoring.upper_bonus`, called on all 252 throws of five
dice (and on the sheets the state space needs); the chance of each throw comes from
:data:`thousand.core.dice.CHANCE_TABLES`.

**Dice.** The 462 multisets of 0 to 5 dice are numbered as :mod:`..odds` numbers them
(by size, then faces), so the 252 throws of five dice are the last ones (from
``FIRST_ROLL``). ``ADD[k, f]`` (:mod:`..odds`'s) is the multiset ``k`` with one more die
showing ``f + 1``; ``SUB[k]`` lists the distinct multisets with one die of ``k`` fewer
(then -1). Keeping ``k`` and throwing the rest is worth the average over the next die of
keeping ``ADD[k, f]``, which gives the exact chances of throwing several dice with six
additions per multiset; the best keep of a throw is the best over its multisets with one
die fewer, each the best of its own, and so on.

**States at the start of a turn.** A sheet is reduced to what its future depends on:

* ``mask`` — the boxes filled (bit ``i`` for box ``i`` of :func:`~..scoring.boxes`; the
  six upper boxes are bits 0-5);
* ``cls`` — the class of the upper subtotal. For every set of upper boxes filled, the
  reachable subtotals are grouped by what the bonus would be for every sum the empty
  upper boxes can still add (:func:`~..scoring.upper_bonus` asked for each): subtotals
  that can never differ in the bonus are one class. So once the bonus is certain, or
  impossible, the subtotal is one class, as in Glenn's Yahtzee solver, whatever the
  rules (negative boxes of the Russian sheet included);
* ``flag`` — the class of the value in the ``poker`` box as far as further pokers go:
  values whose :func:`~..scoring.extra_points` agree on every throw are one class
  (class 0: the box is empty, or earns nothing). Under ``yahtzee`` it is "the yahtzee
  box holds 50"; without ``extra_poker_bonus`` there is one class;
* the bank of unused throws (``bank_unused_throws``), a column of the value table.

States are numbered by the number of boxes filled (a *layer*), then by mask, class and
flag: ``base[mask] + cls * nflag(mask) + flag``, where ``nflag`` is the number of flag
classes once the poker box is filled and 1 before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.core.dice import DICE, FACES
from thousand.core.errors import RulesError
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.odds import ADD, FIRST_ROLL, INDEX, MULTISETS, ROLL_PROB, ROLLS
from thousand.games.poker_dice.scoring import (
    UPPER,
    box_points,
    boxes,
    extra_points,
    joker_boxes,
    upper_bonus,
)

N_ROLLS = len(ROLLS)

UPPER_BOXES = len(UPPER)
UPPER_MASKS = 1 << UPPER_BOXES

MEMORY_LIMIT = 3 * 2**30
"""The largest value table a solve may allocate (bytes)."""

KIND_UPPER, KIND_POKER, KIND_OTHER = 0, 1, 2
"""What writing a box changes besides the mask: the subtotal, the poker flag, nothing."""


def _smaller_multisets() -> npt.NDArray[np.int64]:
    sub = np.full((len(MULTISETS), 6), -1, dtype=np.int64)
    for i, dice in enumerate(MULTISETS):
        for j, face in enumerate(sorted(set(dice))):
            rest = list(dice)
            rest.remove(face)
            sub[i, j] = INDEX[tuple(rest)]
    return sub


SUB = _smaller_multisets()


@dataclass(frozen=True)
class Tables:
    """The arrays of one rule set (see the module's text for the state numbering)."""

    rules: Rules
    boxes: tuple[str, ...]
    poker: int
    """The index of the ``poker`` box."""
    pts: npt.NDArray[np.float64]
    """``pts[first, box, roll]``: the points written, after the turn's first throw or not."""
    cidx: npt.NDArray[np.int32]
    """``cidx[first, box, roll]``: which continuation the write leads to (the upper
    value's index in ``values[box]``, the poker flag class, or 0)."""
    jpts: npt.NDArray[np.float64]
    """``jpts[first, box, face - 1]``: the points of five ``face`` written as a joker."""
    jcidx: npt.NDArray[np.int32]
    poker_face: npt.NDArray[np.int32]
    """The face of each throw that is five of a kind, else 0."""
    poker_roll: npt.NDArray[np.int32]
    """``poker_roll[face - 1]``: the throw of five ``face``."""
    extra: npt.NDArray[np.float64]
    """``extra[flag, roll]``: the bonus a write of ``roll`` earns besides its box."""
    flag_values: tuple[tuple[int | None, ...], ...]
    """The poker box values of each flag class (class 0 holds None: the box empty)."""
    open_boxes: npt.NDArray[np.int64]
    """``open_boxes[mask]``: the boxes one may write (``series1_first`` closes series 2)."""
    jallow: npt.NDArray[np.int64]
    """``jallow[mask, face - 1]``: the boxes a joker of five ``face`` may go in, -1 where
    the joker rule does not apply."""
    kind: npt.NDArray[np.int32]
    ncont: npt.NDArray[np.int32]
    """Continuations of each box: its upper values, the flag classes, or 1."""
    values: tuple[tuple[int, ...], ...]
    """The values each upper box can take (sorted)."""
    n_class: npt.NDArray[np.int32]
    """Subtotal classes of each set of upper boxes filled (bits 0-5)."""
    reps: tuple[tuple[int, ...], ...]
    """The smallest subtotal of each class, per set of upper boxes."""
    class_of: tuple[Mapping[int, int], ...]
    """Reachable subtotal → class, per set of upper boxes."""
    sub_next: npt.NDArray[np.int32]
    """``sub_next[upper, cls, box, j]``: the class after writing ``values[box][j]``."""
    n_flags: int
    base: npt.NDArray[np.int64]
    st_mask: npt.NDArray[np.int64]
    st_cls: npt.NDArray[np.int64]
    st_flag: npt.NDArray[np.int64]
    layer_start: npt.NDArray[np.int64]
    """States with ``n`` boxes filled are ``layer_start[n]`` to ``layer_start[n + 1]``."""
    width: int
    """Columns of the value table: the banks a state can have (1 without banking)."""
    doubled: bool
    """Whether a write after the first throw can score differently (doubling)."""

    @property
    def n_boxes(self) -> int:
        return len(self.boxes)

    @property
    def full(self) -> int:
        return (1 << self.n_boxes) - 1

    @property
    def n_states(self) -> int:
        return len(self.st_mask)

    @property
    def throws(self) -> int:
        return self.rules.throws

    @property
    def banked(self) -> bool:
        return self.rules.bank_unused_throws

    def banks(self, filled: int) -> int:
        """How many banks a turn with ``filled`` boxes already filled can start with."""
        return (self.throws - 1) * filled + 1 if self.banked else 1

    def positions(self) -> int:
        """Positions solved: every state at the start of a turn with every bank it can have."""
        sizes = np.diff(self.layer_start)
        return int(sum(int(sizes[n]) * self.banks(n) for n in range(len(sizes))))

    def nflag(self, mask: int) -> int:
        return self.n_flags if mask >> self.poker & 1 else 1

    def state(self, mask: int, cls: int, flag: int) -> int:
        return int(self.base[mask]) + cls * self.nflag(mask) + flag

    def kernel(self) -> tuple[Any, ...]:
        """The tables as the tuple the kernels take (:mod:`.kernel`)."""
        return (
            self.pts,
            self.cidx,
            self.jpts,
            self.jcidx,
            self.poker_roll,
            self.extra,
            self.open_boxes,
            self.jallow,
            self.kind,
            self.ncont,
            self.sub_next,
            self.base,
            np.int64(self.n_flags),
            np.int64(self.poker),
            np.int64(self.throws),
            self.banked,
            self.doubled,
            ADD,
            SUB,
            ROLL_PROB,
        )


def sheet_of(names: Sequence[str], mask: int, value: int = 0) -> dict[str, int | None]:
    """A sheet with the boxes of ``mask`` filled (with ``value``) and the others empty."""
    return {box: (value if mask >> i & 1 else None) for i, box in enumerate(names)}


def _sums(values: Sequence[Sequence[int]]) -> list[list[int]]:
    """For each set of upper boxes (bits), every sum their values can make."""
    sums: list[list[int]] = [[0]]
    for upper in range(1, UPPER_MASKS):
        low = (upper & -upper).bit_length() - 1
        rest = sums[upper & (upper - 1)]
        sums.append(sorted({s + v for s in rest for v in values[low]}))
    return sums


def _subtotal_classes(
    rules: Rules, values: Sequence[Sequence[int]]
) -> tuple[list[tuple[int, ...]], list[dict[int, int]]]:
    """The subtotal classes of every set of upper boxes filled: (representatives, class of
    each reachable subtotal)."""
    sums = _sums(values)
    low, high = sums[-1][0], sums[-1][-1]
    bonus = np.array([upper_bonus(rules, total) for total in range(low, high + 1)])
    reps: list[tuple[int, ...]] = []
    class_of: list[dict[int, int]] = []
    for upper in range(UPPER_MASKS):
        still = np.array(sums[(UPPER_MASKS - 1) ^ upper])  # what the empty boxes may add
        found: dict[bytes, int] = {}
        classes: dict[int, int] = {}
        mine: list[int] = []
        for subtotal in sums[upper]:
            signature = bonus[subtotal + still - low].tobytes()
            if signature not in found:
                found[signature] = len(mine)
                mine.append(subtotal)
            classes[subtotal] = found[signature]
        reps.append(tuple(mine))
        class_of.append(classes)
    return reps, class_of


def build_tables(rules: Rules) -> Tables:
    """The solver's arrays for ``rules`` (a ``russian`` or ``yahtzee`` sheet)."""
    if rules.sheet not in ("russian", "yahtzee"):
        raise RulesError(
            f"the solver maximises the total of a sheet; the '{rules.sheet}' game has no "
            "sheet (one turn each, the best hand wins)",
            "sheet",
        )
    names = boxes(rules.sheet)
    if names[:UPPER_BOXES] != UPPER:
        raise AssertionError("the upper boxes come first on every sheet")
    n = len(names)
    poker = names.index("poker")

    # Points of every box for every throw, after the first throw of a turn or later.
    pts = np.zeros((2, n, N_ROLLS))
    jpts = np.zeros((2, n, 6))
    for first in (0, 1):
        for b, box in enumerate(names):
            for r, dice in enumerate(ROLLS):
                pts[first, b, r] = box_points(rules, box, dice, first_throw=bool(first))
            for f in FACES:
                jpts[first, b, f - 1] = box_points(
                    rules, box, (f,) * DICE, first_throw=bool(first), joker=True
                )
    doubled = not (np.array_equal(pts[0], pts[1]) and np.array_equal(jpts[0], jpts[1]))
    poker_face = np.array([d[0] if d[0] == d[-1] else 0 for d in ROLLS], dtype=np.int32)

    # The poker box's values, in classes by the bonus they give further pokers.
    empty_names = sheet_of(names, 0)
    vectors: dict[bytes, int] = {}
    extra_rows: list[list[int]] = []
    flag_members: list[list[int | None]] = []
    flag_of: dict[int | None, int] = {}
    written = sorted({int(p) for p in pts[:, poker, :].ravel()})
    for held in (None, *written):
        sheet = {**empty_names, "poker": held}
        row = [extra_points(rules, dice, sheet) for dice in ROLLS]
        key = np.array(row, dtype=np.int64).tobytes()
        if key not in vectors:
            vectors[key] = len(extra_rows)
            extra_rows.append(row)
            flag_members.append([])
        flag_of[held] = vectors[key]
        flag_members[vectors[key]].append(held)
    n_flags = len(extra_rows)
    extra = np.array(extra_rows, dtype=np.float64)

    # Upper values and subtotal classes.
    values = tuple(
        tuple(sorted({int(v) for v in (*pts[:, b, :].ravel(), *jpts[:, b, :].ravel())}))
        for b in range(UPPER_BOXES)
    )
    reps, class_of = _subtotal_classes(rules, values)
    n_class = np.array([len(r) for r in reps], dtype=np.int32)
    most_values = max(len(v) for v in values)
    sub_next = np.full((UPPER_MASKS, int(n_class.max()), UPPER_BOXES, most_values), -1, np.int32)
    for upper in range(UPPER_MASKS):
        for c, subtotal in enumerate(reps[upper]):
            for b in range(UPPER_BOXES):
                if upper >> b & 1:
                    continue
                after = class_of[upper | 1 << b]
                for j, v in enumerate(values[b]):
                    sub_next[upper, c, b, j] = after[subtotal + v]

    kind = np.full(n, KIND_OTHER, dtype=np.int32)
    kind[:UPPER_BOXES] = KIND_UPPER
    kind[poker] = KIND_POKER
    ncont = np.ones(n, dtype=np.int32)
    ncont[:UPPER_BOXES] = [len(v) for v in values]
    ncont[poker] = n_flags

    def continuation(b: int, points: float) -> int:
        if kind[b] == KIND_UPPER:
            return values[b].index(int(points))
        if kind[b] == KIND_POKER:
            return flag_of[int(points)]
        return 0

    cidx = np.zeros(pts.shape, dtype=np.int32)
    jcidx = np.zeros(jpts.shape, dtype=np.int32)
    for first in (0, 1):
        for b in range(n):
            for r in range(N_ROLLS):
                cidx[first, b, r] = continuation(b, pts[first, b, r])
            if kind[b] != KIND_POKER:  # a joker never goes in the filled poker box
                for f in range(6):
                    jcidx[first, b, f] = continuation(b, jpts[first, b, f])

    # Which boxes are open, and where a joker may go, for every set of boxes filled.
    full = (1 << n) - 1
    upper_all = UPPER_MASKS - 1
    masks = np.arange(1 << n, dtype=np.int64)
    open_boxes = full & ~masks
    if rules.series1_first:
        closed = (masks & upper_all) != upper_all
        open_boxes[closed] &= upper_all
    jallow = np.full((1 << n, 6), -1, dtype=np.int64)
    bit = {box: 1 << i for i, box in enumerate(names)}
    for mask in range(1 << n):
        sheet = sheet_of(names, mask)
        for f in FACES:
            allowed = joker_boxes(rules, (f,) * DICE, sheet)
            if allowed is None:
                continue
            bits = sum(bit[box] for box in allowed) & int(open_boxes[mask])
            # series1_first may close every box the joker names: any open box then.
            jallow[mask, f - 1] = bits or int(open_boxes[mask])

    # Number the states: by boxes filled, then mask, subtotal class and flag.
    filled = np.array([bin(m).count("1") for m in range(1 << n)], dtype=np.int64)
    order = np.argsort(filled, kind="stable")
    poker_set = (masks >> poker) & 1
    nflag = np.where(poker_set == 1, n_flags, 1)
    size = n_class[masks & upper_all].astype(np.int64) * nflag
    starts = np.zeros(1 << n, dtype=np.int64)
    starts[order] = np.concatenate(([0], np.cumsum(size[order])[:-1]))
    total = int(size.sum())
    width = (rules.throws - 1) * n + 1 if rules.bank_unused_throws else 1
    if total * width * 8 > MEMORY_LIMIT:
        raise RulesError(
            f"these rules have {total:,} sheets and {width} banks of throws: the solver "
            f"would need {total * width * 8 / 2**30:.1f} GiB (the limit is "
            f"{MEMORY_LIMIT / 2**30:.0f} GiB)"
        )
    st_mask = np.repeat(order, size[order]).astype(np.int64)
    local = np.arange(total, dtype=np.int64) - starts[st_mask]
    st_nflag = nflag[st_mask]
    layer_start = np.searchsorted(filled[st_mask], np.arange(n + 2)).astype(np.int64)
    return Tables(
        rules=rules,
        boxes=names,
        poker=poker,
        pts=pts,
        cidx=cidx,
        jpts=jpts,
        jcidx=jcidx,
        poker_face=poker_face,
        poker_roll=np.array([INDEX[(f,) * DICE] - FIRST_ROLL for f in FACES], dtype=np.int32),
        extra=extra,
        flag_values=tuple(tuple(m) for m in flag_members),
        open_boxes=open_boxes,
        jallow=jallow,
        kind=kind,
        ncont=ncont,
        values=values,
        n_class=n_class,
        reps=tuple(reps),
        class_of=tuple(class_of),
        sub_next=sub_next,
        n_flags=n_flags,
        base=starts,
        st_mask=st_mask,
        st_cls=(local // st_nflag).astype(np.int64),
        st_flag=(local % st_nflag).astype(np.int64),
        layer_start=layer_start,
        width=width,
        doubled=doubled,
    )


def final_values(tables: Tables) -> npt.NDArray[np.float64]:
    """The value table's rows of the full sheet: the upper bonus of the subtotal, plus
    ``unused_throw_bonus`` for each throw left in the bank."""
    rules = tables.rules
    first, end = (int(x) for x in tables.layer_start[tables.n_boxes : tables.n_boxes + 2])
    rows = np.zeros((end - first, tables.width))
    bank = np.arange(tables.width)
    for s in range(first, end):
        subtotal = tables.reps[UPPER_MASKS - 1][int(tables.st_cls[s])]
        rows[s - first] = upper_bonus(rules, subtotal) + rules.unused_throw_bonus * bank
    return rows
