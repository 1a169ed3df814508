"""The scripted players the benchmarks and their tests seat at each game's table, by the
game's name: a list the server's own modules may not hold (only a game's adapter,
``thousand.web.rooms.NAME``, names its game), so it lives beside the scripts that use
it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from thousand.web.client import card_choice, first_choice, poker_choice

SEATS = {"dice1000": 2, "poker_dice": 2, "card1000": 3}
"""The person seats of a room of each game, as the scripts make them (each game's
default rules)."""

Player = Callable[[dict[str, Any]], dict[str, Any] | None]
"""A scripted player: its action on a seat's state (``state`` message), or None."""

PLAYERS: dict[str, Player] = {
    "dice1000": first_choice,
    "poker_dice": poker_choice,
    "card1000": card_choice,
}
"""The simple scripted player of each game: its choice on a seat's state, or None."""
