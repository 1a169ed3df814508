"""Poker dice on the command line: the game's adapter
(:class:`~thousand.cli.commands.adapter.CliGame`).

Its commands, in :mod:`.commands` — ``play``, ``advise`` (the coach), ``solve`` (a
sheet's solitaire), ``simulate`` — are imported only when they run; the saved game is
:mod:`.saved`. Poker dice has no ``--table``, ``rules``, ``score`` or ``odds`` (its
``GameInfo.features`` say so, and the commands refuse them naming the game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from thousand.cli.commands.adapter import on_demand
from thousand.games.poker_dice import words
from thousand.games.poker_dice.scoring import DICE as _DICE
from thousand.games.poker_dice.words import level_name, player_label

if TYPE_CHECKING:
    from thousand.core.i18n import Translator

DEFAULT_OPPONENTS = ("chaser",)
"""``thousand play`` without ``--players``: you against one computer player."""

BOTS_ONLY = "bot:chaser,bot:greedy"
"""Computer players only: a game ``thousand play`` can play without a terminal."""

DICE = _DICE
"""Dice in a throw."""

HELP: Mapping[str, str] = {
    "play": "--game poker_dice plays poker dice instead (presets russian, russian_banked, "
    "yahtzee, ranking; computer players bot:greedy, bot:chaser, bot:optimal; you "
    "against bot:chaser by default).",
    "simulate.example": "thousand simulate --game poker_dice --rules yahtzee "
    "--players optimal,chaser,greedy",
    "simulate.game": "win rates, mean totals and their spread",
    "simulate.players": "optimal, chaser, greedy; one player alone plays a sheet game's solitaire",
    "simulate.json": "win_rates, mean_totals, histogram and more",
    "solve.example": "thousand solve --game poker_dice --rules yahtzee (the best expected "
    "total of one player's sheet)",
    "solve.game": "the sheet's best expected final total for one player (solitaire)",
    "solve.json": "game, rules, expected_total, states, seconds, peak_memory_mb, cached",
}
"""Poker dice's words in the commands' help texts
(:func:`~thousand.cli.commands.adapter.help_of`)."""


def rules_title(tr: Translator, rules: Any) -> str:
    """The game and its rules: ``Poker dice · Russian …``."""
    return tr.gettext("Poker dice") + " · " + words.rules_title(tr, rules)


load_saved = on_demand(f"{__name__}.saved", "load_saved")
play = on_demand(f"{__name__}.commands.play")
simulate = on_demand(f"{__name__}.commands.simulate")
solve = on_demand(f"{__name__}.commands.solve")
advise = on_demand(f"{__name__}.commands.advise")
perfect_play = on_demand("thousand.games.poker_dice.solver", "perfect_play")


__all__ = [
    "BOTS_ONLY",
    "DEFAULT_OPPONENTS",
    "DICE",
    "HELP",
    "advise",
    "level_name",
    "load_saved",
    "perfect_play",
    "play",
    "player_label",
    "rules_title",
    "simulate",
    "solve",
]
