"""The seats of the native simulator: which table each computer player reads there.

Every computer player we ship plays on the native path (:mod:`.fastplay`) at every table
size and under every rule set the solver takes; this module says how each becomes a
:class:`~.fastplay.NativeSeat`:

* a level (``cautious``, ``balanced``, ``bold``): its table over (class of the mover's
  sheet, rounded threat) from :mod:`.levels`;
* ``perfect`` with two players, or with four or more, or with three where scores fall:
  the two-player strategy's stop bits, played against the leading opponent (as in the
  engine, :func:`.strategy._rival`) — over pairs of scores where scores only grow, over
  the solver's sheets where they fall (a native sheet is looked up among the solver's
  as the engine's ``perfect`` looks it up: the floor applied, entry scores bucketed);
* ``perfect`` with three players where scores only grow: the exact three-player table
  and its lists of switch points (:mod:`.three`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from thousand.games.dice1000.planning import Temperament
from thousand.games.dice1000.solver.fastplay import (
    LEVEL,
    PAIR,
    THREE,
    FastGame,
    NativeSeat,
    ThreeTable,
    pack_stops,
)
from thousand.games.dice1000.solver.levels import cached_level_table
from thousand.games.dice1000.solver.seats import SeatedStrategy
from thousand.games.dice1000.solver.sheets import sheet_state
from thousand.games.dice1000.solver.strategy import FallingStrategy, SolvedStrategy, Strategy
from thousand.games.dice1000.solver.three import ThreeStrategy


def level_seat(fast: FastGame, temperament: Temperament) -> NativeSeat:
    """A level's seat: its table over the native sheets' classes."""
    model = fast.model()
    table = cached_level_table(fast.game, temperament, fast.sheets, model)
    sheets = fast.sheets
    lasts = sheets.target - sheets.score[model.members]
    return NativeSeat(LEVEL, table.bits, table.classes, lasts.astype(np.int64))


def strategy_seat(
    fast: FastGame, strategy: SolvedStrategy, progress: Callable[[str], None] | None = None
) -> NativeSeat:
    """A seat that plays a two-player strategy against the leading opponent."""
    sheets = fast.sheets
    if isinstance(strategy, SeatedStrategy):
        strategy = strategy.two
    if isinstance(strategy, Strategy):
        target = strategy.tables.target
        if (sheets.score < 0).any() or sheets.score.max() >= target:
            raise ValueError("a strategy over scores plays rules whose scores only grow")
        lasts = target - np.arange(target, dtype=np.int64)
        return NativeSeat(PAIR, pack_stops(strategy.policy), sheets.score.copy(), lasts)
    if isinstance(strategy, FallingStrategy):
        own = strategy.sheets
        rows = np.array(
            [
                -1 if (found := own.lookup(sheet_state(sheet, "x"))) is None else found
                for sheet in sheets.sheets
            ],
            dtype=np.int64,
        )
        lasts = (own.target - own.score).astype(np.int64)
        return NativeSeat(PAIR, strategy.stop_table(progress), rows, lasts)
    raise TypeError(f"no native seat for {type(strategy).__name__}")


def three_seat(
    fast: FastGame, three: ThreeStrategy, progress: Callable[[str], None] | None = None
) -> NativeSeat:
    """A seat on the exact three-player table (three players, scores that only grow)."""
    table = ThreeTable(three.win, three.stop_table(progress), three.tables.kernel_rules())
    count = fast.sheets.count
    empty = np.zeros((1, 1, 7, 1), dtype=np.uint64)
    return NativeSeat(
        THREE, empty, np.zeros(count, dtype=np.int64), np.zeros(1, dtype=np.int64), table
    )


def perfect_seat(
    fast: FastGame,
    strategy: SolvedStrategy,
    players: int,
    progress: Callable[[str], None] | None = None,
) -> NativeSeat:
    """``perfect`` at a table of ``players``: the exact three-player table where the
    strategy has one, else the two-player strategy against the leader."""
    if isinstance(strategy, SeatedStrategy) and strategy.three is not None and players == 3:
        return three_seat(fast, strategy.three, progress)
    return strategy_seat(fast, strategy, progress)
