"""What the terminal game draws: dice as faces, and the table of the turn in progress.

Pure functions from the session to rich renderables, so the layout can be checked
without a terminal. Marks are characters, not only colours, so the game reads the same
in a monochrome terminal or a ``tmux capture-pane``: a scoring die of the last throw
has ``▲`` under it, a die picked for setting aside ``●``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.state import Forced, Phase
from thousand.games.dice1000.table import Session, ThrowView
from thousand.games.dice1000.words import dice_count, faces, throw_summary, turn_end

PIP = "●"
_PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("    ●", "     ", "●    "),
    3: ("    ●", "  ●  ", "●    "),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}
_BLANK = ("     ", "  ?  ", "     ")
DIE_WIDTH = 7
SMALL_DIE_WIDTH = 5
"""A small die (``small`` below): the same five lines, two cells narrower."""
DIE_LINES = 6
"""A die is five lines high, with a sixth for its mark."""
SCORED = "▲"
PICKED = "●"


@dataclass(frozen=True, slots=True)
class Die:
    """One die to draw: its face (None: still in the hand), style and the mark under it."""

    face: int | None
    style: str
    mark: str = ""


def die_lines(die: Die, *, small: bool = False) -> list[Text]:
    """Five lines of a die face, seven cells wide (``small``: five), and a sixth with its
    mark."""
    pips = _PIPS[die.face] if die.face is not None else _BLANK
    if small:  # the pips' columns 1, 3 and 5: the same face, three cells wide
        pips = (pips[0][::2], pips[1][::2], pips[2][::2])
    edge = "─" * len(pips[0])
    lines = [Text(f"╭{edge}╮", style=die.style)]
    lines.extend(Text(f"│{row}│", style=die.style) for row in pips)
    lines.append(Text(f"╰{edge}╯", style=die.style))
    lines.append(Text(die.mark.center(len(edge) + 2), style=die.style))
    return lines


def dice_row(groups: Sequence[tuple[str, Sequence[Die]]], *, small: bool = False) -> Group:
    """Groups of dice side by side, each under its label, groups split by a bar.

    ``small``: dice two cells narrower, for a screen that needs the width beside them.
    """
    rendered: list[list[Text]] = []
    widths: list[int] = []
    die_width = SMALL_DIE_WIDTH if small else DIE_WIDTH
    for label, dice in groups:
        columns = [die_lines(die, small=small) for die in dice]
        width = max(len(label), len(dice) * (die_width + 1) - 1, 1)
        lines = [Text(label, style="bold").copy()]
        for row in range(DIE_LINES):
            line = Text()
            for index, column in enumerate(columns):
                if index:
                    line.append(" ")
                line.append_text(column[row])
            lines.append(line)
        for line in lines:
            line.pad_right(width - line.cell_len)
        rendered.append(lines)
        widths.append(width)
    out: list[Text] = []
    for row in range(DIE_LINES + 1):
        line = Text()
        for index, lines in enumerate(rendered):
            if index:
                line.append(" │ ", style="dim")
            line.append_text(lines[row])
        out.append(line)
    return Group(*out)


def cycle(throws: Sequence[ThrowView]) -> tuple[list[ThrowView], ThrowView | None]:
    """The throws since all five dice were last in the hand: (earlier ones, the last)."""
    if not throws:
        return [], None
    start = 0
    for index, view in enumerate(throws):
        if len(view.dice) == DICE:
            start = index
    return list(throws[start:-1]), throws[-1]


def table_view(session: Session, tr: Translator, picked: Sequence[int]) -> RenderableType:
    """The dice on the table: the last throw (scoring dice marked) and those set aside.

    Before the first throw of a turn, five blank dice wait in the hand. ``picked`` are
    the positions chosen for setting aside while dice are being chosen.
    """
    state = session.state
    earlier, last = cycle(session.throws)
    choosing = state.phase is Phase.SET_ASIDE
    aside = [face for view in earlier for face in (view.kept or ())]
    previous = state.throws == 0 and not state.is_over and session.last_end is not None
    if last is None:
        thrown_label = tr.gettext("In the hand")
        thrown = [Die(None, "white") for _ in range(state.dice_left)]
    else:
        thrown_label = tr.gettext("Last throw")
        if previous:
            assert session.last_end is not None
            thrown_label = tr.gettext("Last throw of {name}").format(
                name=session.seats[session.last_end.player].name
            )
        thrown = []
        kept = list(last.kept or ())
        scoring = list(last.score.kept)
        for position, face in enumerate(last.dice):
            if choosing:
                # The key that picks the die under it; picked dice bright, dice that can
                # score plain, dice that cannot dim — so a new player sees what to press.
                chosen = position in picked
                can_score = face in scoring
                if can_score:
                    scoring.remove(face)
                mark = f"{position + 1}{PICKED if chosen else ' '}"
                style = "bold yellow" if chosen else "white" if can_score else "dim"
            elif face in kept:
                kept.remove(face)
                mark, style = SCORED, "bold green"
            else:
                mark, style = "", "dim" if not last.score.bust else "red"
            thrown.append(Die(face, style, mark))
    groups: list[tuple[str, Sequence[Die]]] = [(thrown_label, thrown)]
    if aside:
        groups.append((tr.gettext("Set aside"), [Die(face, "cyan") for face in aside]))
    return dice_row(groups)


def throw_line(session: Session, tr: Translator) -> Text:
    """What the last throw scored, in words (the previous turn's until this one throws)."""
    if not session.throws:
        return Text(tr.gettext("Nothing thrown yet this turn."), style="dim")
    last = session.throws[-1]
    summary = throw_summary(tr, last.score)
    line = Text(f"{faces(last.dice)} → ", style="bold")
    line.append(summary, style="red" if last.score.bust else "green")
    return line


def turn_line(session: Session, tr: Translator, refused: str | None = None) -> Text:
    """The turn total and what is in the hand; then why the next step is refused, if it is.

    ``refused`` (a sentence: why a stop or the dice picked would be refused) gets a line
    of its own here rather than in the key bar, where it made the bar wrap: a new
    player reads it before pressing the key, and the bar stays one line.
    """
    state = session.state
    if state.is_over:
        return Text("")
    line = Text(tr.gettext("Turn total: {points}").format(points=state.turn_total), style="bold")
    if state.phase is Phase.SET_ASIDE:
        line.append(" · " + tr.gettext("choose the dice to set aside"))
        line.append(
            "\n"
            + tr.gettext(
                "Press a die's number to pick it or put it back (● picked); Enter sets the "
                "picked dice aside, A picks every scoring die."
            ),
            style="dim",
        )
    elif state.forced is Forced.HOT_DICE:
        line.append(" · ")
        line.append(tr.gettext("hot dice! All five are thrown again"), style="bold magenta")
    elif state.forced is Forced.RETRY:
        line.append(" · " + tr.gettext("the first throw scored nothing: throw again"))
    elif state.throws == 0:
        line.append(" · " + tr.gettext("the turn starts with all five dice"))
    else:
        line.append(
            " · " + tr.gettext("in the hand: {dice}").format(dice=dice_count(tr, state.dice_left))
        )
    if refused:
        line.append("\n" + refused)
    return line


def history_line(session: Session, tr: Translator) -> Text:
    """This turn's set-aside dice, throw by throw: ``1 5 (+15) · 1 1 (+20)``.

    Before the first throw of a turn: how the previous turn ended.
    """
    state = session.state
    if state.throws == 0 and not state.is_over and session.last_end is not None:
        names = [seat.name for seat in session.seats]
        return Text(" ".join(turn_end(tr, session.game, names, session.last_end)), style="bold")
    parts = []
    for view in session.throws:
        if view.kept:
            parts.append(f"{faces(view.kept)} (+{view.gained})")
        elif view.score.bust:
            parts.append(f"{faces(view.dice)} (✗)")
    if not parts or session.state.throws == 0:
        return Text("")
    return Text(tr.gettext("This turn: {throws}").format(throws=" · ".join(parts)), style="dim")


@dataclass(frozen=True, slots=True)
class KeyHint:
    """One entry of the key bar: the key, what it does, and whether it does it now."""

    key: str
    what: str
    allowed: bool = True


GAP = "   "
"""Between two entries of the key bar."""


def key_bar(hints: Sequence[KeyHint], width: int, lead: Text | None = None) -> Text:
    """The key bar, broken into lines between entries, never inside one.

    At 120 columns the bar of a turn fits one line; on a narrower terminal it takes a
    second line rather than splitting "[Q] save and quit" across two.
    """
    text = Text() if lead is None else lead.copy()
    column = text.cell_len
    for hint in hints:
        entry = Text(f"[{hint.key}] ", style="bold" if hint.allowed else "dim")
        entry.append(hint.what, style="" if hint.allowed else "dim")
        if column:
            if column + len(GAP) + entry.cell_len > width:
                text.append("\n")
                column = 0
            else:
                text.append(GAP)
                column += len(GAP)
        text.append_text(entry)
        column += entry.cell_len
    return text


VOWELS = frozenset("aeiouyаеёиоуыэюя")
"""The vowels of both languages (either case is lowered first): a word is cut before one."""


def abbreviated(text: str, width: int) -> str | None:
    """``text`` in at most ``width`` cells by cutting its longest words short with a
    dot, as printed sheets do — ``Промежуточный итог`` → ``Промеж. итог``, ``Against the
    average`` → ``Against the aver.``; None if that cannot make it fit.

    A word is cut after a consonant and before a vowel (``неиспользованные`` →
    ``неисп.``), the cut as late as the width allows, keeping at least three letters;
    words shorter than six letters are kept whole.
    """
    words = text.split(" ")
    while len(" ".join(words)) > width:
        over = len(" ".join(words)) - width
        candidates = [
            (len(word), index)
            for index, word in enumerate(words)
            if len(word) >= 6 and not word.endswith(".")
        ]
        if not candidates:
            return None
        _, index = max(candidates)
        word = words[index]
        cuts = [
            end
            for end in range(3, len(word) - 1)
            if word[end - 1].lower() not in VOWELS | {"й", "ь", "ъ"}
            and word[end - 1].isalpha()
            and word[end].lower() in VOWELS
        ]
        fitting = [end for end in cuts if len(word) - (end + 1) >= over]
        if not cuts:
            return None
        words[index] = word[: max(fitting) if fitting else min(cuts)] + "."
    return " ".join(words)
