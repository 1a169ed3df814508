"""The games the program plays, each in a folder of its own, found by name.

``thousand/games/dice1000/`` holds everything that is dice 1000 and nothing else;
``thousand/games/poker_dice/`` is poker dice, and the next games of the seeds (the card
game Thousand) get folders beside them. The
registry :data:`GAMES` maps a game's name — the ``game`` field of a record (RECORD.md),
the ``game`` of a room (PROTOCOL.md) — to the module that plays it, and
:func:`load_game` imports that module only when it is asked for, the way OpenSpiel's
``load_game("name")`` and RLCard's string entry points work: a command that never
touches a game never pays for importing it.

What a front-end may ask of any game is written down once, in
:class:`thousand.games.interface.GameModule`; nothing else is shared between games until
a second game really needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from thousand.core.errors import RecordError
from thousand.core.records import DEFAULT_GAME as DEFAULT_GAME  # part of the registry's API

if TYPE_CHECKING:
    from thousand.games.interface import GameModule

GAMES: Mapping[str, str] = MappingProxyType(
    {"dice1000": "thousand.games.dice1000", "poker_dice": "thousand.games.poker_dice"}
)
"""Game name → the module that plays it (imported on demand)."""


class UnknownGameError(RecordError):
    """A game name (in a record, a room, an option) that no registered game answers to."""


def game_names() -> tuple[str, ...]:
    """The names of the games the program knows, in registry order."""
    return tuple(GAMES)


def load_game(name: str) -> GameModule:
    """The module that plays ``name``; :class:`UnknownGameError` naming the known games."""
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return cast("GameModule", importlib.import_module(GAMES[name]))


def game_of_record(data: object) -> str:
    """The name of the game a record is of: its ``game`` field, or the default.

    Refuses a ``game`` that is not a string or that the program does not know, in one
    line naming the known games — before any game's own reader sees the record.
    """
    if not isinstance(data, Mapping) or "game" not in data:
        return DEFAULT_GAME
    name = data["game"]
    if not isinstance(name, str) or name not in GAMES:
        shown = repr(name) if isinstance(name, str) else "not a name"
        raise UnknownGameError(f"game: unknown game {shown} (known: {', '.join(GAMES)})")
    return name
