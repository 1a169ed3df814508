"""Solved strategies of poker dice's sheet games: computed once, cached, asked anywhere.

A :class:`Strategy` holds, for every sheet at the start of a turn, the expected final
total of one player who plays to maximise it (solitaire: the other players' sheets
never change what is best for one's own). It answers in plain data, so a bot, the coach
or a script needs no engine position to ask it:

* :meth:`Strategy.value` — ``value(boxes, bank=0, extra=0)``: the expected final total
  from the start of a turn;
* :meth:`Strategy.turn_values` — ``turn_values(boxes, dice, throws_made, bank=0,
  extra=0)``: inside a turn, with ``dice`` showing after the turn's ``throws_made``-th
  throw, the expected final total after each legal action, best first — every distinct
  keep (:class:`~..actions.Throw`, the faces kept; the other dice are thrown) and every
  box one may write (:class:`~..actions.Write`);
* :meth:`Strategy.action_values` — the same for an engine
  :class:`~..state.Position`, in the order of its ``legal_actions()`` (what the
  ``optimal`` bot reads).

Where ``boxes`` maps box names to the points written (None, or absent, while empty);
``bank`` is the player's bank of throws at the start of the turn (``bank_unused_throws``;
0 otherwise), so the turn's allowance is ``throws + bank``; ``extra`` is what the sheet
already earned beyond its boxes (further-poker bonuses). Every expected total counts the
points already written, ``extra``, the series-1 bonus and the unused throws' points.

Strategies are saved compressed in the user's cache folder (``$THOUSAND_CACHE_DIR`` or
the XDG cache), keyed by the rules' canonical form and :data:`SOLVER_VERSION`; a file for
other rules, an older solver or a damaged file is ignored and the strategy solved again.
"""

from __future__ import annotations

import hashlib
import json
import time
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from thousand.core.cache import cache_dir, peak_memory_mb, write_arrays
from thousand.core.errors import ThousandError
from thousand.core.pace import Bands, Pace
from thousand.games.poker_dice.actions import Action, Throw, Write
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.odds import FIRST_ROLL, INDEX
from thousand.games.poker_dice.solver.kernel import N_KEEPS, solve_band, turn
from thousand.games.poker_dice.solver.tables import (
    KIND_POKER,
    KIND_UPPER,
    N_ROLLS,
    UPPER_BOXES,
    UPPER_MASKS,
    Tables,
    build_tables,
    final_values,
)

if TYPE_CHECKING:
    from thousand.games.poker_dice.state import Position

SOLVER_VERSION = 1
"""Bump when the solver's results change, so that stale cache files are solved again."""

BAND_UNIT = 64
"""States in one unit of a kernel call's band (:class:`thousand.core.pace.Bands`)."""


class SolverError(ThousandError):
    """A rule set or position the solver cannot answer."""


@dataclass(frozen=True)
class SolveInfo:
    """What ``thousand solve --game poker_dice`` reports."""

    expected_total: float
    """The expected final total of optimal play from the empty sheet."""
    states: int
    """Positions at the start of a turn solved: sheets (boxes filled, subtotal class,
    poker flag) times the banks each can have."""
    seconds: float
    peak_memory_mb: float


def cache_path(rules: Rules, folder: Path | None = None) -> Path:
    """The cache file of ``rules``' strategy in ``folder`` (default: :func:`cache_dir`)."""
    key = f"poker_dice:{SOLVER_VERSION}:{rules.canonical()}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:20]
    return (folder or cache_dir()) / "poker_dice" / f"{digest}.npz"


@dataclass(frozen=True)
class _Sheet:
    """A sheet as the tables see it."""

    mask: int
    cls: int
    flag: int
    state: int
    filled: int
    written: int
    """The points written in its boxes."""


def _scratch(n_boxes: int, width: int) -> tuple[npt.NDArray[Any], ...]:
    """Work arrays of :func:`.kernel.turn` (as :func:`.kernel.new_scratch` makes them)."""
    return (
        np.zeros((n_boxes, width)),
        np.zeros(n_boxes, dtype=np.int64),
        *(np.zeros(N_ROLLS) for _ in range(4)),
        np.zeros(N_KEEPS),
        np.zeros(N_KEEPS),
    )


