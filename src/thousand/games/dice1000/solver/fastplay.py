"""Whole games at native speed, for players that read a strategy table.

The fast path plays exactly the engine's game under every rule set the solver takes
(all but ``choose_dice``), scores that fall included, at every table size: a player's
state is their *sheet* (:mod:`.sheets`: score, in the game or not, bolts, barrel
attempts, entry score), and every change a turn makes to it — a stop, a bust, a dump
truck, an overtaking penalty or a knock-off suffered by each opponent — is a table read
off the engine. The throws are the engine's too: the same chance tables, the same scores
per throw and, fed the same uniform numbers, the same dice as
:class:`thousand.games.dice1000.dice.RandomDice` (``int(u * 6**n)`` located in the
cumulative weights). The test suite plays both side by side, throw for throw.

The sheets here are built with a floor of :data:`FLOOR` points and exact entry scores,
so that they *are* the engine's sheets (the solver's own sheets stop at −100 and may
bucket entry scores; a seat that reads the solver's tables looks its sheet up there, as
``perfect`` does in the engine). A game whose score falls below the floor stops as
unfinished and is counted apart (``OFF_TABLE``): nothing is played approximately.

A seat is one of (:class:`NativeSeat`):

* :data:`PAIR` — a two-player stop table over (mover's row, opponent's row), played
  against the leading opponent: ``perfect``;
* :data:`LEVEL` — a level's table over (mover's class, rounded threat of all the
  opponents): ``cautious``, ``balanced``, ``bold`` (:mod:`.levels`);
* :data:`THREE` — the exact three-player table (:mod:`.three`): each decision read off
  its lists of switch points per triple and dice in hand.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.planning import THREAT_STEPS
from thousand.games.dice1000.scoring import CHANCE_TABLES, DICE
from thousand.games.dice1000.solver.levels import SheetModel, sheet_model
from thousand.games.dice1000.solver.sheets import NO_STOP, WIN, SheetTables, build_sheets
from thousand.games.dice1000.solver.three_kernel import mover_turns, new_work, stops_by_switches

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.three import StopSwitches

PAIR = 0
"""A seat that reads a two-player stop table against the leading opponent."""
LEVEL = 1
"""A seat that reads a level's table at the rounded threat of every opponent."""
THREE = 2
"""A seat that plays the exact three-player table (three players only)."""

FLOOR = -1000
"""Points: the lowest score the native games follow (see the module docstring)."""

UNFINISHED = -1
"""Winner of a game stopped after ``max_turns``."""
SHORT = -2
"""Winner of a game that ran out of uniforms (the block gives more and replays it)."""
OFF_TABLE = -3
"""Winner of a game in which a score fell below :data:`FLOOR`."""
NO_ROW = -4
"""Winner of a game in which a seat met a sheet its table has no row for."""


@njit(cache=True)
def leader(score: Any, state: Any, mover: int) -> int:
    """The opponent a two-player table plays against: the highest score, ties going to
    whoever moves sooner (as :func:`.strategy._rival`)."""
    players = state.shape[0]
    best = -1
    for step in range(1, players):
        other = (mover + step) % players
        if best < 0 or score[state[other]] > score[state[best]]:
            best = other
    return best


@njit(cache=True)
def threat_step(finishing: Any, state: Any, first: int, mover: int) -> int:
    """The mover's threat in steps of 1/:data:`THREAT_STEPS`, computed as
    :meth:`~thousand.games.dice1000.planning.RulesModel.threat` and
    :func:`~thousand.games.dice1000.planning.quantised_threat` compute it: the product
    over the opponents in the engine's player order (from the first player), then
    ``floor(x + 0.5)``."""
    players = state.shape[0]
    safe = 1.0
    for index in range(players):
        seat = (first + index) % players
        if seat != mover:
            safe *= 1.0 - finishing[state[seat]]
    return math.floor((1.0 - safe) * THREAT_STEPS + 0.5)


@njit(cache=True)
def seat_scratch(three: Any, target: int) -> tuple[Any, Any]:
    """Scratch of :func:`play_one` (a turn's programme and its bust value), made once per
    block of games: a three-player turn's programme needs some 10 MB."""
    return new_work(target if three.shape[0] > 1 else 1), np.zeros(1)


