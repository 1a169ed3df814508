"""Dice 1000's part of a finished game's replay (:mod:`thousand.web.replay`): a step per
throw and per stop (the walk both dice games share: :mod:`..dice_replay`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from thousand.core.i18n import Translator
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.dice_replay import mover_name, table_lines, turn_steps


def replay_steps(room: BaseRoom, record: dict[str, Any]) -> Iterator[None]:
    """The start, then every throw of every turn and every stop."""
    return turn_steps(room, record, ("stop",))


def replay_line(tr: Translator, told: None, game: dict[str, Any]) -> str:
    """How the turn ended (the table's own lines), or the throw and what it scored."""
    del tr, told
    turn = game.get("turn")
    if (lines := table_lines(game)) or not isinstance(turn, dict):
        return lines
    faces = " ".join(str(face) for face in (turn.get("last") or {}).get("dice") or ())
    summary = (game.get("view") or {}).get("throw_summary") or ""
    return f"{mover_name(game, turn)}: {faces} — {summary}"
