"""The score sheet of a replayed game of card Thousand, drawn like the paper one.

A row per deal: its number, the declarer and the contract (×2 on golden and dark deals;
"redeal" for a redeal), then each seat's change for the deal and its total after it.
Marks as players write them: a dash (—) for a bolt — a defender whose change is 0 —
``Р`` (English ``W/O``) before a declarer's write-off, and ``(Б)`` (``(B)``) after a
total on the barrel, followed by the attempts left; ``555→0`` (``−555→0``) for a total
the dump truck sent to 0; ``↓`` before the total a seat fell to off the barrel when its
attempts ran out, ``⇓`` when another seat knocked it off (``↓0``: the third fall, to 0).
Under the rows, the totals; under the table, what the marks mean and who won or is to
move. A deal in progress is a row of its own, marked ``…``.

A pure function of a :class:`~.record.Replay`, in a
:class:`~thousand.core.i18n.Translator`'s words; every number is the engine's
(:class:`~.state.DealSummary`). Whether a seat was on the barrel is read from the
totals: a total equal to the barrel is one on it (a total reaching it is set to it).
What the dump truck and the barrel did is the engine's too (``DealSummary.dumped`` and
``falls``, from :func:`~.scoring.score_deal`), never worked out again here.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import N_, Translator
from thousand.core.sheets import IN_PROGRESS, number, sheet_translator, signed
from thousand.games.card1000 import words
from thousand.games.card1000.presets import PRESET_NAMES, rules_to_spec
from thousand.games.card1000.record import Replay
from thousand.games.card1000.scoring import DUMP_TRUCK, Fall, sitting_out
from thousand.games.card1000.state import DealSummary

BOLT = "—"

DUMPED = "→"
"""Between the total a deal reached and the 0 the dump truck made of it: ``555→0``."""

FELL = "↓"
"""Before the total of a seat that fell off the barrel, its attempts used: ``↓760``."""

KNOCKED_OFF = "⇓"
"""Before the total of a seat knocked off the barrel by another getting on: ``⇓760``."""

PHASES = {
    "dark": N_("dark or not"),
    "bid": N_("bid"),
    "talon": N_("choose a talon"),
    "give": N_("give the cards"),
    "contract": N_("announce the contract"),
    "play": N_("play a card"),
}
"""Whose decision of which kind is next, as the line under the sheet says it."""


def write_off_mark(tr: Translator) -> str:
    """The write-off's mark: Russian «Р» (роспись), English ``W/O``."""
    return tr.pgettext("score sheet mark of a write-off", "W/O")


def barrel_mark(tr: Translator) -> str:
    """The mark after a total on the barrel: Russian «(Б)», English ``(B)``."""
    return tr.pgettext("score sheet mark of a total on the barrel", "(B)")


def fall_mark(fall: Fall) -> str:
    """The mark before the total of a seat that fell off the barrel."""
    return KNOCKED_OFF if fall.cause == "knock_off" else FELL


def _total_cell(summary: DealSummary, seat: int, total: int) -> str:
    """The total as written after the deal: ``555→0`` where the dump truck sent it to 0,
    ``↓760`` / ``⇓760`` where the seat fell off the barrel (the engine's record)."""
    dumped = summary.dumped[seat] if summary.dumped else None
    if dumped is not None:
        return f"{number(dumped)}{DUMPED}{number(total)}"
    fall = summary.falls[seat] if summary.falls else None
    if fall is not None:
        return f"{fall_mark(fall)}{number(total)}"
    return number(total)


def rules_title(tr: Translator, replay: Replay) -> str:
    """The rules as the sheet's first line names them: the preset, or "with changes"."""
    return words.rules_title(tr, rules_to_spec(replay.rules))


def _declarer_cell(tr: Translator, replay: Replay, summary: DealSummary) -> str:
    if summary.outcome == "redeal" or summary.declarer is None:
        return tr.gettext("redeal")
    text = f"{replay.players[summary.declarer]} {summary.contract}"
    if summary.golden or summary.dark:
        text += " ×2"
    return text


