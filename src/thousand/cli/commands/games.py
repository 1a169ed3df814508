"""``thousand games``: the saved games, newest first, one command away.

Each line names the file (to give to ``thousand play --resume`` or ``thousand replay``),
when it was last saved, the players (computer players with their level), the rules,
the turns played and how the game stands: who is to move, or, once it is over, who
came where with their final score (``1. Anna 1015 · 2. Boris 760``: the places of
:mod:`thousand.stats`, ties sharing the better place). A file that is not a readable game says why
instead of hiding.

The file name is what a player copies into ``--resume``, so it is never wrapped or
cut: its column keeps the longest name whole, and a terminal too narrow for the table
with it (80 columns, Russian headings) gets one block per game instead, the name on a
line of its own. Output that is not a terminal is laid out 120 columns wide.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from rich import box
from rich.table import Table

from thousand.cli.commands.adapter import cli_game
from thousand.cli.commands.base import Env, ExitStatus, Subparsers
from thousand.cli.commands.layout import measure, print_blocks
from thousand.cli.storage import GameListing, games_dir, list_games
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the saved games",
        description="List the games saved by 'thousand play' (newest first) with their "
        "players, rules, turns and status.",
        epilog="continue one with: thousand play --resume FILE",
    )
    parser.add_argument(
        "--dir", metavar="FOLDER", help="where to look (default: the data folder's games)"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language of the listing (default: from the locale)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    tr = translator(args.lang or default_language())
    folder = Path(args.dir) if args.dir else games_dir()
    listings = list_games(folder)
    if not listings:
        env.print(tr.gettext("No saved games in {folder}.").format(folder=folder))
        return ExitStatus.OK
    headings = headings_of(tr)
    rows = [row(tr, listing) for listing in listings]
    console = env.console(min_width=80 if env.stdout.isatty() else 120)
    console.print(tr.gettext("Saved games in {folder}:").format(folder=folder))
    table = games_table(headings, rows)
    if measure(console, table).minimum <= console.width:
        console.print(table)
    else:
        print_blocks(console, blocks(headings, rows))
    env.print(tr.gettext("Continue one with: thousand play --resume FILE"))
    return ExitStatus.OK


def headings_of(tr: Translator) -> tuple[str, str, str, str, str, str]:
    return (
        tr.gettext("File"),
        tr.gettext("Saved"),
        tr.gettext("Players"),
        tr.gettext("Rules"),
        tr.gettext("Turns"),
        tr.gettext("Status"),
    )


def games_table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """The list as a table whose first column, the file name, is never wrapped or cut,
    and whose players and places (one a line) are never cut in two; the rest wraps."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    longest = max(len(cells[0]) for cells in rows)
    table.add_column(headings[0], no_wrap=True, min_width=longest)
    for column, heading in enumerate(headings[1:], 1):
        kept = column in (2, len(headings) - 1)  # the players, the places: a line each
        table.add_column(heading, overflow="fold", no_wrap=kept)
    for cells in rows:
        table.add_row(*cells)
    return table


def blocks(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> list[list[tuple[str, str]]]:
    """The rows as a narrow terminal's blocks show them: the players on one line, the
    places joined by ``·``."""
    joiners = {len(headings) - 1: " · "}
    return [
        [
            (heading, value.replace("\n", joiners.get(column, ", ")))
            for column, (heading, value) in enumerate(zip(headings, cells, strict=True))
        ]
        for cells in rows
    ]


def row(tr: Translator, listing: GameListing) -> tuple[str, str, str, str, str, str]:
    """The cells of one saved game (its players and rules in its game's words)."""
    name = listing.path.name
    if listing.error is not None or listing.game is None:
        error = listing.error or ""
        return (name, "", "", "", "", tr.gettext("unreadable: {error}").format(error=error))
    game = cli_game(listing.game)
    players = "\n".join(  # a player a line: a label is never cut in two
        game.player_label(tr, player, level)
        for player, level in zip(listing.players, listing.bots, strict=True)
    )
    rules = "" if listing.rules is None else game.rules_title(tr, listing.rules)
    if listing.places:
        status = places_line(tr, listing.places)
    elif listing.winner is not None:
        status = tr.gettext("winner: {name}").format(name=listing.winner)
    else:
        status = tr.gettext("to move: {name}").format(name=listing.to_move)
    saved = (listing.updated or "").replace("T", " ").removesuffix("+00:00")
    return (name, saved, players, rules, str(listing.turns), status)


def places_line(tr: Translator, places: Sequence[tuple[int, str, int]]) -> str:
    """Who came where, a player a line: ``1. Anna 1015`` then ``2. Boris 760`` (a shared
    place is written for each player who shares it; the blocks of a narrow terminal
    join them with ``·``)."""
    return "\n".join(
        tr.gettext("{place}. {name} {score}").format(place=place, name=name, score=score)
        for place, name, score in places
    )
