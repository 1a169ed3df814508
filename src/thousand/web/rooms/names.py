"""The computer players' names in each viewer's language.

A computer's seat is stored with its level and a name in the creator's language
("Balanced", "Расчётливый 2"): the name the game's record and the sheet hold, so it cannot
change once play begins. Everyone else sees the table in their own language, so what is
sent to a connection (the game's view, the room's summary, the lobby's list) names each
computer after its level in *that* language, with the number it got when its level sat
twice (:func:`~thousand.web.rooms.base.computer_name`, as ``create`` named it). The
stored name is replaced where it stands — a player's ``name``, a sheet's column, the words
of a log line — by :func:`renamed`, one walk over what is sent, so the games' views need
not know of it. A module of its own because the views, the hub and the lobby all do this.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from thousand.core.i18n import Translator
from thousand.web.rooms.base import BaseRoom, SeatState, computer_name

_NUMBER = re.compile(r" (\d+)$")


def number_of(stored: str) -> int:
    """The number a stored computer name carries ("Balanced 2": 2; "Balanced": 1). Level
    names end in no digit, so a trailing number is the one ``create`` gave."""
    match = _NUMBER.search(stored)
    return int(match.group(1)) if match else 1


def shown_names(seats: Sequence[SeatState], level_name: Callable[[str], str]) -> dict[str, str]:
    """Each computer's stored name → its name in ``level_name``'s language, for those
    that differ (an empty mapping for the creator's own language)."""
    names: dict[str, str] = {}
    for seat in seats:
        if seat.kind != "bot" or not seat.name or not seat.level:
            continue
        shown = computer_name(level_name(seat.level), number_of(seat.name))
        if shown != seat.name:
            names[seat.name] = shown
    return names


def room_names(room: BaseRoom, tr: Translator) -> dict[str, str]:
    """:func:`shown_names` of a room's computers in ``tr``'s language."""
    return shown_names(room.seats, lambda level: room.level_name(tr, level))


def renamed(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` (JSON data) with every stored computer name replaced by its shown one:
    a string that is a name, and a name standing as a word inside a longer string. A copy
    where anything changed; ``value`` itself is never written to (views are cached).

    Only names in another language than the text are replaced (:func:`shown_names` leaves
    out the rest), so in that text the stored name stands for the computer alone."""
    if not names:
        return value
    pattern = re.compile(
        "|".join(
            rf"(?<!\w){re.escape(name)}(?!\w)" for name in sorted(names, key=len, reverse=True)
        )
    )

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            if item in names:
                return names[item]
            return pattern.sub(lambda match: names[match.group(0)], item)
        if isinstance(item, dict):
            return {key: walk(each) for key, each in item.items()}
        if isinstance(item, list):
            return [walk(each) for each in item]
        return item

    return walk(value)
