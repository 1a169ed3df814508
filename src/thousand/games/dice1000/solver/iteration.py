"""Value iteration for two players under rules where scores can fall, compiled with numba.

``W[i, j]`` is the chance that the player to move wins at the start of their turn when
their sheet is ``i`` and the opponent's is ``j`` (sheets of :mod:`.sheets`). A turn is the
same dynamic programme over (turn total ``t``, dice in hand ``n``) as in
:mod:`.kernel`, with the value of a bust kept as a linear coefficient: for a fixed
policy the turn is worth ``alpha + beta * B``, ``B = 1 - W[j, bust_to[i]]``. Its other
ends are read from ``W``: a stop leads to ``1 - W[opponent after, mover after]``, a
mid-turn dump truck to ``1 - W[j, dump_to[i]]``, a win (a stop at the target or an
instant win) is worth 1.

Pairs are swept Gauss–Seidel in order of decreasing score sum: a stop that only adds
points leads to a higher sum, already fresh in this sweep. Pairs of equal sum form a
group; its busts that cost no points stay in the group — (i, j) → (j, i') with ``i'``
one bolt or one barrel attempt further — and are solved exactly for the group's
policies by iterating the linear equations ``W = fixed + bust * (1 - W[partner])``.
What goes to a lower sum — a bolt penalty, a fall off a barrel, a dump truck, an
overtaking penalty — reads the previous sweep's value, so sweeps repeat.

Two kinds of sweep share that order (modified policy iteration, Puterman §6.5):

* :func:`improve` plans every pair's turn afresh (the dynamic programme, tens of µs a
  pair) and records how that turn ends — the chance of stopping at each total, of a
  win, a bust, a dump truck — by a forward pass of its policy (:func:`turn_ends`);
* :func:`evaluate` values the recorded policies from those chances alone, some twenty
  times cheaper, until they settle.

A turn whose policy cannot have changed — no ``W`` has moved by half its *margin*
(the closest call between stopping and throwing on its way) since it was planned — is
not planned again, so late planning sweeps cost little.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

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
    """(mover after, opponent after) of a stop with total ``t``; mover -1: a win."""
    (
        score,
        stop_to,
        stop_new,
        stop_land,
        stop_fx,
        opp_after,
        _bust_to,
        _dump_to,
        _dump_at,
        _target,
        overtaking,
        affects,
    ) = sheets
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


@njit(cache=True)
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
def stops_here(t: int, n: int, work: Any, hot_must_throw: bool) -> bool:
    """The policy :func:`turn_dp` just chose at (t, n): stop (ties stop: shorter games)."""
    throw_val = work[2]
    stop_val = work[3]
    if stop_val[t] < 0.0 or t == 0 or (n == DICE and hot_must_throw):
        return False
    return bool(stop_val[t] >= throw_val[t, n])


@njit(cache=True)
def turn_ends(i: int, j: int, sheets: Any, rows: Any, work: Any, reach: Any, stop_p: Any) -> Any:
    """How the turn :func:`turn_dp` just planned ends: the forward pass of its policy.

    Fills ``stop_p[t]`` (the chance of stopping with total ``t`` without winning) and
    returns (win, bust, dump truck) chances and the *margin*: the smallest difference
    between stopping and throwing where the turn can get to and both are allowed.
    While no ``W`` moves by half the margin, this policy stays optimal. ``reach`` is
    scratch ``[width, DICE+1]``.
    """
    score = sheets[0]
    stop_to = sheets[1]
    dump_at = sheets[8]
    target = sheets[9]
    _pts, _kept, prob, _inst, count, pbust, hot_must_throw, _exact, retry = rows
    last = target - score[i]
    for t in range(last + 1):
        stop_p[t] = 0.0
        for n in range(DICE + 1):
            reach[t, n] = 0.0
    throw_val = work[2]
    stop_val = work[3]
    win = 0.0
    bust = 0.0
    dump = 0.0
    margin = np.inf
    if retry:
        # The first throw: a bust is thrown again from (0, DICE).
        reach[0, DICE] = pbust[DICE]
        for k in range(count[DICE]):
            p = prob[DICE, k]
            what, t2, n2 = landing(0, DICE, k, rows, last, dump_at[i])
            if what == WIN_NOW:
                win += p
            elif what == BUST_NOW:
                bust += p
            elif what == DUMP_NOW:
                dump += p
            else:
                reach[t2, n2] += p
    else:
        reach[0, DICE] = 1.0
    # Reverse of turn_dp's order: every move goes to a position turn_dp solved earlier.
    # At the target, throws of all dice come first: the totals past it are all capped
    # there, and with dice in hand a stop there wins (turn_dp starts from that too).
    for t in range(last + 1):
        for m in range(DICE):
            n = m + 1
            if t == last:
                n = DICE if m == 0 else m
            mass = reach[t, n]
            if mass == 0.0:
                continue
            if stop_val[t] >= 0.0 and t > 0 and (n < DICE or not hot_must_throw):
                margin = min(margin, abs(stop_val[t] - throw_val[t, n]))
            if stops_here(t, n, work, hot_must_throw):
                if stop_to[i, t] == -1:
                    win += mass
                else:
                    stop_p[t] += mass
                continue
            self_p = 0.0
            for k in range(count[n]):
                what, t2, n2 = landing(t, n, k, rows, last, dump_at[i])
                if what == MOVE and t2 == t and n2 == n:
                    self_p += prob[n, k]
            mass /= 1.0 - self_p
            bust += mass * pbust[n]
            for k in range(count[n]):
                p = mass * prob[n, k]
                what, t2, n2 = landing(t, n, k, rows, last, dump_at[i])
                if what == WIN_NOW:
                    win += p
                elif what == BUST_NOW:
                    bust += p
                elif what == DUMP_NOW:
                    dump += p
                elif t2 != t or n2 != n:
                    reach[t2, n2] += p
    return win, bust, dump, margin


@njit(cache=True)
def _fixed_part(p: int, count: int, W: Any, sheets: Any, stop_p: Any, ends: Any) -> float:
    """Pair ``p``'s turn value under its recorded policy, all but the bust."""
    score = sheets[0]
    dump_to = sheets[7]
    target = sheets[9]
    i = p // count
    j = p % count
    value = ends[p, 0] + ends[p, 2] * (1.0 - W[j, dump_to[i]])
    row = stop_p[p]
    for t in range(1, target - score[i] + 1):
        q = row[t]
        if q != 0.0:
            mine, theirs = stop_outcome(i, j, t, sheets)
            value += q * (1.0 - W[theirs, mine])
    return float(value)


