"""Dice 1000 on the command line: the game's adapter
(:class:`~thousand.cli.commands.adapter.CliGame`).

Every command of dice 1000 has its module in :mod:`.commands` — ``play``, ``advise``,
``solve``, ``simulate``, ``rules``, ``score``, ``odds`` — imported
only when the command runs (the solver and numba behind it start slowly); the saved game
is :mod:`.saved`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from thousand.cli.commands.adapter import on_demand
from thousand.games.dice1000.scoring import DICE as _DICE
from thousand.games.dice1000.words import bot_level as level_name
from thousand.games.dice1000.words import player_label
from thousand.games.dice1000.words import rules_title as _rules_title

if TYPE_CHECKING:
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


load_saved = on_demand(f"{__name__}.saved", "load_saved")
play = on_demand(f"{__name__}.commands.play")
simulate = on_demand(f"{__name__}.commands.simulate")
solve = on_demand(f"{__name__}.commands.solve")
advise = on_demand(f"{__name__}.commands.advise")
perfect_play = on_demand("thousand.games.dice1000.solver.seats", "perfect_play")
rules = on_demand(f"{__name__}.commands.rules")
score = on_demand(f"{__name__}.commands.score")
odds = on_demand(f"{__name__}.commands.odds")


__all__ = [
    "BOTS_ONLY",
    "DEFAULT_OPPONENTS",
    "DICE",
    "HELP",
    "advise",
    "level_name",
    "load_saved",
    "odds",
    "perfect_play",
    "play",
    "player_label",
    "rules",
    "rules_title",
    "score",
    "simulate",
    "solve",
]
