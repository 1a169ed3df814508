"""The computer player levels as strategy tables, for the native fast path.

A :class:`~thousand.games.dice1000.bots.PlanningBot` plans each decision through the engine; that is
0.1–0.5 s a game, far too slow for a tournament of 100,000 games. Under the rules the
exact solver handles (scores only grow, :func:`~thousand.games.dice1000.solver.tables.build_tables`)
its decision at a free position depends only on the mover's score ``a``, the
opponent's ``b``, the turn total ``t`` and the dice in hand ``n`` — a sheet is
determined by its score there — so the whole level fits the table
``policy[a, b, t, n]`` (1 = stop) that :mod:`thousand.games.dice1000.solver.fastplay` reads.

This module computes that table with a numba port of ``_Plan``: the same values, the
same comparison, for every position at once. What the bots take from the
:class:`~thousand.games.dice1000.bots.RulesModel` — the worth of a score (:meth:`position_value`)
and an opponent's threat — is a function of one score, computed in Python on synthetic
positions and passed in as 1-D arrays. The rest is the solver's outcome rows, walked
the way :func:`thousand.games.dice1000.solver.kernel.turn_values` walks them: the turn total clamped
at ``last = target − a`` (the bots cap it at the same place, see
:class:`~thousand.games.dice1000.bots.TurnGraph`), a favorite's self-loop summed as a geometric
series, an exact-ending overshoot as a bust.

A plan of ``horizon`` voluntary throws needs the throw values at every depth below it:
for each ``(a, b)`` all ``(t, n)`` at depth 0 first, then depth 1 from those, so a
table costs ``O(target² × target × 5 × outcomes × horizon)``.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.planning import HOT_RUN, PLAN_LIMIT, Temperament, rules_model
from thousand.games.dice1000.solver.outcome import BUST_NOW, WIN_NOW, read_outcome
from thousand.games.dice1000.solver.tables import SolverTables, build_tables
from thousand.games.dice1000.state import Forced, GameState, Phase, PlayerState


@njit(cache=True)
def _throw(
    t: int,
    n: int,
    last: int,
    rows: Any,
    exact: bool,
    bust: float,
    win: float,
    arrive: Any,
) -> tuple[float, float]:
    """Throw ``n`` dice at turn total ``t``: (expected value of the outcomes that leave
    this position, probability of coming back to it — a favorite).

    ``arrive[t2, n2]`` is the value of the position each outcome leads to; a total past
    ``last`` is clamped there, or busts under the exact ending.
    """
    _, pts, kept, prob, inst, count, pbust = rows
    total = pbust[n] * bust
    loop = 0.0
    for k in range(count[n]):
        p = prob[n, k]
        what, t2, n2 = read_outcome(t, n, k, pts, kept, inst, last, exact)
        if what == WIN_NOW:
            total += p * win
        elif what == BUST_NOW:
            total += p * bust
        elif t2 == t and n2 == n:
            loop += p
        else:
            total += p * arrive[t2, n2]
    return total, loop


@njit(cache=True)
def _level_pair(
    a: int,
    b: int,
    rules: Any,
    unit: int,
    plan_limit: int,
    horizon: int,
    edge: float,
    hot_run: int,
    pv_start: Any,
    pv_after: Any,
    threat: Any,
    target_points: float,
    policy: Any,
    work: Any,
) -> None:
    """Fill ``policy[a, b]``: the level's stop/throw decision at every (t, n).

    Per depth ``d`` (voluntary throws still planned) and from the highest turn total
    down, as every throw raises it or comes back to the same position:

    * ``tv[d, t, n]`` — ``_Plan.throw_value``: throwing ``n`` dice at ``t``, by a free
      mover (one that may stop) or one forced by the entry or a barrel;
    * ``hot[r, t]`` — hot dice thrown after ``r`` hot throws in a row (``hot[hot_run]``:
      the run cut short, the total taken as made);
    * ``arrive[t, n]`` — ``_Plan.value`` of a position a throw leads to (run 0), and
      ``hot_arrive[r, t, n]`` the same after ``r + 1`` hot throws in a row.
    """
    stop_ok, stop_to, pts, kept, prob, inst, count, pbust, target, hot_must_throw, exact, _ = rules
    rows = (0, pts, kept, prob, inst, count, pbust)
    stop_val, tv, hot, arrive, hot_arrive = work
    last = target - a
    theta = threat[b]
    keep = 1.0 - theta
    lose = theta * target_points
    margin = edge * keep  # per point of turn total
    nothing = -lose  # end(0.0): a forced position past PLAN_LIMIT
    bust = keep * pv_start[a] - lose
    for t in range(last + 1):
        if stop_ok[a, t]:
            nt = stop_to[a, t]
            stop_val[t] = target_points if nt < 0 else keep * pv_after[nt] - lose
        else:
            stop_val[t] = nothing
        hot[hot_run, t] = stop_val[t]
    for d in range(horizon):
        for t in range(last, -1, -1):
            beyond = t * unit > plan_limit  # the bots' plans have no edges past it
            free = t > 0 and stop_ok[a, t]
            won = free and stop_to[a, t] < 0
            if hot_must_throw:
                # Five dice the rules force, after r hot throws in a row: arriving at
                # hot dice again is worth hot[r + 1] (hot_arrive[r]); any other arrival
                # does not depend on r.
                for r in range(hot_run - 1, -1, -1):
                    if beyond:
                        hot[r, t] = nothing
                    else:
                        total, loop = _throw(
                            t, 5, last, rows, exact, bust, target_points, hot_arrive[r]
                        )
                        hot[r, t] = total / (1.0 - loop)
                for r in range(hot_run):
                    hot_arrive[r, t, 5] = hot[r + 1, t]
                arrive[t, 5] = hot[0, t]
            for n in (5, 4, 3, 2, 1):
                if beyond:
                    tv[d, t, n] = nothing
                else:
                    total, loop = _throw(t, n, last, rows, exact, bust, target_points, arrive)
                    if loop == 0.0:
                        tv[d, t, n] = total
                    elif not free:  # forced to throw again from the same position
                        tv[d, t, n] = total / (1.0 - loop)
                    else:  # back to this very free position, planned as far as this throw
                        own = stop_val[t]
                        if d > 0 and not won:
                            own = max(own, tv[d - 1, t, n] - margin * (t * unit))
                        tv[d, t, n] = total + loop * own
                if n == 5 and hot_must_throw:
                    continue
                if not free:
                    value = tv[d, t, n]  # forced by the entry or a barrel: same depth
                elif won or d == 0 or beyond:
                    value = stop_val[t]  # a stop that wins is always taken
                else:
                    value = max(stop_val[t], tv[d - 1, t, n] - margin * (t * unit))
                arrive[t, n] = value
                for r in range(hot_run):
                    hot_arrive[r, t, n] = value
    for t in range(last + 1):
        for n in range(1, 6):
            stop = 0
            if t > 0 and stop_ok[a, t]:
                if stop_to[a, t] < 0:
                    stop = 1
                else:
                    throw = tv[horizon - 1, t, n] - margin * (t * unit)
                    stop = 0 if throw > stop_val[t] else 1
            policy[a, b, t, n] = stop


@njit(cache=True, parallel=True)
def level_policy(
    rules: Any,
    unit: int,
    plan_limit: int,
    horizon: int,
    edge: float,
    hot_run: int,
    pv_start: Any,
    pv_after: Any,
    threat: Any,
    target_points: float,
    policy: Any,
) -> None:
    """Fill ``policy[a, b, t, n]`` for every pair of scores below the target.

    Scores are handed out heavy and light in turn (a low score has the long turns),
    so parallel workers get even shares.
    """
    target = rules[8]
    for i in prange(target):
        a = i // 2 if i % 2 == 0 else target - 1 - i // 2
        work = (
            np.zeros(target + 1),
            np.zeros((horizon, target + 1, 6)),
            np.zeros((hot_run + 1, target + 1)),
            np.zeros((target + 1, 6)),
            np.zeros((max(hot_run, 1), target + 1, 6)),
        )
        for b in range(target):
            _level_pair(
                a, b, rules, unit, plan_limit, horizon, edge, hot_run, pv_start, pv_after,
                threat, target_points, policy, work,
            )  # fmt: skip


def _sheet(name: str, score: int, entered: bool) -> PlayerState:
    return PlayerState(name, score, entered, score if entered else None, 0, 0)


def _position(game: Game, mover: PlayerState, other: PlayerState) -> GameState:
    return GameState(game, (mover, other), 0, Phase.DECIDE, 0, 5, Forced.TURN_START, 0, (), None)


def model_arrays(
    game: Game, tables: SolverTables
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """What the :class:`~thousand.games.dice1000.bots.RulesModel` says about each score (in units).

    ``pv_start[a]``: the worth of the mover's sheet at score ``a`` (in the game iff
    ``a > 0``, as in :func:`thousand.games.dice1000.solver.tables._synthetic`) — what a bust leaves;
    ``pv_after[s]``: the worth of a stop that records ``s``; ``threat[b]``: the chance
    that an opponent at ``b`` wins before the mover's next turn.
    """
    model = rules_model(game)
    unit, target = tables.unit, tables.target
    nobody = _sheet("other", 0, False)
    pv_start = np.zeros(target)
    pv_after = np.zeros(target)
    threat = np.zeros(target)
    for s in range(target):
        score = s * unit
        mover = _sheet("mover", score, score > 0)
        pv_start[s] = model.position_value(_position(game, mover, nobody), 0)
        after = _sheet("mover", score, True)
        pv_after[s] = model.position_value(_position(game, after, nobody), 0)
        other = _sheet("other", score, score > 0)
        threat[s] = model.threat(_position(game, _sheet("mover", 0, False), other))
    return pv_start, pv_after, threat


def level_table(
    game: Game, temperament: Temperament, tables: SolverTables | None = None
) -> npt.NDArray[np.uint8]:
    """The stop table of ``temperament`` under ``game``'s rules (raises RulesError if
    :func:`build_tables` refuses them)."""
    tables = tables if tables is not None else build_tables(game)
    pv_start, pv_after, threat = model_arrays(game, tables)
    target = tables.target
    policy = np.zeros((target, target, target + 1, 6), dtype=np.uint8)
    kernel = cast(Any, level_policy)
    kernel(
        tables.kernel_rules(),
        tables.unit,
        PLAN_LIMIT,
        temperament.horizon,
        temperament.edge,
        HOT_RUN,
        pv_start,
        pv_after,
        threat,
        float(game.target),
        policy,
    )
    return policy


_TABLES: OrderedDict[tuple[Temperament, str], npt.NDArray[np.uint8]] = OrderedDict()


def cached_level_table(game: Game, temperament: Temperament) -> npt.NDArray[np.uint8]:
    """:func:`level_table`, kept in memory for a few (level, rules) pairs: a classic
    table is 48 MB and a few seconds to compute, and a tournament asks once per seat."""
    key = (temperament, game.canonical)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = level_table(game, temperament)
        while len(_TABLES) > 6:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    return table
