"""The planning sweep of value iteration: one mover's turn against every opponent at once.

A turn's dynamic programme over (turn total ``t``, dice in hand ``n``) has the same shape
for every opponent: where a throw leads, what it scores, when it busts or strikes a dump
truck depend on the mover's sheet ``i`` alone. The opponent ``j`` only changes the
*values* at the turn's ends — a stop, a bust, a dump truck. So for one ``i`` the
programme runs once, with a vector over all ``j`` in place of each number: the branches
of reading an outcome are taken once per mover instead of once per pair, and the inner
loops are plain multiply-adds over contiguous rows that the compiler vectorises.
Planning every pair of ``ussr`` (605,284 pairs) went from about 170 s to a few seconds.

Planning here is Jacobi: every turn is planned at the ``W`` the sweep started with.
That is all policy improvement needs (a greedy policy at the current values); the
Gauss–Seidel sweeps of :func:`.iteration.evaluate` then value the plans.

For each pair ``p = i * S + j`` the sweep records how its planned turn ends, by a forward
pass of the policy: ``stop_p[p, t]`` the chance of stopping with total ``t`` (not a win),
``ends[p]`` the chances of a win, a bust and a mid-turn dump truck.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.iteration import landing, stop_outcome
from thousand.games.dice1000.solver.outcome import BUST_NOW, DUMP_NOW, WIN_NOW
from thousand.games.dice1000.solver.sheets import NO_STOP, WIN


@njit(cache=True)
def _stop_values(i: int, last: int, W: Any, sheets: Any, stop_val: Any) -> None:
    """``stop_val[t, j]``: the mover's chance after stopping with ``t`` against ``j``.

    -1 where the rules allow no stop.
    """
    stop_to = sheets[1]
    count = W.shape[0]
    for t in range(last + 1):
        if stop_to[i, t] == NO_STOP:
            for j in range(count):
                stop_val[t, j] = -1.0
            continue
        for j in range(count):
            mine, theirs = stop_outcome(i, j, t, sheets)
            stop_val[t, j] = 1.0 if mine < 0 else 1.0 - W[theirs, mine]


@njit(cache=True)
def _values(i: int, last: int, rows: Any, dump_row: Any, work: Any) -> None:
    """The programme backwards: ``value[t, n, j]`` and the policy ``stops[t, n, j]``.

    The same arithmetic as :func:`.iteration.turn_dp` in the same order, with the bust's
    and the dump truck's values read from ``bust_val[j]`` and ``dump_val[j]``: at the
    current ``W`` the bust value is a number, so no linear coefficient is carried.
    Ties stop (shorter games), as everywhere in the solver. ``scales[t, n]`` keeps how a
    throw's mass is spread when some outcomes leave the position as it was, for
    :func:`_ends`.
    """
    _, _, prob, _, count, pbust, hot_must_throw, _, _ = rows
    value, stops, stop_val, _, _, bust_val, dump_val, row, scales = work
    width = bust_val.shape[0]
    for n in range(1, DICE + 1):
        for j in range(width):
            value[last, n, j] = 1.0
    for t in range(last, -1, -1):
        for n in range(DICE, 0, -1):
            win = 0.0
            bust = pbust[n]
            dump = 0.0
            self_p = 0.0
            for j in range(width):
                row[j] = 0.0
            for k in range(count[n]):
                p = prob[n, k]
                what, t2, n2 = landing(t, n, k, rows, last, dump_row)
                if what == WIN_NOW:
                    win += p
                elif what == BUST_NOW:
                    bust += p
                elif what == DUMP_NOW:
                    dump += p
                elif t2 == t and n2 == n:
                    self_p += p
                else:
                    ahead = value[t2, n2]
                    for j in range(width):
                        row[j] += p * ahead[j]
            scale = 1.0 / (1.0 - self_p)
            scales[t, n] = scale
            may_stop = t > 0 and (n < DICE or not hot_must_throw)
            here = value[t, n]
            stop_here = stops[t, n]
            stop_t = stop_val[t]
            for j in range(width):
                throw = (row[j] + win + bust * bust_val[j] + dump * dump_val[j]) * scale
                if may_stop and stop_t[j] >= 0.0 and stop_t[j] >= throw:
                    here[j] = stop_t[j]
                    stop_here[j] = 1
                else:
                    here[j] = throw
                    stop_here[j] = 0


@njit(cache=True)
def _ends(
    i: int, last: int, sheets: Any, rows: Any, dump_row: Any, work: Any, stop_p: Any, ends: Any
) -> None:
    """The forward pass of the policy just planned: how each pair's turn ends.

    :func:`.iteration.turn_dp`'s order reversed: every move goes to a position solved
    earlier. At the target, throws of all dice come first: the totals past it are all
    capped there, and with dice in hand a stop there wins.
    """
    stop_to = sheets[1]
    _pts, _kept, prob, _inst, count, pbust, _hot, _exact, retry = rows
    _, stops, _, reach, stopped, _, _, _, scales = work
    width = reach.shape[2]
    win = np.zeros(width)
    bust = np.zeros(width)
    dump = np.zeros(width)
    for t in range(last + 1):
        for n in range(DICE + 1):
            for j in range(width):
                reach[t, n, j] = 0.0
        for j in range(width):
            stopped[t, j] = 0.0
    if retry:
        # The first throw: a bust is thrown again from (0, DICE).
        for j in range(width):
            reach[0, DICE, j] = pbust[DICE]
        for k in range(count[DICE]):
            p = prob[DICE, k]
            what, t2, n2 = landing(0, DICE, k, rows, last, dump_row)
            if what == WIN_NOW:
                win += p
            elif what == BUST_NOW:
                bust += p
            elif what == DUMP_NOW:
                dump += p
            else:
                for j in range(width):
                    reach[t2, n2, j] += p
    else:
        for j in range(width):
            reach[0, DICE, j] = 1.0
    for t in range(last + 1):
        for m in range(DICE):
            n = m + 1
            if t == last:
                n = DICE if m == 0 else m
            mass = reach[t, n]
            stop_here = stops[t, n]
            wins_by_stop = stop_to[i, t] == WIN
            scale = scales[t, n]
            anything = False
            for j in range(width):
                if stop_here[j]:
                    if wins_by_stop:
                        win[j] += mass[j]
                    else:
                        stopped[t, j] += mass[j]
                    mass[j] = 0.0
                else:
                    mass[j] *= scale
                    bust[j] += mass[j] * pbust[n]
                    anything = anything or mass[j] != 0.0
            if not anything:
                continue
            for k in range(count[n]):
                p = prob[n, k]
                what, t2, n2 = landing(t, n, k, rows, last, dump_row)
                if what == WIN_NOW:
                    for j in range(width):
                        win[j] += p * mass[j]
                elif what == BUST_NOW:
                    for j in range(width):
                        bust[j] += p * mass[j]
                elif what == DUMP_NOW:
                    for j in range(width):
                        dump[j] += p * mass[j]
                elif t2 != t or n2 != n:
                    ahead = reach[t2, n2]
                    for j in range(width):
                        ahead[j] += p * mass[j]
    base = i * width
    for j in range(width):
        p = base + j
        ends[p, 0] = win[j]
        ends[p, 1] = bust[j]
        ends[p, 2] = dump[j]
        for t in range(last + 1):
            stop_p[p, t] = stopped[t, j]


@njit(cache=True)
def new_work(width: int, count: int) -> tuple[Any, ...]:
    """Scratch arrays of one thread: turn totals ``0 … width-1`` against ``count`` opponents.

    (value, stops, stop_val, reach, stopped, bust_val, dump_val, row, scales).
    """
    return (
        np.zeros((width, DICE + 1, count)),
        np.zeros((width, DICE + 1, count), dtype=np.uint8),
        np.zeros((width, count)),
        np.zeros((width, DICE + 1, count)),
        np.zeros((width, count)),
        np.zeros(count),
        np.zeros(count),
        np.zeros(count),
        np.zeros((width, DICE + 1)),
    )


@njit(cache=True)
def plan_mover(i: int, W: Any, sheets: Any, rows: Any, stop_p: Any, ends: Any, work: Any) -> None:
    """Plan mover ``i``'s turn against every opponent at ``W``; record how each ends."""
    score = sheets[0]
    bust_to = sheets[6]
    dump_to = sheets[7]
    dump_at = sheets[8]
    target = sheets[9]
    count = W.shape[0]
    last = target - score[i]
    stop_val, bust_val, dump_val = work[2], work[5], work[6]
    for j in range(count):
        bust_val[j] = 1.0 - W[j, bust_to[i]]
        dump_val[j] = 1.0 - W[j, dump_to[i]]
    _stop_values(i, last, W, sheets, stop_val)
    _values(i, last, rows, dump_at[i], work)
    _ends(i, last, sheets, rows, dump_at[i], work, stop_p, ends)


