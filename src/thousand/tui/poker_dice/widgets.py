"""What the poker dice screen draws: the five dice, the sheet, the hands of the ranking game.

Pure functions from a :class:`~thousand.games.poker_dice.table.Session` to rich
renderables, so the layout can be checked without a terminal. As on every game's
screen, marks are characters and not only colours — a kept die has ``●`` under it, the
box under the cursor ``▶`` — so the game reads the same in a monochrome terminal or a
``tmux capture-pane``.

The sheet is the paper one (:func:`thousand.games.poker_dice.sheet.sheet_rows`: the same
rows, labels and marks ``thousand replay`` prints), with two things only a game in play
has: beside each open box of the player to move, in brackets, what the dice showing
would score there, and the key that writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.games.poker_dice.actions import Action, Stop, Throw, Write
from thousand.games.poker_dice.coach import Coaching
from thousand.games.poker_dice.record import Replay
from thousand.games.poker_dice.scoring import hand_kind
from thousand.games.poker_dice.sheet import cell, sheet_rows
from thousand.games.poker_dice.state import Position
from thousand.games.poker_dice.table import Session
from thousand.games.poker_dice.words import MINUS, box_name, faces, hand_name
from thousand.tui.widgets import Die, abbreviated, dice_row

KEPT = "●"
CURSOR = "▶"
MOVER = "▸"
WINNER = "★"

BOX_KEYS = "abdefgijklmopruvwxyz"
"""The letters that write the boxes, in the sheet's order: every letter but those of the
game's other keys (T throw, S stop, C coach, H help, Q quit, N play again)."""


def box_keys(position: Position) -> dict[str, str]:
    """Box → the letter that writes it (every box of the sheet, in its order)."""
    return dict(zip(position.players[0].boxes, BOX_KEYS, strict=False))


# -- the dice ------------------------------------------------------------------------


def dice_view(
    session: Session, tr: Translator, kept: Sequence[int], *, small: bool = False
) -> RenderableType:
    """The five dice: blank ones in the hand before a turn's first throw, else the dice
    showing where they lie, the kept ones bright with ``●`` and each die's key under it
    (``small``: dice two cells narrower, when the sheet needs the width).

    Between turns, the dice the last player ended on (until the next one throws).
    """
    position = session.position
    shown = session.shown
    if not shown:
        label = tr.gettext("In the hand")
        return dice_row([(label, [Die(None, "white") for _ in range(5)])], small=small)
    if not position.throws and session.last_end is not None:
        label = tr.gettext("Last dice of {name}").format(
            name=session.seats[session.last_end.seat].name
        )
        return dice_row([(label, [Die(face, "dim") for face in shown])], small=small)
    label = tr.ngettext("Throw {n}", "Throw {n}", position.throws).format(n=position.throws)
    can_keep = position.throws_left > 0
    dice = []
    for place, face in enumerate(shown):
        held = place in kept
        mark = (f"{place + 1} {KEPT}" if held else f"{place + 1}  ") if can_keep else ""
        dice.append(Die(face, "bold yellow" if held else "white", mark))
    return dice_row([(label, dice)], small=small)


# -- the sheet ----------------------------------------------------------------------


def _now_cell(position: Position, box: str, writable: Sequence[str]) -> str:
    """What an open box of the player to move would take now, marked as the paper sheet
    marks it (``(24)``, ``(✓)``, ``(—)``); ``·`` if it cannot be written now."""
    if box not in writable:
        return "·"
    return f"({cell(position.rules, box, position.points_for(box))})"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A row of the sheet on the screen."""

    row: str
    """The box, or the sum or bonus (:func:`~thousand.games.poker_dice.sheet.sheet_rows`)."""
    box: bool
    """A box of the sheet (the other rows are sums, bonuses and the settlement)."""
    key: Text
    """Beside the label: the box's letter, or the cursor."""
    label: Text
    cells: list[Text]
    """A cell per player."""
    section: bool
    """A line under it, as on paper (after series 1's bonus, after series 2)."""

    @property
    def blank(self) -> bool:
        """Nothing written in it yet: no box, and every cell empty."""
        return not self.box and not any(cell.plain for cell in self.cells)


