"""The ``perfect`` computer player: plays the solved strategy of the game's rules.

The strategy is loaded from the cache, or solved once the first time a rule set is
played (the presets' come with the package; see ``thousand solve``). With three players
under rules where scores only grow it plays the exact three-player table; otherwise the
two-player strategy against the leading opponent (see :mod:`.seats`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.seats import load_or_solve_seated
from thousand.games.dice1000.solver.strategy import SolvedStrategy
from thousand.games.dice1000.state import GameState

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat


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

    def native_seat(
        self, fast: FastGame, players: int, progress: Callable[[str], None] | None = None
    ) -> NativeSeat:
        """The seat this player takes on the native path (:mod:`.native`)."""
        from thousand.games.dice1000.solver.native import perfect_seat  # noqa: PLC0415

        return perfect_seat(fast, self.strategy(fast.game, players), players, progress)

    def __call__(self, state: GameState) -> Action:
        return self.strategy(state.game, len(state.players)).decide(state)
