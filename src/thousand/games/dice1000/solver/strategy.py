"""Solved strategies: compute once, keep in a cache, answer positions in microseconds.

Two solvers, one interface (:class:`SolvedStrategy`), chosen by :func:`solve`:

* :class:`Strategy` — rules where scores only grow (classic): solved exactly over pairs
  of scores, holding the winning chance at the start of every turn (``W``) and the
  optimal stop/throw decision at every position inside a turn (``policy``);
* :class:`FallingStrategy` — rules where scores can fall (bolts, dump trucks,
  overtaking, barrel attempts and knock-off): solved by value iteration over pairs of
  player sheets (:mod:`.sheets`, :mod:`.iteration`) to a stated tolerance. It keeps only
  ``W``; a decision runs the turn's dynamic programme for the one pair (tens of µs).

Either is saved compressed under the user's cache folder, keyed by a hash of the rules'
canonical form, so ``thousand solve`` computes it once.

Positions with three or more players are answered by playing the two-player strategy
against the opponent most likely to win — the one with the highest score, ties going to
whoever moves sooner. This is an approximation (documented in ``thousand solve``'s
output) wherever :mod:`.seats` has no exact table: three players under rules where scores
only grow have one (:mod:`.three`).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import threading
import time
import zipfile
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.core.cache import cache_dir, peak_memory_mb, write_arrays
from thousand.core.errors import RulesError, ThousandError
from thousand.core.pace import Bands, Pace, duration, sweeps_left
from thousand.games.dice1000.actions import STOP, THROW, Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.iteration import (
    evaluate,
    new_work,
    pair_order,
    turn_dp,
)
from thousand.games.dice1000.solver.kernel import solve_monotone, turn_values
from thousand.games.dice1000.solver.sheets import DEFAULT_FLOOR, SheetTables, build_sheets
from thousand.games.dice1000.solver.shipped import pack, shipped_path, shuffle, unpack, unshuffle
from thousand.games.dice1000.solver.sweep import plan_movers, stop_bits
from thousand.games.dice1000.solver.tables import (
    SolverTables,
    build_tables,
    check_memory,
    monotone_obstacles,
    steps,
)
from thousand.games.dice1000.state import GameState, Phase, PlayerState

SOLVER_VERSION = 1
"""Bump when the kernel's results change, so stale cache files are recomputed."""

TOLERANCE = 1e-15
"""The exact solver's fixed-point tolerance on each bust cycle."""

VI_TOLERANCE = 1e-9
"""Value iteration stops when one more pass would change no ``W`` by more than this."""


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
    """Exact solver: the most policy iterations a bust cycle needed. Value iteration:
    the dynamic-programme passes (policy improvements)."""
    tolerance: float | None = None
    """Value iteration: the stated tolerance on the largest change of any ``W``."""
    sweeps: int = 0
    """Value iteration: Gauss–Seidel sweeps of the policies' values, in all."""
    residual: float | None = None
    """Value iteration: the largest change the final pass would make to any ``W``."""


def cache_path(game: Game) -> Path:
    digest = hashlib.sha256(f"{SOLVER_VERSION}:{game.canonical}".encode()).hexdigest()[:20]
    return cache_dir() / "strategies" / f"{digest}.npz"


def _rival(state: GameState) -> tuple[PlayerState, PlayerState]:
    """(mover, the opponent they play against): the leading one with three or more."""
    if len(state.players) < 2:
        raise SolverError("the solved strategy needs at least two players")
    me = state.current
    others = [i for i in range(len(state.players)) if i != me]
    order = {i: (i - me) % len(state.players) for i in others}
    rival = max(others, key=lambda i: (state.players[i].score, -order[i]))
    return state.players[me], state.players[rival]


def decision_values(state: GameState, throw: float, stop: float) -> dict[Action, float]:
    """The mover's winning chance after each action open in ``state`` (a decision between
    throwing and stopping): ``throw`` after a throw, ``stop`` after stopping."""
    return {action: stop if action is STOP else throw for action in state.legal_actions()}


