"""The score sheet of a game in play, in the player's language.

Like the paper sheet (and :mod:`thousand.games.dice1000.sheet`, which ``thousand replay``
prints): a row per round, a column per player, each cell the score the player recorded
on their turn — a dash for a bust, a mark for a bolt, a barrel, a dump truck, a win —
and a penalty a player suffers written in their cell of that round with the score it
leaves. Under the table, each player's standing: score, in the game or not, the barrel
they stand on and what they need to get off it, bolts.

Every cell comes from the engine's account of the turn
(:class:`~thousand.games.dice1000.state.TurnEnd`); nothing is recomputed. The terminal game draws
:func:`sheet_table`; the unattended bots-only run prints :func:`plain_sheet`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import cast

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.core.sheets import IN_PROGRESS, number, signed
from thousand.games.dice1000.record import TurnSummary
from thousand.games.dice1000.sheet import write_sheet
from thousand.games.dice1000.state import GameState
from thousand.games.dice1000.words import player_label, standing


def sheet_cells(
    tr: Translator, state: GameState, turns: Sequence[TurnSummary], turn_total: int | None = None
) -> list[list[str]]:
    """``cells[round][player]``: the text of each cell (lines joined by newlines).

    The cells are :func:`thousand.games.dice1000.sheet.write_sheet`'s, with the bolt mark and the
    penalty words in the player's language; ``turn_total`` adds the turn in progress
    (``…+40``) to the current player's cell.
    """
    done = [turn for turn in turns if turn.end is not None]
    sheet = write_sheet(state.game, state.players, done, tr)
    cells = [list(row) for row in sheet.rounds]
    if turn_total is not None:
        return with_turn_in_progress(cells, state, len(done), turn_total)
    return cells


def grown_cells(
    tr: Translator,
    state: GameState,
    turns: Sequence[TurnSummary],
    kept: tuple[int, list[list[str]]] | None,
) -> tuple[int, list[list[str]]]:
    """:func:`sheet_cells` of the finished ``turns`` (without a turn in progress), with
    their number, made from ``kept`` (the same of fewer of the game's turns, or None):
    only the rounds from the first new turn's on are written again (a turn's cells, its
    penalties' included, are all in its own round), so a turn's end costs a round, not
    the game. The rows of ``kept`` before them are shared, never written to."""
    done = [turn for turn in turns if turn.end is not None]
    count = len(state.players)
    if kept is None or kept[0] > len(done):
        return len(done), sheet_cells(tr, state, done)
    start = kept[0] // count
    sheet = write_sheet(state.game, state.players, done, tr, first=start * count)
    return len(done), [*kept[1][:start], *(list(row) for row in sheet.rounds[start:])]


def with_turn_in_progress(
    cells: Sequence[Sequence[str]], state: GameState, done: int, turn_total: int
) -> list[list[str]]:
    """``cells`` of ``done`` finished turns, with the turn in progress (``…+40``) added to
    the current player's cell — a new list of rows, of which only the turn's row is new
    (the others are ``cells``' own: read them, never write to them); a server keeps the
    finished cells between throws, and an action then costs one row, not the game's."""
    if state.is_over:
        return [list(row) for row in cells]
    # the finished rows are shared, never written to: only the turn's row is copied
    rows = cast("list[list[str]]", list(cells))
    count = len(state.players)
    row = done // count
    rows[row : row + 1] = [[""] * count if row == len(cells) else list(cells[row])]
    cell = rows[row][state.current]
    rows[row][state.current] = "\n".join(
        line for line in (cell, f"{IN_PROGRESS}{signed(turn_total)}") if line
    )
    return rows


def sheet_table(
    tr: Translator,
    state: GameState,
    turns: Sequence[TurnSummary],
    *,
    turn_total: int | None = None,
    last_rounds: int | None = None,
    highlight: int | None = None,
    width: int | None = None,
) -> Table:
    """The rounds as a rich table; ``last_rounds`` keeps only the latest ones.

    ``width`` is the room there is: names are given whole where it holds them, and
    only if it does not are the longest cut in the heading (the standings under the
    table give them whole) so that the scores keep their digits.
    """
    cells = sheet_cells(tr, state, turns, turn_total)
    first = 0 if last_rounds is None else max(0, len(cells) - last_rounds)
    shown = cells[first:]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    names = [sheet.name for sheet in state.players]
    if width is not None:
        widest = [
            max((cell_len(line) for row in shown for line in row[index].split("\n")), default=0)
            for index in range(len(names))
        ]
        numbers = max(1, len(str(first + len(shown))))
        room = width - numbers - COLUMN_GAP * len(names)
        names = fitted_names(names, widest, room)
    for index, name in enumerate(names):
        style = "bold reverse" if index == highlight else "bold"
        table.add_column(Text(name, style=style), justify="right", no_wrap=True)
    for number_, row in enumerate(shown, first + 1):
        table.add_row(str(number_), *row)
    return table


COLUMN_GAP = 3
"""Cells between two columns of :func:`sheet_table` (a padding, the rule, a padding)."""

SHORTEST_NAME = 4
"""A name is never cut shorter than this (three letters and ``…``)."""


def fitted_names(names: Sequence[str], widest: Sequence[int], room: int) -> list[str]:
    """``names`` as the heading of columns whose cells are ``widest`` wide, in ``room``
    cells all together: whole where they fit; otherwise the longest cut (``…``) a cell
    at a time, none below its column's cells nor below :data:`SHORTEST_NAME` — a name
    shorter than a score's digits costs nothing, so it is never cut for the others.
    """
    lengths = [cell_len(name) for name in names]
    least = [max(SHORTEST_NAME, cells) for cells in widest]
    while sum(max(length, cells) for length, cells in zip(lengths, widest, strict=True)) > room:
        cuttable = [index for index, length in enumerate(lengths) if length > least[index]]
        if not cuttable:
            break
        longest = max(cuttable, key=lambda index: lengths[index])
        lengths[longest] -= 1
    return [
        name if cell_len(name) <= length else set_cell_size(name, length - 1) + "…"
        for name, length in zip(names, lengths, strict=True)
    ]


def standings(
    tr: Translator, state: GameState, levels: Sequence[str | None]
) -> list[tuple[str, str, str]]:
    """Per player: name (with the computer level), score, and where they stand."""
    rows = []
    for index, sheet in enumerate(state.players):
        level = levels[index] if index < len(levels) else None
        name = player_label(tr, sheet.name, level)
        rows.append((name, number(sheet.score), standing(tr, state, index)))
    return rows


def result_line(tr: Translator, state: GameState) -> str:
    """Who won, or whose turn it is (the name never the subject: it may be "You")."""
    if state.winner is not None:
        return tr.gettext("Winner: {name}.").format(name=state.players[state.winner].name)
    return tr.gettext("To move: {name}.").format(name=state.to_move)


def plain_sheet(
    tr: Translator,
    state: GameState,
    turns: Sequence[TurnSummary],
    levels: Sequence[str | None],
    rules_title: str,
) -> str:
    """The whole sheet as plain text: rules, rounds, standings, the result."""
    parts: list[RenderableType] = [
        Text(tr.gettext("Rules: {title}").format(title=rules_title)),
        Text(),
    ]
    if turns:
        parts.append(sheet_table(tr, state, turns))
    else:
        parts.append(Text(tr.gettext("No turns yet.")))
    parts.append(Text())
    standing_table = Table(box=None, show_header=False, pad_edge=False)
    standing_table.add_column(no_wrap=True)
    standing_table.add_column(justify="right", no_wrap=True)
    standing_table.add_column()
    for row in standings(tr, state, levels):
        standing_table.add_row(*row)
    parts.append(standing_table)
    parts.append(Text(result_line(tr, state)))
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=max(80, 12 * (len(state.players) + 1) + 40),
        color_system=None,
        highlight=False,
        emoji=False,
        soft_wrap=False,
    )
    console.print(Group(*parts))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"
