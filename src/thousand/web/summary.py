"""PROTOCOL.md's ROOM_SUMMARY: a room as the lobby and every ``state`` message show it.

A summary is built from a room in memory or, for the lobby of a deployment of several
processes, straight from a stored document (a room another process holds: parsing its
JSON costs far less than bringing its game back). Both go through :func:`_summary`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from thousand.games import DEFAULT_GAME
from thousand.web.cluster import Presence
from thousand.web.rooms.base import BaseRoom, SeatState


def connected_seats(seats: Sequence[SeatState], held: Iterable[int]) -> list[bool]:
    """Per seat: a device holds it; a ``local`` seat is held by its keeper's device."""
    taken = set(held)
    keeper = any(seat.keeper and index in taken for index, seat in enumerate(seats))
    return [keeper if seat.local else index in taken for index, seat in enumerate(seats)]


def room_summary(room: BaseRoom, connected: Sequence[bool], spectators: int) -> dict[str, Any]:
    """PROTOCOL.md's ROOM_SUMMARY, with the room's options and seat levels added."""
    return _summary(
        room_id=room.id,
        game=room.GAME,
        rules=room.rules,
        status=room.status,
        seats=room.seats,
        options=room.options.doc(),
        number=room.number,
        created=room.created,
        rematch=sorted(room.rematch),
        connected=connected,
        spectators=spectators,
    )


def doc_summary(doc: Mapping[str, Any], presence: Sequence[Presence]) -> dict[str, Any]:
    """The summary of a stored room, with the devices ``presence`` says hold it."""
    seats = [SeatState(**seat) for seat in doc["seats"]]
    held = set[int]().union(*(each.seats for each in presence))
    return _summary(
        room_id=doc["id"],
        game=doc.get("game", DEFAULT_GAME),
        rules=doc["rules"],
        status=doc["status"],
        seats=seats,
        options=dict(doc["options"]),
        number=doc["number"],
        created=doc["created"],
        rematch=sorted(doc["rematch"]),
        connected=connected_seats(seats, held),
        spectators=sum(each.spectators for each in presence),
    )


def _summary(
    *,
    room_id: str,
    game: str,
    rules: object,
    status: str,
    seats: Sequence[SeatState],
    options: dict[str, Any],
    number: int,
    created: str,
    rematch: list[int],
    connected: Sequence[bool],
    spectators: int,
) -> dict[str, Any]:
    return {
        "room": room_id,
        "game": game,
        "rules": rules,
        "status": status,
        "seats": [
            {
                "name": seat.name,
                "kind": seat.kind,
                "open": seat.open,
                "connected": seat.kind == "bot" or connected[index],
                "local": seat.local,
                "level": seat.level,
            }
            for index, seat in enumerate(seats)
        ],
        "spectators": spectators,
        "options": options,
        "number": number,
        "created": created,
        "rematch": rematch,
    }
