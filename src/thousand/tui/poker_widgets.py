"""What the poker dice screen draws: the five dice, the sheet, the hands of the ranking game.

Pure functions from a :class:`~thousand.games.poker_dice.table.Session` to rich
renderables, so the layout can be checked without a terminal. As on the dice 1000
screen, marks are characters and not only colours — a kept die has ``●`` under it, the
box under the cursor ``▶`` — so the game reads the same in a monochrome terminal or a
``tmux capture-pane``.

The sheet is the paper one (:func:`thousand.games.poker_dice.sheet.sheet_rows`: the same
rows, labels and marks ``thousand replay`` prints), with two things only a game in play
has: beside each open box of the player to move, in brackets, what the dice showing
would score there, and the key that writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box as boxes
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import N_, Translator
from thousand.games.poker_dice.actions import Action, Stop, Throw, Write
from thousand.games.poker_dice.coach import Coaching
from thousand.games.poker_dice.record import Replay
from thousand.games.poker_dice.scoring import hand_kind
from thousand.games.poker_dice.sheet import cell, sheet_rows
from thousand.games.poker_dice.state import Position
from thousand.games.poker_dice.table import Session
from thousand.games.poker_dice.words import MINUS, box_name, faces, hand_name
from thousand.tui.widgets import Die, dice_row

KEPT = "●"
CURSOR = "▶"
MOVER = "▸"
WINNER = "★"

BOX_KEYS = "abdefgijklmopruvwxyz"
"""The letters that write the boxes, in the sheet's order: every letter but those of the
game's other keys (T throw, S stop, C coach, H help, Q quit, N play again)."""

LEVEL_NAMES: Mapping[str, str] = {
    "greedy": N_("greedy"),
    "chaser": N_("chaser"),
    "optimal": N_("optimal"),
}
"""The computer players of poker dice as the screen names them."""


def level_name(tr: Translator, level: str) -> str:
    """A computer level (``chaser``) in the player's language."""
    return tr.gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """A player's name, marked as a computer player with its level when it is one."""
    if level is None:
        return name
    shown = level_name(tr, level)
    if name.lower().startswith(shown.lower()):
        return tr.gettext("{name} (computer)").format(name=name)
    return tr.gettext("{name} (computer, {level})").format(name=name, level=shown)


def box_keys(position: Position) -> dict[str, str]:
    """Box → the letter that writes it (every box of the sheet, in its order)."""
    return dict(zip(position.players[0].boxes, BOX_KEYS, strict=False))


# -- the dice ------------------------------------------------------------------------


def dice_view(session: Session, tr: Translator, kept: Sequence[int]) -> RenderableType:
    """The five dice: blank ones in the hand before a turn's first throw, else the dice
    showing where they lie, the kept ones bright with ``●`` and each die's key under it.

    Between turns, the dice the last player ended on (until the next one throws).
    """
    position = session.position
    shown = session.shown
    if not shown:
        return dice_row([(tr.gettext("In the hand"), [Die(None, "white") for _ in range(5)])])
    if not position.throws and session.last_end is not None:
        label = tr.gettext("Last dice of {name}").format(
            name=session.seats[session.last_end.seat].name
        )
        return dice_row([(label, [Die(face, "dim") for face in shown])])
    label = tr.ngettext("Throw {n}", "Throw {n}", position.throws).format(n=position.throws)
    can_keep = position.throws_left > 0
    dice = []
    for place, face in enumerate(shown):
        held = place in kept
        mark = (f"{place + 1} {KEPT}" if held else f"{place + 1}  ") if can_keep else ""
        dice.append(Die(face, "bold yellow" if held else "white", mark))
    return dice_row([(label, dice)])


# -- the sheet ----------------------------------------------------------------------


def _now_cell(position: Position, box: str, writable: Sequence[str]) -> str:
    """What an open box of the player to move would take now, marked as the paper sheet
    marks it (``(24)``, ``(✓)``, ``(—)``); ``·`` if it cannot be written now."""
    if box not in writable:
        return "·"
    return f"({cell(position.rules, box, position.points_for(box))})"


def sheet_view(
    session: Session,
    tr: Translator,
    *,
    cursor: str | None,
    keys: bool,
    width: int | None = None,
    sections: bool = True,
    settlement: bool = True,
) -> Table:
    """The score sheet of the game in play: the paper sheet's rows, a column per player
    (the player to move marked ``▸``, once the game is over the winners ``★``), the
    would-be points of the mover's open boxes, the box under the ``cursor`` (a person's
    choice, or the box a computer player is about to write), and — when a person is to
    write (``keys``) — each writable box's letter.

    Fitted to ``width`` cells: numbers are never cut; the row labels, then the players'
    names, are cut short with … first. ``sections``: lines under series 1 and series 2,
    as on paper; ``settlement``: the totals against the average while the game is
    played (it is always shown at the end) — both left out when the screen is short.
    """
    position = session.position
    mover = None if position.over else position.current
    showing = mover is not None and position.throws > 0
    writable = position.writable_boxes() if showing else ()
    letters = box_keys(position)
    last_box = list(position.players[0].boxes)[-1]
    rows: list[tuple[Text, Text, list[Text], bool]] = []
    for row, label, cells in sheet_rows(Replay(position, ()), tr):
        if row == "against_average" and not settlement and not position.over:
            continue
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
        rows.append((key, Text(label, style=label_style), texts, row in ("bonus", last_box)))
    headers = []
    winners = position.winners
    for seat, sheet in enumerate(position.players):
        if seat in winners:
            headers.append(Text(WINNER + sheet.name, style="bold green"))
        elif seat == mover:
            headers.append(Text(MOVER + sheet.name, style="bold"))
        else:
            headers.append(Text(sheet.name))
    numbers = [
        max(len(texts[seat].plain) for _, _, texts, _ in rows) for seat in range(len(headers))
    ]
    names = [min(header.cell_len, NAME_WIDTH) for header in headers]
    label_width = max(shown.cell_len for _, shown, _, _ in rows)
    if width is not None:
        # One cell between columns; the key's column is one cell wide. Names give way
        # first (a few letters tell players apart), then the rows' labels.
        room = width - 2 - len(headers) - label_width
        columns = [max(number, name) for number, name in zip(numbers, names, strict=True)]
        if sum(columns) > room:
            short = [
                max(number, min(name, SHORT_NAME))
                for number, name in zip(numbers, names, strict=True)
            ]
            names = _share(names, short, room - sum(short))
            label_width = max(MIN_LABEL, min(label_width, width - 2 - len(headers) - sum(names)))
    table = Table(
        box=boxes.SIMPLE_HEAD if sections else None,
        pad_edge=False,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
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
    for key, shown, texts, section in rows:
        table.add_row(key, shown, *texts, end_section=sections and section)
    return table


NAME_WIDTH = 12
"""The most cells a player's name takes at the head of a column."""
MIN_LABEL = 8
"""The fewest cells a row's label is cut to on a narrow screen."""
SHORT_NAME = 5
"""The cells a player's name is cut to before the rows' labels are."""


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
