"""The numeric heart of the exact three-player solver, compiled with numba.

``V[a, b, c, k]`` is the chance that player ``k`` wins at the start of a turn when the
mover has ``a`` score units, the next player ``b`` and the one after ``c`` (``k = 0``
the mover, 1 the next, 2 the one after). Every player maximises their own chance.

Scores only grow under the rules this kernel takes (those of :mod:`.kernel`), so a stop
leads to a higher score sum and the triples are solved level by level, sum ``s`` from
the highest down. A bust passes the turn without points: ``(a, b, c) → (b, c, a)`` and
on to ``(c, a, b)`` and back, a cycle of three at the same sum. For fixed plans each
turn's value is linear in its bust's value, ``X = α + β·R(X')`` (``R`` turns the next
mover's frame into this one's: ``R(u) = (u2, u0, u1)``), so the cycle has the exact
solution ``X0 = (α0 + β0·R(α1) + β0β1·R²(α2)) / (1 − β0β1β2)``. Each level is solved
by policy iteration: plan every turn at the level's current values, solve the cycles
exactly for those plans, again until nothing moves (two or three rounds). That is how
cycles of busts are resolved; the iteration count is reported.

A turn's programme has the same shape for every pair of opponents: where a throw leads
depends on the mover's score alone. So, as in :mod:`.sweep`, one mover's programme runs
for all the opponents of a level at once, a vector over ``b`` (``c = s − a − b``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.outcome import BUST_NOW, WIN_NOW, read_outcome

PARTS = 4
"""What the programme carries per position and opponent pair: the three players' chances
from the plan's ends other than a bust (α), and the chance of a bust (β)."""


PURE_ROUNDS = 12
"""Rounds of plain policy iteration before a level's values are closed in on."""
DAMPING = 0.85
"""How the step shrinks each round after :data:`PURE_ROUNDS`."""
MAX_ROUNDS = PURE_ROUNDS + 400
"""0.85 ** 400 is 1e-28: by then any level has settled."""


@njit(cache=True)
def new_work(target: int) -> tuple[Any, ...]:
    """Scratch of one thread: (value, throw_own, stop_val, slack).

    ``value[t, n, k * size + j]``: part ``k`` (:data:`PARTS`) for opponent pair ``j``, one
    flat row per position so that the programme's inner loop is a single multiply-add
    over contiguous memory, which the compiler vectorises. ``throw_own[t, n, j]``;
    ``stop_val[t, j, player]``; ``slack[j]``, how far the bust's value may move before
    any decision of the plan changes (see :func:`mover_turns`).
    """
    return (
        np.zeros((target + 1, DICE + 1, PARTS * target)),
        np.zeros((target + 1, DICE + 1, target)),
        np.zeros((target + 1, target, 3)),
        np.zeros(target),
    )