class SolvedStrategy(ABC):
    """What every solved strategy answers: decisions, their values, the chance to win."""

    game: Game
    info: SolveInfo
    win: npt.NDArray[np.float64]
    """The mover's chance at the start of a turn, per pair of scores or of sheets."""
    source: Path | None = None
    """The file it was read from (the cache, or shipped with the package); None: solved now."""
    policy: npt.NDArray[np.uint8]
    """The stop table ``policy[a, b, t, n]`` over score units (the native simulator reads
    it packed as bits, :func:`.fastplay.pack_stops`); empty (size 0) where the rules let
    scores fall and decisions are planned per mover instead."""

    def __init__(self) -> None:
        self.scratch = threading.Lock()
        """Held while a turn is planned into the strategy's scratch arrays and the answer
        read from them. One strategy serves every room of its rules from several threads
        (the advisor, the history of a game's end, the computer players), and the planning
        kernels leave the interpreter's lock: unguarded, one thread's plan overwrote another's
        before it was read (measured: 883 wrong answers of 36,000 from four threads)."""

    def decide(self, state: GameState) -> Action:
        """The optimal action for the player to move.

        A forced action is taken as it is; choosing dice is a decision no solver takes.
        """
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.phase is not Phase.DECIDE:
            raise SolverError("the solved strategy does not choose dice (choose_dice)")
        return STOP if self.stops(state) else THROW

    @abstractmethod
    def stops(self, state: GameState) -> bool:
        """Whether stopping is optimal at a throw-or-stop decision."""

    @abstractmethod
    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""

    def win_chance(self, state: GameState) -> float:
        """The mover's chance of winning from here when both play perfectly."""
        values = self.action_values(state)
        return max(values.values())

    @abstractmethod
    def save(self, path: Path | None = None) -> Path:
        """Write into the cache (atomically)."""

    @classmethod
    @abstractmethod
    def load(cls, game: Game, path: Path | None = None) -> SolvedStrategy | None:
        """The strategy of ``game`` in the cache (or at ``path``), None when there is none."""

    def exact_for(self, state: GameState) -> bool:
        """Whether this position's answer is exact (else: a duel with the leader)."""
        return len(state.players) == 2


class Strategy(SolvedStrategy):
    """The solved two-player strategy of one rule set where scores only grow."""

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
        super().__init__()
        target = tables.target
        self._work = (
            np.zeros((target + 1, 6)),
            np.zeros((target + 1, 6)),
            np.zeros((target + 1, 6)),
            np.zeros(target + 1),
        )
        self._planned: tuple[int, int] | None = None

    # -- positions ---------------------------------------------------------------

    def _grid(self, state: GameState) -> tuple[int, int, int, int]:
        """(mover, opponent, turn total, dice in hand) in score units."""
        unit = self.tables.unit
        mine, theirs = _rival(state)
        values = (mine.score, theirs.score, state.turn_total)
        if any(v % unit or v < 0 for v in values):
            raise SolverError("this position is off the solved grid of scores")
        a, b, t = (v // unit for v in values)
        target = self.tables.target
        if a >= target or b >= target:
            raise SolverError("this position is already decided")
        return a, b, min(t, target - a), state.dice_left

    def stops(self, state: GameState) -> bool:
        """A table lookup."""
        a, b, t, n = self._grid(state)
        return bool(self.policy[a, b, t, n])

    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""
        if state.phase is not Phase.DECIDE:
            raise SolverError("advice is given when the player decides to throw or stop")
        a, b, t, n = self._grid(state)
        with self.scratch:
            if self._planned != (a, b):
                bust_value = 1.0 - float(self.win[b, a])
                turn_values(a, b, bust_value, self.win, self.tables.kernel_rules(), self._work)
                self._planned = (a, b)
            _, _, throw_val, stop_val = self._work
            return decision_values(state, float(throw_val[t, n]), float(stop_val[t]))

    # -- storage -----------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        """Write atomically (temp file, then rename) into the cache."""
        path = path or cache_path(self.game)
        meta = {"rules": self.game.canonical, "version": SOLVER_VERSION, **asdict(self.info)}
        write_arrays(path, win=self.win, policy=np.packbits(self.policy, axis=None), meta=meta)
        return path

    @classmethod
    def load(cls, game: Game, path: Path | None = None) -> Strategy | None:
        """The cached strategy of ``game``, or None when there is none (or it is stale)."""
        found = _read_cache(path or cache_path(game), game, "policy")
        if found is None or found[0].get("solver", "exact") != "exact":
            return None
        meta, win, packed = found
        assert packed is not None
        tables = build_tables(game)
        target = tables.target
        shape = (target, target, target + 1, 6)
        policy = np.unpackbits(packed, count=int(np.prod(shape))).reshape(shape)
        strategy = cls(game, tables, win, policy, _info_of(meta))
        strategy.source = path or cache_path(game)
        return strategy


def read_arrays(
    path: Path, game: Game, names: tuple[str, ...], expect: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, npt.NDArray[Any]]] | None:
    """(meta, the arrays among ``names`` that the file holds) of a cache or shipped file
    for ``game``: the one reading every cached table goes through.

    None when there is no file, when it is for other rules or an older solver, when its
    meta differs from ``expect`` in any key, or when it is damaged: the table is then
    simply computed again. A shipped file (``.xz``) is unpacked first.
    """
    if not path.exists():
        return None
    try:
        source = unpack(path) if path.suffix == ".xz" else path
        with np.load(source) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("rules") != game.canonical or meta.get("version") != SOLVER_VERSION:
                return None
            if any(meta.get(key) != value for key, value in (expect or {}).items()):
                return None
            return meta, {name: data[name] for name in names if name in data.files}
    except (OSError, ValueError, KeyError, EOFError, lzma.LZMAError, zipfile.BadZipFile):
        return None