def _keeps(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of five dice but all five, in the engine's order (by
    size, then faces: the multisets' own numbering)."""
    found = {part for size in range(len(dice)) for part in combinations(dice, size)}
    return sorted(found, key=INDEX.__getitem__)


class Strategy:
    """The solved solitaire strategy of one sheet game (see the module's text)."""

    def __init__(
        self,
        rules: Rules,
        tables: Tables,
        values: npt.NDArray[np.float64],
        info: SolveInfo,
        source: Path | None = None,
    ) -> None:
        self.rules = rules
        self.tables = tables
        self.values = values
        """``values[state, bank]``: the expected points still to come at a turn's start."""
        self.info = info
        self.source = source
        """The cache file it was read from; None when it was solved in this process."""
        self._kernel = tables.kernel()
        self._possible = [
            {int(v) for v in (*tables.pts[:, b, :].ravel(), *tables.jpts[:, b, :].ravel())}
            for b in range(tables.n_boxes)
        ]

    @property
    def expected_total(self) -> float:
        """The expected final total of optimal play from the empty sheet."""
        return float(self.values[0, 0])

    # -- positions ---------------------------------------------------------------

    def _sheet(self, boxes: Mapping[str, int | None], bank: int, extra: int) -> _Sheet:
        tables = self.tables
        names = tables.boxes
        unknown = [box for box in boxes if box not in names]
        if unknown:
            raise SolverError(
                f"unknown box '{unknown[0]}' (the {self.rules.sheet} sheet has {', '.join(names)})"
            )
        mask = written = upper = 0
        poker: int | None = None
        for b, box in enumerate(names):
            points = boxes.get(box)
            if points is None:
                continue
            if isinstance(points, bool) or not isinstance(points, int):
                raise SolverError(f"box '{box}' holds {points!r}, not a whole number of points")
            if points not in self._possible[b]:
                raise SolverError(f"box '{box}' cannot hold {points} under these rules")
            mask |= 1 << b
            written += points
            if b < UPPER_BOXES:
                upper += points
            if b == tables.poker:
                poker = points
        cls = tables.class_of[mask & (UPPER_MASKS - 1)][upper]
        flag = next(i for i, held in enumerate(tables.flag_values) if poker in held)
        filled = mask.bit_count()
        _whole("bank", bank)
        _whole("extra", extra)
        most = tables.banks(filled) - 1
        if not 0 <= bank <= most:
            if not tables.banked:
                raise SolverError("these rules keep no bank of throws: bank must be 0")
            raise SolverError(
                f"a bank of {bank} throws is impossible after {filled} turns (0 to {most})"
            )
        return _Sheet(mask, cls, flag, tables.state(mask, cls, flag), filled, written)

    def value(self, boxes: Mapping[str, int | None], *, bank: int = 0, extra: int = 0) -> float:
        """The expected final total of the sheet ``boxes`` at the start of a turn (the
        module's text says what ``bank`` and ``extra`` are)."""
        sheet = self._sheet(boxes, bank, extra)
        return sheet.written + extra + float(self.values[sheet.state, bank])

    def turn_values(
        self,
        boxes: Mapping[str, int | None],
        dice: Sequence[int],
        throws_made: int,
        *,
        bank: int = 0,
        extra: int = 0,
    ) -> list[tuple[Action, float]]:
        """The expected final total after each legal action with ``dice`` showing after
        the turn's ``throws_made``-th throw, best first (ties in the engine's order:
        keeps by size then faces, then boxes in the sheet's order)."""
        tables = self.tables
        sheet = self._sheet(boxes, bank, extra)
        if sheet.mask == tables.full:
            raise SolverError("the sheet is full: there is no turn to play")
        roll = _roll(dice)
        _whole("throws_made", throws_made)
        allowance = tables.throws + bank
        if not 1 <= throws_made <= allowance:
            raise SolverError(f"throws_made must be 1 to {allowance} this turn, got {throws_made}")
        left = allowance - throws_made
        first = 1 if throws_made == 1 else 0
        r = INDEX[roll] - FIRST_ROLL
        now = sheet.written + extra
        found: list[tuple[Action, float]] = []
        if left > 0:
            n_banks = max(1, left - tables.throws + 1)
            rows = np.zeros((left, N_KEEPS))
            scratch = _scratch(tables.n_boxes, int(tables.ncont.max()))
            turn(
                sheet.mask,
                sheet.cls,
                sheet.flag,
                n_banks,
                self.values,
                self._kernel,
                scratch,
                np.zeros(n_banks),
                rows,
            )
            found += [
                (Throw(keep), now + float(rows[left - 1, INDEX[keep]])) for keep in _keeps(roll)
            ]
        face = int(tables.poker_face[r])
        joker = int(tables.jallow[sheet.mask, face - 1]) if face else -1
        allowed = joker if joker >= 0 else int(tables.open_boxes[sheet.mask])
        after_bank = left if tables.banked else 0
        bonus = float(tables.extra[sheet.flag, r])
        for b, box in enumerate(tables.boxes):
            if not allowed >> b & 1:
                continue
            if joker >= 0:
                points, j = tables.jpts[first, b, face - 1], tables.jcidx[first, b, face - 1]
            else:
                points, j = tables.pts[first, b, r], tables.cidx[first, b, r]
            mask = sheet.mask | 1 << b
            cls, flag = sheet.cls, sheet.flag
            if tables.kind[b] == KIND_UPPER:
                cls = int(tables.sub_next[sheet.mask & (UPPER_MASKS - 1), sheet.cls, b, j])
            elif tables.kind[b] == KIND_POKER:
                flag = int(j)
            later = float(self.values[tables.state(mask, cls, flag), after_bank])
            found.append((Write(box), now + float(points) + bonus + later))
        order = {action: i for i, (action, _) in enumerate(found)}
        return sorted(found, key=lambda item: (-item[1], order[item[0]]))

    def action_values(self, position: Position) -> dict[Action, float]:
        """The expected final total of the player to move after each of
        ``position.legal_actions()``, in that order (an engine position of a sheet game)."""
        if position.rules != self.rules:
            raise SolverError("the position is of other rules than the strategy")
        if position.is_ranking:
            raise SolverError("the ranking game has no sheet to solve")
        actions = position.legal_actions()
        if not actions:
            return {}
        sheet = position.player
        if not position.throws:  # the turn's first throw, the only action
            start = self.value(sheet.boxes, bank=sheet.bank, extra=sheet.extra)
            return dict.fromkeys(actions, start)
        found = dict(
            self.turn_values(
                sheet.boxes, position.dice, position.throws, bank=sheet.bank, extra=sheet.extra
            )
        )
        missing = [action for action in actions if action not in found]
        if missing:
            raise SolverError(f"the solver does not know the action '{missing[0]}'")
        return {action: found[action] for action in actions}

    # -- storage -----------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        """Write atomically (a temporary file, then renamed) into the cache."""
        path = path or cache_path(self.rules)
        meta = {
            "game": "poker_dice",
            "rules": self.rules.canonical(),
            "version": SOLVER_VERSION,
            **asdict(self.info),
        }
        write_arrays(path, meta, values=self.values)
        return path

    @classmethod
    def load(cls, rules: Rules, path: Path | None = None) -> Strategy | None:
        """The cached strategy of ``rules``; None when there is none, or the file is for
        other rules or an older solver, or damaged."""
        path = path or cache_path(rules)
        if not path.exists():
            return None
        try:
            with np.load(path) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("rules") != rules.canonical() or meta.get("version") != SOLVER_VERSION:
                    return None
                values = data["values"]
            info = SolveInfo(**{key: meta[key] for key in SolveInfo.__dataclass_fields__})
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile):
            return None
        tables = build_tables(rules)
        shape = (tables.n_states, tables.width)
        if values.shape != shape or values.dtype != np.float64 or not np.isfinite(values).all():
            return None
        return cls(rules, tables, values, info, source=path)