def sheet_view(
    session: Session,
    tr: Translator,
    *,
    cursor: str | None,
    keys: bool,
    width: int | None = None,
    height: int | None = None,
) -> Table:
    """The score sheet of the game in play: the paper sheet's rows, a column per player
    (the player to move marked ``▸``, once the game is over the winners ``★``), the
    would-be points of the mover's open boxes, the box under the ``cursor`` (a person's
    choice, or the box a computer player is about to write), and — when a person is to
    write (``keys``) — each writable box's letter.

    Fitted to ``width`` cells: numbers are never cut; the players' names are cut short
    first (with …), then the rows' labels — a label longer than :data:`LONG_LABEL` asks
    no more room than that. A label longer than its column takes two lines where the
    sheet has lines to spare, else it is abbreviated as printed sheets do (``Промеж.
    итог``, :func:`~thousand.tui.widgets.abbreviated`), else cut with …. Once the game is
    over, the keys' column is left out.

    Fitted to ``height`` lines: while there are too few, the sheet leaves out, in turn,
    the lines under series 1 and series 2 (as on paper), the totals against the
    average while the game is played (they are always shown at the end), and the rows
    that are still blank (a bonus not earned yet, the bonus for unused throws).
    """
    position = session.position
    rows = _sheet_rows(session, tr, cursor=cursor, keys=keys)
    headers = _headers(position)
    play = not position.over  # the keys' column, while there are boxes to write
    edge = 2 if play else 0
    room = None if height is None else height - 1  # the players' names take a line
    sections = room is None or len(rows) + 3 <= room  # a rule under the names, two more
    if room is not None and not sections:
        if len(rows) > room and not position.over:
            rows = [row for row in rows if row.row != "against_average"]
        if len(rows) > room:  # the blank rows from the bottom up
            blank = [row for row in reversed(rows) if row.blank][: len(rows) - room]
            rows = [row for row in rows if row not in blank]
    numbers = [
        max(NUMBER_WIDTH, *(row.cells[seat].cell_len for row in rows))
        for seat in range(len(headers))
    ]
    names = [min(header.cell_len, NAME_WIDTH) for header in headers]
    longest = max(row.label.cell_len for row in rows)
    label_width = min(longest, LONG_LABEL)
    if width is not None:
        # One cell between columns; the keys' column is one cell wide. Names give way
        # first (a few letters tell players apart), then the rows' labels; room left
        # over goes to a label longer than LONG_LABEL.
        space = width - edge - len(headers) - label_width
        columns = [max(number, name) for number, name in zip(numbers, names, strict=True)]
        if sum(columns) > space:
            short = [
                max(number, min(name, SHORT_NAME))
                for number, name in zip(numbers, names, strict=True)
            ]
            names = _share(names, short, space - sum(short))
            columns = [max(number, name) for number, name in zip(numbers, names, strict=True)]
        label_room = width - edge - len(headers) - sum(columns)
        label_width = max(MIN_LABEL, min(longest, label_room))
    else:
        label_width = longest
    spare = len(rows) + (3 if sections else 0)
    spare = 0 if room is None else room - spare
    table = Table(
        box=boxes.SIMPLE_HEAD if sections else None,
        pad_edge=False,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    if play:
        table.add_column("", no_wrap=True, width=1)
    table.add_column("", no_wrap=True, overflow="ellipsis", width=label_width)
    for header, number_width, name_width in zip(headers, numbers, names, strict=True):
        table.add_column(
            header,
            justify="right",
            no_wrap=True,
            overflow="ellipsis",
            width=max(number_width, name_width),
        )
    for row in rows:
        label = row.label
        if label.cell_len > label_width:
            two = _two_lines(label, label_width) if spare > 0 else None
            shorter = abbreviated(label.plain, label_width)
            if two is not None:
                label, spare = two, spare - 1
            elif shorter is not None:
                label = Text(shorter, style=label.style)
        key = [row.key] if play else []
        table.add_row(*key, label, *row.cells, end_section=sections and row.section)
    return table


def sheet_width(session: Session, tr: Translator) -> int:
    """The cells the sheet of the game wants, nothing cut: every row's label (a long one
    on two lines), every player's name, and room for every number it may show."""
    position = session.position
    labels = [label for _, label, _ in sheet_rows(Replay(position, ()), tr)]
    label_width = max(min(Text(label).cell_len, LONG_LABEL) for label in labels)
    columns = [max(NUMBER_WIDTH, min(header.cell_len, NAME_WIDTH)) for header in _headers(position)]
    return 2 + label_width + len(columns) + sum(columns)


def _sheet_rows(
    session: Session, tr: Translator, *, cursor: str | None, keys: bool
) -> list[SheetRow]:
    """The rows of the paper sheet, marked for the game in play (see :func:`sheet_view`)."""
    position = session.position
    mover = None if position.over else position.current
    showing = mover is not None and position.throws > 0
    writable = position.writable_boxes() if showing else ()
    letters = box_keys(position)
    last_box = list(position.players[0].boxes)[-1]
    rows: list[SheetRow] = []
    for row, label, cells in sheet_rows(Replay(position, ()), tr):
        key = Text("")
        texts = [Text(cell) for cell in cells]
        is_box = row in letters
        if is_box and showing and mover is not None and position.players[mover].boxes[row] is None:
            chosen = row == cursor
            style = "bold reverse" if chosen else "italic cyan" if row in writable else "dim"
            texts[mover] = Text(_now_cell(position, row, writable), style=style)
            if chosen:
                key = Text(CURSOR, style="bold")
            elif keys and row in writable:
                key = Text(letters[row], style="bold")
        label_style = "bold" if row in ("total", cursor) else "" if is_box else "dim"
        if row == "total":
            texts = [Text(text.plain, style="bold") for text in texts]
        section = row in ("bonus", last_box)
        label_text = Text(label, style=label_style)
        rows.append(SheetRow(row, is_box, key, label_text, texts, section))
    return rows


def _headers(position: Position) -> list[Text]:
    """The players' names over their columns: the player to move marked ``▸``, once the
    game is over the winners ``★``."""
    mover = None if position.over else position.current
    winners = position.winners
    headers = []
    for seat, sheet in enumerate(position.players):
        if seat in winners:
            headers.append(Text(WINNER + sheet.name, style="bold green"))
        elif seat == mover:
            headers.append(Text(MOVER + sheet.name, style="bold"))
        else:
            headers.append(Text(sheet.name))
    return headers


def _two_lines(label: Text, width: int) -> Text | None:
    """A label too long for ``width`` cells on two lines, broken between words; None if
    it does not fit on two."""
    words = label.plain.split(" ")
    for split in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:split]), " ".join(words[split:])
        if len(first) <= width and len(second) <= width:
            return Text(first + "\n" + second, style=label.style)
    return None