# nogil: the advisor and a game's history plan turns in worker threads, beside the event
# loop (a strategy's ``scratch`` lock keeps their plans apart)
@njit(cache=True, nogil=True, error_model="numpy", boundscheck=False)
def mover_turns(
    a: int, s: int, lo: int, size: int, V: Any, rules: Any, bust_own: Any, work: Any
) -> None:
    """Plan mover ``a``'s turn against the pairs ``(b, s − a − b)``, ``b = lo … lo+size-1``.

    ``bust_own[j]`` is the mover's chance after a bust (the current guess). Fills
    ``work``: for each (t, n, j) the plan's three chances ``α`` and its chance of a bust
    ``β`` (the start of the turn is at ``value[0, 0]``), ``throw_own`` (the mover's
    chance if they throw there) and ``stop_val[t, j]`` (the three chances after a stop;
    own −1 where no stop is allowed). The arithmetic and order are
    :func:`.kernel.turn_values`'s; ties stop.

    ``slack[j]``: the smallest ``|stop − throw| / β`` over every decision. Stops read
    higher sums only, so within a level a plan's values move with the bust's value ``B``
    alone, each throw's as ``α + β·B``: while ``B`` moves by less than the slack, no
    decision flips, and the plan stays optimal (checked from the end of the turn back).
    """
    stop_ok, stop_to, pts, kept, prob, inst, count, pbust, target, hot_must_throw, exact, retry = (
        rules
    )
    value, throw_own, stop_val, slack = work
    width = PARTS * size
    for j in range(size):
        slack[j] = np.inf
    last = target - a
    for t in range(last + 1):
        for j in range(size):
            if not stop_ok[a, t]:
                stop_val[t, j, 0] = -1.0
                continue
            after = stop_to[a, t]
            if after < 0:
                stop_val[t, j, 0] = 1.0
                stop_val[t, j, 1] = 0.0
                stop_val[t, j, 2] = 0.0
                continue
            b = lo + j
            c = s - a - b
            stop_val[t, j, 0] = V[b, c, after, 2]
            stop_val[t, j, 1] = V[b, c, after, 0]
            stop_val[t, j, 2] = V[b, c, after, 1]
    for n in range(1, DICE + 1):
        row = value[last, n]
        for x in range(width):
            row[x] = 0.0
        for j in range(size):
            row[j] = 1.0
    acc = np.zeros(width)
    for t in range(last, -1, -1):
        for n in range(DICE, 0, -1):
            win = 0.0
            busts = pbust[n]
            self_p = 0.0
            for x in range(width):
                acc[x] = 0.0
            for k in range(count[n]):
                p = prob[n, k]
                what, t2, n2 = read_outcome(t, n, k, pts, kept, inst, last, exact)
                if what == WIN_NOW:
                    win += p
                elif what == BUST_NOW:
                    busts += p
                elif t2 == t and n2 == n:
                    self_p += p
                else:
                    ahead = value[t2, n2]
                    for x in range(width):
                        acc[x] += p * ahead[x]
            scale = 1.0 / (1.0 - self_p)
            may_stop = stop_ok[a, t] and (n < DICE or not hot_must_throw) and t > 0
            here = value[t, n]
            for j in range(size):
                x0 = (acc[j] + win) * scale
                xb = (acc[3 * size + j] + busts) * scale
                throw = x0 + xb * bust_own[j]
                throw_own[t, n, j] = throw
                if may_stop:
                    gap = abs(stop_val[t, j, 0] - throw)
                    if gap < slack[j] * xb:
                        slack[j] = gap / xb
                if may_stop and stop_val[t, j, 0] >= throw:
                    for k in range(3):
                        here[k * size + j] = stop_val[t, j, k]
                    here[3 * size + j] = 0.0
                else:
                    here[j] = x0
                    here[size + j] = acc[size + j] * scale
                    here[2 * size + j] = acc[2 * size + j] * scale
                    here[3 * size + j] = xb
    start = value[0, 0]
    first = value[0, DICE]
    if not retry:  # the start of the turn: (0, DICE), copied to the slot read for it
        for x in range(width):
            start[x] = first[x]
        return
    # First-throw retry: a first throw that scores nothing is thrown again, so the start
    # is the first throw's own outcomes, a bust going back to (0, DICE).
    for x in range(width):
        start[x] = pbust[DICE] * first[x]
    for k in range(count[DICE]):
        p = prob[DICE, k]
        what, t2, n2 = read_outcome(0, DICE, k, pts, kept, inst, last, exact)
        if what == WIN_NOW:
            for j in range(size):
                start[j] += p
        elif what == BUST_NOW:
            for j in range(size):
                start[3 * size + j] += p
        else:
            ahead = value[t2, n2]
            for x in range(width):
                start[x] += p * ahead[x]


THREADS = 8
"""Most threads a level's planning is spread over (numba uses as many as there are cores)."""


@njit(cache=True)
def thread_work(target: int) -> tuple[Any, ...]:
    """:func:`new_work` for each of :data:`THREADS` threads, stacked, and a row of bust
    values each: made once per solve, not once per level and round."""
    value, throw_own, stop_val, slack = new_work(target)
    return (
        np.zeros((THREADS, *value.shape)),
        np.zeros((THREADS, *throw_own.shape)),
        np.zeros((THREADS, *stop_val.shape)),
        np.zeros((THREADS, *slack.shape)),
        np.zeros((THREADS, target)),
    )


@njit(cache=True)
def _span(s: int, a: int, target: int) -> tuple[int, int]:
    """(first b, how many) of the triples (a, b, s − a − b) with every score below target."""
    lo = max(0, s - a - (target - 1))
    hi = min(target - 1, s - a)
    return lo, max(0, hi - lo + 1)


