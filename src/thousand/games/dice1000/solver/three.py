"""Exact play for three players under rules where scores only grow (classic).

Every position of three players is solved: at the start of each turn, the winning chance
of each of the three (``V[a, b, c]``: the mover, the next player, the one after), each
maximising their own chance. :mod:`.three_kernel` says how — score sums from the
highest down, each sum's cycles of busts solved exactly by policy iteration.

Decisions are not tabled per turn total (8 million triples × every turn total would be
a gigabyte): a decision runs the turn's programme for its triple at the solved ``V`` —
the very pass the solve made last — and remembers the triple asked. The table itself
(in float32, the third chance left out: the three add up to one) is kept in the cache
like the two-player strategies, about 64 MB for the classic rules.

Planning a triple takes 30–50 µs, so simulated games of three perfect players ran at
some 500 a second. :meth:`ThreeStrategy.stop_table` therefore tables every turn's
decisions (:class:`StopSwitches`): for each triple and number of dice in hand, the turn
totals at which the decision flips, going up from "throw"
(:func:`.three_kernel.stop_switches`; read with :func:`.three_kernel.stops_by_switches`,
some 230 ns from a random triple, most of it cache misses). One threshold per turn
would not do: under the classic rules 39 % of the lists with one to four dice in hand
stop at some totals and throw at higher ones — mostly where a stop would land at a
barrel's ends (landing on a barrel can be worth less than landing just below it), and a
total or two short of the target (where a throw wins with almost any scoring die) — and
28 % of the turns of a game meet one. The lists hold 2.16 points on average, 23 at most.

Four or more players are not solved exactly (40 times as many positions again for
four): ``perfect`` plays the two-player strategy against the leading opponent there.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.core.cache import peak_memory_mb, write_arrays
from thousand.core.pace import Bands, Estimate, Pace
from thousand.games.dice1000.actions import STOP, Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.strategy import (
    SOLVER_VERSION,
    SolvedStrategy,
    SolveInfo,
    SolverError,
    _info_of,
    _read_cache,
    cache_path,
    decision_values,
    read_arrays,
)
from thousand.games.dice1000.solver.tables import SolverTables, build_tables, check_memory
from thousand.games.dice1000.solver.three_kernel import (
    mover_turns,
    new_work,
    order_switches,
    solve_levels,
    stop_switches,
    switch_offsets,
    thread_work,
)
from thousand.games.dice1000.state import GameState, Phase

TOLERANCE = 1e-14
"""A level is solved when a round of planning and cycle solving moves no chance more."""

PLAYERS = 3

MAX_SWITCH_TARGET = 254
"""The largest target (in units) whose turn totals fit the switch points' bytes."""


@dataclass(frozen=True)
class StopSwitches:
    """Every turn's decisions of a :class:`ThreeStrategy`, as lists of switch points.

    The mover of (a, b, c) with ``n`` dice in hand (1–5) stops at a decision total ``tt``
    (``min(turn total, target − a)``, where ``stop_ok[a, tt]`` and a stop is a choice)
    exactly when an odd number of the points of their list are ``≤ tt``
    (:func:`.three_kernel.stops_by_switches`). Each list is sorted and as short as the
    decisions allow: a point at each decision total whose decision differs from the one
    before (from "throw"), points in 1 … ``target − a``.

    Under the classic rules (hot dice thrown: 32 million lists that decide anything)
    61 % of the lists are a single point — a threshold — 27 % three, 8 % five, 4 % seven
    to 23; every one is odd, as a stop at the last total is always best. That is 69
    million points, and with the counts and offsets 149 MB in memory (48 + 32 + 69); the
    cache file holds counts and points, 2.4 MB compressed.
    """

    counts: npt.NDArray[np.uint8]
    """``[a, b, c, n]``: how many points the list has (``n = 0``: none)."""
    offsets: npt.NDArray[np.uint32]
    """``[(a·target + b)·target + c]``: where the triple's points start in
    :attr:`switches`, those of ``n`` after those of ``n − 1``; one more entry, the total."""
    switches: npt.NDArray[np.uint8]
    """The points, triple by triple in the flat order of :attr:`offsets`."""

    @property
    def nbytes(self) -> int:
        """The memory the three arrays take."""
        return self.counts.nbytes + self.offsets.nbytes + self.switches.nbytes


