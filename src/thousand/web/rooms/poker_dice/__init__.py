"""Poker dice's web adapter (:func:`thousand.games.adapter`, ``"web"``): its room and view.

The same names as every game's adapter (see :mod:`thousand.web.rooms.dice1000`): ``ROOM``,
``shared_view`` and ``seat_view``.
"""

from __future__ import annotations

from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.poker_dice.room import PokerRoom
from thousand.web.rooms.poker_dice.view import seat_view, shared_view

ROOM: type[BaseRoom] = PokerRoom

__all__ = ["ROOM", "seat_view", "shared_view"]
