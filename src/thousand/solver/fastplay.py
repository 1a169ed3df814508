"""Whole two-player games at native speed, for players that read a strategy table.

The fast path plays exactly the engine's game on the rule sets the exact solver
handles (scores that only grow): the same chance tables, the same scores per throw, the
same stops as the engine allows and records — all read off the engine by
:func:`thousand.solver.tables.build_tables` — and, fed the same uniform numbers, the
same dice as :class:`thousand.dice.RandomDice` (``int(u * 6**n)`` located in the
cumulative weights). The test suite plays both side by side, throw for throw.

A player is a table ``policy[a, b, t, n]`` (1 = stop) over score units, as
:class:`thousand.solver.strategy.Strategy` holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.game import Game
from thousand.scoring import CHANCE_TABLES, DICE
from thousand.solver.tables import SolverTables, build_tables

# Per number of dice n (row n): cumulative weights of the sorted outcomes, and each
# outcome's points (units), dice kept (0 = bust) and instant-win flag.


@njit(cache=True)
def _locate(cumulative: Any, n: int, total: int, u: float) -> int:
    """Index of the outcome that ``u`` in [0, 1) selects, as RandomDice does."""
    x = int(u * total)
    lo = 0
    hi = cumulative.shape[1] - 1
    # first index with cumulative > x (bisect_right)
    while lo < hi:
        mid = (lo + hi) // 2
        if cumulative[n, mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True)
def play_one(
    uniforms: Any,
    start: int,
    first: int,
    policies: Any,
    seats: Any,
    cumulative: Any,
    totals: Any,
    o_pts: Any,
    o_kept: Any,
    o_inst: Any,
    stop_ok: Any,
    stop_to: Any,
    target: int,
    hot_must_throw: bool,
    exact: bool,
    retry: bool,
    max_turns: int,
) -> tuple[int, int, int, int, int]:
    """Play one game consuming ``uniforms[start:]``; ``first`` moves first.

    Returns (winner seat, turns played, final score of seat 0, of seat 1, uniforms used).
    A game longer than ``max_turns`` stops unfinished with winner -1; one that needs
    more uniforms than given stops with winner -2 (the caller gives more and replays).
    """
    scores = np.zeros(2, dtype=np.int64)
    mover = first
    used = start
    for turn in range(max_turns):
        a = scores[mover]
        b = scores[1 - mover]
        last = target - a
        policy = policies[seats[mover]]
        t = 0
        n = 5
        forced = True
        throws = 0
        while True:
            if not forced:
                tt = min(t, last)
                if stop_ok[a, tt] and policy[a, b, tt, n] == 1:
                    new = stop_to[a, tt]
                    if new < 0:
                        scores[mover] = a + t
                        return mover, turn + 1, scores[0], scores[1], used - start
                    scores[mover] = new
                    break
            if used >= uniforms.shape[0]:
                return -2, turn, scores[0], scores[1], used - start
            u = uniforms[used]
            used += 1
            throws += 1
            k = _locate(cumulative, n, totals[n], u)
            kept = o_kept[n, k]
            if kept == 0:
                if throws == 1 and retry:
                    forced = True
                    continue
                break
            if o_inst[n, k]:
                scores[mover] = a + t + o_pts[n, k]
                return mover, turn + 1, scores[0], scores[1], used - start
            t += o_pts[n, k]
            if exact and t > last:
                break
            n -= kept
            forced = False
            if n == 0:
                n = 5
                forced = hot_must_throw
        mover = 1 - mover
    return -1, max_turns, scores[0], scores[1], used - start


@njit(cache=True, parallel=True)
def play_many(
    games: int,
    seed: int,
    policies: Any,
    seats: Any,
    cumulative: Any,
    totals: Any,
    o_pts: Any,
    o_kept: Any,
    o_inst: Any,
    stop_ok: Any,
    stop_to: Any,
    target: int,
    hot_must_throw: bool,
    exact: bool,
    retry: bool,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """Play ``games`` games in parallel blocks; game i starts with seat ``i % 2``.

    Each block of games draws its own uniforms from ``seed`` and its block number, so
    results do not depend on how many threads run them.
    """
    block = 1024
    blocks = (games + block - 1) // block
    for index in prange(blocks):
        np.random.seed(seed * 1_000_003 + index)
        buffer = np.empty(1024)
        for i in range(buffer.shape[0]):
            buffer[i] = np.random.random()
        for game in range(index * block, min(games, (index + 1) * block)):
            while True:
                winner, played, s0, s1, used = play_one(
                    buffer,
                    0,
                    game % 2,
                    policies,
                    seats,
                    cumulative,
                    totals,
                    o_pts,
                    o_kept,
                    o_inst,
                    stop_ok,
                    stop_to,
                    target,
                    hot_must_throw,
                    exact,
                    retry,
                    max_turns,
                )
                if winner != -2:
                    break
                # A very long game: keep the uniforms it used, add more, replay it.
                longer = np.empty(2 * buffer.shape[0])
                longer[: buffer.shape[0]] = buffer
                for i in range(buffer.shape[0], longer.shape[0]):
                    longer[i] = np.random.random()
                buffer = longer
            # Only the uniforms this game used are spent; draw fresh ones in their place.
            for i in range(used):
                buffer[i] = np.random.random()
            winners[game] = winner
            turns[game] = played
            finals[game, 0] = s0
            finals[game, 1] = s1


@dataclass(frozen=True)
class FastResults:
    """Per game: the winning seat (-1 unfinished), turns played, final scores (points)."""

    winners: npt.NDArray[np.int64]
    turns: npt.NDArray[np.int64]
    finals: npt.NDArray[np.int64]
    seconds: float


class FastGame:
    """The engine's game for table players, compiled: :meth:`play` runs a tournament."""

    def __init__(self, game: Game, tables: SolverTables | None = None) -> None:
        self.game = game
        self.tables = tables if tables is not None else build_tables(game)
        unit = self.tables.unit
        width = max(len(CHANCE_TABLES[n].outcomes) for n in range(1, DICE + 1))
        self.cumulative = np.full((DICE + 1, width), np.iinfo(np.int64).max, dtype=np.int64)
        self.totals = np.zeros(DICE + 1, dtype=np.int64)
        self.o_pts = np.zeros((DICE + 1, width), dtype=np.int64)
        self.o_kept = np.zeros((DICE + 1, width), dtype=np.int64)
        self.o_inst = np.zeros((DICE + 1, width), dtype=np.bool_)
        for n in range(1, DICE + 1):
            chance = CHANCE_TABLES[n]
            self.totals[n] = chance.total
            for k, dice in enumerate(chance.outcomes):
                score = game.score(dice)
                self.cumulative[n, k] = chance.cumulative[k]
                self.o_pts[n, k] = score.points // unit
                self.o_kept[n, k] = len(score.kept)
                self.o_inst[n, k] = game.is_instant_win(dice)

    def _common(self) -> tuple[Any, ...]:
        tb = self.tables
        return (
            self.cumulative,
            self.totals,
            self.o_pts,
            self.o_kept,
            self.o_inst,
            tb.stop_ok,
            tb.stop_to,
            tb.target,
            tb.hot_must_throw,
            tb.exact,
            tb.retry,
        )

    def play_stream(
        self,
        uniforms: npt.NDArray[np.float64],
        first: int,
        policies: Sequence[npt.NDArray[np.uint8]],
        max_turns: int = 100_000,
    ) -> tuple[int, int, int, int, int]:
        """One game from given uniforms: (winner seat, turns, score 0, score 1, used)."""
        stack = np.stack(list(policies))
        seats = np.arange(len(policies), dtype=np.int64)
        kernel = cast(Callable[..., tuple[int, int, int, int, int]], play_one)
        winner, turns, s0, s1, used = kernel(
            uniforms, 0, first, stack, seats, *self._common(), max_turns
        )
        unit = self.tables.unit
        return int(winner), int(turns), int(s0) * unit, int(s1) * unit, int(used)

    def play(
        self,
        policies: Sequence[npt.NDArray[np.uint8]],
        games: int,
        seed: int,
        max_turns: int = 100_000,
    ) -> FastResults:
        """``games`` games of seat 0 against seat 1, who moves first alternating."""
        stack = np.stack(list(policies))
        seats = np.arange(len(policies), dtype=np.int64)
        winners = np.zeros(games, dtype=np.int64)
        turns = np.zeros(games, dtype=np.int64)
        finals = np.zeros((games, 2), dtype=np.int64)
        start = time.perf_counter()
        kernel = cast(Callable[..., None], play_many)
        kernel(games, seed, stack, seats, *self._common(), max_turns, winners, turns, finals)
        seconds = time.perf_counter() - start
        return FastResults(winners, turns, finals * self.tables.unit, seconds)
