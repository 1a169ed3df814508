"""Value iteration for two players under rules where scores can fall, compiled with numba.

``W[i, j]`` is the chance that the player to move wins at the start of their turn when
their sheet is ``i`` and the opponent's is ``j`` (sheets of :mod:`.sheets`). A turn is the
same dynamic programme over (turn total ``t``, dice in hand ``n``) as in
:mod:`.kernel`, with the value of a bust kept as a linear coefficient: for a fixed
policy the turn is worth ``alpha + beta * B``, ``B = 1 - W[j, bust_to[i]]``. Its other
ends are read from ``W``: a stop leads to ``1 - W[opponent after, mover after]``, a
mid-turn dump truck to ``1 - W[j, dump_to[i]]``, a win (a stop at the target or an
instant win) is worth 1.

Pairs are valued Gauss–Seidel in order of decreasing score sum: a stop that only adds
points leads to a higher sum, already fresh in this sweep. Pairs of equal sum form a
group; its busts that cost no points stay in the group — (i, j) → (j, i') with ``i'``
one bolt or one barrel attempt further — and are solved exactly for the group's
policies by iterating the linear equations ``W = fixed + bust * (1 - W[partner])`` (a
cycle of two, (i, j) ↔ (j, i), solved at once). What goes to a lower sum — a bolt
penalty, a fall off a barrel, a dump truck, an overtaking penalty — reads the previous
sweep's value, so sweeps repeat.

This is the valuing half of modified policy iteration (Puterman §6.5): the plans come
from :mod:`.sweep`, which records how each pair's turn ends — the chance of stopping at
each total, of a win, a bust, a dump truck — and :func:`evaluate` values them from
those chances alone. :func:`turn_dp` plans one pair's turn the same way, for a decision
in play and for the advisor.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.outcome import (
    BUST_NOW,
    CAPPED,
    DUMP_NOW,
    MOVE,
    WIN_NOW,
    read_outcome,
)


@njit(cache=True)
def stop_outcome(i: int, j: int, t: int, sheets: Any) -> tuple[int, int]:
    """(mover after, opponent after) of a stop with total ``t``; mover -1: a win.

    :func:`_fixed_part` has this rule written out for speed; the engine-driven reference
    test checks both.
    """
    score, stop_to, stop_new, stop_land, stop_fx, opp_after = sheets[:6]
    overtaking, affects = sheets[10], sheets[11]
    mine = stop_to[i, t]
    theirs = j
    if mine >= 0 and affects and stop_fx[i, t]:
        crossed = 0
        if overtaking and score[i] <= score[j] and score[j] < stop_new[i, t]:
            crossed = 1
        theirs = opp_after[j, crossed, stop_land[i, t]]
    return mine, theirs


@njit(cache=True)
def landing(t: int, n: int, k: int, rows: Any, last: int, dump_row: Any) -> tuple[int, int, int]:
    """Where outcome ``k`` of throwing ``n`` dice with ``t`` in hand leads: (what, t2, n2).

    An instant win; a bust (an overshoot under the exact ending); a mid-turn dump truck
    (``dump_row[t2]``); or a move to ``(t2, n2)`` — totals past the target capped at
    ``last``, where a stop wins. :func:`~.outcome.read_outcome` read with the dump trucks
    of this sheet, for the planning pass and the forward pass alike.
    """
    what, t2, n2 = read_outcome(t, n, k, rows[0], rows[1], rows[3], last, rows[7])
    if what == CAPPED:
        return MOVE, t2, n2
    if what == MOVE and dump_row[t2]:
        return DUMP_NOW, t, n
    return what, t2, n2


# nogil: the advisor and a game's history plan turns in worker threads, beside the event
# loop (a strategy's ``scratch`` lock keeps their plans apart)
@njit(cache=True, nogil=True)
def turn_dp(
    i: int, j: int, bust_value: float, W: Any, sheets: Any, rows: Any, work: Any
) -> tuple[float, float]:
    """Optimal turn for mover sheet ``i`` against ``j`` at bust value ``bust_value``.

    ``work`` is ``(va, vb, throw_val, stop_val)`` as in :func:`.kernel.turn_values`
    (``stop_val[t] = -1`` where stopping is not allowed). Returns the coefficients
    (alpha, beta) of the value at the start of the turn.
    """
    score = sheets[0]
    stop_to = sheets[1]
    dump_to = sheets[7]
    dump_at = sheets[8]
    target = sheets[9]
    _, _, prob, _, count, pbust, hot_must_throw, _, retry = rows
    va, vb, throw_val, stop_val = work
    last = target - score[i]
    B = bust_value
    dump_value = 1.0 - W[j, dump_to[i]]
    for n in range(1, DICE + 1):
        va[last, n] = 1.0
        vb[last, n] = 0.0
    for t in range(last, -1, -1):
        if stop_to[i, t] == -2:
            stop_val[t] = -1.0
        else:
            mine, theirs = stop_outcome(i, j, t, sheets)
            stop_val[t] = 1.0 if mine < 0 else 1.0 - W[theirs, mine]
        for n in range(DICE, 0, -1):
            sa = 0.0
            sb = pbust[n]
            self_p = 0.0
            for k in range(count[n]):
                p = prob[n, k]
                what, t2, n2 = landing(t, n, k, rows, last, dump_at[i])
                if what == WIN_NOW:
                    sa += p
                    continue
                if what == BUST_NOW:
                    sb += p
                    continue
                if what == DUMP_NOW:
                    sa += p * dump_value
                    continue
                if t2 == t and n2 == n:
                    self_p += p
                    continue
                sa += p * va[t2, n2]
                sb += p * vb[t2, n2]
            if self_p > 0.0:
                sa /= 1.0 - self_p
                sb /= 1.0 - self_p
            throw_val[t, n] = sa + sb * B
            may_stop = stop_val[t] >= 0.0 and (n < DICE or not hot_must_throw) and t > 0
            if may_stop and stop_val[t] >= throw_val[t, n]:
                va[t, n] = stop_val[t]
                vb[t, n] = 0.0
            else:
                va[t, n] = sa
                vb[t, n] = sb
    if not retry:
        return va[0, DICE], vb[0, DICE]
    # First-throw retry: a first throw that scores nothing is thrown again.
    sa = pbust[DICE] * va[0, DICE]
    sb = pbust[DICE] * vb[0, DICE]
    for k in range(count[DICE]):
        p = prob[DICE, k]
        what, t2, n2 = landing(0, DICE, k, rows, last, dump_at[i])
        if what == WIN_NOW:
            sa += p
        elif what == BUST_NOW:
            sb += p
        elif what == DUMP_NOW:
            sa += p * dump_value
        else:
            sa += p * va[t2, n2]
            sb += p * vb[t2, n2]
    return sa, sb


@njit(cache=True)
def new_work(width: int) -> tuple[Any, Any, Any, Any]:
    """Scratch arrays for :func:`turn_dp` over turn totals ``0 … width-1``."""
    return (
        np.zeros((width, DICE + 1)),
        np.zeros((width, DICE + 1)),
        np.zeros((width, DICE + 1)),
        np.zeros(width),
    )


@njit(cache=True)
def _fixed_part(p: int, count: int, W: Any, sheets: Any, stop_p: Any, ends: Any) -> float:
    """Pair ``p``'s turn value under its recorded policy, all but the bust.

    The valuing sweeps' whole cost is this loop, so :func:`stop_outcome` is written out
    here with the arrays unpacked and the two scores read once: called per stop (even
    inlined) it made the sweeps two to four times slower. Stops recorded here never win
    (a win is in ``ends``), so ``mine`` is a sheet.
    """
    score, stop_to, stop_new, stop_land, stop_fx, opp_after = sheets[:6]
    dump_to = sheets[7]
    target, overtaking, affects = sheets[9], sheets[10], sheets[11]
    i = p // count
    j = p % count
    value = ends[p, 0] + ends[p, 2] * (1.0 - W[j, dump_to[i]])
    row = stop_p[p]
    mover, other = score[i], score[j]
    for t in range(1, target - mover + 1):
        q = row[t]
        if q != 0.0:
            mine = stop_to[i, t]
            theirs = j
            if affects and stop_fx[i, t]:
                crossed = 0
                if overtaking and mover <= other and other < stop_new[i, t]:
                    crossed = 1
                theirs = opp_after[j, crossed, stop_land[i, t]]
            value += q * (1.0 - W[theirs, mine])
    return float(value)


@njit(cache=True)
def _settle_group(
    lo: int,
    hi: int,
    order: Any,
    partner: Any,
    W: Any,
    sheets: Any,
    stop_p: Any,
    ends: Any,
    fixed: Any,
    before: Any,
) -> float:
    """Value the group's recorded policies: its bust equations solved; the largest change."""
    flat = W.reshape(-1)
    count = W.shape[0]
    for k in range(lo, hi):
        p = order[k]
        before[k] = flat[p]
        fixed[p] = _fixed_part(p, count, W, sheets, stop_p, ends)
    for _ in range(10_000):
        change = 0.0
        for k in range(lo, hi):
            p = order[k]
            q = partner[p]
            bust = ends[p, 1]
            if partner[q] == p and bust * ends[q, 1] < 1.0:
                # A bust cycle of two, (i, j) <-> (j, i), or of one: solved at once.
                # Iterated, it would crawl under a plan that nearly always busts (the
                # first plans, at W = 0.5 everywhere), at the rate of the busts' product.
                other = ends[q, 1]
                x = (fixed[p] + bust * (1.0 - fixed[q] - other)) / (1.0 - bust * other)
            else:
                x = fixed[p] + bust * (1.0 - flat[q])
            change = max(change, abs(x - flat[p]))
            flat[p] = x
        if change <= 1e-15:
            break
    moved = 0.0
    for k in range(lo, hi):
        moved = max(moved, abs(flat[order[k]] - before[k]))
    return moved


