"""``thousand advise RECORD``: the best actions where a record ends, by its game's advisor.

The record's ``game`` picks the game (a game the program does not know, or one without
an advisor, is refused in one line naming it); the game's command-line adapter
(:func:`~thousand.cli.commands.adapter.cli_game`) replays the record and advises the player to move.
"""

from __future__ import annotations

import argparse

from thousand.cli.commands.adapter import cli_game
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, add_json_option
from thousand.cli.commands.replay import read_record
from thousand.games import game_of_record, require


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "advise",
        help="what each action brings where a game record ends",
        description="Replay a game record and show, for the player to move, the chance of "
        "winning after each legal action with perfect play from then on (exact for two "
        "players; with three or more, an approximation: a duel with the leading opponent). "
        "For card Thousand: each card, bid or contract with what it brings in the deal, "
        "from what that player can see.",
        epilog="example: thousand advise game.json",
    )
    parser.add_argument("file", metavar="RECORD", help="a record file, or - for standard input")
    add_json_option(parser, "the advice")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    record = read_record(args.file, env)
    game = game_of_record(record)  # a game the program does not know: one line
    require(game, "advise", "thousand advise")
    return cli_game(game).advise(args, env, record)
