"""Dice 1000 on the command line: the game's adapter
(:class:`~thousand.cli.commands.adapter.CliGame`).

Every command of dice 1000 has its module in :mod:`.commands` — ``play``, ``advise``,
``solve``, ``simulate``, ``rules``, ``score``, ``odds`` — imported
only when the command runs (the solver and numba behind it start slowly); the saved game
is :mod:`.saved`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thousand.games.dice1000.scoring import DICE as _DICE
from thousand.games.dice1000.words import bot_level as level_name
from thousand.games.dice1000.words import player_label
from thousand.games.dice1000.words import rules_title as _rules_title

if TYPE_CHECKING:
    from thousand.cli.commands.base import Env, ExitStatus
    from thousand.cli.storage import Saved
    from thousand.core.i18n import Translator

DEFAULT_OPPONENTS = ("balanced", "bold")
"""``thousand play`` without ``--players``: you against these computer players."""

BOTS_ONLY = "bot:bold,bot:cautious"
"""Computer players only: a game ``thousand play`` can play without a terminal."""

DICE = _DICE
"""Dice in a throw (``thousand score``, ``thousand odds --dice``)."""

HELP: Mapping[str, str] = {
    "play": "Play a game of dice 1000 full screen: you against two computer players by "
    "default, or any mix of people (hot-seat) and computer players.",
    "play.epilog": 'examples: thousand play · thousand play --players "Анна,Борис,bot:bold" '
    "--rules ussr --lang ru · thousand play --players You,bot:perfect · thousand play "
    "--players bot:bold,bot:cautious --fast --save game.json. bot:perfect plays the "
    "solved strategy (solved once — about 10 s for classic, 10–30 minutes for rules "
    "where scores fall — then cached); it is exact for two "
    "players, and with three or more it plays against the leading opponent (an "
    "approximation); rules the solver cannot do are refused before the game starts. "
    "In the game, C shows the winning chance of each action (the same strategy).",
    "simulate.example": "thousand simulate --players perfect,bold --games 100000 --plot out.png",
    "simulate.players": "perfect,bold",
    "simulate.json": "games, wins, first_player_wins, games_per_second and more",
    "solve.example": "thousand solve --rules classic --json; thousand solve --players 3 (the "
    "exact three-player table: about five minutes once)",
    "solve.json": "first_player_win, states, seconds, peak_memory_mb and more",
}
"""Dice 1000's words in the commands' help texts
(:func:`~thousand.cli.commands.adapter.help_of`)."""


def rules_title(tr: Translator, rules: Any) -> str:
    return _rules_title(tr, rules)


def load_saved(path: Path, data: dict[str, Any]) -> Saved[Any]:
    from thousand.cli.games.dice1000.saved import load_saved as load  # noqa: PLC0415

    return load(path, data)


def play(args: argparse.Namespace, env: Env, saved: Saved[Any] | None) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.play import run  # noqa: PLC0415

    return run(args, env, saved)


def simulate(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.simulate import run  # noqa: PLC0415

    return run(args, env)


def solve(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.solve import run  # noqa: PLC0415

    return run(args, env)


def advise(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.advise import run  # noqa: PLC0415

    return run(args, env, record)


def rules(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.rules import run  # noqa: PLC0415

    return run(args, env)


def score(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.score import run  # noqa: PLC0415

    return run(args, env)


def odds(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.cli.games.dice1000.commands.odds import run  # noqa: PLC0415

    return run(args, env)


__all__ = [
    "BOTS_ONLY",
    "DEFAULT_OPPONENTS",
    "DICE",
    "HELP",
    "advise",
    "level_name",
    "load_saved",
    "odds",
    "play",
    "player_label",
    "rules",
    "rules_title",
    "score",
    "simulate",
    "solve",
]
