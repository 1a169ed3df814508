"""The computer player levels as strategy tables, for the native fast path.

A :class:`~thousand.games.dice1000.bots.PlanningBot` plans each decision through the engine;
that is 0.1–0.5 s a game, far too slow for a tournament of 100,000 games. Its decision
depends only on the mover's sheet, the threat (rounded to a step of 1/128, see
:func:`~thousand.games.dice1000.planning.quantised_threat`), the turn total ``t`` and
the dice in hand ``n``. So a whole level is the table ``stop[class, q, t, n]`` for the
129 threats ``q / 128``, which :mod:`thousand.games.dice1000.solver.fastplay` reads at
every table size and under every rule set the solver takes, the falling ones included.

The sheets are those of :mod:`.sheets`, every transition read off the engine. What a
plan takes from a sheet is how its turn's ends are worth to the bot: a stop, a bust, a
mid-turn dump truck, each valued by the
:class:`~thousand.games.dice1000.planning.RulesModel`'s ``position_value`` of the sheet
it leads to. Sheets that agree on all of that (under ``barrel850``, the thousands that
differ only in the entry score a knock-off returns to) share one *class* and one row of
the table.

This module computes the table with a numba port of ``_Plan``: the same values, the same
comparison, for every position at once. The rest is the solver's outcome rows, walked
the way :func:`thousand.games.dice1000.solver.iteration.turn_dp` walks them: the turn
total clamped at ``last = target − score`` (the bots cap it at the same place, see
:class:`~thousand.games.dice1000.planning.TurnGraph`), a favorite's self-loop summed as a
geometric series, an exact-ending overshoot as a bust.

A plan of ``horizon`` voluntary throws needs the throw values at every depth below it:
for each (class, threat) all ``(t, n)`` at depth 0 first, then depth 1 from those.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.core.cache import write_arrays
from thousand.core.pace import Bands
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.planning import (
    HOT_RUN,
    PLAN_LIMIT,
    THREAT_STEPS,
    Temperament,
    rules_model,
)
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver.iteration import landing
from thousand.games.dice1000.solver.outcome import BUST_NOW, DUMP_NOW, WIN_NOW
from thousand.games.dice1000.solver.sheets import NO_STOP, WIN, SheetTables, sheet_state
from thousand.games.dice1000.solver.strategy import (
    SOLVER_VERSION,
    cache_path,
    read_arrays,
)
from thousand.games.dice1000.state import Forced, GameState, Phase, PlayerState

THREATS = THREAT_STEPS + 1
"""Rows of a level's table per class: the threats 0, 1/128, …, 1."""


@njit(cache=True)
def _throw(
    t: int,
    n: int,
    last: int,
    rows: Any,
    dump_row: Any,
    ends: Any,
    win: float,
    arrive: Any,
    total: Any,
) -> float:
    """Throw ``n`` dice at turn total ``t``: ``total[q]``, the expected value of the
    outcomes that leave this position at each threat; returns the probability of coming
    back to it (a favorite), the same at every threat.

    ``arrive[t2, n2, q]`` is the value of the position each outcome leads to; a total
    past ``last`` is clamped there, or busts under the exact ending. ``ends[0]`` and
    ``ends[1]`` are a bust's and a dump truck's values per threat.
    """
    prob, count, pbust = rows[2], rows[4], rows[5]
    bust, dump = ends[0], ends[1]
    lanes = total.shape[0]
    pb = pbust[n]
    for q in range(lanes):
        total[q] = pb * bust[q]
    loop = 0.0
    for k in range(count[n]):
        p = prob[n, k]
        what, t2, n2 = landing(t, n, k, rows, last, dump_row)
        if what == WIN_NOW:
            for q in range(lanes):
                total[q] += p * win
        elif what == BUST_NOW:
            for q in range(lanes):
                total[q] += p * bust[q]
        elif what == DUMP_NOW:
            for q in range(lanes):
                total[q] += p * dump[q]
        elif t2 == t and n2 == n:
            loop += p
        else:
            ahead = arrive[t2, n2]
            for q in range(lanes):
                total[q] += p * ahead[q]
    return loop