@njit(cache=True, parallel=True)
def _plan_level(
    s: int, V: Any, rules: Any, alpha: Any, beta: Any, guard: Any, todo: Any, works: Any
) -> None:
    """The turns of level ``s`` whose movers ``todo`` flags, planned at the current ``V``.

    Records each turn's (α, β) and its ``guard``: the bust value it was planned at and
    the slack around it (:func:`mover_turns`). ``works`` is :func:`thread_work`'s.
    """
    target = rules[8]
    movers = np.flatnonzero(todo)
    threads = min(movers.shape[0], THREADS)
    values, throw_owns, stop_vals, slacks, busts = works
    for c in prange(threads):
        work = (values[c], throw_owns[c], stop_vals[c], slacks[c])
        bust_own = busts[c]
        for m in range(c, movers.shape[0], threads):
            a = movers[m]
            lo, size = _span(s, a, target)
            for j in range(size):
                b = lo + j
                bust_own[j] = V[b, s - a - b, a, 2]
            mover_turns(a, s, lo, size, V, rules, bust_own, work)
            start = work[0][0, 0]
            slack = work[3]
            for j in range(size):
                b = lo + j
                cc = s - a - b
                for k in range(3):
                    alpha[a, b, cc, k] = start[k * size + j]
                beta[a, b, cc] = start[3 * size + j]
                guard[a, b, cc, 0] = bust_own[j]
                guard[a, b, cc, 1] = slack[j]


@njit(cache=True)
def _stale(s: int, V: Any, guard: Any, target: int, todo: Any) -> int:
    """Flag in ``todo`` the movers of level ``s`` whose plan the new ``V`` may change.

    A plan is kept while its bust's value has moved less than its slack since it was
    planned. Returns how many movers are flagged.
    """
    flagged = 0
    for a in range(target):
        todo[a] = False
    for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
        lo, size = _span(s, a, target)
        for b in range(lo, lo + size):
            c = s - a - b
            moved = abs(V[b, c, a, 2] - guard[a, b, c, 0])
            if moved != 0.0 and not moved < guard[a, b, c, 1]:
                todo[a] = True
                flagged += 1
                break
    return flagged


@njit(cache=True)
def _settle_level(s: int, V: Any, alpha: Any, beta: Any, target: int, step: float) -> float:
    """Solve every bust cycle of level ``s`` exactly for its plans; the largest change.

    ``V`` moves by ``step`` (1: all the way) towards the cycles' solutions.
    """
    moved = 0.0
    for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
        lo, size = _span(s, a, target)
        for b in range(lo, lo + size):
            c = s - a - b
            b0, b1, b2 = beta[a, b, c], beta[b, c, a], beta[c, a, b]
            # X0 = α0 + β0 R(α1) + β0 β1 R²(α2), over 1 − β0 β1 β2; R(u) = (u2, u0, u1).
            scale = 1.0 / (1.0 - b0 * b1 * b2)
            for k in range(3):
                x = (
                    alpha[a, b, c, k]
                    + b0 * alpha[b, c, a, (k + 2) % 3]
                    + b0 * b1 * alpha[c, a, b, (k + 1) % 3]
                ) * scale
                change = step * (x - V[a, b, c, k])
                moved = max(moved, abs(change))
                V[a, b, c, k] += change
    return moved


