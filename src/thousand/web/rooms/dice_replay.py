"""What the replays of the two dice games share (:mod:`thousand.web.replay`): their
records are turns of throws (``rolls``) ended by a choice kept under a key of the turn
(dice 1000's ``stop``; poker dice's ``box`` or ``stop``), and a step is told by the
table's own lines or by the mover's dice.

The room's session is brought to each step by the room's own resumption of the record
cut there (the path a restarted server takes: the record replayed by the engine), so a
frame is exactly what the table showed then. Nothing here knows a rule of either game.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

from thousand.web.rooms.base import BaseRoom


def turn_steps(room: BaseRoom, record: dict[str, Any], ending: Collection[str]) -> Iterator[None]:
    """The start, then every throw of every turn, and the turn's end where the turn
    carries one of the ``ending`` keys set (a turn that ended in a bust has none; a
    ``"stop": false`` is none either)."""
    turns = list(record.get("turns") or ())
    head = {key: value for key, value in record.items() if key != "turns"}

    def at(cut: list[dict[str, Any]]) -> None:
        room.session = room._resume({**head, "turns": cut}, {})

    at([])
    yield None
    for index, turn in enumerate(turns):
        done = turns[:index]
        rolls = list(turn.get("rolls") or ())
        partial = {key: value for key, value in turn.items() if key not in ending}
        for count in range(1, len(rolls) + 1):
            at([*done, {**partial, "rolls": rolls[:count]}])
            yield None
        if any(turn.get(key) is not None and turn.get(key) is not False for key in ending):
            at([*done, turn])
            yield None


def table_lines(game: Mapping[str, Any]) -> str:
    """The table's own lines of how a turn ended (the view's ``events``), or ""."""
    view = game.get("view") or {}
    return " ".join(str(line) for line in view.get("events") or ())


def mover_name(game: Mapping[str, Any], shown: Mapping[str, Any]) -> str:
    """The name of the player a shown throw is of (its ``player`` seat), or ""."""
    players = game.get("players") or []
    mover = shown.get("player")
    return str(players[mover]["name"]) if isinstance(mover, int) and mover < len(players) else ""