def _whole(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SolverError(f"{name} must be a whole number, got {value!r}")


def _roll(dice: Sequence[int]) -> tuple[int, ...]:
    """Five faces as a sorted tuple, or a :class:`SolverError`."""
    faces = tuple(dice)
    if len(faces) != 5 or any(
        isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in faces
    ):
        raise SolverError(f"dice must be five faces 1 to 6, got {list(faces)}")
    return tuple(sorted(faces))


def _layer_work(tables: Tables) -> list[float]:
    """The work of each layer (boxes filled) for the progress: its states times the throw
    levels each state's turn goes through."""
    sizes = np.diff(tables.layer_start)
    return [
        float(sizes[n]) * (tables.throws - 1 + tables.banks(n)) for n in range(tables.n_boxes + 1)
    ]


def solve(rules: Rules, progress: Callable[[str], None] | None = None) -> Strategy:
    """Solve ``rules`` (a sheet game): backwards over the number of boxes filled, each
    layer's sheets in parallel (:func:`.kernel.solve_band`) in bands short enough for
    Ctrl+C to act within a second; ``progress`` hears the share done and the time left."""
    start = time.perf_counter()
    tables = build_tables(rules)
    pace = Pace(progress)
    n = tables.n_boxes
    ls = tables.layer_start
    values = np.zeros((tables.n_states, tables.width))
    values[ls[n] : ls[n + 1]] = final_values(tables)
    banks = f", with up to {tables.width - 1} throws in the bank" if tables.banked else ""
    pace.tell(f"solving {tables.positions():,} positions: {tables.n_states:,} sheets{banks}")
    work = _layer_work(tables)
    total = sum(work[:n]) or 1.0
    done = 0.0
    kernel_tables = tables.kernel()
    states = (tables.st_mask, tables.st_cls, tables.st_flag)
    width = int(tables.ncont.max())
    bands = Bands()
    for layer in range(n - 1, -1, -1):
        lo, hi = int(ls[layer]), int(ls[layer + 1])
        per_state = work[layer] / max(1, hi - lo)
        first = lo
        while first < hi:
            units = bands.next(-(-(hi - first) // BAND_UNIT))
            end = min(hi, first + units * BAND_UNIT)
            called = time.perf_counter()
            solve_band(first, end, tables.banks(layer), width, values, kernel_tables, states)
            bands.took(time.perf_counter() - called, units)
            done += (end - first) * per_state
            first = end
            share = done / total
            pace.tick(f"{share:.0%} of the positions solved, {pace.left(share)}")
    info = SolveInfo(
        expected_total=float(values[0, 0]),
        states=tables.positions(),
        seconds=time.perf_counter() - start,
        peak_memory_mb=peak_memory_mb(),
    )
    return Strategy(rules, tables, values, info)


def load_strategy(rules: Rules) -> Strategy | None:
    """The strategy of ``rules`` from the cache, or None."""
    return Strategy.load(rules)


def perfect_play(position: Position) -> float | None:
    """The optimal player's expected total under the position's rules where their
    strategy is cached — never a solve, which takes a minute (``thousand solve --game
    poker_dice`` does it once). What the statistics weigh a player's totals against, for
    ``thousand stats`` and the server's history alike."""
    key = str(cache_path(position.rules))  # the file: a cache folder moved is read anew
    if key not in _OPTIMA:
        try:
            strategy = load_strategy(position.rules)
        except ThousandError:
            strategy = None
        _OPTIMA[key] = None if strategy is None else strategy.expected_total
    return _OPTIMA[key]


_OPTIMA: dict[str, float | None] = {}
""":func:`perfect_play`'s figures by cache file: each table is read once per process
however many games were played under its rules."""


def load_or_solve(rules: Rules, progress: Callable[[str], None] | None = None) -> Strategy:
    """The cached strategy of ``rules``, or a fresh solve saved to the cache."""
    found = Strategy.load(rules)
    if found is not None:
        return found
    strategy = solve(rules, progress)
    strategy.save()
    return strategy