@njit(cache=True, parallel=True)
def _group_fixed(
    lo: int, hi: int, order: Any, W: Any, sheets: Any, stop_p: Any, ends: Any, fixed: Any
) -> None:
    """:func:`_fixed_part` of the group's pairs, in parallel (the sweeps' main cost)."""
    count = W.shape[0]
    for k in prange(lo, hi):
        fixed[k] = _fixed_part(order[k], count, W, sheets, stop_p, ends)


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
    for k in range(lo, hi):
        before[k] = flat[order[k]]
    _group_fixed(lo, hi, order, W, sheets, stop_p, ends, fixed)
    for _ in range(10_000):
        change = 0.0
        for k in range(lo, hi):
            p = order[k]
            x = fixed[k] + ends[p, 1] * (1.0 - flat[partner[p]])
            change = max(change, abs(x - flat[p]))
            flat[p] = x
        if change <= 1e-15:
            break
    moved = 0.0
    for k in range(lo, hi):
        moved = max(moved, abs(flat[order[k]] - before[k]))
    return moved


@njit(cache=True, parallel=True)
def _group_policies(
    lo: int,
    hi: int,
    order: Any,
    partner: Any,
    W: Any,
    sheets: Any,
    rows: Any,
    stop_p: Any,
    ends: Any,
    margin: Any,
    seen: Any,
    drift: float,
    sweep_start: float,
) -> int:
    """Re-plan the group's turns whose policy the drift of W since may have changed.

    ``drift`` bounds how far any W has moved in all since the solve began: the sum of
    every sweep's largest change, this sweep's so far included. ``seen[p]`` is the drift
    at the start of the sweep that last planned pair ``p`` (``sweep_start`` now): a W
    changes at most once per sweep, so ``drift - seen[p]`` bounds its moves since. If
    that is under half the margin, the recorded turn is still optimal and is kept.
    Returns the number of turns planned.
    """
    count = W.shape[0]
    flat = W.reshape(-1)
    width = sheets[1].shape[1]
    chunks = min(hi - lo, 64)
    planned = np.zeros(chunks, dtype=np.int64)
    for c in prange(chunks):
        work = new_work(width)
        reach = np.zeros((width, DICE + 1))
        for k in range(lo + c, hi, chunks):
            p = order[k]
            if 2.0 * (drift - seen[p]) < margin[p]:
                continue
            i = p // count
            j = p % count
            turn_dp(i, j, 1.0 - flat[partner[p]], W, sheets, rows, work)
            win, bust, dump, gap = turn_ends(i, j, sheets, rows, work, reach, stop_p[p])
            ends[p, 0] = win
            ends[p, 1] = bust
            ends[p, 2] = dump
            margin[p] = gap
            seen[p] = sweep_start
            planned[c] += 1
    return int(planned.sum())


