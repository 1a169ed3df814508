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
from thousand.games.dice1000.solver.seats import at_hand, load_or_solve_seated, three_pending
from thousand.games.dice1000.solver.strategy import SolvedStrategy
from thousand.games.dice1000.state import GameState

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat


class PerfectPlayer:
    """A policy (``player(state) -> action``) backed by solved strategies, one per rule set."""

    def __init__(self, seed: int | None = None) -> None:
        del seed  # perfect play never needs to break a tie at random
        self._strategies: dict[tuple[str, int], SolvedStrategy] = {}
        self.settle = False
        """Play the two-player strategy against the leader (as at four players) while
        the exact three-player table is not solved on this machine, instead of solving
        it first (minutes): what a room of people does, who would not wait that long
        (the server solves the table aside meanwhile). Off for ``simulate`` and the
        terminal, which solve it before the game and say so."""

    def strategy(self, game: Game, players: int = 2) -> SolvedStrategy:
        """The solved strategy of ``game`` at a table of ``players`` (cached, or solved now;
        with :attr:`settle`, the best at hand until the exact table is there)."""
        key = (game.canonical, players)
        known = self._strategies.get(key)
        if known is None:
            if self.settle and three_pending(game, players):
                at_once = at_hand(game, players)
                if at_once is not None:
                    return at_once  # not kept: the exact table is looked for next time
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