NAME_WIDTH = 12
"""The most cells a player's name takes at the head of a column."""
MIN_LABEL = 8
"""The fewest cells a row's label is cut to on a narrow screen."""
SHORT_NAME = 5
"""The cells a player's name is cut to before the rows' labels are."""
NUMBER_WIDTH = 3
"""The fewest cells of a player's column: a total of three digits."""
LONG_LABEL = 18
"""The longest label that wants one line: a longer one (``For unused throws``) may take
two, so it asks the sheet for no more width than this."""


def _share(names: list[int], least: list[int], spare: int) -> list[int]:
    """The widths of the players' columns: each its ``least``, then ``spare`` cells more
    shared out one by one towards the whole ``names``."""
    widths = list(least)
    wanted = [max(0, name - low) for name, low in zip(names, least, strict=True)]
    while spare > 0 and any(wanted):
        for seat, want in enumerate(wanted):
            if want and spare > 0:
                widths[seat] += 1
                wanted[seat] -= 1
                spare -= 1
    return widths


# -- the ranking game ----------------------------------------------------------------


def hands_view(session: Session, tr: Translator) -> RenderableType:
    """The ranking game: each player's latest hand, the players of this round marked."""
    position = session.position
    heading = (
        tr.gettext("Play-off {n}").format(n=position.round)
        if position.round
        else tr.gettext("Hands")
    )
    table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
    table.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, overflow="ellipsis")
    winners = set(position.winners)
    for seat, sheet in enumerate(position.players):
        playing = seat in position.contenders
        mover = not position.over and seat == position.current
        name = Text((MOVER if mover else " ") + sheet.name, style="bold" if mover else "")
        if not playing and not position.over:
            name.stylize("dim")
        if position.over and seat in winners:
            name.stylize("bold green")
        dice = Text(faces(sheet.hand)) if sheet.hand else Text("")
        kind = Text(hand_name(tr, hand_kind(sheet.hand)), style="dim") if sheet.hand else Text("")
        table.add_row(name, dice, kind)
    return Group(Text(heading, style="bold underline"), table)


