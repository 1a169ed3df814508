"""Player sheets for the value-iteration solver, and how turns move them — read off the engine.

Under rules where scores can fall (bolts, dump trucks, overtaking, barrel attempts and
knock-off) a player's future depends on more than their score: whether they are in the
game, their bolt count, their busted turns on a barrel, and — where a barrel's fall is
``{"to": "entry"}`` — the score they entered with. A *sheet* is that tuple; the solver
indexes every sheet a game can reach from the start and solves the two-player game over
pairs of sheets.

Every transition comes from the engine, applied to synthetic positions, never re-derived
here. The number of engine calls stays small because a turn's effects factorise:

* a **stop** changes the mover's sheet as a function of (mover's sheet, turn total) alone;
* what a stop does to the **opponent** (overtaking penalty, knock-off) depends on the
  opponent's sheet, on whether the stop lifts the mover from at-or-below the opponent's
  score to above it, and on the barrel the mover lands on — so it is read once per
  (opponent sheet, overtaken?, landing barrel) with a representative stop;
* a **bust** and a **mid-turn dump truck** change the mover's sheet alone.

``tests/test_solver_falling.py`` checks the factorisation against the engine's full
transition on random pairs of sheets.

Two approximations keep the sheet space finite and small, and are stated by ``solve``:

* scores below a **floor** (default −100) count as the floor (penalties may take a score
  below zero without limit; a score that low is rare and its winning chance tiny);
* optionally the **entry score** is bucketed (``entry_step``): a knocked-off player then
  falls to the start of their entry-score bucket. Only rules with a fall to the entry
  score track it at all.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.core.errors import RulesError
from thousand.games.dice1000.actions import STOP
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.scoring import DICE, Dice
from thousand.games.dice1000.solver.tables import check_memory, throw_rows
from thousand.games.dice1000.state import Forced, GameState, Phase, PlayerState, new_state

Sheet = tuple[int, bool, int | None, int, int]
"""(score, entered, entry score or None, bolts, busted turns on the barrel), in points."""

NO_STOP = -2
"""``stop_to`` where the rules do not allow a stop."""
WIN = -1
"""``stop_to`` where the stop wins."""

DEFAULT_FLOOR = -100
"""Scores below this count as this (points)."""


def sheet_state(sheet: Sheet, name: str) -> PlayerState:
    """The engine's player sheet for a solver sheet."""
    score, entered, entry, bolts, turns = sheet
    return PlayerState(name, score, entered, entry, bolts, turns)


@dataclass
class SheetSpace:
    """How engine sheets map to solver sheets: the floor, the entry buckets, what is kept."""

    game: Game
    floor: int
    """Points; scores below count as this."""
    entry_step: int | None = None
    """Points; entry scores are rounded down to ``entry threshold + k * entry_step``."""
    track_entry: bool = field(init=False)

    def __post_init__(self) -> None:
        unit = self.game.score_unit
        if self.floor % unit or self.floor > 0:
            raise RulesError(f"the score floor must be a multiple of {unit} at most 0")
        if self.entry_step is not None and (self.entry_step <= 0 or self.entry_step % unit):
            raise RulesError(f"the entry-score step must be a positive multiple of {unit}")
        self.track_entry = any(barrel.fall_to_entry for barrel in self.game.barrels)

    def normal(self, sheet: PlayerState) -> Sheet:
        """The solver sheet of an engine sheet (floor applied, untracked fields dropped)."""
        score = max(sheet.score, self.floor)
        entry = None
        if self.track_entry and sheet.entered:
            entry = sheet.entry_score if sheet.entry_score is not None else 0
            if self.entry_step is not None:
                base = self.game.entry_threshold
                if entry > base:
                    entry = base + (entry - base) // self.entry_step * self.entry_step
        return (score, sheet.entered, entry, sheet.bolts, sheet.barrel_turns)