@njit(cache=True)
def improve(
    W: Any,
    order: Any,
    starts: Any,
    partner: Any,
    sheets: Any,
    rows: Any,
    stop_p: Any,
    ends: Any,
    fixed: Any,
    margin: Any,
    seen: Any,
    drift: float,
    residual: float,
    first: int,
    end: int,
    before: Any,
) -> tuple[float, int]:
    """Groups ``first`` to ``end - 1`` of a Gauss–Seidel sweep of value iteration.

    A sweep takes the groups by decreasing score sum; each group's turns are planned
    afresh (the optimal policy at the current W; see :func:`_group_policies` for the
    turns kept) and valued with their bust equations solved. A sweep is called in bands
    of groups, so that Ctrl+C is seen between them: ``drift`` is the running total of
    the largest changes of W before the sweep, ``residual`` the largest change of the
    sweep's earlier bands (0 for the first); ``before`` is scratch of one float a pair.
    Returns (the largest change of any W in the sweep so far, turns planned here).
    """
    planned = 0
    for g in range(first, end):
        lo = starts[g]
        hi = starts[g + 1]
        planned += _group_policies(
            lo,
            hi,
            order,
            partner,
            W,
            sheets,
            rows,
            stop_p,
            ends,
            margin,
            seen,
            drift + residual,
            drift,
        )
        moved = _settle_group(lo, hi, order, partner, W, sheets, stop_p, ends, fixed, before)
        residual = max(residual, moved)
    return residual, planned


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
) -> tuple[float, int, float]:
    """Gauss–Seidel sweeps of the recorded policies' values until W moves less than ``tolerance``.

    Pairs go by decreasing score sum; within a group the busts' linear equations are
    solved. At most ``max_sweeps`` sweeps, and at least one: the caller asks for a few
    at a time, to see Ctrl+C between them. ``before`` is scratch of one float a pair.
    Returns (largest change in the last sweep, sweeps, sum of the sweeps' largest
    changes — the drift of W, for :func:`improve`).
    """
    residual = 1.0
    drift = 0.0
    sweeps = 0
    while sweeps < max_sweeps and residual > tolerance:
        sweeps += 1
        residual = 0.0
        for g in range(starts.shape[0] - 1):
            moved = _settle_group(
                starts[g], starts[g + 1], order, partner, W, sheets, stop_p, ends, fixed, before
            )
            residual = max(residual, moved)
        drift += residual
    return residual, sweeps, drift


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
