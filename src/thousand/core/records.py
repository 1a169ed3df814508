"""What every game's record shares (RECORD.md): its header, and how it is written as text.

Each game reads, checks and replays its own records (``thousand.games.<game>.record``),
but the header — ``format``, ``game``, ``rules``, ``players``, ``meta`` — is RECORD.md's
for all of them (:class:`RecordHeader`; a game adds its ``turns``), and the text of a
saved record is the same for all, so that a saved game of any game reads like its score
sheet: the header fields one to a line, then one turn to a line. :class:`RecordWriter`
keeps a record as it is played (a game adds how each action is noted).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, field_validator
from pydantic_core import PydanticCustomError

SaveRecord = Callable[[dict[str, Any]], None]
"""Where a game's record goes after every turn: a file, a database row (may raise
:class:`~thousand.core.errors.ThousandError`, one line the screen shows; the game goes on)."""

FORMAT = 1
"""The record format every game writes and reads (RECORD.md)."""

DEFAULT_GAME = "dice1000"
"""The game of a record without a ``game`` field (RECORD.md)."""


class RecordHeader(BaseModel):
    """RECORD.md's header fields, strictly typed; a game's model adds its ``turns``."""

    model_config = ConfigDict(extra="forbid")
    format: StrictInt
    game: StrictStr = DEFAULT_GAME
    rules: Any
    players: list[StrictStr]
    turns: list[Any]
    meta: dict[str, Any] | None = None

    @field_validator("format")
    @classmethod
    def _format_one(cls, value: int) -> int:
        """Strictly the integer 1: ``true`` and ``1.0`` equal 1 but are not the format."""
        if value != FORMAT:
            raise PydanticCustomError("literal_error", f"Input should be {FORMAT}")
        return value


class RecordWriter:
    """A record being written as its game is played: RECORD.md's header, then the turns
    a game's ``observe(before, action)`` notes (a subclass's; the GameModule interface's
    recorder). ``rules`` is the spec the record names (a preset, or a preset and changes)."""

    game: ClassVar[str]
    """The record's ``game``."""

    def __init__(
        self,
        rules: str | dict[str, Any],
        players: Sequence[str],
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.players = list(players)
        self.turns: list[dict[str, Any]] = []
        self.meta: dict[str, Any] | None = None if meta is None else dict(meta)

    ROWS: ClassVar[str] = "turns"
    """The key of the record's rows (:attr:`rows`)."""

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The record's turns as they are written (not a copy): a turn is only ever
        appended, and only the last one changes while it is played — what lets a server
        store a change of a long game as its last rows (:mod:`thousand.web.roomlog`)."""
        return self.turns

    def header(self) -> dict[str, Any]:
        """The record without its rows (not a copy: to be written out at once)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
        }
        if self.meta is not None:
            data["meta"] = self.meta
        return data

    def to_data(self) -> dict[str, Any]:
        """The record so far (RECORD.md's object), a copy the game goes on without."""
        data = copy.deepcopy(self.header())
        data["turns"] = copy.deepcopy(self.turns)
        return data

    def to_json(self) -> str:
        """The record as text, one turn to a line (:func:`dump_record`)."""
        return dump_record(self.to_data())


def dump_record(data: Mapping[str, Any], rows: str = "turns") -> str:
    """A record as JSON text: the header one field to a line, then one of its ``rows``
    (a dice game's ``turns``, card Thousand's ``deals``) to a line, so that a saved game
    reads like a sheet."""
    head = {key: value for key, value in data.items() if key != rows}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    written = [json.dumps(row, ensure_ascii=False) for row in data.get(rows, [])]
    if written:
        lines.append(f"  {json.dumps(rows)}: [")
        lines.extend(f"    {row}," for row in written[:-1])
        lines.append(f"    {written[-1]}")
        lines.append("  ]")
    else:
        lines.append(f"  {json.dumps(rows)}: []")
    lines.append("}")
    return "\n".join(lines) + "\n"


def now_stamp() -> str:
    """The current time as an ISO 8601 string in UTC, to the second (for ``meta``)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()