@njit(cache=True)
def _moved(state: Any, seat: int, sheet: int, off: Any) -> bool:
    """Give ``seat`` the sheet ``sheet``; False if that is below the floor."""
    state[seat] = sheet
    return sheet >= 0 and not off[sheet]


@njit(cache=True)
def play_one(
    uniforms: Any,
    start: int,
    first: int,
    seats: Any,
    rules3: Any,
    world: Any,
    max_turns: int,
    state: Any,
    finals: Any,
    scratch: Any,
) -> tuple[int, int, int]:
    """Play one game consuming ``uniforms[start:]``; seat ``first`` moves first.

    ``state`` (a sheet per seat) is scratch; ``finals`` ends with the final scores in
    units. ``seats`` and ``rules3`` are :meth:`FastGame.seated`'s (the latter apart:
    numba's parallel loops take no tuple inside a tuple), ``world`` is
    :meth:`FastGame.world`'s. Returns (winner seat, turns played, uniforms used); the
    winner is one of :data:`UNFINISHED`, :data:`SHORT` (the caller gives more uniforms
    and replays), :data:`OFF_TABLE`, :data:`NO_ROW` when the game did not end in a win.
    """
    (
        codes,
        totals,
        score,
        stop_to,
        stop_new,
        stop_land,
        stop_fx,
        opp_after,
        bust_to,
        dump_to,
        dump_at,
        target,
        overtaking,
        affects,
        hot_must_throw,
        exact,
        retry,
        off,
        finishing,
    ) = world
    kinds, bits, base, rows_b, words, rowmap, rowlast, three, counts, offsets, switches = seats
    players = state.shape[0]
    state[:] = 0
    mover = first
    used = start
    work, bust_own = scratch
    throw_own, stop_val = work[1], work[2]
    stop_ok3 = rules3[0]
    for turn in range(max_turns):
        s = state[mover]
        a = score[s]
        last = target - a
        kind = kinds[mover]
        ra = rowmap[mover, s]
        rb = 0
        b = c = 0
        planned = False
        if kind == PAIR:
            rb = rowmap[mover, state[leader(score, state, mover)]]
        elif kind == LEVEL:
            rb = threat_step(finishing, state, first, mover)
        else:
            b, c = score[state[(mover + 1) % 3]], score[state[(mover + 2) % 3]]
        if ra < 0 or rb < 0:
            return NO_ROW, turn, used - start
        row_last = rowlast[mover, ra]
        offset = base[mover] + (ra * rows_b[mover] + rb) * (DICE + 1) * words[mover]
        t = 0
        n = DICE
        forced = True
        throws = 0
        while True:
            if not forced:
                tt = min(t, last)
                if stop_to[s, tt] != NO_STOP:
                    if kind == THREE:
                        if counts.shape[0] > 1:
                            stop = stops_by_switches(
                                counts, offsets, switches, a, b, c, n, tt, target
                            )
                        else:  # no switch lists made: plan the turn as the engine does
                            if not planned:
                                bust_own[0] = three[b, c, a, 2]
                                mover_turns(a, a + b + c, b, 1, three, rules3, bust_own, work)
                                planned = True
                            stop = stop_ok3[a, tt] and stop_val[tt, 0, 0] >= throw_own[tt, n, 0]
                    else:
                        ts = min(t, row_last)
                        word = bits[offset + n * words[mover] + (ts >> 6)]
                        stop = (word >> np.uint64(ts & 63)) & np.uint64(1) != np.uint64(0)
                    if stop:
                        after = stop_to[s, tt]
                        if after == WIN:
                            for seat in range(players):
                                finals[seat] = score[state[seat]]
                            finals[mover] = a + t
                            return mover, turn + 1, used - start
                        if affects and stop_fx[s, tt]:
                            land = stop_land[s, tt]
                            high = stop_new[s, tt]
                            for other in range(players):
                                if other != mover:
                                    j = state[other]
                                    crossed = 1 if overtaking and a <= score[j] < high else 0
                                    if not _moved(state, other, opp_after[j, crossed, land], off):
                                        return OFF_TABLE, turn + 1, used - start
                        if not _moved(state, mover, after, off):
                            return OFF_TABLE, turn + 1, used - start
                        break
            if used >= uniforms.shape[0]:
                return SHORT, turn, used - start
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
                if not _moved(state, mover, bust_to[s], off):
                    return OFF_TABLE, turn + 1, used - start
                break
            if code & 1:
                for seat in range(players):
                    finals[seat] = score[state[seat]]
                finals[mover] = a + t + (code >> 4)
                return mover, turn + 1, used - start
            t += code >> 4
            if t > last:
                if exact:
                    if not _moved(state, mover, bust_to[s], off):
                        return OFF_TABLE, turn + 1, used - start
                    break
            elif dump_at[s, t]:
                if not _moved(state, mover, dump_to[s], off):
                    return OFF_TABLE, turn + 1, used - start
                break
            n -= kept
            forced = False
            if n == 0:
                n = DICE
                forced = hot_must_throw
        mover = (mover + 1) % players
    for seat in range(players):
        finals[seat] = score[state[seat]]
    return UNFINISHED, max_turns, used - start


