"""The ``perfect`` computer player: plays the solved strategy of the game's rules.

The strategy is loaded from the cache, or solved once the first time a rule set is
played (the presets' come with the package; see ``thousand solve``). With three players
under rules where scores only grow it plays the exact three-player table; otherwise the
two-player strategy against the leading opponent (see :mod:`.seats`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.seats import (
    SeatedStrategy,
    exact_for_three,
    load_or_solve_seated,
)
from thousand.games.dice1000.solver.strategy import SolvedStrategy
from thousand.games.dice1000.state import GameState


class PerfectPlayer:
    """A policy (``player(state) -> action``) backed by solved strategies, one per rule set."""

    def __init__(self, seed: int | None = None) -> None:
        del seed  # perfect play never needs to break a tie at random
        self._strategies: dict[tuple[str, int], SolvedStrategy] = {}

    def strategy(self, game: Game, players: int = 2) -> SolvedStrategy:
        """The solved strategy of ``game`` at a table of ``players`` (cached, or solved now)."""
        key = (game.canonical, players)
        known = self._strategies.get(key)
        if known is None:
            known = load_or_solve_seated(game, players)
            self._strategies[key] = known
        return known

    def table(self, game: Game) -> npt.NDArray[np.uint8] | None:
        """The stop table the native fast path reads; None where scores can fall.

        The native simulator plays only rules whose scores only grow, and only those have
        a stop table; under other rules games go through the engine, one decision at a
        time (:meth:`__call__`).
        """
        return self.strategy(game).native_table()

    def three_table(self, game: Game) -> npt.NDArray[np.float64] | None:
        """The exact three-player table the native fast path plays, None where there is none."""
        if not exact_for_three(game):
            return None
        three = self.strategy(game, 3)
        assert isinstance(three, SeatedStrategy) and three.three is not None
        return three.three.win

    def __call__(self, state: GameState) -> Action:
        return self.strategy(state.game, len(state.players)).decide(state)
