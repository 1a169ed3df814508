"""``thousand games``: the saved games, newest first, one command away.

Each line names the file (to give to ``thousand play --resume`` or ``thousand replay``),
when it was last saved, the players (computer players with their level), the rules,
the turns played and how the game stands. A file that is not a readable game says why
instead of hiding.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich import box
from rich.table import Table

from thousand.cli.commands.base import Env, ExitStatus, Subparsers
from thousand.cli.storage import GameListing, games_dir, list_games
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator
from thousand.games.dice1000.texts import PRESET_TITLES, player_label


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
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for heading in (
        tr.gettext("File"),
        tr.gettext("Saved"),
        tr.gettext("Players"),
        tr.gettext("Rules"),
        tr.gettext("Turns"),
        tr.gettext("Status"),
    ):
        table.add_column(heading, overflow="fold")
    for listing in listings:
        table.add_row(*row(tr, listing))
    console = env.console(min_width=120)
    console.print(tr.gettext("Saved games in {folder}:").format(folder=folder))
    console.print(table)
    env.print(tr.gettext("Continue one with: thousand play --resume FILE"))
    return ExitStatus.OK


def row(tr: Translator, listing: GameListing) -> tuple[str, str, str, str, str, str]:
    """The cells of one saved game."""
    name = listing.path.name
    if listing.error is not None:
        return (name, "", "", "", "", tr.gettext("unreadable: {error}").format(error=listing.error))
    players = ", ".join(
        player_label(tr, player, level)
        for player, level in zip(listing.players, listing.bots, strict=True)
    )
    preset, changed = listing.rules.removesuffix("+"), listing.rules.endswith("+")
    rules = tr.gettext(PRESET_TITLES[preset]) if preset in PRESET_TITLES else preset
    if changed:
        rules = tr.gettext("{preset} with changes").format(preset=rules)
    if listing.winner is not None:
        status = tr.gettext("won by {name}").format(name=listing.winner)
    else:
        status = tr.gettext("{name} to move").format(name=listing.to_move)
    saved = (listing.updated or "").replace("T", " ").removesuffix("+00:00")
    return (name, saved, players, rules, str(listing.turns), status)