@njit(cache=True, parallel=True)
def plan_movers(
    first: int, end: int, W: Any, sheets: Any, rows: Any, stop_p: Any, ends: Any
) -> None:
    """:func:`plan_mover` for movers ``first`` to ``end - 1``, spread over the cores.

    Called in bands of movers so that Ctrl+C is seen between calls.
    """
    count = W.shape[0]
    width = sheets[1].shape[1]
    threads = min(end - first, 8)
    for c in prange(threads):
        work = new_work(width, count)
        for i in range(first + c, end, threads):
            plan_mover(i, W, sheets, rows, stop_p, ends, work)


@njit(cache=True, parallel=True)
def stop_bits(first: int, end: int, W: Any, sheets: Any, rows: Any, bits: Any, base: int) -> None:
    """The solved policy of movers ``first`` to ``end - 1`` as bits, for the native games.

    ``bits[i - base, j, n, word]`` over the turn total: stop or not, as :func:`_values` plans
    the turn at ``W`` — the arithmetic :func:`.iteration.turn_dp` runs for a decision in
    play, ties stopping — so a seat reading the bits decides as ``perfect`` does.
    """
    count = W.shape[0]
    width = sheets[1].shape[1]
    score, bust_to, dump_to, dump_at, target = sheets[0], sheets[6], sheets[7], sheets[8], sheets[9]
    threads = min(end - first, 8)
    for c in prange(threads):
        work = new_work(width, count)
        stops, stop_val, bust_val, dump_val = work[1], work[2], work[5], work[6]
        for i in range(first + c, end, threads):
            last = target - score[i]
            for j in range(count):
                bust_val[j] = 1.0 - W[j, bust_to[i]]
                dump_val[j] = 1.0 - W[j, dump_to[i]]
            _stop_values(i, last, W, sheets, stop_val)
            _values(i, last, rows, dump_at[i], work)
            mine = bits[i - base]
            mine[:] = 0
            for t in range(1, last + 1):
                bit = np.uint64(1) << np.uint64(t & 63)
                for n in range(1, DICE + 1):
                    here = stops[t, n]
                    for j in range(count):
                        if here[j]:
                            mine[j, n, t >> 6] |= bit
