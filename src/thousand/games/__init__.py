"""The games the program plays, each in a folder of its own, found by name.

``thousand/games/dice1000/`` holds everything that is dice 1000 and nothing else;
``thousand/games/poker_dice/`` is poker dice, ``thousand/games/card1000/`` card
Thousand. The
registry :data:`GAMES` maps a game's name — the ``game`` field of a record (RECORD.md),
the ``game`` of a room (PROTOCOL.md) — to the module that plays it, and
:func:`load_game` imports that module only when it is asked for, the way OpenSpiel's
``load_game("name")`` and RLCard's string entry points work: a command that never
touches a game never pays for importing it.

What a front-end may ask of any game is written down once, in
:class:`thousand.games.interface.GameModule`; nothing else is shared between games until
a second game really needs it. What a game *is* (players, presets, levels, the features
it offers: :class:`~thousand.games.interface.GameInfo`) is its package's ``INFO``, read
through :func:`game_info`.

Each front-end finds a game's adapter — the part of that front-end that knows the game —
by the same name, in a folder of its own (:data:`ADAPTERS`): ``thousand.cli.games.NAME``,
``thousand.tui.NAME``, ``thousand.web.rooms.NAME``. Importing by name keeps the layers
apart (a game never imports a front-end) and makes adding a game one line in
:data:`GAMES` plus its folders (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Literal, TypeAlias, cast

from thousand.core.errors import RecordError, ThousandError
from thousand.core.i18n import Translator, translator
from thousand.core.records import DEFAULT_GAME as DEFAULT_GAME  # part of the registry's API

if TYPE_CHECKING:
    from thousand.games.interface import Feature, GameInfo, GameModule

GAMES: Mapping[str, str] = MappingProxyType(
    {
        "dice1000": "thousand.games.dice1000",
        "poker_dice": "thousand.games.poker_dice",
        "card1000": "thousand.games.card1000",
    }
)
"""Game name → the module that plays it (imported on demand): the one registration."""

FrontEnd: TypeAlias = Literal["cli", "tui", "web", "stats"]

ADAPTERS: Mapping[FrontEnd, str] = MappingProxyType(
    {
        "cli": "thousand.cli.games",
        "tui": "thousand.tui",
        "web": "thousand.web.rooms",
        "stats": "thousand.stats",
    }
)
"""Front-end → the package whose module ``NAME`` is a game's adapter for it (``stats``:
not a front-end but the players' statistics both the command line and the server show,
each game's figures in ``thousand.stats.NAME``)."""


class UnknownGameError(RecordError):
    """A game name (in a record, a room, an option) that no registered game answers to."""


class UnsupportedError(ThousandError):
    """A command or option asked of a game that does not offer it (one line naming both)."""


def game_names() -> tuple[str, ...]:
    """The names of the games the program knows, in registry order."""
    return tuple(GAMES)


def load_game(name: str) -> GameModule:
    """The module that plays ``name``; :class:`UnknownGameError` naming the known games."""
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return cast("GameModule", _module(GAMES[name]))


def game_info(name: str) -> GameInfo:
    """What the game ``name`` is (its package's ``INFO``); :class:`UnknownGameError` if
    unknown."""
    return load_game(name).INFO


def games_offering(feature: Feature) -> tuple[str, ...]:
    """The names of the games that offer ``feature``, in registry order."""
    return tuple(name for name in GAMES if game_info(name).offers(feature))


def require(name: str, feature: Feature, what: str, tr: Translator | None = None) -> GameInfo:
    """The game ``name``, checked to offer ``feature``; else one line naming the game and
    what was asked (``what``: ``thousand solve``), and the games that do offer it — in
    ``tr``'s language where the command speaks the player's (``thousand play``)."""
    info = game_info(name)
    if not info.offers(feature):
        words = tr or translator("en")
        others = games_offering(feature)
        message = words.gettext("{what}: the game {game} does not offer it").format(
            what=what, game=name
        )
        if others:
            message += words.gettext(" (it is offered for: {games})").format(
                games=", ".join(others)
            )
        raise UnsupportedError(message)
    return info


def adapter(name: str, front_end: FrontEnd) -> ModuleType:
    """The front-end's adapter for the game ``name`` (``thousand.web.rooms.dice1000``)."""
    load_game(name)  # an unknown game: the one line naming the known ones
    return _module(f"{ADAPTERS[front_end]}.{name}")


def _module(path: str) -> ModuleType:
    """The module ``path``, imported once (a server asks for a game's modules on every
    action: the import machinery's locks cost more than the lookup)."""
    module = sys.modules.get(path)
    if module is None or getattr(module.__spec__, "_initializing", False):  # not yet, or
        return importlib.import_module(path)  # being imported: wait for it as import does
    return module


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