def _cells(
    tr: Translator,
    replay: Replay,
    summary: DealSummary,
    barrel_before: list[bool],
    attempts: list[int],
) -> list[str]:
    """The row's cells; ``attempts`` (the attempts used on the barrel) is moved on."""
    rules = replay.rules
    barrel = rules.barrel
    idle = sitting_out(rules, summary.dealer)
    cells = []
    for seat, (change, total) in enumerate(zip(summary.changes, summary.totals, strict=True)):
        on_barrel = barrel is not None and total == barrel
        if summary.outcome != "redeal":
            # §1.7: a scored deal started and ended on the barrel is an attempt (not the
            # sitting-out dealer's); getting on uses none; off the barrel, none count
            if not (on_barrel and barrel_before[seat]):
                attempts[seat] = 0
            elif seat != idle:
                attempts[seat] += 1
        left = rules.barrel_attempts - attempts[seat]
        shown = _total_cell(summary, seat, total)
        shown += f" {barrel_mark(tr)} {left}" if on_barrel else ""
        if summary.outcome == "redeal":
            cells.append(shown)
            continue
        if seat == summary.declarer and summary.outcome == "written_off":
            mark = f"{write_off_mark(tr)} {signed(change)}"
        elif bolted(summary, seat, idle, on_barrel=barrel_before[seat]):
            mark = BOLT
        else:
            mark = signed(change)
        cells.append(f"{mark}  {shown}")
    return cells


def bolted(summary: DealSummary, seat: int, idle: int | None, *, on_barrel: bool) -> bool:
    """Whether ``seat`` took a bolt in the deal: a defender (not the sitting-out dealer
    ``idle``) whose change is 0 in a deal played out, off the barrel when it began
    (``on_barrel``) — the dash of the sheet."""
    return (
        summary.outcome not in ("written_off", "redeal")
        and seat not in (summary.declarer, idle)
        and summary.changes[seat] == 0
        and not on_barrel
    )


def bolts_per_seat(replay: Replay) -> tuple[int, ...]:
    """How many bolts (:func:`bolted`) each seat took over the record's finished deals."""
    barrel = replay.rules.barrel
    counts = [0] * len(replay.players)
    before = [False] * len(replay.players)
    for summary in replay.state.history:
        idle = sitting_out(replay.rules, summary.dealer)
        for seat in range(len(counts)):
            counts[seat] += bolted(summary, seat, idle, on_barrel=before[seat])
        before = [barrel is not None and total == barrel for total in summary.totals]
    return tuple(counts)


def sheet_rows(replay: Replay, tr: Translator) -> list[tuple[str, str, list[str]]]:
    """The rows as ``(deal number, declarer and contract, a cell per seat)``."""
    barrel = replay.rules.barrel
    count = len(replay.players)
    before = [False] * count
    attempts = [0] * count
    rows = []
    for index, summary in enumerate(replay.state.history, 1):
        cells = _cells(tr, replay, summary, before, attempts)
        rows.append((str(index), _declarer_cell(tr, replay, summary), cells))
        before = [barrel is not None and total == barrel for total in summary.totals]
    deal = replay.state.deal
    if deal is not None:
        who = "" if deal.declarer is None else f"{replay.players[deal.declarer]} {deal.bid}"
        rows.append((str(len(rows) + 1), f"{who} {IN_PROGRESS}".strip(), [""] * count))
    return rows