BLOCK = 1024
"""Games per block of :func:`play_many`: one seed, one buffer of uniforms."""


@njit(cache=True, parallel=True)
def play_many(
    first_block: int,
    games: int,
    seed: int,
    seats: Any,
    rules3: Any,
    world: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """Play games ``first_block * BLOCK`` up to ``games`` in parallel blocks of
    :data:`BLOCK`; game i starts with seat ``i % seats`` and writes row i of the outputs.

    Each block of games draws its own uniforms from ``seed`` and its block number, so
    results depend neither on how many threads run them nor on how a tournament is cut
    into calls (the progress bar's steps).
    """
    blocks = (games + BLOCK - 1) // BLOCK
    for index in prange(first_block, blocks):
        _play_block(index, games, seed, seats, rules3, world, max_turns, winners, turns, finals)


@njit(cache=True)
def _play_block(
    index: int,
    games: int,
    seed: int,
    seats: Any,
    rules3: Any,
    world: Any,
    max_turns: int,
    winners: Any,
    turns: Any,
    finals: Any,
) -> None:
    """One block of :func:`play_many`, in a function of its own: inside a ``prange`` body
    numba hoists the uniform buffer's allocation out of the loop and cannot grow it, so a
    game longer than the buffer (over 1,024 throws) failed there."""
    players = finals.shape[1]
    state = np.zeros(players, dtype=np.int64)
    final = np.zeros(players, dtype=np.int64)
    scratch = seat_scratch(seats[7], world[11])
    np.random.seed(seed * 1_000_003 + index)
    buffer = np.empty(1024)
    for i in range(buffer.shape[0]):
        buffer[i] = np.random.random()
    for game in range(index * BLOCK, min(games, (index + 1) * BLOCK)):
        while True:
            winner, played, used = play_one(
                buffer, 0, game % players, seats, rules3, world, max_turns, state, final, scratch
            )
            if winner != SHORT:
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
        finals[game] = final


def pack_stops(policy: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """A stop table ``[a, b, t, n]`` as bits ``[a, b, n, word]`` over ``t``.

    A turn reads one (a, b) block again and again; as bits that block is 6 × 32 bytes
    instead of 1.2 kB, and the whole classic table 8 MB instead of 48 MB — the difference
    between cache hits and misses at every decision.
    """
    rows_a, rows_b, totals, _ = policy.shape
    words = (totals + 63) // 64
    padded = np.zeros((rows_a, rows_b, DICE + 1, words * 64), dtype=np.uint8)
    padded[..., :totals] = policy.transpose(0, 1, 3, 2)
    packed = np.packbits(padded, axis=-1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64)


@dataclass(frozen=True)
class ThreeTable:
    """What a :data:`THREE` seat reads: the exact table and, if made, its switch lists."""

    win: npt.NDArray[np.float64]
    """``V[a, b, c, 3]`` of :class:`~.three.ThreeStrategy`."""
    switches: StopSwitches | None
    """Every decision as lists of switch points (:class:`.three.StopSwitches`); None:
    each turn is planned by the programme, as the engine's ``perfect`` plans it."""
    rules: tuple[Any, ...]
    """The monotone solver's kernel rules (:meth:`.tables.SolverTables.kernel_rules`)."""


@dataclass(frozen=True)
class NativeSeat:
    """What one seat of a native game reads.

    ``bits[row_a, row_b, n, word]``: its stop table over the turn total; ``rows[s]``:
    the row of sheet ``s`` of :attr:`FastGame.sheets` (-1: none); ``lasts[row]``: the
    turn total at which that row's table is clamped (its own ``target − score``).
    For :data:`LEVEL` the second index is the threat step; :data:`THREE` reads
    ``three`` instead.
    """

    kind: int
    bits: npt.NDArray[np.uint64]
    rows: npt.NDArray[np.int64]
    lasts: npt.NDArray[np.int64]
    three: ThreeTable | None = None


@dataclass(frozen=True)
class FastResults:
    """Per game: the winning seat (or a code below 0), turns played, final scores (points)."""

    winners: npt.NDArray[np.int64]
    turns: npt.NDArray[np.int64]
    finals: npt.NDArray[np.int64]
    seconds: float


_SHEETS: OrderedDict[str, SheetTables] = OrderedDict()


def game_sheets(game: Game) -> SheetTables:
    """The native games' sheets of ``game`` (floor :data:`FLOOR`, exact entry scores),
    built once per rule set and kept for a few: under ``barrel850`` they take seconds."""
    sheets = _SHEETS.get(game.canonical)
    if sheets is None:
        sheets = _SHEETS[game.canonical] = build_sheets(game, FLOOR, None)
        while len(_SHEETS) > 4:
            _SHEETS.popitem(last=False)
    else:
        _SHEETS.move_to_end(game.canonical)
    return sheets


def _no_three() -> tuple[Any, ...]:
    """Stand-ins for :class:`ThreeTable`'s arrays where no seat plays one (numba wants
    the same types in every call)."""
    rules = (
        np.zeros((1, 1), dtype=np.bool_),
        np.zeros((1, 1), dtype=np.int64),
        np.zeros((1, 1), dtype=np.int64),
        np.zeros((1, 1), dtype=np.int64),
        np.zeros((1, 1)),
        np.zeros((1, 1), dtype=np.bool_),
        np.zeros(1, dtype=np.int64),
        np.zeros(1),
        1,
        False,
        False,
        False,
    )
    counts = np.zeros((1, 1, 1, 6), dtype=np.uint8)
    offsets = np.zeros(2, dtype=np.uint32)
    return np.zeros((1, 1, 1, 3)), counts, offsets, np.zeros(1, dtype=np.uint8), rules


class FastGame:
    """The engine's game for table players, compiled: :meth:`play` runs a tournament."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.sheets = game_sheets(game)
        unit = self.sheets.unit
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
        self._model: SheetModel | None = None

    def model(self) -> SheetModel:
        """What the levels' rules model says about each sheet (made when first asked)."""
        if self._model is None:
            self._model = sheet_model(self.game, self.sheets)
        return self._model

    def world(self, levels: bool) -> tuple[Any, ...]:
        """The rules as :func:`play_one` takes them (``levels``: a seat needs threats)."""
        sh = self.sheets
        finishing = self.model().finishing if levels else np.zeros(sh.count)
        return (*self._rules, finishing)

    @cached_property
    def _rules(self) -> tuple[Any, ...]:
        """:meth:`world` but the threats: made once (``barrel850``'s sheets make some
        80 MB of int32 rows), not for every :meth:`play`."""
        sh = self.sheets
        small = np.int32  # sheets and totals fit; half the cache lines of int64
        return (
            self.codes,
            self.totals,
            sh.score,
            sh.stop_to.astype(small),
            sh.stop_new.astype(small),
            sh.stop_land.astype(small),
            sh.stop_fx,
            sh.opp_after.astype(small),
            sh.bust_to.astype(small),
            sh.dump_to.astype(small),
            sh.dump_at,
            sh.target,
            sh.overtaking,
            sh.affects_opponent,
            sh.hot_must_throw,
            sh.exact,
            sh.retry,
            sh.score <= FLOOR // sh.unit,
        )

    def seated(self, seats: Sequence[NativeSeat]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The seats as :func:`play_one` takes them: their tables in one flat array, and
        the three-player table's rules (``rules3``)."""
        count = len(seats)
        if any(seat.kind == THREE for seat in seats) and count != 3:
            raise ValueError("the three-player table is played by three seats only")
        kinds = np.array([seat.kind for seat in seats], dtype=np.int64)
        # Seats that read the same table (three perfect players) share one copy of it.
        starts: dict[int, int] = {}
        tables: list[npt.NDArray[np.uint64]] = []
        for seat in seats:
            if id(seat.bits) not in starts:
                starts[id(seat.bits)] = sum(table.size for table in tables)
                tables.append(seat.bits.reshape(-1))
        base = np.array([starts[id(seat.bits)] for seat in seats], dtype=np.int64)
        bits = np.concatenate(tables).astype(np.uint64)
        rows_b = np.array([seat.bits.shape[1] for seat in seats], dtype=np.int64)
        words = np.array([seat.bits.shape[3] for seat in seats], dtype=np.int64)
        rowmap = np.stack([seat.rows for seat in seats]).astype(np.int64)
        widest = max(seat.lasts.shape[0] for seat in seats)
        rowlast = np.zeros((count, widest), dtype=np.int64)
        for index, seat in enumerate(seats):
            rowlast[index, : seat.lasts.shape[0]] = seat.lasts
        three = next((seat.three for seat in seats if seat.three is not None), None)
        if three is None:
            win, counts, offsets, switches, rules3 = _no_three()
        else:
            win, rules3 = three.win, three.rules
            if three.switches is None:
                _, counts, offsets, switches, _ = _no_three()
            else:
                lists = three.switches
                counts, offsets, switches = lists.counts, lists.offsets, lists.switches
        arrays = (kinds, bits, base, rows_b, words, rowmap, rowlast, win, counts, offsets, switches)
        return arrays, rules3

    def _prepared(self, seats: Sequence[NativeSeat]) -> tuple[Any, Any, Any]:
        seated, rules3 = self.seated(seats)
        return seated, rules3, self.world(any(seat.kind == LEVEL for seat in seats))

    def play_stream(
        self, uniforms: npt.NDArray[np.float64], first: int, seats: Sequence[NativeSeat],
        max_turns: int = 100_000,
    ) -> tuple[int, int, list[int], int]:  # fmt: skip
        """One game from given uniforms: (winner seat, turns, scores by seat, used)."""
        seated, rules3, world = self._prepared(seats)
        state = np.zeros(len(seats), dtype=np.int64)
        finals = np.zeros(len(seats), dtype=np.int64)
        kernel = cast(Callable[..., tuple[int, int, int]], play_one)
        scratch = seat_scratch(seated[7], self.sheets.target)
        winner, turns, used = kernel(
            uniforms, 0, first, seated, rules3, world, max_turns, state, finals, scratch
        )
        unit = self.sheets.unit
        return int(winner), int(turns), [int(x) * unit for x in finals], int(used)

    def play(
        self,
        seats: Sequence[NativeSeat],
        games: int,
        seed: int,
        max_turns: int = 100_000,
        progress: Callable[[int], None] | None = None,
    ) -> FastResults:
        """``games`` games of the seats, who moves first going round (game i: seat i % n).

        With ``progress``, the games are played in up to fifty steps and it is told
        how many are done after each; the results are the same either way.
        """
        seated, rules3, world = self._prepared(seats)
        winners = np.zeros(games, dtype=np.int64)
        turns = np.zeros(games, dtype=np.int64)
        finals = np.zeros((games, len(seats)), dtype=np.int64)
        blocks = (games + BLOCK - 1) // BLOCK
        step = blocks if progress is None else max(32, blocks // 50)
        kernel = cast(Callable[..., None], play_many)
        start = time.perf_counter()
        for first_block in range(0, blocks, step):
            end = min(games, (first_block + step) * BLOCK)
            kernel(first_block, end, seed, seated, rules3, world, max_turns, winners, turns, finals)
            if progress is not None:
                progress(end)
        seconds = time.perf_counter() - start
        return FastResults(winners, turns, finals * self.sheets.unit, seconds)
