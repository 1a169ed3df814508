"""Whole two-player games at native speed, for players that read a strategy table.

The fast path plays exactly the engine's game on the rule sets the exact solver
handles (scores that only grow): the same chance tables, the same scores per throw, the
same stops as the engine allows and records — all read off the engine by
:func:`thousand.games.dice1000.solver.tables.build_tables` — and, fed the same uniform numbers, the
same dice as :class:`thousand.games.dice1000.dice.RandomDice` (``int(u * 6**n)`` located in the
cumulative weights). The test suite plays both side by side, throw for throw.

A player is a table ``policy[a, b, t, n]`` (1 = stop) over score units, as
:class:`thousand.games.dice1000.solver.strategy.Strategy` holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.scoring import CHANCE_TABLES, DICE
from thousand.games.dice1000.solver.tables import SolverTables, build_tables


@njit(cache=True)
def play_one(
    uniforms: Any, start: int, first: int, policies: Any, seats: Any, rules: Any, max_turns: int
) -> tuple[int, int, int, int, int]:
    """Play one game consuming ``uniforms[start:]``; ``first`` moves first.

    Returns (winner seat, turns played, final score of seat 0, of seat 1, uniforms used).
    A game longer than ``max_turns`` stops unfinished with winner -1; one that needs
    more uniforms than given stops with winner -2 (the caller gives more and replays).
    """
    (
        codes,
        totals,
        _stop_ok,
        stop_to,
        target,
        hot_must_throw,
        exact,
        retry,
    ) = rules
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
                # The policy stops only where the rules allow it (see kernel).
                if (policy[a, b, n, tt >> 6] >> np.uint64(tt & 63)) & np.uint64(1):
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
            # The ordered throw int(u * 6**n) names its outcome by table (RandomDice
            # finds the same one by bisecting the cumulative weights).
            code = codes[n, int(u * totals[n])]
            kept = (code >> 1) & 7
            if kept == 0:
                if throws == 1 and retry:
                    forced = True
                    continue
                break
            if code & 1:
                scores[mover] = a + t + (code >> 4)
                return mover, turn + 1, scores[0], scores[1], used - start
            t += code >> 4
            if exact and t > last:
                break
            n -= kept
            forced = False
            if n == 0:
                n = 5
                forced = hot_must_throw
        mover = 1 - mover
    return -1, max_turns, scores[0], scores[1], used - start


BLOCK = 1024
"""Games per block of :func:`play_many`: one seed, one buffer of uniforms."""


@njit(cache=True, parallel=True)
def play_many(
    first_block: int,
    games: int,
    seed: int,
    policies: Any,
    seats: Any,
    rules: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """Play games ``first_block * BLOCK`` up to ``games`` in parallel blocks of
    :data:`BLOCK`; game i starts with seat ``i % 2`` and writes row i of the outputs.

    Each block of games draws its own uniforms from ``seed`` and its block number, so
    results depend neither on how many threads run them nor on how a tournament is cut
    into calls (the progress bar's steps).
    """
    blocks = (games + BLOCK - 1) // BLOCK
    for index in prange(first_block, blocks):
        _play_block(index, games, seed, policies, seats, rules, max_turns, winners, turns, finals)


@njit(cache=True)
def _play_block(
    index: int,
    games: int,
    seed: int,
    policies: Any,
    seats: Any,
    rules: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """One block of :func:`play_many`, in a function of its own: inside a ``prange`` body
    numba hoists the uniform buffer's allocation out of the loop and cannot grow it, so a
    game longer than the buffer (over 1,024 throws) failed there."""
    np.random.seed(seed * 1_000_003 + index)
    buffer = np.empty(1024)
    for i in range(buffer.shape[0]):
        buffer[i] = np.random.random()
    for game in range(index * BLOCK, min(games, (index + 1) * BLOCK)):
        while True:
            winner, played, s0, s1, used = play_one(
                buffer, 0, game % 2, policies, seats, rules, max_turns
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


def stop_bits(policies: Sequence[npt.NDArray[np.uint8]]) -> npt.NDArray[np.uint64]:
    """Policies ``[a, b, t, n]`` as bit sets ``[seat, a, b, n, word]`` over ``t``.

    A turn reads one (a, b) block again and again; as bits that block is 6 × 32 bytes
    instead of 1.2 kB, and the whole table 8 MB instead of 48 MB — the difference
    between cache hits and misses at every decision.
    """
    stack = np.stack(list(policies))  # seat, a, b, t, n
    seats, target, _, totals, _ = stack.shape
    words = (totals + 63) // 64
    padded = np.zeros((seats, target, target, 6, words * 64), dtype=np.uint8)
    padded[..., :totals] = stack.transpose(0, 1, 2, 4, 3)
    packed = np.packbits(padded, axis=-1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64)


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
        self.codes = np.zeros((DICE + 1, 6**DICE), dtype=np.int32)
        """``codes[n, i]``: the outcome of ordered throw ``i`` of ``n`` dice, packed as
        ``points << 4 | dice kept << 1 | instant win`` (0: a bust) — one load a throw."""
        self.totals = np.zeros(DICE + 1, dtype=np.int64)
        for n in range(1, DICE + 1):
            chance = CHANCE_TABLES[n]
            self.totals[n] = chance.total
            packed = np.zeros(len(chance.outcomes), dtype=np.int32)
            for k, dice in enumerate(chance.outcomes):
                score = game.score(dice)
                instant = game.is_instant_win(dice)
                packed[k] = (score.points // unit) << 4 | len(score.kept) << 1 | int(instant)
            ordered = np.arange(chance.total)
            outcome = np.searchsorted(chance.cumulative, ordered, side="right")
            self.codes[n, : chance.total] = packed[outcome]

    def kernel_rules(self) -> tuple[Any, ...]:
        """The tuple :func:`play_one` and :func:`play_many` take as ``rules``."""
        tb = self.tables
        return (
            self.codes,
            self.totals,
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
        stack = stop_bits(policies)
        seats = np.arange(len(policies), dtype=np.int64)
        kernel = cast(Callable[..., tuple[int, int, int, int, int]], play_one)
        winner, turns, s0, s1, used = kernel(
            uniforms, 0, first, stack, seats, self.kernel_rules(), max_turns
        )
        unit = self.tables.unit
        return int(winner), int(turns), int(s0) * unit, int(s1) * unit, int(used)

    def play(
        self,
        policies: Sequence[npt.NDArray[np.uint8]],
        games: int,
        seed: int,
        max_turns: int = 100_000,
        progress: Callable[[int], None] | None = None,
    ) -> FastResults:
        """``games`` games of seat 0 against seat 1, who moves first alternating.

        With ``progress``, the games are played in up to fifty steps and it is told
        how many are done after each; the results are the same either way.
        """
        stack = stop_bits(policies)
        seats = np.arange(len(policies), dtype=np.int64)
        winners = np.zeros(games, dtype=np.int64)
        turns = np.zeros(games, dtype=np.int64)
        finals = np.zeros((games, 2), dtype=np.int64)
        blocks = (games + BLOCK - 1) // BLOCK
        step = blocks if progress is None else max(32, blocks // 50)
        rules = self.kernel_rules()
        kernel = cast(Callable[..., None], play_many)
        start = time.perf_counter()
        for first_block in range(0, blocks, step):
            end = min(games, (first_block + step) * BLOCK)
            kernel(first_block, end, seed, stack, seats, rules, max_turns, winners, turns, finals)
            if progress is not None:
                progress(end)
        seconds = time.perf_counter() - start
        return FastResults(winners, turns, finals * self.tables.unit, seconds)
