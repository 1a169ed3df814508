"""The numeric heart of the two-player solver, compiled with numba.

Positions are counted in score *units* (the greatest common divisor of every points
value, the target, the entry threshold and the barrel bounds: 5 under the presets).
``W[a, b]`` is the chance that the player to move wins when their recorded score is
``a`` units and the opponent's is ``b``, at the start of their turn.

Within a turn the position is (turn total ``t``, dice in hand ``n``). A turn's value
is a function of the *bust value* ``B = 1 - W[b, a]`` (the opponent then moves from
``(b, a)``): for a fixed policy it is linear, ``alpha + beta * B``, so every value below
carries both coefficients. Scores only grow under the rules this kernel accepts, so
``W`` is solved in order of decreasing score sum; the one cycle left, ``W[a, b]`` ↔
``W[b, a]`` through busts, is solved exactly by policy iteration on the 2×2 linear
system (Neller & Presser solved Pig by value iteration instead).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.outcome import BUST_NOW, WIN_NOW, read_outcome

# Outcome arrays, one row per number of dice thrown (row 0 unused):
#   pts[n, k] units, kept[n, k] dice set aside, prob[n, k], inst[n, k] instant win,
#   count[n] outcomes in the row, pbust[n].


# nogil: the advisor and a game's history plan turns in worker threads, beside the event
# loop (a strategy's ``scratch`` lock keeps their plans apart)
@njit(cache=True, nogil=True)
def turn_values(
    a: int, b: int, bust_value: float, W: Any, rules: Any, work: Any
) -> tuple[float, float]:
    """Optimal turn for mover ``a`` against ``b`` at bust value ``bust_value``.

    ``rules`` is :meth:`SolverTables.kernel_rules`; ``work`` is four scratch arrays it
    fills: ``va``/``vb`` (value = va + vb * B at each (t, n)), ``throw_val[t, n]`` and
    ``stop_val[t]`` (numeric, ``-1`` where stopping is not allowed). Returns the
    coefficients of the value at the start of the turn.
    """
    stop_ok, stop_to, pts, kept, prob, inst, count, pbust, target, hot_must_throw, exact, retry = (
        rules
    )
    va, vb, throw_val, stop_val = work
    last = target - a  # turn total that reaches the target
    B = bust_value
    # The target reached with dice in hand: stopping wins (§1.6), nothing beats it.
    # Set before the pass below so that throws from (last, 5) can read them.
    for n in range(1, DICE + 1):
        va[last, n] = 1.0
        vb[last, n] = 0.0
    for t in range(last, -1, -1):
        if stop_ok[a, t]:
            nt = stop_to[a, t]
            stop_val[t] = 1.0 if nt < 0 else 1.0 - W[b, nt]
        else:
            stop_val[t] = -1.0
        for n in (5, 4, 3, 2, 1):
            sa = 0.0
            sb = pbust[n]
            self_p = 0.0
            for k in range(count[n]):
                p = prob[n, k]
                what, t2, n2 = read_outcome(t, n, k, pts, kept, inst, last, exact)
                if what == WIN_NOW:
                    sa += p
                elif what == BUST_NOW:
                    sb += p
                elif t2 == t and n2 == n:
                    self_p += p
                else:
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
    # First-throw retry: a bust on the first throw of the turn is thrown again,
    # i.e. it leads to (0, 5) proper instead of to the opponent.
    sa = pbust[DICE] * va[0, DICE]
    sb = pbust[DICE] * vb[0, DICE]
    for k in range(count[DICE]):
        p = prob[DICE, k]
        what, t2, n2 = read_outcome(0, DICE, k, pts, kept, inst, last, exact)
        if what == WIN_NOW:
            sa += p
        elif what == BUST_NOW:
            sb += p
        else:
            sa += p * va[t2, n2]
            sb += p * vb[t2, n2]
    return sa, sb


@njit(cache=True)
def _record_policy(a: int, b: int, last: int, throw_val: Any, stop_val: Any, policy: Any) -> None:
    """policy[a, b, t, n] = 1 where stopping is optimal (ties stop: shorter games)."""
    for t in range(last + 1):
        for n in range(1, 6):
            tv = throw_val[t, n]
            sv = stop_val[t]
            stop = sv >= 0.0 and t > 0 and (tv < 0.0 or sv >= tv)
            policy[a, b, t, n] = 1 if stop else 0


@njit(cache=True)
def solve_monotone(rules: Any, W: Any, policy: Any, tolerance: float, high: int, low: int) -> int:
    """Fill ``W`` and ``policy`` for the pairs of scores whose sum is ``high`` down to ``low``.

    Every pair reads only pairs of a higher sum, so solving the sums ``2·target - 2`` down
    to 0 in bands, one call each, gives the very same numbers as one call for them all —
    and between two calls the interpreter runs again, so Ctrl+C is seen and progress can
    be told (a call holds the interpreter until it returns). Returns the largest number
    of policy iterations any pair of the band needed.
    """
    target = rules[8]
    work = (
        np.zeros((target + 1, 6)),
        np.zeros((target + 1, 6)),
        np.zeros((target + 1, 6)),
        np.zeros(target + 1),
    )
    throw_val = work[2]
    stop_val = work[3]
    worst = 0
    for total in range(high, low - 1, -1):
        low = max(0, total - (target - 1))
        high = total // 2
        for a in range(low, high + 1):
            b = total - a
            # Start from the neighbouring pair one unit further on: the policy there
            # is nearly always right here, so one iteration finds it and one confirms.
            if b + 1 < target:
                x = W[a, b + 1]
                y = W[b + 1, a]
            else:
                x = 0.5
                y = 0.5
            for iteration in range(200):
                a1, b1 = turn_values(a, b, 1.0 - y, W, rules, work)
                _record_policy(a, b, target - a, throw_val, stop_val, policy)
                if a == b:
                    nx = (a1 + b1) / (1.0 + b1)
                    ny = nx
                else:
                    a2, b2 = turn_values(b, a, 1.0 - x, W, rules, work)
                    _record_policy(b, a, target - b, throw_val, stop_val, policy)
                    # x = a1 + b1 (1 - y), y = a2 + b2 (1 - x)
                    nx = (a1 + b1 - b1 * (a2 + b2)) / (1.0 - b1 * b2)
                    ny = a2 + b2 * (1.0 - nx)
                # The policies just recorded were chosen at the previous (x, y); once
                # re-solving them changes nothing, they are optimal at the fixed point.
                done = abs(nx - x) <= tolerance and abs(ny - y) <= tolerance
                x = nx
                y = ny
                if done:
                    worst = max(worst, iteration + 1)
                    break
            W[a, b] = x
            W[b, a] = y
    return worst