@dataclass(frozen=True)
class SheetTables:
    """Every reachable sheet and the arrays :mod:`thousand.games.dice1000.solver.iteration` reads.

    Sheets are indexed ``0 … S-1`` (index 0: the start sheet); scores and turn totals
    are in score units. ``T`` is the largest turn total that matters (target − floor).
    """

    space: SheetSpace
    unit: int
    target: int
    sheets: list[Sheet]
    index: dict[Sheet, int]
    score: npt.NDArray[np.int64]
    """[S] recorded score."""
    stop_to: npt.NDArray[np.int64]
    """[S, T+1] the mover's sheet after stopping with total t; NO_STOP, WIN."""
    stop_new: npt.NDArray[np.int64]
    """[S, T+1] the score the stop records (after a cap), to judge overtaking."""
    stop_land: npt.NDArray[np.int64]
    """[S, T+1] 1 + index of the barrel the stop lands on, 0 for none."""
    stop_fx: npt.NDArray[np.bool_]
    """[S, T+1] the stop may change the opponent's sheet (not a dump truck)."""
    opp_after: npt.NDArray[np.int64]
    """[S, 2, barrels+1] the opponent's sheet after a stop: [sheet, overtaken, landing]."""
    bust_to: npt.NDArray[np.int64]
    """[S] the mover's sheet after a bust."""
    dump_to: npt.NDArray[np.int64]
    """[S] the mover's sheet after a mid-turn dump truck."""
    dump_at: npt.NDArray[np.bool_]
    """[S, T+1] a throw that brings the turn total to t strikes a dump truck."""
    rows: tuple[Any, ...]
    """The throw outcome rows of :func:`thousand.games.dice1000.solver.tables.throw_rows`."""
    overtaking: bool
    affects_opponent: bool
    hot_must_throw: bool
    exact: bool
    retry: bool

    @property
    def count(self) -> int:
        return len(self.sheets)

    def kernel_sheets(self) -> tuple[Any, ...]:
        """The sheet arrays as the tuple the numba kernels take (in this order)."""
        return (
            self.score,
            self.stop_to,
            self.stop_new,
            self.stop_land,
            self.stop_fx,
            self.opp_after,
            self.bust_to,
            self.dump_to,
            self.dump_at,
            self.target,
            self.overtaking,
            self.affects_opponent,
        )

    def kernel_rows(self) -> tuple[Any, ...]:
        """The throw rows and turn rules as the tuple the numba kernels take."""
        return (*self.rows, self.hot_must_throw, self.exact, self.retry)

    def positions(self) -> int:
        """Positions solved: every pair of sheets, every turn total and dice count."""
        lasts = self.target - self.score
        return int((lasts + 1).sum()) * 5 * self.count

    def lookup(self, sheet: PlayerState) -> int | None:
        """The index of an engine sheet, None if the solver never met it."""
        return self.index.get(self.space.normal(sheet))


def _position(game: Game, players: tuple[PlayerState, ...], total: int, dice: int) -> GameState:
    """A synthetic position: player 0 to decide with ``total`` in hand and ``dice`` left."""
    return GameState(game, players, 0, Phase.DECIDE, total, dice, Forced.NO, 1, (), None)


def _throw_of(game: Game, bust: bool) -> Dice | None:
    """A throw that busts (or scores points without an instant win), if the rules have one."""
    for n in range(1, DICE + 1):
        for dice, _ in game.chance_outcomes(n):
            score = game.score(dice)
            if bust and score.bust:
                return dice
            if not bust and score.points > 0 and not game.is_instant_win(dice):
                return dice
    return None


