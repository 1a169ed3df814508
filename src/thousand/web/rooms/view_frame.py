"""What every game's GAME view (PROTOCOL.md) holds alike, whatever the game draws inside.

Each game's view (in its web adapter, ``thousand.web.rooms.NAME``) builds its own
``players``, ``turns`` and words; around them every game's state carries the same frame:
the game's name and number, the commitment to the seed of its chance (the seed once the
game is over), each player's seat, the clock and whether a computer is thinking.

A view comes in two parts (:func:`game_view`): the part every connection of one language
sees alike, built from the spectator's observation (the game's ``observe(position,
None)``) once per change of the room and kept on it (:func:`built_once`); and a seat's own
part, built from that seat's observation for each connection (``legal``, ``refusals``,
an advice, whatever a game hides from the others), laid over a copy of the first. Both
name the computers in the connection's language (:mod:`.names`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from thousand.core.i18n import Translator
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.names import renamed, room_names

RoomT = TypeVar("RoomT", bound=BaseRoom)


class GameViews(Protocol):
    """The two parts of a game's view, as its web adapter exports them."""

    def shared_view(
        self, room: Any, tr: Translator, connected: Sequence[bool], /
    ) -> dict[str, Any]: ...

    def seat_view(
        self,
        room: Any,
        seat: int | None,
        tr: Translator,
        shared: dict[str, Any],
        advice: dict[Any, float] | None,
        /,
    ) -> dict[str, Any]: ...


VIEWS_KEPT = 8
"""Shared views a room keeps for its current ``seq`` (languages × who is connected)."""


def game_view(
    room: BaseRoom,
    seat: int | None,
    tr: Translator,
    connected: Sequence[bool],
    *,
    views: GameViews,
    advice: dict[Any, float] | None = None,
) -> dict[str, Any]:
    """PROTOCOL.md's GAME of ``room`` for a connection holding ``seat`` (None: a
    spectator): the shared part (built once per change) with the seat's own laid over it."""
    names = room_names(room, tr)

    def shared_view(room: BaseRoom, tr: Translator, connected: Sequence[bool]) -> dict[str, Any]:
        built: dict[str, Any] = renamed(views.shared_view(room, tr, connected), names)
        return built

    shared = built_once(room, tr, connected, shared_view)
    own: dict[str, Any] = renamed(views.seat_view(room, seat, tr, shared, advice), names)
    return {**shared, **own}


def built_once(
    room: RoomT,
    tr: Translator,
    connected: Sequence[bool],
    build: Callable[[RoomT, Translator, Sequence[bool]], dict[str, Any]],
) -> dict[str, Any]:
    """What ``build`` makes of the room for ``tr``'s language, built once per change (kept
    on the room until ``seq`` moves: never written to). The key holds no seat: what ``build``
    makes is the same for every connection. It holds who is connected, which the players'
    entries show and which changes without ``seq`` moving."""
    key = (room.seq, tr.language, tuple(connected))
    cached = room.view_cache.get(key)
    if cached is None:
        older = any(kept[0] != room.seq for kept in room.view_cache)
        if older or len(room.view_cache) > VIEWS_KEPT:
            room.view_cache.clear()  # views of an older ``seq`` are never shown again
        cached = room.view_cache[key] = build(room, tr, connected)
    return cached


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
    """The seed, shown once the game is over (its commitment was public all along)."""
    return {"dice_seed": room.seed.hex()} if room.status == "over" else {}
