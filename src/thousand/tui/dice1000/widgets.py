"""What the dice 1000 screen draws: the dice of the turn in progress and its lines.

Pure functions from a :class:`~thousand.games.dice1000.table.Session` to rich
renderables, so the layout can be checked without a terminal. The dice themselves are
drawn by :mod:`thousand.tui.widgets`, as every game's are; marks are characters, not
only colours, so the game reads the same in a monochrome terminal or a ``tmux
capture-pane``: a scoring die of the last throw has ``▲`` under it, a die picked for
setting aside ``●``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.state import Forced, Phase
from thousand.games.dice1000.table import Session, ThrowView
from thousand.games.dice1000.words import dice_count, faces, throw_summary, turn_end
from thousand.tui.widgets import Die, dice_row

SCORED = "▲"
PICKED = "●"


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