def three_path(game: Game) -> Path:
    """The cache file of ``game``'s three-player table, beside the two-player one."""
    path = cache_path(game)
    return path.with_name(f"{path.stem}-3p.npz")


def stops_path(game: Game) -> Path:
    """The cache file of ``game``'s three-player stop switches, beside the table."""
    path = three_path(game)
    return path.with_name(f"{path.stem}-stops.npz")


def level_work(target: int) -> npt.NDArray[np.float64]:
    """The solve's work at each score sum (index): the turn totals its movers go through.

    A mover ``a`` goes through ``target − a + 1`` totals against each of the pairs whose
    scores add up to the rest of the sum: a convolution, not the ``target³`` grids of
    every triple (350 MB for the classic rules, the most memory tabling the stops took).
    """
    pairs = np.convolve(np.ones(target, dtype=np.int64), np.ones(target, dtype=np.int64))
    totals = target + 1 - np.arange(target, dtype=np.int64)
    return np.convolve(totals, pairs).astype(np.float64)


class ThreeStrategy(SolvedStrategy):
    """The exact three-player strategy of one rule set where scores only grow."""

    def __init__(
        self, game: Game, tables: SolverTables, win: npt.NDArray[np.float64], info: SolveInfo
    ) -> None:
        self.game = game
        self.tables = tables
        self.win = win
        self.info = info
        super().__init__()
        self.policy = np.zeros((0, 0, 0, 0), dtype=np.uint8)
        self._work = new_work(tables.target)
        self._planned: tuple[int, int, int] | None = None
        self._stops: StopSwitches | None = None

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
        """(the mover's chance if they throw [t, n], the three chances after a stop [t]):
        the scratch arrays, to be read under :attr:`scratch`."""
        if self._planned != (a, b, c):
            bust_own = np.array([self.win[b, c, a, 2]])
            rules = self.tables.kernel_rules()
            mover_turns(a, a + b + c, b, 1, self.win, rules, bust_own, self._work)
            self._planned = (a, b, c)
        return self._work[1][:, :, 0], self._work[2][:, 0, :]

    def win_digest(self) -> str:
        """SHA-256 of the win table as planned with (float64 bytes, about 0.15 s for the
        classic rules): the stop thresholds are the decisions of exactly this table (a
        fresh solve and its float32 cache copy can differ at a near tie)."""
        return hashlib.sha256(np.ascontiguousarray(self.win).data).hexdigest()

    def stop_table(self, progress: Callable[[str], None] | None = None) -> StopSwitches | None:
        """Every turn's decisions as switch points (:class:`StopSwitches`); None when a
        total does not fit a byte (a target past :data:`MAX_SWITCH_TARGET` units).

        Native games of three perfect players planned every turn (30–50 µs, some 500
        games a second); a lookup is what the fast path needs. The lists are computed
        once — one planning pass over every triple (:func:`compute_stop_table`: 115 s for
        the classic rules on two cores, one of them busy; the solve took 300 s) — kept on
        the instance and cached beside the three-player table (``stops_path``: written in
        1 s, read in 0.5 s), tied to the rules, the solver version and the win table's
        bytes (:meth:`win_digest`). The file holds ``counts`` and ``switches``; the
        offsets are summed up again on reading, and a file whose points are not its
        counts' is computed again.
        """
        target = self.tables.target
        if target > MAX_SWITCH_TARGET:
            return None
        if self._stops is not None:
            return self._stops
        path = stops_path(self.game)
        digest = self.win_digest()
        found = self._read_stops(path, digest)
        if found is None:
            found = compute_stop_table(self.win, self.tables, progress)
            meta = {
                "rules": self.game.canonical,
                "version": SOLVER_VERSION,
                "solver": "three_player_switches",
                "win_sha256": digest,
                "shape": list(found.counts.shape),
                "points": len(found.switches),
            }
            write_arrays(path, meta=meta, counts=found.counts, switches=found.switches)
        self._stops = found
        return found

    def _read_stops(self, path: Path, digest: str) -> StopSwitches | None:
        """The cached switch points; None if absent, stale or damaged."""
        target = self.tables.target
        shape = (target, target, target, 6)
        expect = {"solver": "three_player_switches", "win_sha256": digest, "shape": list(shape)}
        found = read_arrays(path, self.game, ("counts", "switches"), expect)
        if found is None or len(found[1]) != 2:
            return None
        counts, switches = found[1]["counts"], found[1]["switches"]
        if (
            counts.dtype != np.uint8
            or counts.shape != shape
            or switches.dtype != np.uint8
            or switches.ndim != 1
        ):
            return None
        offsets, total = switch_offsets(counts)
        if total != len(switches) or total >= 2**32:
            return None
        return StopSwitches(counts, offsets, switches)

    def stops(self, state: GameState) -> bool:
        values = self.action_values(state)
        return STOP in values and values[STOP] >= max(values.values())

    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""
        if state.phase is not Phase.DECIDE:
            raise SolverError("advice is given when the player decides to throw or stop")
        a, b, c, t, n = self.triple(state)
        with self.scratch:
            throw_own, stop_val = self._plan(a, b, c)
            return decision_values(state, float(throw_own[t, n]), float(stop_val[t, 0]))

    def chances(self, state: GameState) -> tuple[float, float, float]:
        """Each player's chance at the start of this turn, in seat order from the mover."""
        a, b, c, _, _ = self.triple(state)
        return tuple(float(x) for x in self.win[a, b, c])  # type: ignore[return-value]

    def save(self, path: Path | None = None) -> Path:
        """Write atomically into the cache: two chances of three, in float32."""
        path = path or three_path(self.game)
        meta = {"rules": self.game.canonical, "version": SOLVER_VERSION, **asdict(self.info)}
        meta |= {"solver": "three_players", "shape": list(self.win.shape)}
        write_arrays(path, win=self.win[..., :2].astype(np.float32), meta=meta)
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


