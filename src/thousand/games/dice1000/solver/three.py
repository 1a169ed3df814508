"""Exact play for three players under rules where scores only grow (classic).

Every position of three players is solved: at the start of each turn, the winning chance
of each of the three (``V[a, b, c]``: the mover, the next player, the one after), each
maximising their own chance. :mod:`.three_kernel` says how — score sums from the
highest down, each sum's cycles of busts solved exactly by policy iteration.

Decisions are not tabled (8 million triples × every turn total would be a gigabyte):
a decision runs the turn's programme for its triple at the solved ``V`` — the very pass
the solve made last — and remembers the triple asked. The table itself (in float32,
the third chance left out: the three add up to one) is kept in the cache like the
two-player strategies, about 64 MB for the classic rules.

Four or more players are not solved exactly (40 times as many positions again for
four): ``perfect`` plays the two-player strategy against the leading opponent there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.games.dice1000.actions import STOP, Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.pace import Bands, Pace
from thousand.games.dice1000.solver.strategy import (
    SOLVER_VERSION,
    SolvedStrategy,
    SolveInfo,
    SolverError,
    _info_of,
    _peak_memory_mb,
    _read_cache,
    _write,
    cache_path,
)
from thousand.games.dice1000.solver.tables import SolverTables, build_tables, check_memory
from thousand.games.dice1000.solver.three_kernel import (
    mover_turns,
    new_work,
    solve_levels,
    thread_work,
)
from thousand.games.dice1000.state import GameState, Phase

TOLERANCE = 1e-14
"""A level is solved when a round of planning and cycle solving moves no chance more."""

PLAYERS = 3


def three_path(game: Game) -> Path:
    """The cache file of ``game``'s three-player table, beside the two-player one."""
    path = cache_path(game)
    return path.with_name(f"{path.stem}-3p.npz")


def level_work(target: int) -> npt.NDArray[np.float64]:
    """The solve's work at each score sum (index): the turn totals its movers go through."""
    a, b, c = np.meshgrid(*(np.arange(target),) * 3, indexing="ij")
    work = np.bincount((a + b + c).ravel(), weights=(target - a + 1).ravel())
    return work.astype(np.float64)


