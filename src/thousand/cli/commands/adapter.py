"""A game's command-line adapter as the commands see it: :class:`CliGame`, found by
:func:`cli_game`, and the help texts made of every game's words.

The adapters themselves are :mod:`thousand.cli.games` (one package per game). The
generic commands know no game: they take ``--game`` from the registry
(:func:`thousand.games.game_names`), refuse what a game does not offer
(:func:`thousand.games.require`, one line naming the game) and hand the rest to the
game's adapter, which the registry imports by name (:func:`thousand.games.adapter`).
The protocol lives here, beside the commands, rather than in :mod:`thousand.cli.games`:
the adapters build on the commands' shared parts (:mod:`.base`, :mod:`.sitting`…), so
the commands must not import the adapters' package (no import cycle between the two).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from thousand.games import DEFAULT_GAME, adapter, game_info, game_names, games_offering

if TYPE_CHECKING:
    from thousand.cli.commands.base import Env, ExitStatus
    from thousand.cli.storage import Saved
    from thousand.core.i18n import Translator
    from thousand.games.interface import Feature


class CliGame(Protocol):
    """What the commands ask of a game (see the module docstring).

    The command functions (:meth:`play` … :meth:`odds`) are called only for a game that
    offers the feature (``GameInfo.features``): a game leaves out those it does not.
    """

    HELP: Mapping[str, str]
    """The game's own words in the commands' help texts, by key (``"play"``,
    ``"simulate.players"``…): see :func:`help_of`."""

    DEFAULT_OPPONENTS: tuple[str, ...]
    """``thousand play`` without ``--players``: you against computer players of these
    levels."""

    BOTS_ONLY: str
    """A ``--players`` of computer players only (named when a game with people in it
    cannot be played without a terminal)."""

    DICE: int
    """Dice in a throw (``thousand score``, ``thousand odds --dice``)."""

    def level_name(self, tr: Translator, level: str) -> str:
        """A computer level's name in the player's language (``bold`` → «смелый»)."""
        ...

    def player_label(self, tr: Translator, name: str, level: str | None) -> str:
        """A player as a list of games shows them (``Bold (computer)``)."""
        ...

    def rules_title(self, tr: Translator, rules: Any) -> str:
        """The rules of a saved game as ``thousand games`` names them."""
        ...

    def load_saved(self, path: Path, data: dict[str, Any]) -> Saved[Any]:
        """A record read from ``path``, replayed (a one-line error if it is not legal)."""
        ...

    def play(self, args: argparse.Namespace, env: Env, saved: Saved[Any] | None) -> ExitStatus:
        """``thousand play``: a new game, or ``saved`` continued."""
        ...

    def simulate(self, args: argparse.Namespace, env: Env) -> ExitStatus: ...

    def solve(self, args: argparse.Namespace, env: Env) -> ExitStatus: ...

    def advise(self, args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
        """``thousand advise``: ``record`` is the file's parsed JSON, of this game."""
        ...

    def review(self, args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
        """``thousand review``: ``record`` is the file's parsed JSON, of this game."""
        ...

    def rules(self, args: argparse.Namespace, env: Env) -> ExitStatus: ...

    def score(self, args: argparse.Namespace, env: Env) -> ExitStatus: ...

    def odds(self, args: argparse.Namespace, env: Env) -> ExitStatus: ...


def on_demand(module: str, function: str = "run") -> Callable[..., Any]:
    """``module``'s ``function``, imported only when it is called: a game's adapter names
    its commands with it, so that ``thousand --help`` or another game's command never
    pays for importing this game's solver or terminal app."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), function)(*args)

    call.__name__ = call.__qualname__ = function
    call.__doc__ = f"``{module}.{function}``, imported when called."
    return call


def cli_game(name: str) -> CliGame:
    """The command line's adapter of the game ``name`` (``thousand.cli.games.NAME``)."""
    return cast("CliGame", adapter(name, "cli"))


def help_of(name: str, key: str) -> str:
    """The game's words for ``key`` in a help text ("" if it has none)."""
    return cli_game(name).HELP.get(key, "")


def other_games(feature: Feature) -> tuple[str, ...]:
    """The games besides the default one that offer ``feature``, in registry order."""
    return tuple(name for name in games_offering(feature) if name != DEFAULT_GAME)


def with_others(feature: Feature, key: str) -> str:
    """The default game's words for ``key``, then each other game's in brackets:
    ``perfect,bold (poker_dice: optimal, chaser, greedy)``."""
    others = "; ".join(f"{name}: {help_of(name, key)}" for name in other_games(feature))
    default = help_of(DEFAULT_GAME, key)
    return f"{default} ({others})" if others else default


def examples(feature: Feature, key: str) -> str:
    """Every game's example command lines for ``key``, default game first."""
    return "; ".join(text for name in games_offering(feature) if (text := help_of(name, key)))


def default_rules_help(feature: Feature) -> str:
    """``--rules``'s default in a help text: ``classic, or russian with --game poker_dice``."""
    default = game_info(DEFAULT_GAME).default_preset
    others = "".join(
        f", or {game_info(name).default_preset} with --game {name}" for name in other_games(feature)
    )
    return default + others


def add_game_option(
    parser: argparse.ArgumentParser, help: str, *, default: str | None = DEFAULT_GAME
) -> None:
    """``--game NAME``: every registered game a choice (an unknown one is a usage
    error); what the chosen game does not offer the command refuses, naming it."""
    parser.add_argument("--game", choices=game_names(), default=default, help=help)
