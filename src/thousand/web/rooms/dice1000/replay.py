"""Dice 1000's part of a finished game's replay (:mod:`thousand.web.replay`): a step per
throw and per stop.

The room's session is brought to each step by the room's own resumption of the record
cut there (the path a restarted server takes: the record replayed by the engine), so a
frame is exactly what the table showed then.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from thousand.core.i18n import Translator
from thousand.web.rooms.base import BaseRoom


def replay_steps(room: BaseRoom, record: dict[str, Any]) -> Iterator[None]:
    """The start, then every throw of every turn and every stop."""
    turns = list(record.get("turns") or ())
    head = {key: value for key, value in record.items() if key != "turns"}

    def at(cut: list[dict[str, Any]]) -> None:
        room.session = room._resume({**head, "turns": cut}, {})

    at([])
    yield None
    for index, turn in enumerate(turns):
        done = turns[:index]
        rolls = list(turn.get("rolls") or ())
        partial = {key: value for key, value in turn.items() if key != "stop"}
        for count in range(1, len(rolls) + 1):
            at([*done, {**partial, "rolls": rolls[:count]}])
            yield None
        if turn.get("stop"):
            at([*done, turn])
            yield None


def replay_line(tr: Translator, told: None, game: dict[str, Any]) -> str:
    """How the turn ended (the table's own lines), or the throw and what it scored."""
    del tr, told
    view = game.get("view") or {}
    events = [str(line) for line in view.get("events") or ()]
    if events:
        return " ".join(events)
    turn = game.get("turn")
    if not isinstance(turn, dict):
        return ""
    players = game.get("players") or []
    mover = turn.get("player")
    name = players[mover]["name"] if isinstance(mover, int) and mover < len(players) else ""
    faces = " ".join(str(face) for face in (turn.get("last") or {}).get("dice") or ())
    return f"{name}: {faces} — {view.get('throw_summary') or ''}"