class _Reader:
    """Reads one sheet's transitions off the engine; collects new sheets as it goes."""

    def __init__(self, space: SheetSpace) -> None:
        self.space = space
        self.game = space.game
        self.unit = self.game.score_unit
        self.bust_dice = _throw_of(self.game, bust=True)
        self.scoring_dice = _throw_of(self.game, bust=False)
        self.index: dict[Sheet, int] = {}
        self.sheets: list[Sheet] = []
        self.queue: deque[int] = deque()
        self.bystander = PlayerState("B", 0, False, None, 0, 0)

    def add(self, sheet: PlayerState) -> int:
        key = self.space.normal(sheet)
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.sheets)
            self.sheets.append(key)
            self.queue.append(found)
        return found

    def stops(self, i: int, width: int) -> tuple[list[int], list[int], list[int], list[bool]]:
        game, unit = self.game, self.unit
        mover = sheet_state(self.sheets[i], "A")
        players = (mover, self.bystander)
        to, new, land, fx = [NO_STOP] * width, [0] * width, [0] * width, [False] * width
        last = game.target // unit - mover.score // unit
        for t in range(1, min(last, width - 1) + 1):
            state = _position(game, players, t * unit, 1)
            if not state.may_stop():
                continue
            after, end = state.advance(STOP)
            assert end is not None
            if end.outcome == "win":
                to[t] = WIN
                continue
            sheet = after.players[0]
            to[t] = self.add(sheet)
            new[t] = sheet.score // unit
            barrel = game.barrel_at(sheet.score)
            land[t] = 0 if barrel is None else barrel.index + 1
            fx[t] = end.outcome == "stop"
        return to, new, land, fx

    def bust(self, i: int) -> int:
        if self.bust_dice is None:
            return i
        mover = sheet_state(self.sheets[i], "A")
        state = _position(self.game, (mover, self.bystander), 0, len(self.bust_dice))
        after, end = state.advance_throw(self.bust_dice)
        assert end is not None and end.outcome == "bust"
        return self.add(after.players[0])

    def dump(self, i: int) -> int:
        game = self.game
        if not game.dump_truck_midturn or self.scoring_dice is None:
            return i
        dice = self.scoring_dice
        mover = sheet_state(self.sheets[i], "A")
        total = min(game.dump_trucks) - mover.score - game.score(dice).points
        state = _position(game, (mover, self.bystander), total, len(dice))
        after, end = state.advance_throw(dice)
        assert end is not None and end.outcome == "dump_truck"
        return self.add(after.players[0])

    def opponent(self, j: int, overtaken: bool, landing: int) -> int:
        """The opponent's sheet after a stop of the given kind (-1: no such stop exists)."""
        game, unit = self.game, self.unit
        theirs = sheet_state(self.sheets[j], "B")
        b = theirs.score
        for new in range(self.space.floor, game.target, unit):
            if overtaken:
                if new <= b:
                    continue
                before = b
            else:
                before = new if new <= b else b + unit
            barrel = game.barrel_at(new)
            if (0 if barrel is None else barrel.index + 1) != landing:
                continue
            if new in game.dump_trucks:
                continue
            mover = PlayerState("A", before, True, before, 0, 0)
            state = _position(game, (mover, theirs), new - before, 1)
            after, end = state.advance(STOP)
            assert end is not None
            recorded = after.players[0].score
            crossed = before <= b < recorded
            barrel = game.barrel_at(recorded)
            if (
                end.outcome != "stop"
                or crossed != overtaken
                or (0 if barrel is None else barrel.index + 1) != landing
            ):
                continue
            return self.add(after.players[1])
        return -1


def build_sheets(
    game: Game, floor: int = DEFAULT_FLOOR, entry_step: int | None = None
) -> SheetTables:
    """Index every sheet reachable from the start and read its transitions off the engine."""
    if game.choose_dice:
        raise RulesError("the solver does not choose dice: rules with choose_dice are not solved")
    space = SheetSpace(game, floor, entry_step)
    unit = game.score_unit
    target = game.target // unit
    width = target - floor // unit + 1
    # Every score below the target is a sheet at least: four int64 rows of ``width`` each.
    check_memory(game, 33 * width * max(target, 1), "the sheet tables of these rules")
    reader = _Reader(space)
    reader.add(new_state(game, ["A", "B"]).players[0])
    rows: dict[str, list[Any]] = {
        name: [] for name in ("to", "new", "land", "fx", "opp", "bust", "dump")
    }
    landings = len(game.barrels) + 1
    while reader.queue:
        i = reader.queue.popleft()
        assert i == len(rows["to"])
        to, new, land, fx = reader.stops(i, width)
        rows["to"].append(to)
        rows["new"].append(new)
        rows["land"].append(land)
        rows["fx"].append(fx)
        rows["bust"].append(reader.bust(i))
        rows["dump"].append(reader.dump(i))
        rows["opp"].append(
            [[reader.opponent(i, crossed, k) for k in range(landings)] for crossed in (False, True)]
        )
    sheets = reader.sheets
    score = np.array([s[0] // unit for s in sheets], dtype=np.int64)
    dump_at = np.zeros((len(sheets), width), dtype=np.bool_)
    if game.dump_truck_midturn:
        for i, s in enumerate(sheets):
            for truck in game.dump_trucks:
                t = (truck - s[0]) // unit
                if 0 < t < width:
                    dump_at[i, t] = True
    return SheetTables(
        space=space,
        unit=unit,
        target=target,
        sheets=sheets,
        index=reader.index,
        score=score,
        stop_to=np.array(rows["to"], dtype=np.int64),
        stop_new=np.array(rows["new"], dtype=np.int64),
        stop_land=np.array(rows["land"], dtype=np.int64),
        stop_fx=np.array(rows["fx"], dtype=np.bool_),
        opp_after=np.array(rows["opp"], dtype=np.int64),
        bust_to=np.array(rows["bust"], dtype=np.int64),
        dump_to=np.array(rows["dump"], dtype=np.int64),
        dump_at=dump_at,
        rows=throw_rows(game, unit),
        overtaking=bool(game.overtaking_penalty),
        affects_opponent=game.opponents_affected,
        hot_must_throw=game.hot_dice_must_throw,
        exact=game.exact_ending,
        retry=game.first_throw_retry,
    )