# -- the coach -----------------------------------------------------------------------

COACH_LINES = 5
"""The coach's best options shown (the person's own choice is added if not among them)."""


def action_name(tr: Translator, position: Position, action: Action) -> str:
    """A decision as the coach names it: ``keep 6 6``, ``write One pair (24)``, ``stand``."""
    if isinstance(action, Throw):
        if not position.throws:
            return tr.gettext("throw all five dice")
        if not action.keep:
            return tr.gettext("throw all five again")
        return tr.gettext("keep {dice}").format(dice=faces(action.keep))
    if isinstance(action, Write):
        points = cell(position.rules, action.box, position.points_for(action.box))
        return tr.gettext("write {box} ({points})").format(
            box=box_name(tr, position.rules, action.box), points=points
        )
    if isinstance(action, Stop):
        return tr.gettext("stand")
    return str(action)


def decimal(tr: Translator, value: float) -> str:
    """``187.3`` / ``187,3``: one decimal, the language's mark, a real minus sign."""
    text = f"{abs(value):.1f}".replace(".", tr.pgettext("decimal mark in a number", "."))
    return f"{MINUS}{text}" if value < 0 and text.strip("0.,") else text


def coach_table(
    tr: Translator, position: Position, coaching: Coaching, own: Action | None
) -> RenderableType:
    """The coach's panel: a heading saying what the numbers are, then the best options
    (``▶`` the best) with their value and loss — and the person's own choice so far
    (``·``) when it is not among them."""
    chance = coaching.measure == "win_chance"
    if chance:
        heading = tr.gettext("Coach: the chance to win the round")
        if not coaching.exact:
            heading = tr.gettext("Coach: the chance to win (estimated)")
    else:
        heading = tr.gettext("Coach: the expected final total")
    shown = list(coaching.options[:COACH_LINES])
    if own is not None and own not in [option.action for option in shown]:
        shown += [option for option in coaching.options if option.action == own]

    def amount(value: float) -> str:
        return (
            tr.gettext("{number}%").format(number=decimal(tr, value * 100))
            if chance
            else (decimal(tr, value))
        )

    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, width=1)
    table.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    table.add_column(no_wrap=True, justify="right")
    table.add_column(no_wrap=True, justify="right")
    for index, option in enumerate(shown):
        best = index == 0
        mine = option.action == own
        mark = CURSOR if best else "·" if mine else ""
        style = "bold green" if best else "bold" if mine else ""
        loss = "" if best or option.loss < 0.05 else MINUS + amount(option.loss)
        table.add_row(
            Text(mark, style=style),
            Text(action_name(tr, position, option.action), style=style),
            Text(amount(option.value), style=style),
            Text(loss, style="red" if loss else ""),
        )
    parts: list[RenderableType] = [Text(heading, style="bold"), table]
    if own is not None and own != coaching.best.action:
        parts.append(Text(tr.gettext("· your choice so far"), style="dim"))
    return Group(*parts)
