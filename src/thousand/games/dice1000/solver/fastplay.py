"""Whole games at native speed, for players that read a strategy table.

The fast path plays exactly the engine's game on the rule sets the exact solver
handles (scores that only grow): the same chance tables, the same scores per throw, the
same stops as the engine allows and records — all read off the engine by
:func:`thousand.games.dice1000.solver.tables.build_tables` — and, fed the same uniform numbers, the
same dice as :class:`thousand.games.dice1000.dice.RandomDice` (``int(u * 6**n)`` located in the
cumulative weights). The test suite plays both side by side, throw for throw.

A player is a table ``policy[a, b, t, n]`` (1 = stop) over score units, as
:class:`thousand.games.dice1000.solver.strategy.Strategy` holds, played against the
leading opponent when there are more than two; or, at a table of three, the exact
three-player table (:mod:`.three`), each turn planned as the engine's player plans it.
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
from thousand.games.dice1000.solver.three_kernel import mover_turns, new_work

LEADER = 0
"""A seat that reads a two-player stop table against the leading opponent."""
THREE = 1
"""A seat that plays the exact three-player table (three players only)."""


@njit(cache=True)
def leader(scores: Any, mover: int) -> int:
    """The opponent a two-player table plays against: the highest score, ties going to
    whoever moves sooner (as :func:`.strategy._rival`)."""
    players = scores.shape[0]
    best = -1
    for step in range(1, players):
        other = (mover + step) % players
        if best < 0 or scores[other] > scores[best]:
            best = other
    return best


@njit(cache=True)
def seat_scratch(three: Any, target: int) -> tuple[Any, Any]:
    """Scratch of :func:`play_one` (a turn's programme and its bust value), made once per
    block of games: a three-player turn's programme needs some 10 MB."""
    return new_work(target if three.shape[0] > 1 else 1), np.zeros(1)


@njit(cache=True)
def play_one(
    uniforms: Any,
    start: int,
    first: int,
    policies: Any,
    kinds: Any,
    three: Any,
    rules: Any,
    rules3: Any,
    max_turns: int,
    scores: Any,
    scratch: Any,
) -> tuple[int, int, int]:
    """Play one game consuming ``uniforms[start:]``; seat ``first`` moves first.

    ``scores`` (one per seat) ends with the final scores; ``scratch`` is
    :func:`seat_scratch`'s. A seat of kind :data:`LEADER`
    stops where its table ``policies[seat]`` says against the leading opponent; one of
    kind :data:`THREE` plans each turn with the three-player table ``three`` by the very
    programme :class:`~.three.ThreeStrategy` runs (:func:`.three_kernel.mover_turns`).
    Returns (winner seat, turns played, uniforms used). A game longer than ``max_turns``
    stops unfinished with winner -1; one that needs more uniforms than given stops with
    winner -2 (the caller gives more and replays).
    """
    (
        codes,
        totals,
        stop_ok,
        stop_to,
        target,
        hot_must_throw,
        exact,
        retry,
    ) = rules
    players = scores.shape[0]
    scores[:] = 0
    mover = first
    used = start
    work, bust_own = scratch
    for turn in range(max_turns):
        a = scores[mover]
        last = target - a
        kind = kinds[mover]
        policy = policies[mover]
        b = 0
        if kind == THREE:
            b, c = scores[(mover + 1) % 3], scores[(mover + 2) % 3]
            bust_own[0] = three[b, c, a, 2]
            mover_turns(a, a + b + c, b, 1, three, rules3, bust_own, work)
        else:
            b = scores[leader(scores, mover)]
        throw_own, stop_val = work[1], work[2]
        t = 0
        n = 5
        forced = True
        throws = 0
        while True:
            if not forced:
                tt = min(t, last)
                # The tables stop only where the rules allow it (see kernel).
                if kind == THREE:
                    stop = stop_ok[a, tt] and stop_val[tt, 0, 0] >= throw_own[tt, n, 0]
                else:
                    word = policy[a, b, n, tt >> 6]
                    stop = (word >> np.uint64(tt & 63)) & np.uint64(1) != np.uint64(0)
                if stop:
                    new = stop_to[a, tt]
                    if new < 0:
                        scores[mover] = a + t
                        return mover, turn + 1, used - start
                    scores[mover] = new
                    break
            if used >= uniforms.shape[0]:
                return -2, turn, used - start
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
                return mover, turn + 1, used - start
            t += code >> 4
            if exact and t > last:
                break
            n -= kept
            forced = False
            if n == 0:
                n = 5
                forced = hot_must_throw
        mover = (mover + 1) % players
    return -1, max_turns, used - start


BLOCK = 1024
"""Games per block of :func:`play_many`: one seed, one buffer of uniforms."""


@njit(cache=True, parallel=True)
def play_many(
    first_block: int,
    games: int,
    seed: int,
    policies: Any,
    kinds: Any,
    three: Any,
    rules3: Any,
    rules: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """Play games ``first_block * BLOCK`` up to ``games`` in parallel blocks of
    :data:`BLOCK`; game i starts with seat ``i % seats`` and writes row i of the outputs.
    The seats are as :func:`play_one` takes them (:meth:`FastGame.seated`).

    Each block of games draws its own uniforms from ``seed`` and its block number, so
    results depend neither on how many threads run them nor on how a tournament is cut
    into calls (the progress bar's steps).
    """
    blocks = (games + BLOCK - 1) // BLOCK
    for index in prange(first_block, blocks):
        _play_block(
            index,
            games,
            seed,
            policies,
            kinds,
            three,
            rules3,
            rules,
            max_turns,
            winners,
            turns,
            finals,
        )


@njit(cache=True)
def _play_block(
    index: int,
    games: int,
    seed: int,
    policies: Any,
    kinds: Any,
    three: Any,
    rules3: Any,
    rules: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """One block of :func:`play_many`, in a function of its own: inside a ``prange`` body
    numba hoists the uniform buffer's allocation out of the loop and cannot grow it, so a
    game longer than the buffer (over 1,024 throws) failed there."""
    players = finals.shape[1]
    scores = np.zeros(players, dtype=np.int64)
    scratch = seat_scratch(three, rules[4])
    np.random.seed(seed * 1_000_003 + index)
    buffer = np.empty(1024)
    for i in range(buffer.shape[0]):
        buffer[i] = np.random.random()
    for game in range(index * BLOCK, min(games, (index + 1) * BLOCK)):
        while True:
            winner, played, used = play_one(
                buffer,
                0,
                game % players,
                policies,
                kinds,
                three,
                rules,
                rules3,
                max_turns,
                scores,
                scratch,
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
        finals[game] = scores


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

    def seated(
        self,
        policies: Sequence[npt.NDArray[np.uint8] | None],
        three: npt.NDArray[np.float64] | None = None,
    ) -> tuple[Any, ...]:
        """The seats as :func:`play_one` takes them: (stop bits, kinds, three table, rules).

        A seat's policy is a two-player stop table ``[a, b, t, n]`` (played against the
        leading opponent), or None for a seat that plays ``three``, the three-player
        table of :class:`~.three.ThreeStrategy` (three seats only).
        """
        if any(p is None for p in policies) and (three is None or len(policies) != 3):
            raise ValueError("a seat without a stop table plays the three-player table")
        template = next((p for p in policies if p is not None), np.zeros((1, 1, 1, 6), np.uint8))
        stack = stop_bits([template if p is None else p for p in policies])
        kinds = np.array([THREE if p is None else LEADER for p in policies], dtype=np.int64)
        table = three if three is not None else np.zeros((1, 1, 1, 3))
        return stack, kinds, table, self.tables.kernel_rules()

    def play_stream(
        self,
        uniforms: npt.NDArray[np.float64],
        first: int,
        policies: Sequence[npt.NDArray[np.uint8] | None],
        max_turns: int = 100_000,
        three: npt.NDArray[np.float64] | None = None,
    ) -> tuple[int, int, list[int], int]:
        """One game from given uniforms: (winner seat, turns, scores by seat, used)."""
        stack, kinds, table, rules3 = self.seated(policies, three)
        scores = np.zeros(len(policies), dtype=np.int64)
        kernel = cast(Callable[..., tuple[int, int, int]], play_one)
        scratch = seat_scratch(table, self.tables.target)
        rules = self.kernel_rules()
        winner, turns, used = kernel(
            uniforms, 0, first, stack, kinds, table, rules, rules3, max_turns, scores, scratch
        )
        unit = self.tables.unit
        return int(winner), int(turns), [int(x) * unit for x in scores], int(used)

    def play(
        self,
        policies: Sequence[npt.NDArray[np.uint8] | None],
        games: int,
        seed: int,
        max_turns: int = 100_000,
        progress: Callable[[int], None] | None = None,
        three: npt.NDArray[np.float64] | None = None,
    ) -> FastResults:
        """``games`` games of the seats, who moves first going round (game i: seat i % n).

        With ``progress``, the games are played in up to fifty steps and it is told
        how many are done after each; the results are the same either way.
        """
        seated = self.seated(policies, three)
        winners = np.zeros(games, dtype=np.int64)
        turns = np.zeros(games, dtype=np.int64)
        finals = np.zeros((games, len(policies)), dtype=np.int64)
        blocks = (games + BLOCK - 1) // BLOCK
        step = blocks if progress is None else max(32, blocks // 50)
        rules = self.kernel_rules()
        kernel = cast(Callable[..., None], play_many)
        start = time.perf_counter()
        for first_block in range(0, blocks, step):
            end = min(games, (first_block + step) * BLOCK)
            kernel(first_block, end, seed, *seated, rules, max_turns, winners, turns, finals)
            if progress is not None:
                progress(end)
        seconds = time.perf_counter() - start
        return FastResults(winners, turns, finals * self.tables.unit, seconds)
