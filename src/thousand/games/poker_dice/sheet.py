"""The score sheet of a replayed game of poker dice, drawn like the paper one.

The sheet games (``russian``, ``yahtzee``): a row per box in the sheet's order — series 1
(ones … sixes), its subtotal and bonus, series 2 — then the other bonuses, the total and,
for a table of several, each total against the table's average (S1's settlement); a
column per player. Marks as players write them: ✓ for a series-1 box done with exactly
the dice it asks for (0 points), — for a box written with nothing (0), a real minus
sign for minus points, an empty cell for a box still to fill.

The ranking game: a row per round (the first, then each play-off) and a column per
player, each cell the player's hand and its kind.

Pure functions of a :class:`~.record.Replay`, in a :class:`~thousand.core.i18n.Translator`'s
words (English unless one is given); every number is the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.core.sheets import IN_PROGRESS, number, sheet_translator
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.record import Replay, TurnSummary
from thousand.games.poker_dice.scoring import UPPER, hand_kind
from thousand.games.poker_dice.words import (
    box_name,
    faces,
    hand_name,
    result,
    row_name,
    rules_key,
    signed_decimal,
    throws_left,
)

DONE = "✓"
DASH = "—"


def _done_marks(rules: Rules) -> bool:
    """Does a 0 in series 1 mean the box is done (✓)? Under ``plus_minus`` and
    ``done_or_minus`` only three dice (or more) score 0; ``crossed`` boxes score 0 when
    crossed out, told apart from unmade ones only when those go in the minus."""
    if rules.series1 in ("plus_minus", "done_or_minus"):
        return True
    return rules.series1 == "crossed" and rules.unmade == "minus"


def cell(rules: Rules, box_id: str, points: int | None) -> str:
    """One box's cell: blank while empty, ✓ or — for the 0s (see the module docstring)."""
    if points is None:
        return ""
    if points == 0:
        return DONE if box_id in UPPER and _done_marks(rules) else DASH
    return number(points)


def sheet_rows(replay: Replay, tr: Translator) -> list[tuple[str, str, list[str]]]:
    """The rows of a sheet game as ``(row, label, cells)``, one cell per player; ``row``
    is the box, or ``subtotal``, ``bonus``, ``bank``, ``extra``, ``total``,
    ``against_average``."""
    position = replay.position
    rules = position.rules
    totals = [position.totals(seat) for seat in range(len(position.players))]
    rows: list[tuple[str, str, list[str]]] = []
    for box_id in position.players[0].boxes:
        cells = [cell(rules, box_id, sheet.boxes[box_id]) for sheet in position.players]
        rows.append((box_id, box_name(tr, rules, box_id), cells))
        if box_id == UPPER[-1]:
            rows.append(
                ("subtotal", row_name(tr, "subtotal"), [number(t.subtotal) for t in totals])
            )
            bonuses = [
                _bonus_cell(sheet.boxes, t.bonus)
                for sheet, t in zip(position.players, totals, strict=True)
            ]
            rows.append(("bonus", row_name(tr, "bonus"), bonuses))
    if rules.bank_unused_throws and not position.over:
        banks = [str(sheet.bank) for sheet in position.players]
        rows.append(("bank", row_name(tr, "bank"), banks))
    if rules.extra_poker_bonus or rules.unused_throw_bonus or any(t.extra for t in totals):
        if rules.extra_poker_bonus and not rules.unused_throw_bonus:
            label = row_name(tr, "yahtzee_bonus")
        elif rules.unused_throw_bonus and not rules.extra_poker_bonus:
            label = row_name(tr, "unused_throws")
        else:
            label = row_name(tr, "extra")
        rows.append(("extra", label, [number(t.extra) if t.extra else "" for t in totals]))
    rows.append(("total", row_name(tr, "total"), [number(t.total) for t in totals]))
    if len(totals) > 1:
        average = sum(t.total for t in totals) / len(totals)
        against = [signed_decimal(tr, t.total - average) for t in totals]
        rows.append(("against_average", row_name(tr, "against_average"), against))
    return rows


