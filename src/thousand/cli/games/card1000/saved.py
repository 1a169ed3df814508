"""A saved game of card Thousand, as ``thousand play --resume`` and ``thousand games``
read it (:class:`thousand.cli.storage.Saved`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thousand.cli.storage import GameListing, Saved, listing_of
from thousand.core.table import TableOptions
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.record import Replay, replay
from thousand.games.card1000.session import Session


@dataclass(frozen=True, slots=True)
class SavedCardGame(Saved[Session | KeepSession]):
    """A saved game of card Thousand; ``replay`` is its :class:`Replay`."""

    def session(self, table: TableOptions) -> Session | KeepSession:
        """The game going on: at the computer's cards, or a scorekeeping one (``--table``)."""
        if self.replay.table:
            return KeepSession.resume(self.data, **table)
        return Session.resume(self.data, **table)

    def listing(self) -> GameListing:
        result: Replay = self.replay
        state = result.state
        winner = None if state.winner is None else result.players[state.winner]
        to_move = None if state.to_move is None else result.players[state.to_move[0]]
        return listing_of(
            self,
            list(result.players),
            rules=result.rules,
            turns=len(state.history),
            winner=winner,
            to_move=to_move,
        )


def load_saved(path: Path, data: dict[str, Any]) -> SavedCardGame:
    """A record of card Thousand, replayed (a one-line error where it breaks the rules)."""
    return SavedCardGame(path, data, replay(data))
