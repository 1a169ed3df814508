"""What every game's screen draws alike: dice as faces, the key bar, words cut short.

Pure functions to rich renderables, so the layout can be checked without a terminal;
they know no game. A game's own panels (``widgets`` in its folder, ``thousand.tui.NAME``)
are built from them. Marks are characters, not only colours — a die carries its mark on
the line under it — so a game reads the same in a monochrome terminal or a ``tmux
capture-pane``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group
from rich.text import Text

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