def _bonus_cell(boxes: Mapping[str, int | None], bonus: int) -> str:
    """The bonus once series 1 is full (— when it missed the bonus); blank before."""
    if bonus:
        return number(bonus)
    return DASH if all(boxes[box_id] is not None for box_id in UPPER) else ""


def _sheet_table(replay: Replay, tr: Translator) -> Table:
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False)
    table.add_column("")
    for sheet in replay.position.players:
        table.add_column(Text(sheet.name), justify="right", no_wrap=True)
    rows = sheet_rows(replay, tr)
    # A line under series 1 with its bonus, and under series 2, as on the paper.
    last_box = list(replay.position.players[0].boxes)[-1]
    for row, label, cells in rows:
        table.add_row(
            Text(label), *(Text(text) for text in cells), end_section=row in ("bonus", last_box)
        )
    return table


def ranking_rows(replay: Replay, tr: Translator) -> list[tuple[str, list[str]]]:
    """The ranking game's rows: a round each, the hand of every player who played it."""
    players = replay.position.players
    rounds: dict[int, list[str]] = {}
    for turn in replay.turns:
        cells = rounds.setdefault(turn.round, [""] * len(players))
        cells[turn.seat] = _hand_cell(turn, tr)
    rows = []
    for index in sorted(rounds):
        label = tr.gettext("Play-off {n}").format(n=index) if index else tr.gettext("Hands")
        rows.append((label, rounds[index]))
    return rows


def _hand_cell(turn: TurnSummary, tr: Translator) -> str:
    if not turn.ended:
        return f"{faces(turn.dice)} {IN_PROGRESS}"
    return f"{faces(turn.dice)}\n{hand_name(tr, hand_kind(turn.dice))}"


def _ranking_table(replay: Replay, tr: Translator) -> Table:
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False)
    table.add_column("")
    for sheet in replay.position.players:
        table.add_column(Text(sheet.name), justify="right", no_wrap=True)
    for label, cells in ranking_rows(replay, tr):
        table.add_row(Text(label), *(Text(text) for text in cells))
    return table


def summary(replay: Replay, tr: Translator | None = None) -> list[str]:
    """The lines under the table: who won, or who is to move and how far their turn is."""
    tr = sheet_translator(tr)
    position = replay.position
    if position.over:
        return [result(tr, replay.winner_names)]
    name = position.to_move
    if not position.throws:
        return [tr.gettext("To move: {name}.").format(name=name)]
    return [
        tr.gettext("To move: {name}, dice showing {dice}, {left}.").format(
            name=name,
            dice=faces(position.dice),
            left=throws_left(tr, position.throws_left),
        )
    ]


def legend(replay: Replay, tr: Translator) -> str | None:
    """What the marks on this sheet mean, only those that occur."""
    marks: list[str] = []
    cells = [text for _, _, row in sheet_rows(replay, tr) for text in row]
    if DONE in cells:
        marks.append(tr.gettext("{mark} done: three dice of the face").format(mark=DONE))
    if DASH in cells:
        marks.append(tr.gettext("{mark} written with nothing: 0").format(mark=DASH))
    if not marks:
        return None
    return tr.gettext("Marks: {marks}").format(marks=" · ".join(marks))


def render(replay: Replay, tr: Translator | None = None) -> RenderableType:
    """The whole sheet: the rules, the table, what its marks mean and who won or moves."""
    tr = sheet_translator(tr)
    parts: list[RenderableType] = [
        Text(tr.gettext("Rules: {title}").format(title=rules_key(tr, replay.rules))),
        Text(),
    ]
    if replay.position.is_ranking:
        if replay.turns:
            parts.append(_ranking_table(replay, tr))
        else:
            parts.append(Text(tr.gettext("No turns yet.")))
    else:
        parts.append(_sheet_table(replay, tr))
    parts.append(Text())
    if not replay.position.is_ranking:
        marks = legend(replay, tr)
        if marks is not None:
            parts.append(Text(marks))
    parts.extend(Text(line) for line in summary(replay, tr))
    return Group(*parts)
