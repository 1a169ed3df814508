"""Poker dice's part of a finished game's replay (:mod:`thousand.web.replay`): a step per
throw and per box written (the walk both dice games share: :mod:`..dice_replay`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from thousand.core.i18n import Translator
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.dice_replay import mover_name, table_lines, turn_steps


def replay_steps(room: BaseRoom, record: dict[str, Any]) -> Iterator[None]:
    """The start, then every throw of every turn and the box it ends on."""
    return turn_steps(room, record, ("box", "stop"))


def replay_line(tr: Translator, told: None, game: dict[str, Any]) -> str:
    """How the turn ended (the table's own line), or the dice thrown."""
    del tr, told
    showing = game.get("showing")
    if (lines := table_lines(game)) or not isinstance(showing, dict):
        return lines
    faces = " ".join(str(face) for face in showing.get("dice") or ())
    return f"{mover_name(game, showing)}: {faces}"
