"""The games a room can host, found by name through the registry: each game's room type
and view.

A room's game is chosen when it is created (``"game"`` of ``POST /api/rooms``, the
registry's default game when left out) and stored in its document; everything the server
does with a room goes through :class:`~thousand.web.rooms.base.BaseRoom`, except making
one, bringing one back and drawing its game for a connection, which need the game's own
types: those come from the game's web adapter (:func:`thousand.games.adapter`,
``thousand.web.rooms.NAME``), which exports ``ROOM`` (its room type) and the two parts of
its view (``shared_view``, ``seat_view``). The games offered are the registry's that
offer ``online`` (:func:`thousand.games.games_offering`); this module keeps no list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from thousand.core.i18n import Translator
from thousand.games import DEFAULT_GAME, adapter, game_info
from thousand.web.protocol import GAMES, CreateRoom, ProtocolError
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.view_frame import GameViews
from thousand.web.rooms.view_frame import game_view as framed_view


def _adapter(game: object) -> ModuleType:
    """The web adapter of ``game``, a game rooms may host (else 422 naming it)."""
    if not isinstance(game, str) or game not in GAMES:
        raise ProtocolError("invalid", f"game: unknown game {game!r}", 422)
    return adapter(game, "web")


def room_type(game: object) -> type[BaseRoom]:
    """The room type of ``game`` (422 for a game no room can host)."""
    return cast("type[BaseRoom]", _adapter(game).ROOM)


def new_room(body: CreateRoom) -> tuple[BaseRoom, str]:
    """A room of the body's game, and its creator's token (422 naming what is wrong)."""
    return room_type(body.game).create(body)


def room_from_doc(doc: Mapping[str, Any]) -> BaseRoom:
    """A stored room brought back (a document without ``game`` is the default game's)."""
    return room_type(doc.get("game", DEFAULT_GAME)).from_doc(doc)


def presets_of(game: str, tr: Translator) -> dict[str, Any]:
    """What ``GET /api/presets?game=GAME`` answers (422 for an unknown game)."""
    return room_type(game).catalog(tr)


def games_of(tr: Translator) -> dict[str, Any]:
    """What ``GET /api/games`` answers: every game a room can host, in registry order, with
    what it is (:class:`~thousand.games.interface.GameInfo`) and its lobby catalog (the
    presets with their rules, the computer levels) in ``tr``'s language — so that the page
    keeps no list of games, presets or rules of its own."""
    listed = []
    for name in GAMES:
        info = game_info(name)
        listed.append(
            {
                "name": name,
                "title": tr.gettext(info.title),
                "min_players": info.min_players,
                "max_players": info.max_players,
                "hidden_information": info.hidden_information,
                "chance": info.chance,
                "default_preset": info.default_preset,
                "features": sorted(info.features),
                **room_type(name).catalog(tr),
            }
        )
    return {"games": listed}


def game_view(
    room: BaseRoom,
    seat: int | None,
    tr: Translator,
    connected: Sequence[bool],
    advice: dict[Any, float] | None = None,
) -> dict[str, Any]:
    """PROTOCOL.md's GAME of ``room`` for a connection holding ``seat``: the game's shared
    view (built once per change) with the seat's own part laid over it."""
    views = cast("GameViews", _adapter(room.GAME))
    return framed_view(room, seat, tr, connected, views=views, advice=advice)