class ThreeStrategy(SolvedStrategy):
    """The exact three-player strategy of one rule set where scores only grow."""

    def __init__(
        self, game: Game, tables: SolverTables, win: npt.NDArray[np.float64], info: SolveInfo
    ) -> None:
        self.game = game
        self.tables = tables
        self.win = win
        self.info = info
        self.policy = np.zeros((0, 0, 0, 0), dtype=np.uint8)
        self._work = new_work(tables.target)
        self._planned: tuple[int, int, int] | None = None

    def triple(self, state: GameState) -> tuple[int, int, int, int, int]:
        """(mover, next, the one after, turn total, dice in hand), scores in units."""
        if len(state.players) != PLAYERS:
            raise SolverError("the three-player table answers positions of three players")
        unit = self.tables.unit
        me = state.current
        scores = [state.players[(me + k) % PLAYERS].score for k in range(PLAYERS)]
        if any(v % unit or v < 0 for v in (*scores, state.turn_total)):
            raise SolverError("this position is off the solved grid of scores")
        a, b, c = (v // unit for v in scores)
        target = self.tables.target
        if max(a, b, c) >= target:
            raise SolverError("this position is already decided")
        return a, b, c, min(state.turn_total // unit, target - a), state.dice_left

    def _plan(self, a: int, b: int, c: int) -> tuple[Any, Any]:
        """(the mover's chance if they throw [t, n], the three chances after a stop [t])."""
        if self._planned != (a, b, c):
            bust_own = np.array([self.win[b, c, a, 2]])
            rules = self.tables.kernel_rules()
            mover_turns(a, a + b + c, b, 1, self.win, rules, bust_own, self._work)
            self._planned = (a, b, c)
        return self._work[1][:, :, 0], self._work[2][:, 0, :]

    def stops(self, state: GameState) -> bool:
        values = self.action_values(state)
        return STOP in values and values[STOP] >= max(values.values())

    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""
        if state.phase is not Phase.DECIDE:
            raise SolverError("advice is given when the player decides to throw or stop")
        a, b, c, t, n = self.triple(state)
        throw_own, stop_val = self._plan(a, b, c)
        return {
            action: float(stop_val[t, 0]) if action is STOP else float(throw_own[t, n])
            for action in state.legal_actions()
        }

    def chances(self, state: GameState) -> tuple[float, float, float]:
        """Each player's chance at the start of this turn, in seat order from the mover."""
        a, b, c, _, _ = self.triple(state)
        return tuple(float(x) for x in self.win[a, b, c])  # type: ignore[return-value]

    def save(self, path: Path | None = None) -> Path:
        """Write atomically into the cache: two chances of three, in float32."""
        path = path or three_path(self.game)
        meta = {"rules": self.game.canonical, "version": SOLVER_VERSION, **asdict(self.info)}
        meta |= {"solver": "three_players", "shape": list(self.win.shape)}
        _write(path, win=self.win[..., :2].astype(np.float32), meta=meta)
        return path

    @classmethod
    def load(cls, game: Game, path: Path | None = None) -> ThreeStrategy | None:
        """The cached table of ``game``, None when there is none (or it is stale)."""
        path = path or three_path(game)
        found = _read_cache(path, game)
        if found is None or found[0].get("solver") != "three_players":
            return None
        meta, two, _ = found
        tables = build_tables(game)
        target = tables.target
        if two.shape != (target, target, target, 2):
            return None
        win = np.empty((target, target, target, 3))
        win[..., :2] = two
        win[..., 2] = 1.0 - win[..., 0] - win[..., 1]
        strategy = cls(game, tables, win, _info_of(meta))
        strategy.source = path
        return strategy


def solve_three(game: Game, progress: Callable[[str], None] | None = None) -> ThreeStrategy:
    """Solve ``game`` for three players exactly (rules whose scores only grow)."""
    start = time.perf_counter()
    tables = build_tables(game)
    target = tables.target
    cells = target**3
    check_memory(game, cells * (3 + 3 + 1 + 2) * 8, "the three-player tables of these rules")
    pace = Pace(progress)
    win = np.zeros((target, target, target, 3))
    alpha = np.zeros((target, target, target, 3))
    beta = np.zeros((target, target, target))
    guard = np.zeros((target, target, target, 2))
    works = thread_work(target)
    rules = tables.kernel_rules()
    work = np.cumsum(level_work(target)[::-1])
    positions = int(work[-1]) * 5
    pace.tell(f"solving {positions:,} positions of three players")
    bands = Bands()
    rounds = mixed = 0
    residual = 0.0
    high = 3 * target - 3
    while high >= 0:  # in bands of score sums, from the highest down
        size = bands.next(high + 1)
        low = high - size + 1
        called = time.perf_counter()
        found, damped, left = solve_levels(
            rules, win, alpha, beta, guard, works, high, low, TOLERANCE
        )
        rounds, mixed, residual = max(rounds, found), mixed + damped, max(residual, left)
        bands.took(time.perf_counter() - called, size)
        done = float(work[3 * target - 3 - low] / work[-1])
        high = low - 1
        pace.tick(f"{done:.0%} of the positions solved, {pace.left(done)}")
    del alpha, beta, guard, works
    info = SolveInfo(
        first_player_win=float(win[0, 0, 0, 0]),
        states=positions,
        seconds=time.perf_counter() - start,
        peak_memory_mb=_peak_memory_mb(),
        method="exact for three players: scores only grow; each score sum's cycles of busts "
        "(a, b, c) -> (b, c, a) -> (c, a, b) solved exactly by policy iteration, at most "
        f"{rounds} rounds a sum",
        approximations="none for three players"
        + (
            f"; in {mixed} score sums the players' best replies chased each other and were "
            f"settled by damped steps (largest residual left {residual:.1e})"
            if mixed
            else ""
        ),
        residual=residual,
        max_iterations=rounds,
        tolerance=TOLERANCE,
    )
    return ThreeStrategy(game, tables, win, info)
