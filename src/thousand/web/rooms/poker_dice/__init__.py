"""Poker dice's web adapter (:func:`thousand.games.adapter`, ``"web"``): its room and view.

The names every game's adapter exports (:mod:`thousand.web.tables` reads them): ``ROOM``,
the room type, and the two parts of its view, ``shared_view`` and ``seat_view``
(:class:`~thousand.web.rooms.view_frame.GameViews`); and ``perfect_play``, the optimal
total a finished game's history sets the players' totals against (:mod:`thousand.web.history`).
And how a finished game is replayed in the browser (:mod:`thousand.web.replay`):
``replay_steps`` and ``replay_line``.
"""

from __future__ import annotations

from thousand.games.poker_dice.solver import perfect_play
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.poker_dice.replay import replay_line, replay_steps
from thousand.web.rooms.poker_dice.room import PokerRoom
from thousand.web.rooms.poker_dice.view import seat_view, shared_view

ROOM: type[BaseRoom] = PokerRoom

__all__ = ["ROOM", "perfect_play", "replay_line", "replay_steps", "seat_view", "shared_view"]
