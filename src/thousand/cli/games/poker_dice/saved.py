"""A saved game of poker dice, as ``thousand play --resume`` and ``thousand games`` read
it (:class:`thousand.cli.storage.Saved`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thousand.cli.storage import GameListing, Saved, listing_of
from thousand.core.table import TableOptions
from thousand.games.poker_dice.record import Replay, replay
from thousand.games.poker_dice.table import Session


@dataclass(frozen=True, slots=True)
class SavedPokerGame(Saved[Session]):
    """A saved game of poker dice; ``replay`` is its :class:`Replay`."""

    def session(self, table: TableOptions) -> Session:
        return Session.resume(self.data, **table)

    def listing(self) -> GameListing:
        """A shared win names every winner."""
        result: Replay = self.replay
        position = result.position
        winners = result.winner_names
        return listing_of(
            self,
            [sheet.name for sheet in position.players],
            rules=position.rules,
            turns=len(result.turns),
            winner=", ".join(winners) if winners else None,
            to_move=position.to_move,
        )


def load_saved(path: Path, data: dict[str, Any]) -> SavedPokerGame:
    """A record of poker dice, replayed (a one-line error where it breaks the rules)."""
    return SavedPokerGame(path, data, replay(data))