@njit(cache=True)
def _level_turn(
    i: int,
    sheets: Any,
    rows: Any,
    unit: int,
    horizon: int,
    edge: float,
    pv: Any,
    target_points: float,
    bits: Any,
    work: Any,
) -> None:
    """Fill ``bits[q, n, word]`` over ``t``: the level's stops for sheet ``i``'s turn at
    every threat ``q / THREAT_STEPS`` at once.

    The turn's shape is the same at every threat, only the values differ, so each number
    of ``_Plan`` is a vector over the threats here (the compiler turns the inner loops
    into vector instructions; each lane's arithmetic is the scalar one, in its order).
    Per depth ``d`` (voluntary throws still planned) and from the highest turn total
    down, as every throw raises it or comes back to the same position:

    * ``tv[d, t, n]`` — ``_Plan.throw_value``: throwing ``n`` dice at ``t``, by a free
      mover (one that may stop) or one forced by the entry or a barrel;
    * ``hot[r, t]`` — hot dice thrown after ``r`` hot throws in a row (``hot[HOT_RUN]``:
      the run cut short, the total taken as made);
    * ``arrive[t, n]`` — ``_Plan.value`` of a position a throw leads to (run 0), and
      ``hot_arrive[r, t, n]`` the same after ``r + 1`` hot throws in a row.
    """
    score, stop_to, bust_to, dump_to, dump_at, target = (
        sheets[0],
        sheets[1],
        sheets[6],
        sheets[7],
        sheets[8],
        sheets[9],
    )
    hot_must_throw = rows[6]
    hot_run = HOT_RUN
    stop_val, tv, hot, arrive, hot_arrive, ends, total, keep, lose, margin = work
    lanes = keep.shape[0]
    last = target - score[i]
    dump_row = dump_at[i]
    for q in range(lanes):
        theta = q / THREAT_STEPS
        keep[q] = 1.0 - theta
        lose[q] = theta * target_points
        margin[q] = edge * keep[q]  # per point of turn total
        ends[0, q] = keep[q] * pv[bust_to[i]] - lose[q]
        ends[1, q] = keep[q] * pv[dump_to[i]] - lose[q]
    for t in range(last + 1):
        after = stop_to[i, t]
        for q in range(lanes):
            if after == WIN:
                stop_val[t, q] = target_points
            elif after == NO_STOP:
                stop_val[t, q] = -lose[q]  # end(0.0), as a forced position past PLAN_LIMIT
            else:
                stop_val[t, q] = keep[q] * pv[after] - lose[q]
            hot[hot_run, t, q] = stop_val[t, q]
    if stop_to[i, last] == WIN:
        # At the capped total a stop wins: hot dice there land on (last, n) again, so
        # those values must be in place before the hot dice are valued (they are the
        # win, at every depth).
        for n in range(1, DICE):
            for q in range(lanes):
                arrive[last, n, q] = target_points
                for r in range(hot_run):
                    hot_arrive[r, last, n, q] = target_points
    for d in range(horizon):
        for t in range(last, -1, -1):
            beyond = t * unit > PLAN_LIMIT  # the bots' plans have no edges past it
            free = t > 0 and stop_to[i, t] != NO_STOP
            won = free and stop_to[i, t] == WIN
            if hot_must_throw:
                # Five dice the rules force, after r hot throws in a row: arriving at
                # hot dice again is worth hot[r + 1] (hot_arrive[r]); any other arrival
                # does not depend on r.
                for r in range(hot_run - 1, -1, -1):
                    if beyond:
                        for q in range(lanes):
                            hot[r, t, q] = -lose[q]
                    else:
                        loop = _throw(
                            t, DICE, last, rows, dump_row, ends, target_points,
                            hot_arrive[r], total,
                        )  # fmt: skip
                        for q in range(lanes):
                            hot[r, t, q] = total[q] / (1.0 - loop)
                for r in range(hot_run):
                    hot_arrive[r, t, DICE] = hot[r + 1, t]
                arrive[t, DICE] = hot[0, t]
            for n in range(DICE, 0, -1):
                here = tv[d, t, n]
                if beyond:
                    for q in range(lanes):
                        here[q] = -lose[q]
                else:
                    loop = _throw(t, n, last, rows, dump_row, ends, target_points, arrive, total)
                    for q in range(lanes):
                        if loop == 0.0:
                            here[q] = total[q]
                        elif not free:  # forced to throw again from the same position
                            here[q] = total[q] / (1.0 - loop)
                        else:  # back to this very free position, planned as far as this throw
                            own = stop_val[t, q]
                            if d > 0 and not won:
                                own = max(own, tv[d - 1, t, n, q] - margin[q] * (t * unit))
                            here[q] = total[q] + loop * own
                if n == DICE and hot_must_throw:
                    continue
                to = arrive[t, n]
                for q in range(lanes):
                    if not free:
                        value = here[q]  # forced by the entry or a barrel: same depth
                    elif won or d == 0 or beyond:
                        value = stop_val[t, q]  # a stop that wins is always taken
                    else:
                        value = max(stop_val[t, q], tv[d - 1, t, n, q] - margin[q] * (t * unit))
                    to[q] = value
                for r in range(hot_run):
                    hot_arrive[r, t, n] = to
    bits[:] = 0
    for t in range(1, last + 1):
        after = stop_to[i, t]
        if after == NO_STOP:
            continue
        bit = np.uint64(1) << np.uint64(t & 63)
        word = t >> 6
        for n in range(1, DICE + 1):
            planned = tv[horizon - 1, t, n]
            for q in range(lanes):
                if after == WIN or not planned[q] - margin[q] * (t * unit) > stop_val[t, q]:
                    bits[q, n, word] |= bit