@njit(cache=True)
def evaluate(
    W: Any,
    order: Any,
    starts: Any,
    partner: Any,
    sheets: Any,
    stop_p: Any,
    ends: Any,
    fixed: Any,
    tolerance: float,
    max_sweeps: int,
    before: Any,
) -> tuple[float, int]:
    """Gauss–Seidel sweeps of the recorded policies' values until W moves less than ``tolerance``.

    Pairs go by decreasing score sum; within a group the busts' linear equations are
    solved. At most ``max_sweeps`` sweeps, and at least one: the caller asks for a few
    at a time, to see Ctrl+C between them. ``fixed`` and ``before`` are scratch of one
    float a pair. Returns (largest change in the last sweep, sweeps).
    """
    residual = 1.0
    sweeps = 0
    while sweeps < max_sweeps and residual > tolerance:
        sweeps += 1
        residual = 0.0
        for g in range(starts.shape[0] - 1):
            moved = _settle_group(
                starts[g], starts[g + 1], order, partner, W, sheets, stop_p, ends, fixed, before
            )
            residual = max(residual, moved)
    return residual, sweeps


def pair_order(
    score: np.ndarray[Any, Any], bust_to: np.ndarray[Any, Any]
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(order, group starts, bust partner) of the pairs of sheets, flat index ``i*S + j``.

    ``order`` lists pairs by decreasing score sum; ``starts`` bounds the groups of equal
    sum; ``partner[i*S + j]`` is the pair a bust leads to, ``j*S + bust_to[i]``.
    """
    count = score.shape[0]
    sums = (score[:, None] + score[None, :]).reshape(-1)
    order = np.argsort(-sums, kind="stable").astype(np.int64)
    ordered = sums[order]
    cuts = np.flatnonzero(np.diff(ordered)) + 1
    starts = np.concatenate(([0], cuts, [ordered.shape[0]])).astype(np.int64)
    i = np.arange(count, dtype=np.int64)
    partner = (i[None, :] * count + bust_to[:, None]).reshape(-1).astype(np.int64)
    return order, starts, partner