@njit(cache=True)
def solve_levels(
    rules: Any,
    V: Any,
    alpha: Any,
    beta: Any,
    guard: Any,
    works: Any,
    high: int,
    low: int,
    tolerance: float,
) -> tuple[int, int, float]:
    """Solve the levels ``high`` down to ``low`` (call in bands, for Ctrl+C and progress).

    A level starts from the level above's values one unit further on for the last
    player (or a third each), and alternates planning and exact cycle solving until no
    plan can have changed (every bust value within its plan's slack) or no value moves
    by more than ``tolerance``; a round replans only the movers whose plans may have
    changed. ``guard`` is scratch ``[a, b, c, 2]``, ``works`` :func:`thread_work`'s.

    Three players' best replies need not settle: in a few cycles of busts two players'
    plans chase each other round after round, each full step overshooting the other's
    reply. After :data:`PURE_ROUNDS` rounds the values then move only part of the way, a
    part shrinking by :data:`DAMPING` a round, until they move by less than
    ``tolerance``. Where that ends at a fixed point of plain plans (the full step's
    change, the *residual*, is as small), every player's plan is a best reply; were it
    not, the values would sit where a player is indifferent between two plans, which is
    a mixed equilibrium (one always exists, Fink 1964). Returns (the most rounds any level
    took, how many levels were damped, the largest residual of those).
    """
    target = rules[8]
    worst = mixed = 0
    residual = 0.0
    for s in range(high, low - 1, -1):
        for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
            lo, size = _span(s, a, target)
            for b in range(lo, lo + size):
                c = s - a - b
                for k in range(3):
                    V[a, b, c, k] = V[a, b, c + 1, k] if c + 1 < target else 1.0 / 3.0
        todo = np.zeros(target, dtype=np.bool_)
        for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
            todo[a] = True
        step = 1.0
        for rounds in range(1, MAX_ROUNDS + 1):
            if rounds > PURE_ROUNDS:
                step *= DAMPING
            _plan_level(s, V, rules, alpha, beta, guard, todo, works)
            moved = _settle_level(s, V, alpha, beta, target, step)
            stale = _stale(s, V, guard, target, todo)
            # A damped step leaves V short of its plans' values: only a full one that
            # changes no plan has arrived.
            if moved <= tolerance or (stale == 0 and step == 1.0):
                break
        worst = max(worst, rounds)
        if rounds > PURE_ROUNDS:
            mixed += 1
            residual = max(residual, moved / step)
    return worst, mixed, residual


@njit(cache=True)
def switch_room(rules: Any) -> Any:
    """``room[a]``: the most switch points a triple of mover ``a`` can have, its decision
    totals over every ``n`` (a list never holds more points than decisions)."""
    stop_ok = rules[0]
    target = rules[8]
    hands = DICE - 1 if rules[9] else DICE
    room = np.zeros(target, dtype=np.int64)
    for a in range(target):
        for t in range(1, target - a + 1):
            room[a] += hands * stop_ok[a, t]
    return room


@njit(cache=True, parallel=True)
def stop_switches(V: Any, rules: Any, counts: Any, works: Any, high: int, low: int) -> Any:
    """Each turn's decisions as its switch points, for the triples of the score sums
    ``high`` down to ``low`` (call in bands, for Ctrl+C and progress).

    With ``n`` dice in hand (1–5) the mover stops at a *decision total* ``t`` — one of
    1 … ``target − a`` (a longer total is read at ``target − a``) where a stop is allowed
    (``stop_ok[a, t]``) and is a choice (not hot dice that must be thrown) — exactly when
    an odd number of the turn's switch points are ``≤ t`` (:func:`stops_by_switches`).
    The list is the shortest there is: from "throw" below the first total, a point at
    each decision total whose decision differs from the one before; the totals that
    are no decision force nothing. The decisions are :func:`mover_turns`' at ``V`` (ties
    stop), planned for a mover and level at once over ``b``, which is the arithmetic of
    one triple's plan: the lists give the very decisions the strategy's own plan gives.

    Fills ``counts[a, b, c, n]`` (uint8, points per list; 0 for ``n = 0`` and for hot
    dice that must be thrown) and returns the band's points, uint8, in the order score
    sum down, ``a`` up, ``b`` up, within a triple ``n`` up: the order
    :func:`order_switches` reads them in. ``works`` is :func:`thread_work`'s.
    """
    stop_ok = rules[0]
    target = rules[8]
    hot_must_throw = rules[9]
    room = switch_room(rules)
    # Each (mover, sum) writes its triples' lists into a region of its own, room[a] a
    # triple, so that the threads need not agree on where anything goes; the band's
    # points are then packed in order. The room goes with the band's work (a quarter of
    # a second's): for the classic rules the busiest score sum alone needs 12.6 MB.
    base = np.zeros((target, high - low + 1), dtype=np.int64)
    total = 0
    for s in range(high, low - 1, -1):
        for a in range(target):
            base[a, high - s] = total
            total += _span(s, a, target)[1] * room[a]
    scratch = np.empty(total, dtype=np.uint8)
    threads = min(target, THREADS)
    values, throw_owns, stop_vals, slacks, busts = works
    for c in prange(threads):
        work = (values[c], throw_owns[c], stop_vals[c], slacks[c])
        throw_own = throw_owns[c]
        stop_val = stop_vals[c]
        bust_own = busts[c]
        for a in range(c, target, threads):
            last = target - a
            for s in range(max(low, a), min(high, a + 2 * (target - 1)) + 1):
                lo, size = _span(s, a, target)
                if size == 0:
                    continue
                for j in range(size):
                    b = lo + j
                    bust_own[j] = V[b, s - a - b, a, 2]
                mover_turns(a, s, lo, size, V, rules, bust_own, work)
                for j in range(size):
                    b = lo + j
                    cc = s - a - b
                    at = base[a, high - s] + j * room[a]
                    for n in range(1, DICE + 1):
                        points = 0
                        if n < DICE or not hot_must_throw:
                            stopping = False
                            for t in range(1, last + 1):
                                if not stop_ok[a, t]:
                                    continue
                                stop = stop_val[t, j, 0] >= throw_own[t, n, j]
                                if stop != stopping:
                                    scratch[at] = t
                                    at += 1
                                    points += 1
                                    stopping = stop
                        counts[a, b, cc, n] = points
    used = 0
    for s in range(high, low - 1, -1):
        for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
            lo, size = _span(s, a, target)
            for b in range(lo, lo + size):
                for n in range(1, DICE + 1):
                    used += counts[a, b, s - a - b, n]
    packed = np.empty(used, dtype=np.uint8)
    used = 0
    for s in range(high, low - 1, -1):
        for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
            lo, size = _span(s, a, target)
            for j in range(size):
                b = lo + j
                at = base[a, high - s] + j * room[a]
                for n in range(1, DICE + 1):
                    for _ in range(counts[a, b, s - a - b, n]):
                        packed[used] = scratch[at]
                        used += 1
                        at += 1
    return packed