def legend(rows: list[tuple[str, str, list[str]]], tr: Translator) -> str | None:
    """What the marks on this sheet mean, only those that occur."""
    cells = " ".join(" ".join([label, *row]) for _, label, row in rows)
    words_in = set(cells.split())
    marks = []
    if BOLT in cells:
        marks.append(tr.gettext("{mark} bolt").format(mark=BOLT))
    if write_off_mark(tr) in cells:
        marks.append(tr.gettext("{mark} write-off").format(mark=write_off_mark(tr)))
    if barrel_mark(tr) in cells:
        marks.append(
            tr.gettext("{mark} on the barrel, then the attempts left").format(mark=barrel_mark(tr))
        )
    for dumped in (DUMP_TRUCK, -DUMP_TRUCK):
        mark = f"{number(dumped)}{DUMPED}0"
        if mark in words_in:
            marks.append(
                tr.gettext("{mark} dump truck: exactly {total} goes to 0").format(
                    mark=mark, total=number(dumped)
                )
            )
    if any(word.startswith(FELL) for word in words_in):
        marks.append(
            tr.gettext("{mark} fell off the barrel, the attempts used up").format(mark=FELL)
        )
    if any(word.startswith(KNOCKED_OFF) for word in words_in):
        marks.append(tr.gettext("{mark} knocked off the barrel").format(mark=KNOCKED_OFF))
    for zero in sorted(words_in & {f"{FELL}0", f"{KNOCKED_OFF}0"}):
        marks.append(tr.gettext("{mark} the third fall: to 0").format(mark=zero))
    if "×2" in cells:
        marks.append(tr.gettext("×2 golden or dark deal, doubled"))
    if not marks:
        return None
    return tr.gettext("Marks: {marks}").format(marks=" · ".join(marks))


def summary_line(replay: Replay, tr: Translator) -> str:
    """Who won, or who is to move and what they decide."""
    data = replay.to_json_data()
    if data["winner"] is not None:
        return tr.gettext("Winner: {name}.").format(name=data["winner"])
    to_move = data["to_move"]
    if to_move is None:
        return tr.gettext("No deals yet.")
    return tr.gettext("To move: {name} ({what}).").format(
        name=replay.players[to_move["seat"]], what=tr.gettext(PHASES[to_move["phase"]])
    )


def _aligned(column: list[str]) -> list[str]:
    """A seat's cells with the changes in one column and the totals in another, as on
    paper: each cell is "change  total" (or a total alone, on a redeal)."""
    parts = [cell.split("  ", 1) if "  " in cell else ["", cell] for cell in column]
    changes = max((len(change) for change, _ in parts), default=0)
    totals = max((len(total) for _, total in parts), default=0)
    return [f"{change:>{changes}}  {total:>{totals}}" if total else "" for change, total in parts]


def render(replay: Replay, tr: Translator | None = None) -> RenderableType:
    """The whole sheet: the rules, the rows, the totals, the marks, who won or moves."""
    tr = sheet_translator(tr)
    rows = sheet_rows(replay, tr)
    parts: list[RenderableType] = [
        Text(tr.gettext("Card Thousand · {rules}").format(rules=rules_title(tr, replay))),
        Text(),
        sheet_table(replay, tr, rows),
        Text(),
    ]
    marks = legend(rows, tr)
    if marks is not None:
        parts.append(Text(marks))
    parts.append(Text(summary_line(replay, tr)))
    return Group(*parts)


def sheet_table(
    replay: Replay, tr: Translator, rows: list[tuple[str, str, list[str]]]
) -> RenderableType:
    """The sheet's table: a column per seat headed by its name, a row per deal (each
    seat's change and total in columns of their own), the totals under them."""
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False)
    table.add_column(Text(tr.gettext("Deal")), justify="right")
    table.add_column(Text(tr.gettext("Declarer")))
    for name in replay.players:
        table.add_column(Text(name), justify="right", no_wrap=True)
    columns = [
        _aligned([cells[seat] for _, _, cells in rows]) for seat in range(len(replay.players))
    ]
    for index, (deal, label, _cells_of_row) in enumerate(rows, 1):
        table.add_row(
            Text(deal),
            Text(label),
            *(Text(column[index - 1]) for column in columns),
            end_section=index == len(rows),
        )
    totals = [number(score.total) for score in replay.state.board]
    table.add_row(Text(""), Text(tr.gettext("Total")), *(Text(total) for total in totals))
    return table


__all__ = ["PRESET_NAMES", "render", "sheet_rows", "sheet_table"]
