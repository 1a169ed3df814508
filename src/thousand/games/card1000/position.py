"""A game of card Thousand as the registry hands it out: the referee's state and the
players' names.

The engine's :class:`~.state.State` knows seats, not names; the game interface
(:class:`thousand.games.interface.GameModule`) starts a game from rules *and* players
and writes records that name them, so its position carries both. Everything a seat may
see of it still goes through :func:`.views.view` of the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from thousand.games.card1000.state import State


@dataclass(frozen=True, slots=True)
class Position:
    """The referee's state of a game and the names of its players, in seat order."""

    state: State
    players: tuple[str, ...]

    @property
    def current(self) -> int:
        """The seat to move; once the game is over, the winner's (a table's question,
        :class:`thousand.core.table.Position`); between deals, the next deal's first hand."""
        to_move = self.state.to_move
        if to_move is not None:
            return to_move[0]
        if self.state.winner is not None:
            return self.state.winner
        return (self.state.dealer + 1) % self.state.rules.players

    @property
    def to_move(self) -> str | None:
        """The name of the player to move; None once the game is over."""
        if self.state.over:
            return None
        return self.players[self.current]