@njit(cache=True)
def switch_offsets(counts: Any) -> tuple[Any, int]:
    """(``offsets``, total): where each triple's points start, flat index
    ``(a·target + b)·target + c``, uint32, ``offsets[target³]`` the total. The total is
    -1 where ``counts`` cannot be a table's (a count for ``n = 0``) and may pass 2³²
    (the offsets are then wrong: the caller checks; the classic rules need 1.6 % of it).
    """
    target = counts.shape[0]
    offsets = np.empty(target**3 + 1, dtype=np.uint32)
    total = 0
    flat = 0
    for a in range(target):
        for b in range(target):
            for c in range(target):
                offsets[flat] = total
                flat += 1
                if counts[a, b, c, 0] != 0:
                    return offsets, -1
                for n in range(1, DICE + 1):
                    total += counts[a, b, c, n]
    offsets[flat] = total
    return offsets, total


@njit(cache=True)
def order_switches(counts: Any, offsets: Any, packed: Any, switches: Any) -> bool:
    """Move the points of every band (:func:`stop_switches`' ``packed``, concatenated
    from the highest sums down) to their triples' places in ``switches``. False if
    ``packed`` does not hold exactly the points ``counts`` says."""
    target = counts.shape[0]
    at = 0
    for s in range(3 * target - 3, -1, -1):
        for a in range(max(0, s - 2 * (target - 1)), min(target - 1, s) + 1):
            lo, size = _span(s, a, target)
            for b in range(lo, lo + size):
                c = s - a - b
                to = np.int64(offsets[(a * target + b) * target + c])
                points = 0
                for n in range(1, DICE + 1):
                    points += counts[a, b, c, n]
                if at + points > packed.shape[0]:
                    return False
                for k in range(points):
                    switches[to + k] = packed[at + k]
                at += points
    return bool(at == packed.shape[0])


@njit(cache=True, inline="always", boundscheck=False)
def stops_by_switches(
    counts: Any, offsets: Any, switches: Any, a: int, b: int, c: int, n: int, tt: int, target: int
) -> bool:
    """Whether the mover of (a, b, c) stops at the decision total ``tt`` (the turn total,
    at most ``target − a``) with ``n`` dice in hand: an odd number of the list's switch
    points are ``≤ tt`` (:func:`stop_switches`). At a total where a stop is no decision
    the answer means nothing. Two loops of a few steps (the lists before ``n``, then
    ``n``'s own: 2.16 points on average for the classic rules) and no branch but theirs:
    some 230 ns from a random triple, most of it three cache misses."""
    at = np.int64(offsets[(a * target + b) * target + c])
    row = counts[a, b, c]
    for k in range(1, n):
        at += row[k]
    odd = False
    for i in range(at, at + row[n]):
        odd ^= switches[i] <= tt
    return odd