def compute_stop_table(
    win: npt.NDArray[np.float64],
    tables: SolverTables,
    progress: Callable[[str], None] | None = None,
) -> StopSwitches:
    """Every triple's switch points at ``win`` (see :class:`StopSwitches`): one planning
    pass in bands of score sums (:func:`.three_kernel.stop_switches`), each band's points
    packed in the order of its sums, then moved to their triples' places.

    One pass, not a count and a fill: the planning is the whole cost (the lists cost
    nothing beside it), so a second pass would double the time. The price is a second
    copy of the points while they are moved: for the classic rules the peak is some
    300 MB above the win table (the counts, offsets, both copies of the points and the
    threads' scratch, 62 MB), 150 MB of which stay.
    """
    target = tables.target
    if target > MAX_SWITCH_TARGET:
        raise SolverError(
            f"stop switches need a target of at most {MAX_SWITCH_TARGET} units, not {target}"
        )
    pace = Pace(progress)
    counts = np.zeros((target, target, target, 6), dtype=np.uint8)
    works = thread_work(target)
    rules = tables.kernel_rules()
    work = np.cumsum(level_work(target)[::-1])
    pace.tell(f"tabling the stops of {target**3:,} triples of scores")
    bands = Bands()
    packed: list[npt.NDArray[np.uint8]] = []
    high = 3 * target - 3
    while high >= 0:
        size = bands.next(high + 1)
        low = high - size + 1
        called = time.perf_counter()
        packed.append(stop_switches(win, rules, counts, works, high, low))
        bands.took(time.perf_counter() - called, size)
        done = float(work[3 * target - 3 - low] / work[-1])
        high = low - 1
        pace.tick(f"{done:.0%} of the stops tabled, {pace.left(done)}")
    del works
    offsets, total = switch_offsets(counts)
    if total >= 2**32:  # 2.5·target⁴ at the very most; 69 million for the classic rules
        raise SolverError(f"{total:,} switch points do not fit 32-bit offsets")
    flat = np.concatenate(packed) if packed else np.zeros(0, dtype=np.uint8)
    del packed
    switches = np.empty(total, dtype=np.uint8)
    if not order_switches(counts, offsets, flat, switches):
        raise SolverError("the stop switches were not packed as counted")  # a bug
    return StopSwitches(counts, offsets, switches)


def solve_three(
    game: Game,
    progress: Callable[[str], None] | None = None,
    estimate: Callable[[Estimate], None] | None = None,
) -> ThreeStrategy:
    """Solve ``game`` for three players exactly (rules whose scores only grow); ``estimate``
    gets the work done and the time left as numbers, for a front-end to word."""
    start = time.perf_counter()
    tables = build_tables(game)
    target = tables.target
    cells = target**3
    check_memory(game, cells * (3 + 3 + 1 + 2) * 8, "the three-player tables of these rules")
    pace = Pace(progress, estimate=estimate)
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
        peak_memory_mb=peak_memory_mb(),
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
