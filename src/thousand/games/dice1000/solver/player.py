"""The ``perfect`` computer player: plays the solved strategy of the game's rules.

The strategy is loaded from the cache, or solved once the first time a rule set is
played: about ten seconds for the classic rules, minutes for rules where scores can fall
(see ``thousand solve``). With three or more players it plays the two-player strategy
against the leading opponent (see :mod:`.strategy`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.strategy import SolvedStrategy, load_or_solve
from thousand.games.dice1000.state import GameState


class PerfectPlayer:
    """A policy (``player(state) -> action``) backed by solved strategies, one per rule set."""

    def __init__(self, seed: int | None = None) -> None:
        del seed  # perfect play never needs to break a tie at random
        self._strategies: dict[str, SolvedStrategy] = {}

    def strategy(self, game: Game) -> SolvedStrategy:
        """The solved strategy of ``game`` (cached, or solved now)."""
        known = self._strategies.get(game.canonical)
        if known is None:
            known, _ = load_or_solve(game)
            self._strategies[game.canonical] = known
        return known

    def table(self, game: Game) -> npt.NDArray[np.uint8] | None:
        """The stop table the native fast path reads; None where scores can fall.

        The native simulator plays only rules whose scores only grow, and only those have
        a stop table; under other rules games go through the engine, one decision at a
        time (:meth:`__call__`).
        """
        return self.strategy(game).native_table()

    def __call__(self, state: GameState) -> Action:
        return self.strategy(state.game).decide(state)
