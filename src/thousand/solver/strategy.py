"""Solved strategies: compute once, keep in a cache, answer positions in microseconds.

A :class:`Strategy` holds, for two players under one rule set, the winning chance at
the start of every turn (``W``) and the optimal stop/throw decision at every position
inside a turn (``policy``). It is saved compressed under the user's cache folder,
keyed by a hash of the rules' canonical form, so ``thousand solve`` computes it once.

Positions with three or more players are answered by playing the two-player strategy
against the opponent most likely to win — the one with the highest score, ties going to
whoever moves sooner. This is an approximation (documented in ``thousand solve``'s
output); exact play for three or more players is a much larger problem.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from thousand.actions import STOP, THROW, Action
from thousand.errors import ThousandError
from thousand.game import Game
from thousand.solver.kernel import solve_monotone, turn_values
from thousand.solver.tables import SolverTables, build_tables
from thousand.state import GameState, Phase

SOLVER_VERSION = 1
"""Bump when the kernel's results change, so stale cache files are recomputed."""

TOLERANCE = 1e-15


class SolverError(ThousandError):
    """A position or rule set the solver cannot answer."""


@dataclass(frozen=True)
class SolveInfo:
    """What ``thousand solve`` reports."""

    first_player_win: float
    states: int
    seconds: float
    peak_memory_mb: float
    method: str
    approximations: str
    max_iterations: int


def cache_dir() -> Path:
    """Where strategies are kept: ``$THOUSAND_CACHE_DIR`` or the XDG cache folder."""
    override = os.environ.get("THOUSAND_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir("thousand"))


def cache_path(game: Game) -> Path:
    digest = hashlib.sha256(f"{SOLVER_VERSION}:{game.canonical}".encode()).hexdigest()[:20]
    return cache_dir() / "strategies" / f"{digest}.npz"


def _peak_memory_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Strategy:
    """The solved two-player strategy of one rule set."""

    def __init__(
        self,
        game: Game,
        tables: SolverTables,
        win: npt.NDArray[np.float64],
        policy: npt.NDArray[np.uint8],
        info: SolveInfo,
    ) -> None:
        self.game = game
        self.tables = tables
        self.win = win
        self.policy = policy
        self.info = info
        target = tables.target
        self._work = (
            np.zeros((target + 1, 6)),
            np.zeros((target + 1, 6)),
            np.zeros((target + 1, 6)),
            np.zeros(target + 1),
        )

    # -- positions ---------------------------------------------------------------

    def _grid(self, state: GameState) -> tuple[int, int, int, int]:
        """(mover, opponent, turn total, dice in hand) in score units."""
        if len(state.players) < 2:
            raise SolverError("the solved strategy needs at least two players")
        unit = self.tables.unit
        me = state.current
        others = [i for i in range(len(state.players)) if i != me]
        order = {i: (i - me) % len(state.players) for i in others}
        rival = max(others, key=lambda i: (state.players[i].score, -order[i]))
        values = (state.players[me].score, state.players[rival].score, state.turn_total)
        if any(v % unit or v < 0 for v in values):
            raise SolverError("this position is off the solved grid of scores")
        a, b, t = (v // unit for v in values)
        target = self.tables.target
        if a >= target or b >= target:
            raise SolverError("this position is already decided")
        return a, b, min(t, target - a), state.dice_left

    def decide(self, state: GameState) -> Action:
        """The optimal action for the player to move (a table lookup)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.phase is not Phase.DECIDE:
            raise SolverError("the solved strategy does not choose dice (choose_dice)")
        a, b, t, n = self._grid(state)
        return STOP if self.policy[a, b, t, n] else THROW

    def win_chance(self, state: GameState) -> float:
        """The mover's chance of winning from here when both play perfectly."""
        values = self.action_values(state)
        return max(values.values())

    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""
        if state.phase is not Phase.DECIDE:
            raise SolverError("advice is given when the player decides to throw or stop")
        a, b, t, n = self._grid(state)
        bust_value = 1.0 - float(self.win[b, a])
        turn_values(a, b, bust_value, self.win, self.tables.kernel_rules(), self._work)
        _, _, throw_val, stop_val = self._work
        values: dict[Action, float] = {}
        for action in state.legal_actions():
            if action is STOP:
                values[action] = float(stop_val[t])
            else:
                values[action] = float(throw_val[t, n])
        return values

    # -- storage -----------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        """Write atomically (temp file, then rename) into the cache."""
        path = path or cache_path(self.game)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"rules": self.game.canonical, "version": SOLVER_VERSION, **asdict(self.info)}
        temp = path.with_suffix(".tmp.npz")
        np.savez_compressed(
            temp,
            win=self.win,
            policy=np.packbits(self.policy, axis=None),
            meta=np.array(json.dumps(meta)),
        )
        os.replace(temp, path)
        return path

    @classmethod
    def load(cls, game: Game, path: Path | None = None) -> Strategy | None:
        """The cached strategy of ``game``, or None when there is none (or it is stale)."""
        path = path or cache_path(game)
        if not path.exists():
            return None
        try:
            with np.load(path) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("rules") != game.canonical or meta.get("version") != SOLVER_VERSION:
                    return None
                win = data["win"]
                packed = data["policy"]
        except (OSError, ValueError, KeyError):
            return None  # a damaged cache file is simply recomputed
        tables = build_tables(game)
        target = tables.target
        shape = (target, target, target + 1, 6)
        policy = np.unpackbits(packed, count=int(np.prod(shape))).reshape(shape)
        info_fields = {k: meta[k] for k in SolveInfo.__dataclass_fields__}
        return cls(game, tables, win, policy, SolveInfo(**info_fields))


def count_states(target: int) -> int:
    """Positions solved: both scores below the target, every turn total and dice count."""
    return sum((target - a + 1) * 5 for a in range(target)) * target


def solve(game: Game, progress: Callable[[str], None] | None = None) -> Strategy:
    """Solve ``game`` for two players exactly (rules whose scores only grow)."""
    start = time.perf_counter()
    tables = build_tables(game)
    target = tables.target
    win = np.zeros((target, target))
    policy = np.zeros((target, target, target + 1, 6), dtype=np.uint8)
    if progress is not None:
        progress(f"solving {count_states(target):,} positions")
    iterations = solve_monotone(tables.kernel_rules(), win, policy, TOLERANCE)
    info = SolveInfo(
        first_player_win=float(win[0, 0]),
        states=count_states(target),
        seconds=time.perf_counter() - start,
        peak_memory_mb=_peak_memory_mb(),
        method="exact: scores only grow; each bust cycle solved by policy iteration on "
        "its 2x2 linear system",
        approximations="none for two players; with three or more, perfect plays against "
        "the leading opponent",
        max_iterations=int(iterations),
    )
    return Strategy(game, tables, win, policy, info)


def load_or_solve(
    game: Game, progress: Callable[[str], None] | None = None
) -> tuple[Strategy, bool]:
    """The cached strategy, or a fresh solve saved to the cache; True if it was cached."""
    cached = Strategy.load(game)
    if cached is not None:
        return cached, True
    strategy = solve(game, progress)
    strategy.save()
    return strategy, False


def as_json(info: SolveInfo) -> dict[str, Any]:
    return asdict(info)
