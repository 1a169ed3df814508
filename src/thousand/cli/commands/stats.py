"""``thousand stats [NAME]``: the statistics players argue about, from the saved games.

Reads the folder ``thousand games`` lists (every game kind), hands each record to
:mod:`thousand.stats` — which replays it with its own game's rules — and prints, per game
kind, a table with a row per person: games, wins, average place and the game's own
figures (dice 1000: points a turn, busts, where they stop, the winning chance given away
against perfect play; poker dice: the average total and how far it is below optimal
play; card Thousand: deals declared, contracts made, bolts). Without NAME every person
found (computer players are not people); with it, that player alone.

Perfect play comes from the solved tables already on this machine (shipped or cached by
``thousand solve``): the command never starts a solve of its own, and the games it could
not weigh are counted under the table. A file that is not a game is skipped with a note;
an unknown name or a folder that cannot be read is one line and exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from thousand.cli.commands.adapter import cli_game
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, add_json_option
from thousand.cli.commands.layout import measure, print_blocks
from thousand.cli.storage import games_dir, saved_files
from thousand.core.errors import ThousandError
from thousand.core.files import parse_json, read_text
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator
from thousand.games import game_info, game_names
from thousand.stats import GameSummary, KindStatistics, PlayerStatistics, people, statistics
from thousand.stats import summarize as summarize_record
from thousand.stats.results import added

NOTES = 88
"""The width the notes under a table are wrapped to (prose reads badly 120 wide)."""


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="a player's statistics from the saved games",
        description="Statistics of the saved games (those 'thousand games' lists): per game "
        "kind, games, wins, average place and the game's own figures, for NAME or every "
        "person found.",
    )
    parser.add_argument("name", nargs="?", metavar="NAME", help="the player (default: everyone)")
    parser.add_argument(
        "--dir", metavar="FOLDER", help="where to look (default: the data folder's games)"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language of the tables (default: from the locale)"
    )
    add_json_option(parser, "name and games[]: game, games, wins, average_place and figures")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    tr = translator(args.lang or default_language())
    folder = Path(args.dir) if args.dir else games_dir()
    summaries: list[GameSummary] = []
    skipped: list[tuple[str, str]] = []
    if args.dir is not None or folder.exists():  # nothing saved yet: no games, no error
        summaries, skipped = read_folder(tr, folder)
    everyone = people(summaries)
    if args.name is not None and args.name not in everyone:
        raise ThousandError(
            tr.gettext("{folder}: no finished game of {name} (players: {players})").format(
                folder=folder, name=args.name, players=", ".join(everyone) or "—"
            )
        )
    names = [args.name] if args.name is not None else list(everyone)
    players = [statistics(summaries, name) for name in names]
    if args.json:
        env.print_json({"players": [player.to_data() for player in players]})
        return ExitStatus.OK
    console = env.console(min_width=80 if env.stdout.isatty() else 120)
    if not players:
        console.print(Text(tr.gettext("No finished games in {folder}.").format(folder=folder)))
    else:
        print_tables(tr, console, folder, players)
    for name, reason in skipped:
        note = tr.gettext("Skipped {file}: {reason}").format(file=name, reason=reason)
        console.print(Text(note), width=min(NOTES, console.width))
    return ExitStatus.OK


def read_folder(tr: Translator, folder: Path) -> tuple[list[GameSummary], list[tuple[str, str]]]:
    """Every record in ``folder`` summed up, and the files skipped with why (sorted by
    name, so the output does not depend on the file system's order)."""
    try:
        files = sorted(saved_files(folder))
    except OSError as exc:
        raise ThousandError(
            tr.gettext("{folder}: cannot read the folder: {reason}").format(
                folder=folder, reason=exc.strerror or exc
            )
        ) from None
    summaries: list[GameSummary] = []
    skipped: list[tuple[str, str]] = []
    for path in files:
        try:
            data = parse_json(read_text(str(path)), str(path))
            if not isinstance(data, dict) or "format" not in data:
                raise ThousandError(tr.gettext("not a game record"))
            summaries.append(summarize_record(data, perfect_play))
        except (ThousandError, ValueError, TypeError, LookupError, RecursionError) as exc:
            skipped.append((path.name, str(exc).removeprefix(f"{path}: ")))
    return summaries, skipped


def perfect_play(game: str, position: Any) -> Any:
    """The figures of perfect play the game's command-line adapter has at hand (its
    ``perfect_play``), None for a game without."""
    lookup = getattr(cli_game(game), "perfect_play", None)
    return None if lookup is None else lookup(position)


def print_tables(
    tr: Translator, console: Console, folder: Path, players: list[PlayerStatistics]
) -> None:
    """A table per game kind, a row per player; blocks where a terminal is too narrow."""
    console.print(tr.gettext("Statistics of the games in {folder}:").format(folder=folder))
    kinds: dict[str, list[KindStatistics]] = {}
    for player in players:
        for kind in player.kinds:
            kinds.setdefault(kind.game, []).append(kind)
    for game in game_names():
        rows = kinds.get(game)
        if not rows:
            continue
        console.print()
        console.print(Text(tr.gettext(game_info(game).title), style="bold"))
        names = [player.name for player in players for kind in player.kinds if kind.game == game]
        cells = [cells_of(tr, name, kind) for name, kind in zip(names, rows, strict=True)]
        table = stats_table(cells)
        if measure(console, table).maximum > console.width:
            table = stats_table(cells, fit=console.width)
        if measure(console, table).maximum <= console.width:
            console.print(table)
        else:
            print_blocks(console, cells)
        summed = rows[0].tally
        for kind in rows[1:]:
            summed = added(summed, kind.tally)
        for note in summed.notes(tr):
            console.print(Text(note), width=min(NOTES, console.width))


def stats_table(cells: list[list[tuple[str, str]]], *, fit: int | None = None) -> Table:
    """The rows as a table; ``fit``: a terminal's width too narrow for whole headings —
    each column is then as wide as its longest word (headings wrap between words), and
    the room left goes to the columns whose values would wrap (a value stays whole on a
    line where it can: ``13.6% / 0.89%``)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    columns = [[heading, *(row[column][1] for row in cells)] for column, (heading, _) in
               enumerate(cells[0])]  # fmt: skip
    widths: list[int | None] = [None] * len(columns)
    if fit is not None:
        tight = [max(len(word) for text in texts for word in text.split()) for texts in columns]
        room = fit - sum(tight) - GAP * (len(tight) - 1)
        for column, texts in enumerate(columns):
            wanted = max(len(value) for value in texts[1:]) - tight[column]
            extra = max(0, min(room, wanted))
            tight[column] += extra
            room -= extra
        widths = list(tight)
    for texts, width in zip(columns, widths, strict=True):
        table.add_column(texts[0], width=width)
    for row in cells:
        table.add_row(*(value for _, value in row))
    return table


GAP = 3
"""The room between two columns of the tables (a space of padding each side and the
box's separator)."""


def cells_of(tr: Translator, name: str, kind: KindStatistics) -> list[tuple[str, str]]:
    """One player's row: (heading, value) for every column."""
    place = kind.average_place
    return [
        (tr.gettext("Player"), name),
        (tr.gettext("Games"), str(kind.games)),
        (tr.gettext("Wins"), str(kind.wins)),
        (tr.gettext("Average place"), "—" if place is None else f"{place:.1f}"),
        *kind.tally.lines(tr),
    ]
