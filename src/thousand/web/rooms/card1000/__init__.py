"""Card Thousand's web adapter (:func:`thousand.games.adapter`, ``"web"``): its room and
view.

The names every game's adapter exports (:mod:`thousand.web.tables` reads them): ``ROOM``,
the room type, and the two parts of its view, ``shared_view`` and ``seat_view``
(:class:`~thousand.web.rooms.view_frame.GameViews`).
And how a finished game is replayed in the browser (:mod:`thousand.web.replay`):
``replay_steps`` and ``replay_line``, ``replay_shown``.
"""

from __future__ import annotations

from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.card1000.replay import replay_line, replay_shown, replay_steps
from thousand.web.rooms.card1000.room import CardRoom
from thousand.web.rooms.card1000.view import seat_view, shared_view

ROOM: type[BaseRoom] = CardRoom

__all__ = ["ROOM", "replay_line", "replay_shown", "replay_steps", "seat_view", "shared_view"]
