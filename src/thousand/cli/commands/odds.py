"""``thousand odds``: the exact chances of one throw, and the best expected turn.

The game's command-line adapter answers (``thousand.cli.games.NAME.commands.odds``);
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
        "odds",
        help="exact chances of a throw and the expected points of a turn",
        description="The exact chances of one throw of N dice (bust, hot dice, expected "
        "points) and the expected points of a turn played to maximise them.",
        epilog="example: thousand odds --dice 3",
    )
    parser.add_argument(
        "--dice",
        type=int,
        choices=range(1, dice + 1),
        metavar="N",
        help=f"only this many dice (1-{dice}; default: every number)",
    )
    add_game_option(
        parser,
        f"the game (default: {DEFAULT_GAME}; offered for: {', '.join(games_offering('odds'))})",
    )
    add_rules_option(parser)
    add_json_option(parser, "the chances")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    require(args.game, "odds", "thousand odds")
    return cli_game(args.game).odds(args, env)
