"""The command line's part of each game, one package per game, found by name.

``thousand.cli.games.dice1000`` is everything the commands do for dice 1000,
``thousand.cli.games.poker_dice`` for poker dice: each package implements
:class:`~thousand.cli.commands.adapter.CliGame` with module-level names, and the registry
finds it by the game's name (:func:`thousand.games.adapter`, ``"cli"``). A game's
commands sit in its ``commands`` folder, imported only when they run, so the heavy parts
(the solver, numba, matplotlib, Textual) stay out of the adapter's ``__init__``.
"""

from __future__ import annotations

from thousand.cli.commands.adapter import CliGame, cli_game

__all__ = ["CliGame", "cli_game"]
