"""``thousand rules [NAME|FILE]``: list a game's presets, or show one rule set in full.

The game's command-line adapter answers (``thousand.cli.games.NAME.commands.rules``);
``--game`` of a game without the command is refused in one line naming it.
"""

from __future__ import annotations

import argparse

from thousand.cli.commands.adapter import add_game_option, cli_game
from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    add_json_option,
)
from thousand.games import DEFAULT_GAME, games_offering, require


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="list the presets, or show one rule set as a rules file",
        description="Without an argument, list the presets. With a preset name or a rules "
        "file, print the complete configuration as a TOML rules file (or JSON).",
        epilog="example: thousand rules ussr > mine.toml && thousand score 2 2 --rules mine.toml",
    )
    parser.add_argument("name", nargs="?", metavar="PRESET|FILE", help="a preset or rules file")
    add_game_option(
        parser,
        f"the game (default: {DEFAULT_GAME}; offered for: {', '.join(games_offering('rules'))})",
    )
    add_json_option(parser, "the presets or the configuration")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    require(args.game, "rules", "thousand rules")
    return cli_game(args.game).rules(args, env)
