"""A saved game of dice 1000, as ``thousand play --resume`` and ``thousand games`` read it
(:class:`thousand.cli.storage.Saved`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thousand.cli.storage import GameListing, Saved, listing_of
from thousand.core.table import TableOptions
from thousand.games.dice1000.record import Replay, replay
from thousand.games.dice1000.table import Session


@dataclass(frozen=True, slots=True)
class SavedDice1000(Saved[Session]):
    """A saved game of dice 1000; ``replay`` is its :class:`Replay`."""

    def session(self, table: TableOptions) -> Session:
        return Session.resume(self.data, self.replay, **table)

    def listing(self) -> GameListing:
        result: Replay = self.replay
        state = result.state
        return listing_of(
            self,
            [sheet.name for sheet in state.players],
            rules=state.game.rules,
            turns=len(result.turns),
            winner=None if state.winner is None else state.players[state.winner].name,
            to_move=state.to_move,
        )


def load_saved(path: Path, data: dict[str, Any]) -> SavedDice1000:
    """A record of dice 1000, replayed (a one-line error where it breaks the rules)."""
    return SavedDice1000(path, data, replay(data))
