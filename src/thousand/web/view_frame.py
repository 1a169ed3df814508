"""What every game's GAME view (PROTOCOL.md) holds alike, whatever the game draws inside.

Each game's view (:mod:`.views`, :mod:`.poker_views`) builds its own ``players``,
``turns`` and words; around them every game's state carries the same frame: the game's
name and number, the dice commitment (the seed once the game is over), each player's
seat, the clock and whether a computer is thinking. The part of a view every connection
of one language sees alike is built once per change of the room (:func:`built_once`);
only ``legal``, ``refusals`` (and dice 1000's advice) are a seat's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from thousand.core.i18n import Translator
from thousand.web.room import BaseRoom

RoomT = TypeVar("RoomT", bound=BaseRoom)

VIEWS_KEPT = 8
"""Shared views a room keeps for its current ``seq`` (languages × who is connected)."""


def built_once(
    room: RoomT,
    tr: Translator,
    connected: Sequence[bool],
    build: Callable[[RoomT, Translator, Sequence[bool]], dict[str, Any]],
) -> dict[str, Any]:
    """A copy of what ``build`` makes of the room for ``tr``'s language, built once per
    change (kept on the room until ``seq`` moves)."""
    key = (room.seq, tr.language, tuple(connected))
    cached = room.view_cache.get(key)
    if cached is None:
        if len(room.view_cache) > VIEWS_KEPT:
            room.view_cache.clear()
        cached = room.view_cache[key] = build(room, tr, connected)
    return dict(cached)


def frame(room: BaseRoom) -> dict[str, Any]:
    """The fields of GAME every game's state begins with; ``legal`` and ``refusals`` are
    empty until a seat's own are added."""
    return {
        "game": room.GAME,
        "number": room.number,
        "dice_commitment": room.dice_commitment,
        "dice": room.options.dice,
        "legal": [],
        "refusals": {},
    }


def clock(room: BaseRoom) -> dict[str, Any]:
    """When the person to move runs out of time, and whether a computer is deciding."""
    return {
        "deadline": None if room.deadline is None else room.deadline.isoformat(),
        "thinking": room.computer_to_move(),
    }


def waiting(room: BaseRoom, blank: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The fields of the replay (and the clock) before the room's first game starts:
    the people seated so far, each as ``blank`` draws a player who has not played."""
    names = [seat.name for seat in room.seats if seat.name is not None]
    return {
        "players": [blank(name) for name in names],
        "turns": [],
        "winner": None,
        "to_move": None,
        **clock(room),
    }


def seat_fields(room: BaseRoom, index: int, connected: Sequence[bool]) -> dict[str, Any]:
    """What GAME adds to the replay's player ``index``: who sits there and how."""
    seat = room.seats[index]
    return {
        "seat": index,
        "kind": seat.kind,
        "connected": seat.kind == "bot" or connected[index],
        "level": seat.level,
        "auto": seat.auto,
    }


def seed_if_over(room: BaseRoom) -> dict[str, Any]:
    """The dice seed, shown once the game is over (its commitment was public all along)."""
    return {"dice_seed": room.seed.hex()} if room.status == "over" else {}
