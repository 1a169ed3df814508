"""Dice 1000's web adapter (:func:`thousand.games.adapter`, ``"web"``): its room and view.

What every game's adapter exports, and :mod:`thousand.web.tables` reads: ``ROOM``, the
room type (a :class:`~thousand.web.rooms.base.BaseRoom`), and the two parts of its view,
``shared_view`` and ``seat_view`` (:class:`~thousand.web.rooms.view_frame.GameViews`).
A game with solved figures adds ``perfect_play``, what a finished game's history weighs
the players' choices against (:mod:`thousand.web.history`), and ``warm``, which loads
them before the server opens (:func:`thousand.web.history.warm`).
And how a finished game is replayed in the browser (:mod:`thousand.web.replay`):
``replay_steps`` and ``replay_line``.
"""

from __future__ import annotations

from thousand.games.dice1000.solver.seats import perfect_play
from thousand.games.dice1000.state import new_state
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.dice1000.replay import replay_line, replay_steps
from thousand.web.rooms.dice1000.room import Room
from thousand.web.rooms.dice1000.view import seat_view, shared_view

ROOM: type[BaseRoom] = Room


def warm() -> None:
    """Load the strategy of the default rules for two players, and run it once (its
    code is compiled as it is loaded and first run): what the history of the first
    two-player game of those rules to end would load (:func:`perfect_play`)."""
    game, _spec = Room.rules_of(Room.DEFAULT_RULES)
    start = new_state(game, ("A", "B"))
    strategy = perfect_play(start)
    if strategy is not None:
        strategy.action_values(start)


__all__ = [
    "ROOM",
    "perfect_play",
    "replay_line",
    "replay_steps",
    "seat_view",
    "shared_view",
    "warm",
]
