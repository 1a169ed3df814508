"""The games a room can host, found by name: each game's room type and its view.

A room's game is chosen when it is created (``"game"`` of ``POST /api/rooms``, dice 1000
by default) and stored in its document; everything the server does with a room goes
through :class:`~thousand.web.room.BaseRoom`, except making one, bringing one back and
drawing its game for a connection, which need the game's own types and are here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from thousand.core.i18n import Translator
from thousand.games import game_info
from thousand.web.poker_room import PokerRoom
from thousand.web.poker_views import game_view as poker_view
from thousand.web.protocol import CreateRoom, ProtocolError
from thousand.web.room import BaseRoom, Room
from thousand.web.views import game_view as dice_view

View = Callable[[Any, int | None, Translator, Sequence[bool], Any], dict[str, Any]]


@dataclass(frozen=True)
class Table:
    """A game as the server hosts it: its room type and the view of its game."""

    room: type[BaseRoom]
    view: View


TABLES: Mapping[str, Table] = {
    "dice1000": Table(Room, dice_view),
    "poker_dice": Table(PokerRoom, poker_view),
}


def _table(game: object) -> Table:
    table = TABLES.get(game) if isinstance(game, str) else None
    if table is None:
        raise ProtocolError("invalid", f"game: unknown game {game!r}", 422)
    return table


def new_room(body: CreateRoom) -> tuple[BaseRoom, str]:
    """A room of the body's game, and its creator's token (422 naming what is wrong)."""
    return _table(body.game).room.create(body)


def room_from_doc(doc: Mapping[str, Any]) -> BaseRoom:
    """A stored room brought back (a document without ``game`` is dice 1000's)."""
    return _table(doc.get("game", "dice1000")).room.from_doc(doc)


def presets_of(game: str, tr: Translator) -> dict[str, Any]:
    """What ``GET /api/presets?game=GAME`` answers (422 for an unknown game)."""
    return _table(game).room.catalog(tr)


def games_of(tr: Translator) -> dict[str, Any]:
    """What ``GET /api/games`` answers: every game a room can host, in registry order, with
    what it is (:class:`~thousand.games.interface.GameInfo`) and its lobby catalog (the
    presets with their rules, the computer levels) in ``tr``'s language — so that the page
    keeps no list of games, presets or rules of its own."""
    listed = []
    for name in TABLES:
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
                **_table(name).room.catalog(tr),
            }
        )
    return {"games": listed}


def game_view(
    room: BaseRoom,
    seat: int | None,
    tr: Translator,
    connected: Sequence[bool],
    advice: Any = None,
) -> dict[str, Any]:
    """PROTOCOL.md's GAME of ``room`` for a connection holding ``seat``."""
    return _table(room.GAME).view(room, seat, tr, connected, advice)
