"""The table of a card Thousand game played with a real deck, in the terminal
(``thousand play --game card1000 --table``): the deals' results typed in, the score kept.

The scorekeeping twin of :mod:`.session`: no cards are dealt and no computer plays (the
people hold the cards), so a decision is an :class:`~.keeping.Entry` — a deal's result
as the company enters it — scored through :class:`~.keeping.KeptGame` and the record
saved after every deal, ``"meta": {"cards": "table"}``. ``--resume`` continues it from
that record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Unpack

from thousand.core.errors import RulesError
from thousand.core.players import Seat
from thousand.core.table import TableOptions, TableSession, new_dice, new_meta, resumption
from thousand.games.card1000.config import Rules
from thousand.games.card1000.keeping import Entry, KeptGame
from thousand.games.card1000.state import DealSummary


@dataclass(frozen=True, slots=True)
class KeepNow:
    """Where the game is: the next deal's dealer is "to move" (it deals, the company
    enters the result); once the game is over, the winner's seat and nobody to move."""

    game: KeptGame

    @property
    def current(self) -> int:
        state = self.game.state
        return state.winner if state.winner is not None else state.dealer

    @property
    def to_move(self) -> str | None:
        if self.game.over:
            return None
        return self.game.players[self.game.dealer]


@dataclass(frozen=True, slots=True)
class KeepStep:
    """One deal entered: the entry and the deal's summary (its changes and totals)."""

    entry: Entry
    summary: DealSummary


@dataclass(kw_only=True)
class KeepSession(TableSession[KeepNow, Entry, DealSummary, Any, KeepStep]):
    """A scorekeeping game in the terminal; see the module docstring."""

    game: KeptGame

    @classmethod
    def new(cls, rules: Rules, seats: Sequence[Seat], **table: Unpack[TableOptions]) -> KeepSession:
        """A new scorekeeping game of ``seats`` (people only)."""
        if len(seats) != rules.players:
            raise RulesError(
                f"players: the rules are for {rules.players} players, got {len(seats)}",
                "players",
            )
        meta, seed = new_meta(seats, table, None)
        game = KeptGame.new(rules, [seat.name for seat in seats], meta)
        return cls(
            seats=list(seats),
            record=game.record,
            dice=new_dice(table, seed),
            save_record=table.get("save"),
            game=game,
        )

    @classmethod
    def resume(cls, data: Mapping[str, Any], **table: Unpack[TableOptions]) -> KeepSession:
        """The scorekeeping game of the record ``data``, going on."""
        game = KeptGame.resume(data)
        again = resumption(data.get("meta"), list(game.players), (), table)
        game.record.meta = {**again.meta, "cards": "table"}
        return cls(
            seats=again.seats,
            record=game.record,
            dice=new_dice(table, again.seed),
            save_record=table.get("save"),
            game=game,
        )

    @property
    def now(self) -> KeepNow:
        return KeepNow(self.game)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def deals(self) -> int:
        """The deals entered (redeals included)."""
        return len(self.game.record.deals)

    def make_bot(self, level: str, seed: int) -> Any:
        raise RulesError(f"no computer player keeps the score of real cards ({level})", "players")

    def observe(self, position: KeepNow, seat: int) -> None:
        del position, seat

    def undo(self) -> bool:
        """Take back the last deal entered, then save; False when none was."""
        if not self.game.undo():
            return False
        self.save_turn()
        return True

    def act(self, action: Entry) -> KeepStep:
        """Score one deal's result (refused: the table's :class:`IllegalActionError`,
        nothing changes), then save."""
        state = self.game.enter(action)
        self.save_turn()
        return KeepStep(action, state.history[-1])


__all__ = ["KeepNow", "KeepSession", "KeepStep"]
