"""``thousand review RECORD``: each finished deal of a record with the cards open — what
was possible and where points were let go — by its game's review.

The record's ``game`` picks the game (a game the program does not know, or one without a
review, is refused in one line naming it); the game's command-line adapter replays the
record and reviews it. Only a game with hidden cards has one: its finished deals are
public, so the review may look at every hand.
"""

from __future__ import annotations

import argparse

from thousand.cli.commands.adapter import cli_game
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, add_json_option
from thousand.cli.commands.replay import read_record
from thousand.games import game_of_record, require


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "review",
        help="what the open cards allowed in each deal of a game record",
        description="Replay a game record and show, for each deal played to its end, what "
        "the declarer could take with every hand open and both sides playing perfectly, "
        "what it took, and the first card with which each player let points go.",
        epilog="example: thousand review game.json",
    )
    parser.add_argument("file", metavar="RECORD", help="a record file, or - for standard input")
    add_json_option(parser, "the review")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    record = read_record(args.file, env)
    game = game_of_record(record)  # a game the program does not know: one line
    require(game, "review", "thousand review")
    return cli_game(game).review(args, env, record)
