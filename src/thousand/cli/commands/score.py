"""``thousand score 2 2 2 5 5``: what one throw is worth under a rule set.

The game's command-line adapter scores (``thousand.cli.games.NAME.commands.score``);
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
    add_rules_option,
)
from thousand.games import DEFAULT_GAME, games_offering, require


def register(subparsers: Subparsers) -> None:
    dice = cli_game(DEFAULT_GAME).DICE
    parser = subparsers.add_parser(
        "score",
        help=f"score one throw of 1 to {dice} dice",
        description="Score one throw: its points, the dice set aside and the combinations.",
        epilog="example: thousand score 2 2 2 5 5",
    )
    # Faces are taken as text and checked by the game, so the error names the bad one.
    parser.add_argument("dice", nargs="*", metavar="FACE", help="the faces thrown, 1 to 6")
    add_game_option(
        parser,
        f"the game (default: {DEFAULT_GAME}; offered for: {', '.join(games_offering('score'))})",
    )
    add_rules_option(parser)
    add_json_option(parser, "the score")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    require(args.game, "score", "thousand score")
    return cli_game(args.game).score(args, env)
