"""``thousand replay FILE``: check a game record and show its score sheet.

The record's ``game`` (dice 1000 when absent) picks the game from the registry
(:mod:`thousand.games`); a game the program does not know is refused in one line naming
the known ones. The record goes through that game's checked path, so an illegal record
fails with the turn, throw and rule in one line. ``--json``
prints RECORD.md's output object exactly (the format is described for users in the
project's docs/records.md: they have the package, not the project's contracts). The sheet
is written in ``--lang``, by default the locale's language.
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus, Subparsers, UsageError, add_json_option
from thousand.cli.commands.layout import measure
from thousand.core.files import STDIN, parse_json, read_text
from thousand.core.i18n import LANGUAGES, default_language, translator
from thousand.games import game_of_record, load_game


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="check a game record and show its score sheet",
        description="Replay a game record (a JSON file; its format is described in the "
        "project's docs/records.md) through the rules and print the score sheet, or "
        "with --json the final state.",
        epilog="example: thousand replay examples/classic.json --lang ru",
    )
    parser.add_argument("file", metavar="FILE", help="a record file, or - for standard input")
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language of the score sheet (default: from the locale)"
    )
    add_json_option(parser, "the final state: players, turns, winner or who is to move")
    parser.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="with --json: only what seat N (from 0) saw at the record's last moment "
        "(a game with hidden cards shows no other seat's hand)",
    )
    parser.set_defaults(handler=run)


def read_record(path: str, env: Env) -> Any:
    """Parsed JSON of a record file; ``-`` reads the command's standard input."""
    return parse_json(read_text(path, env.stdin), "standard input" if path == STDIN else path)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    data = read_record(args.file, env)
    game = load_game(game_of_record(data))  # a game the program does not know: one line
    result = game.replay(data)
    if args.seat is not None:
        seats = len(result.to_json_data()["players"])
        if not 0 <= args.seat < seats:
            raise UsageError(f"--seat {args.seat}: the seats are 0 to {seats - 1}")
        if not args.json:
            raise UsageError("--seat N goes with --json: the seat's view is JSON data")
        env.print_json(game.seat_view(result.position, args.seat))
        return ExitStatus.OK
    if args.json:
        env.print_json(result.to_json_data())
        return ExitStatus.OK
    console = env.console()
    sheet = game.score_sheet(result, translator(args.lang or default_language()))
    if not console.is_terminal:
        # A file or a pipe gets the sheet unwrapped, however many players.
        console.width = max(console.width, measure(console, sheet).maximum)
    console.print(sheet)
    return ExitStatus.OK