@njit(cache=True, parallel=True)
def level_bits(
    members: Any,
    sheets: Any,
    rows: Any,
    unit: int,
    horizon: int,
    edge: float,
    pv: Any,
    target_points: float,
    bits: Any,
) -> None:
    """Fill ``bits[c, q, n, word]`` for every class ``c`` (sheet ``members[c]``) and threat.

    Classes are handed out long turns and short in turn (a low score has the long
    turns), so parallel workers get even shares.
    """
    classes = members.shape[0]
    width = sheets[1].shape[1]
    order = np.argsort(sheets[0][members])
    lanes = THREATS
    for x in prange(classes):
        c = order[x // 2] if x % 2 == 0 else order[classes - 1 - x // 2]
        work = (
            np.zeros((width, lanes)),
            np.zeros((horizon, width, DICE + 1, lanes)),
            np.zeros((HOT_RUN + 1, width, lanes)),
            np.zeros((width, DICE + 1, lanes)),
            np.zeros((max(HOT_RUN, 1), width, DICE + 1, lanes)),
            np.zeros((2, lanes)),
            np.zeros(lanes),
            np.zeros(lanes),
            np.zeros(lanes),
            np.zeros(lanes),
        )
        _level_turn(members[c], sheets, rows, unit, horizon, edge, pv, target_points, bits[c], work)


def _position(game: Game, mover: PlayerState) -> GameState:
    other = PlayerState("other", 0, False, None, 0, 0)
    return GameState(game, (mover, other), 0, Phase.DECIDE, 0, 5, Forced.TURN_START, 0, (), None)


@dataclass(frozen=True)
class SheetModel:
    """What the :class:`~thousand.games.dice1000.planning.RulesModel` says about each sheet.

    ``worth[s]``: ``position_value`` of sheet ``s`` (what an end of a turn there is worth
    to a bot); ``finishing[s]``: the chance that an opponent with sheet ``s`` wins in
    their next turn, of which a bot's threat is made; ``classes[s]``: the row of the
    levels' tables that sheet ``s`` plays, ``members[c]``: one sheet of class ``c``.
    """

    worth: npt.NDArray[np.float64]
    finishing: npt.NDArray[np.float64]
    classes: npt.NDArray[np.int64]
    members: npt.NDArray[np.int64]


def sheet_model(game: Game, sheets: SheetTables) -> SheetModel:
    """The model's numbers per sheet, and the sheets grouped by how a bot's turn sees them."""
    model = rules_model(game)
    states = [sheet_state(sheet, "mover") for sheet in sheets.sheets]
    worth = np.array([model.position_value(_position(game, s), 0) for s in states])
    finishing = np.array([model.finishing_chance(s) for s in states])
    classes = np.zeros(sheets.count, dtype=np.int64)
    members: list[int] = []
    seen: dict[bytes, int] = {}
    for i in range(sheets.count):
        last = sheets.target - int(sheets.score[i])
        to = sheets.stop_to[i, : last + 1]
        ends = np.where(to >= 0, worth[np.maximum(to, 0)], to.astype(np.float64))
        key = b"".join(
            (
                np.array([last, worth[sheets.bust_to[i]], worth[sheets.dump_to[i]]]).tobytes(),
                ends.tobytes(),
                sheets.dump_at[i, : last + 1].tobytes(),
            )
        )
        found = seen.get(key)
        if found is None:
            found = seen[key] = len(members)
            members.append(i)
        classes[i] = found
    return SheetModel(worth, finishing, classes, np.array(members, dtype=np.int64))


@dataclass(frozen=True)
class LevelTable:
    """One level's stops under one rule set: ``bits[class, q, n, word]`` over ``t``."""

    bits: npt.NDArray[np.uint64]
    classes: npt.NDArray[np.int64]
    """The class (row) of each sheet."""

    def stops(self, sheet: int, q: int, t: int, n: int) -> bool:
        """The level's decision with sheet ``sheet``, threat ``q / 128``, total ``t`` (in
        units, at most the sheet's ``last``) and ``n`` dice in hand."""
        word = int(self.bits[self.classes[sheet], q, n, t >> 6])
        return bool(word >> (t & 63) & 1)


def level_table(
    game: Game, temperament: Temperament, sheets: SheetTables, model: SheetModel
) -> LevelTable:
    """The stop table of ``temperament`` under ``game``'s rules over ``sheets``."""
    width = sheets.stop_to.shape[1]
    words = (width + 63) // 64
    classes = model.members.shape[0]
    bits = np.zeros((classes, THREATS, DICE + 1, words), dtype=np.uint64)
    kernel = cast(Any, level_bits)
    bands = Bands()
    first = 0
    while first < classes:  # in bands, so that Ctrl+C acts between kernel calls
        size = bands.next(classes - first)
        called = time.perf_counter()
        kernel(
            model.members[first : first + size],
            sheets.kernel_sheets(),
            sheets.kernel_rows(),
            sheets.unit,
            temperament.horizon,
            temperament.edge,
            model.worth,
            float(game.target),
            bits[first : first + size],
        )
        bands.took(time.perf_counter() - called, size)
        first += size
    return LevelTable(bits, model.classes)


_TABLES: OrderedDict[Path, LevelTable] = OrderedDict()


def level_path(game: Game, temperament: Temperament, sheets: SheetTables) -> Path:
    """The cache file of a level's table, beside the rules' strategy."""
    path = cache_path(game)
    floor = int(sheets.score.min())
    return path.with_name(f"{path.stem}-{temperament.name}-{floor}.npz")


def _load(path: Path, game: Game, meta: dict[str, Any]) -> LevelTable | None:
    found = read_arrays(path, game, ("bits", "classes"), meta)
    if found is None or len(found[1]) != 2:
        return None
    arrays = found[1]
    return LevelTable(arrays["bits"].astype(np.uint64), arrays["classes"].astype(np.int64))


def cached_level_table(
    game: Game, temperament: Temperament, sheets: SheetTables, model: SheetModel
) -> LevelTable:
    """:func:`level_table`, kept in memory for a few and in the strategy cache: under
    ``ussr`` a table takes about 3 s to compute (758 classes × 129 threats, half of
    them scores below zero with long turns)."""
    path = level_path(game, temperament, sheets)
    table = _TABLES.get(path)
    if table is not None:
        _TABLES.move_to_end(path)
        return table
    meta = {
        "rules": game.canonical,
        "version": SOLVER_VERSION,
        "solver": "level",
        "level": [temperament.name, temperament.horizon, temperament.edge, HOT_RUN],
        "threats": THREATS,
        "sheets": sheets.count,
    }
    table = _load(path, game, meta)
    if table is None:
        table = level_table(game, temperament, sheets, model)
        write_arrays(path, meta, bits=table.bits, classes=table.classes)
    _TABLES[path] = table
    while len(_TABLES) > 6:
        _TABLES.popitem(last=False)
    return table