def _read_cache(
    path: Path, game: Game, extra: str | None = None
) -> tuple[dict[str, Any], npt.NDArray[Any], npt.NDArray[Any] | None] | None:
    """(meta, win table, the array ``extra``) of a cache or shipped file for ``game``
    (:func:`read_arrays`); a shipped file may hold the win table as float32 bytes
    (:func:`.shipped.shuffle`)."""
    found = read_arrays(path, game, ("win", "win32", *(() if extra is None else (extra,))))
    if found is None:
        return None
    meta, arrays = found
    if extra is not None and extra not in arrays:
        return None
    if "win" in arrays:
        win = arrays["win"]
    elif "win32" in arrays and "shape" in meta:
        win = unshuffle(arrays["win32"], tuple(meta["shape"]))
    else:
        return None
    return meta, win, None if extra is None else arrays[extra]


def _info_of(meta: dict[str, Any]) -> SolveInfo:
    """The :class:`SolveInfo` saved in a cache file (fields added later take defaults)."""
    return SolveInfo(**{k: meta[k] for k in SolveInfo.__dataclass_fields__ if k in meta})


class FallingStrategy(SolvedStrategy):
    """The two-player strategy of rules where scores can fall, solved by value iteration.

    ``win[i, j]`` is the mover's winning chance at the start of a turn with sheet ``i``
    against sheet ``j`` (:class:`~thousand.games.dice1000.solver.sheets.SheetTables`).
    Decisions are planned at the solved ``W`` by the planning sweep's programme
    (:func:`.sweep.stop_bits`), one mover against every opponent at once, a few
    milliseconds, and kept as bits per mover: the very bits the native simulator reads
    (:meth:`stop_table` plans all movers), so a game in the engine and one on the native
    path make the same decisions even where stopping and throwing tie to the last bit.
    The advisor's values come from the turn's programme for the one pair
    (:func:`.iteration.turn_dp`), remembering the last pair asked.
    """

    def __init__(
        self, game: Game, sheets: SheetTables, win: npt.NDArray[np.float64], info: SolveInfo
    ) -> None:
        self.game = game
        self.sheets = sheets
        self.win = win
        self.info = info
        super().__init__()
        self.policy = np.zeros((0, 0, 0, 0), dtype=np.uint8)
        self._work = new_work(sheets.stop_to.shape[1])
        self._planned: tuple[int, int] | None = None
        _, _, self._partner = pair_order(sheets.score, sheets.bust_to)
        self._stops: dict[int, npt.NDArray[np.uint64]] = {}
        self._table: npt.NDArray[np.uint64] | None = None

    def _stop_rows(self, first: int, end: int) -> npt.NDArray[np.uint64]:
        """The stop bits ``[i, j, n, word]`` of movers ``first`` to ``end - 1``."""
        sheets = self.sheets
        words = (sheets.stop_to.shape[1] + 63) // 64
        bits = np.zeros((end - first, sheets.count, DICE + 1, words), dtype=np.uint64)
        stop_bits(
            first,
            end,
            np.ascontiguousarray(self.win, dtype=np.float64),
            sheets.kernel_sheets(),
            sheets.kernel_rows(),
            bits,
            first,
        )
        return bits

    def stop_table(self, progress: Callable[[str], None] | None = None) -> npt.NDArray[np.uint64]:
        """Every mover's stop bits ``[i, j, n, word]`` (about 7 s and 116 MB for ``ussr``),
        planned in bands so that Ctrl+C acts between them; kept once made."""
        if self._table is None:
            count = self.sheets.count
            parts = []
            bands = Bands()
            pace = Pace(progress)
            first = 0
            while first < count:
                size = bands.next(count - first)
                called = time.perf_counter()
                parts.append(self._stop_rows(first, first + size))
                bands.took(time.perf_counter() - called, size)
                first += size
                pace.tick(f"planning perfect play: {first / count:.0%}, {pace.left(first / count)}")
            self._table = np.concatenate(parts)
        return self._table

    # -- positions ---------------------------------------------------------------

    def pair(self, state: GameState) -> tuple[int, int, int, int]:
        """(mover's sheet, opponent's sheet, turn total, dice in hand), totals in units."""
        mine, theirs = _rival(state)
        sheets = self.sheets
        i, j = sheets.lookup(mine), sheets.lookup(theirs)
        if i is None or j is None:
            raise SolverError("this position is off the solved sheets")
        unit = sheets.unit
        if state.turn_total % unit or state.turn_total < 0:
            raise SolverError("this position is off the solved grid of scores")
        last = sheets.target - int(sheets.score[i])
        if last <= 0 or sheets.score[j] >= sheets.target:
            raise SolverError("this position is already decided")
        return i, j, min(state.turn_total // unit, last), state.dice_left

    def _plan(self, i: int, j: int) -> tuple[Any, Any]:
        """(throw values [t, n], stop values [t]) of the turn of ``i`` against ``j``: the
        scratch arrays, to be read under :attr:`scratch`."""
        if self._planned != (i, j):
            count = self.sheets.count
            bust_value = 1.0 - float(self.win.reshape(-1)[self._partner[i * count + j]])
            sheets = self.sheets
            turn_dp(
                i, j, bust_value, self.win, sheets.kernel_sheets(), sheets.kernel_rows(), self._work
            )
            self._planned = (i, j)
        return self._work[2], self._work[3]

    def stops(self, state: GameState) -> bool:
        """The mover's planned stop bits (:func:`.sweep.stop_bits`); ties stop."""
        i, j, t, n = self.pair(state)
        if self._table is not None:
            row = self._table[i, j, n]
        else:
            if i not in self._stops:
                self._stops[i] = self._stop_rows(i, i + 1)[0]
            row = self._stops[i][j, n]
        return bool(int(row[t >> 6]) >> (t & 63) & 1)

    def action_values(self, state: GameState) -> dict[Action, float]:
        """The mover's winning chance after each legal action (the advisor)."""
        if state.phase is not Phase.DECIDE:
            raise SolverError("advice is given when the player decides to throw or stop")
        i, j, t, n = self.pair(state)
        with self.scratch:
            throw_val, stop_val = self._plan(i, j)
            return decision_values(state, float(throw_val[t, n]), float(stop_val[t]))

    def start_chance(self, state: GameState) -> float:
        """``W`` of the position's two sheets: the mover's chance at the start of a turn."""
        i, j, _, _ = self.pair(state)
        return float(self.win[i, j])

    # -- storage -----------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        """Write atomically (temp file, then rename) into the cache."""
        path = path or cache_path(self.game)
        space = self.sheets.space
        meta = {
            "rules": self.game.canonical,
            "version": SOLVER_VERSION,
            "solver": "value_iteration",
            "floor": space.floor,
            "entry_step": space.entry_step,
            "sheets": self.sheets.count,
            **asdict(self.info),
        }
        write_arrays(path, win=self.win, meta=meta)
        return path

    @classmethod
    def load(cls, game: Game, path: Path | None = None) -> FallingStrategy | None:
        """The cached strategy of ``game``, or None when there is none (or it is stale)."""
        found = _read_cache(path or cache_path(game), game)
        if found is None or found[0].get("solver") != "value_iteration":
            return None
        meta, win, _ = found
        sheets = build_sheets(game, meta["floor"], meta["entry_step"])
        if sheets.count != meta["sheets"] or win.shape != (sheets.count, sheets.count):
            return None
        strategy = cls(game, sheets, win, _info_of(meta))
        strategy.source = path or cache_path(game)
        return strategy


MAX_SHEETS = 800
"""Sheets the value iteration takes without bucketing (the ``ussr`` preset has 778)."""

ENTRY_STEPS = (25, 50, 100, 200)
"""Entry-score buckets tried, finest first, where the rules track the entry score."""


def falling_sheets(game: Game, progress: Callable[[str], None] | None = None) -> SheetTables:
    """The sheets to solve ``game`` over: exact entry scores if few enough, else bucketed.

    A fall ``{"to": "entry"}`` makes the entry score part of every sheet: 12,247 sheets
    under ``barrel850``, 150 million pairs — some 250 times the work of ``ussr``. Unless
    the target is small, the entry score is then bucketed, finest step first, until at
    most :data:`MAX_SHEETS` sheets remain.
    """
    # Every score is a sheet at least, and the work arrays hold a row of turn totals
    # for every pair of sheets: refuse at once what could never fit.
    side = steps(game)
    check_memory(game, 8 * side**3, "value iteration over these rules")
    if any(barrel.fall_to_entry for barrel in game.barrels):
        # About one sheet per (score, entry score ≤ score): skip hopeless exact builds.
        scores = game.target // game.score_unit
        if scores * scores // 2 > MAX_SHEETS:
            for step in ENTRY_STEPS:
                sheets = build_sheets(game, DEFAULT_FLOOR, step)
                if sheets.count <= MAX_SHEETS:
                    break
            if progress is not None:
                progress(f"entry scores bucketed by {step} points: {sheets.count:,} sheets")
            return sheets
    return build_sheets(game, DEFAULT_FLOOR)


def _approximations(sheets: SheetTables) -> str:
    space = sheets.space
    notes = [
        f"scores below {space.floor} count as {space.floor} (penalties could take them "
        "lower; the chance of that is tiny)"
    ]
    if space.entry_step is not None:
        notes.append(
            f"entry scores are bucketed by {space.entry_step} points from the entry "
            f"threshold {sheets.space.game.entry_threshold}: a knocked-off player falls to "
            "the start of their bucket (every entry score exactly would multiply the "
            "sheets many times over: 12,247 under barrel850)"
        )
    notes.append("with three or more players, perfect plays against the leading opponent")
    return "; ".join(notes)


def first_guess(sheets: SheetTables) -> npt.NDArray[np.float64]:
    """A starting ``W``: the mover's chance grows with the lead, half the target's worth.

    Any start converges; this one spares planning passes. From 0.5 everywhere the first
    plans are poor, and ``ussr`` took nine passes (118 s) instead of eight (85 s).
    """
    lead = (sheets.score[:, None] - sheets.score[None, :]) / (2.0 * sheets.target)
    return np.clip(0.5 + lead, 0.02, 0.98)


def solve_falling(
    game: Game,
    progress: Callable[[str], None] | None = None,
    tolerance: float = VI_TOLERANCE,
    sheets: SheetTables | None = None,
) -> FallingStrategy:
    """Solve ``game`` for two players by value iteration (rules where scores can fall).

    Modified policy iteration (Puterman §6.5): a planning sweep plans every pair's turn
    at the current ``W`` (:func:`.sweep.plan_movers`, one mover against all opponents at
    once) and records how each turn ends; cheap Gauss–Seidel sweeps
    (:func:`.iteration.evaluate`) then value those plans. It stops when the first valuing
    sweep after a planning sweep changes no ``W`` by more than ``tolerance``: the plans
    are then greedy at values that are their own.
    """
    start = time.perf_counter()
    pace = Pace(progress)
    sheets = sheets if sheets is not None else falling_sheets(game, progress)
    count = sheets.count
    width = sheets.stop_to.shape[1]
    order, starts, partner = pair_order(sheets.score, sheets.bust_to)
    check_memory(game, count * count * (8 * width + 40), "value iteration over these rules")
    win = first_guess(sheets)
    stop_p = np.zeros((count * count, width))
    ends = np.zeros((count * count, 3))
    fixed = np.zeros(count * count)
    before = np.zeros(count * count)
    kernel_sheets, kernel_rows = sheets.kernel_sheets(), sheets.kernel_rows()
    pace.tell(f"{count:,} sheets, {count * count:,} pairs, {sheets.positions():,} positions")
    planning, valuing = Bands(), Bands()
    residuals: list[float] = []
    passes = sweeps = 0
    pass_seconds: float | None = None  # the last planning sweep and its valuing
    while True:
        pass_began = pace.elapsed()
        sweep = Pace(None)  # the time left in this planning sweep
        mover = 0
        while mover < count:  # one planning sweep, in bands of movers
            size = planning.next(count - mover)
            called = time.perf_counter()
            plan_movers(mover, mover + size, win, kernel_sheets, kernel_rows, stop_p, ends)
            planning.took(time.perf_counter() - called, size)
            mover += size
            share = mover / count
            pace.tick(
                f"pass {passes + 1}: planning turns, {share:.0%} of the movers done; "
                f"this pass: {sweep.left(share)}"
            )
        passes += 1
        # The first valuing sweep of the new plans measures how far W is from them.
        residual, _ = evaluate(
            win, order, starts, partner, kernel_sheets, stop_p, ends, fixed, 0.0, 1, before
        )
        sweeps += 1
        residuals.append(residual)
        # The planning passes still needed, each with its valuing as long as the last.
        more = sweeps_left(residuals, tolerance)
        if more == 0:
            left = "done"
        elif more is None or pass_seconds is None:
            left = "time left not yet known"
        else:
            left = f"about {duration(more * pass_seconds)} left"
        pace.tell(
            f"pass {passes}: {count * count:,} turns planned, largest change {residual:.1e} "
            f"(the goal is {tolerance:.0e}), {pace.elapsed():.0f} s; {left}"
        )
        if residual <= tolerance or passes >= MAX_PASSES:
            break
        # Value the new plans with cheap sweeps before planning again; early plans are
        # rough, so valuing them to the last digit is waste.
        goal = max(tolerance / 10, residual * 1e-3)
        moved_last, valued = residual, 0
        while moved_last > goal and valued < MAX_SWEEPS:  # in bands of sweeps
            size = valuing.next(MAX_SWEEPS - valued)
            called = time.perf_counter()
            moved_last, done = evaluate(
                win, order, starts, partner, kernel_sheets, stop_p, ends, fixed, goal, size, before
            )
            valuing.took(time.perf_counter() - called, int(done))
            valued += int(done)
            pace.tick(
                f"pass {passes}: valuing the planned turns, sweep {valued}, largest change "
                f"{moved_last:.1e} (this round's goal is {goal:.0e})"
            )
        sweeps += valued
        pass_seconds = pace.elapsed() - pass_began
    if residual > tolerance:
        raise SolverError(
            f"value iteration did not settle: largest change {residual:.1e} after {passes} passes"
        )
    del stop_p, ends, fixed, before
    info = SolveInfo(
        first_player_win=float(win[0, 0]),
        states=sheets.positions(),
        seconds=time.perf_counter() - start,
        peak_memory_mb=peak_memory_mb(),
        method=f"value iteration over {count:,} player sheets (score, in the game, bolts, "
        "turns on the barrel, entry score where a fall returns to it): modified policy "
        f"iteration, {passes} planning passes and {sweeps} Gauss-Seidel valuing sweeps by "
        f"decreasing score sum, tolerance {tolerance:.0e}, final residual {residual:.1e}",
        approximations=_approximations(sheets),
        max_iterations=passes,
        tolerance=tolerance,
        sweeps=sweeps,
        residual=residual,
    )
    return FallingStrategy(game, sheets, win, info)


MAX_PASSES = 60
MAX_SWEEPS = 5000


def solve_any(game: Game, progress: Callable[[str], None] | None = None) -> SolvedStrategy:
    """Solve ``game``: exactly where scores only grow, by value iteration where they fall."""
    if game.choose_dice:
        raise RulesError(
            "the solver does not choose which dice to set aside; these rules have choose_dice"
        )
    if monotone_obstacles(game):
        return solve_falling(game, progress)
    return solve(game, progress)


def load_strategy(game: Game) -> SolvedStrategy | None:
    """The strategy of ``game`` from the cache, else shipped with the package, else None."""
    if game.choose_dice:
        return None
    kind: type[Strategy] | type[FallingStrategy]
    kind = FallingStrategy if monotone_obstacles(game) else Strategy
    found = kind.load(game)
    if found is None:
        shipped = shipped_path(game)
        if shipped is not None:
            found = kind.load(game, shipped)
    return found


def ship(strategy: SolvedStrategy, path: Path) -> None:
    """Write ``strategy`` as a shipped file (:mod:`.shipped`): what the build script does."""
    meta = {"rules": strategy.game.canonical, "version": SOLVER_VERSION, **asdict(strategy.info)}
    if isinstance(strategy, FallingStrategy):
        space = strategy.sheets.space
        meta |= {
            "solver": "value_iteration",
            "floor": space.floor,
            "entry_step": space.entry_step,
            "sheets": strategy.sheets.count,
            "shape": list(strategy.win.shape),
        }
        arrays: dict[str, npt.NDArray[Any]] = {"win32": shuffle(strategy.win)}
    else:
        assert isinstance(strategy, Strategy)
        arrays = {"win": strategy.win, "policy": np.packbits(strategy.policy, axis=None)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pack({"meta": np.array(json.dumps(meta)), **arrays}))


def sum_work(target: int) -> npt.NDArray[np.float64]:
    """The exact solve's work at each score sum (index), for its progress: the turn totals
    its pairs' turns go through (both movers' unless the scores are equal)."""
    a, b = np.meshgrid(np.arange(target), np.arange(target), indexing="ij")
    upper = a <= b
    turns = (target - a + 1) + np.where(a == b, 0, target - b + 1)
    work = np.bincount((a + b)[upper], weights=turns[upper], minlength=2 * target - 1)
    return work.astype(np.float64)


def count_states(target: int) -> int:
    """Positions solved: both scores below the target, every turn total and dice count."""
    return sum((target - a + 1) * 5 for a in range(target)) * target


def solve(game: Game, progress: Callable[[str], None] | None = None) -> Strategy:
    """Solve ``game`` for two players exactly (rules whose scores only grow)."""
    start = time.perf_counter()
    tables = build_tables(game)
    pace = Pace(progress)  # after the tables: the estimate of the time left is the kernel's
    target = tables.target
    win = np.zeros((target, target))
    policy = np.zeros((target, target, target + 1, 6), dtype=np.uint8)
    pace.tell(f"solving {count_states(target):,} positions")
    rules = tables.kernel_rules()
    work = np.cumsum(sum_work(target)[::-1])  # the work of the sums from the highest down
    bands = Bands()
    iterations = 0
    high = 2 * target - 2
    while high >= 0:  # in bands of score sums, from the highest down
        size = bands.next(high + 1)
        low = high - size + 1
        called = time.perf_counter()
        found = solve_monotone(rules, win, policy, TOLERANCE, high, low)
        bands.took(time.perf_counter() - called, size)
        iterations = max(iterations, found)
        done = float(work[2 * target - 2 - low] / work[-1])
        high = low - 1
        pace.tick(f"{done:.0%} of the positions solved, {pace.left(done)}")
    info = SolveInfo(
        first_player_win=float(win[0, 0]),
        states=count_states(target),
        seconds=time.perf_counter() - start,
        peak_memory_mb=peak_memory_mb(),
        method="exact: scores only grow; each bust cycle solved by policy iteration on "
        "its 2x2 linear system",
        approximations="none for two players; three players have their own exact table "
        "(thousand solve --players 3); with four or more, perfect plays against the leading "
        "opponent",
        max_iterations=int(iterations),
    )
    return Strategy(game, tables, win, policy, info)


def load_or_solve(
    game: Game, progress: Callable[[str], None] | None = None
) -> tuple[SolvedStrategy, bool]:
    """The cached strategy, or a fresh solve saved to the cache; True if it was cached."""
    cached = load_strategy(game)
    if cached is not None:
        return cached, True
    strategy = solve_any(game, progress)
    strategy.save()
    return strategy, False


def as_json(info: SolveInfo) -> dict[str, Any]:
    return asdict(info)
