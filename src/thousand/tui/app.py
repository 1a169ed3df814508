"""The full-screen game: a :class:`~thousand.games.dice1000.table.Session` drawn and played with
keys.

Textual draws it and its Pilot drives it headless in the tests. The app holds no game
logic: a key becomes an engine action through the session, and what the screen shows —
the legal actions, why one is refused, what a throw scored, how a turn ended — is the
engine's answer put into words by :mod:`thousand.games.dice1000.words`.

Keys answer in the Russian layout too (:mod:`thousand.tui.keys`: ``ы`` is S, ``с`` is C
…), since a player who writes Russian often has it switched on. Enter does the step the
turn is waiting for: it throws when the player decides (as Space does) and sets the
picked dice aside when they are being chosen. It does nothing once the game is over, so
that a last impatient Enter does not start another game: N does (``again``, given by
``thousand play``: the same players, the seat order turned by one, a new file).

Computer players move one step at a time on a timer (a throw, then a decision), with a
pause a person can follow, or at once with ``fast``. Their thinking runs in a worker
thread, so the screen stays live even for a slow player.

The advisor (key ``C``) shows, when a person decides to throw or stop, the winning
chance after each legal action as the solved strategy gives it
(:meth:`Strategy.action_values <thousand.games.dice1000.solver.strategy.Strategy.action_values>`),
the best one marked. The strategy is the session's (ready already when a ``perfect`` player
is seated); otherwise it is loaded in a worker thread on the first press and kept for
the game. The first time a rule set is played it is solved first, in a child process
(:mod:`thousand.games.dice1000.solver.door`), so the game stays playable, with the solver's
latest progress line and the time it has taken shown meanwhile — a solve of rules where
scores fall takes minutes, and a message that never changes looks like a hang.
Rules the solver refuses, positions it cannot answer and moments that are no decision
get a sentence instead of numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

from thousand.core.errors import IllegalActionError, RulesError, ThousandError
from thousand.core.i18n import Translator
from thousand.games.dice1000.actions import STOP, THROW, Action, SetAside
from thousand.games.dice1000.playsheet import sheet_table, standings
from thousand.games.dice1000.solver.door import ChildSolver, solved_strategy
from thousand.games.dice1000.state import GameState, Phase, new_state
from thousand.games.dice1000.table import Session, Step
from thousand.games.dice1000.words import (
    chance_lines,
    dice_count,
    faces,
    player_label,
    refusal,
    rules_title,
    solving,
    throw_summary,
    turn_end,
)
from thousand.tui.keys import any_layout
from thousand.tui.screens import HelpScreen
from thousand.tui.widgets import (
    KeyHint,
    history_line,
    key_bar,
    table_view,
    throw_line,
    turn_line,
)

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy

MIN_WIDTH = 80
MIN_HEIGHT = 24

THROW_PAUSE = 0.9
"""Seconds a computer player's throw stays on the screen before its next decision."""
TURN_PAUSE = 1.6
"""Seconds between the end of a turn and the next computer turn."""
FIRST_PAUSE = 0.6
"""Seconds before a computer player's first throw of a turn."""


class AdviceSolving(Message):
    """Posted from the strategy's loading thread when it has to solve the rules first."""


class AdviceProgress(Message):
    """Posted from the strategy's loading thread with each progress line of the solver."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


NextGame = Callable[[Session], Session]
"""Makes the session of the next game at the same table from the finished one (saved
already, so a folder that cannot be written is a :class:`ThousandError` at once)."""


class SheetRounds(Widget):
    """The rounds of the score sheet: as many of the latest as the panel has lines for.

    Drawn at its own size at render time, after layout — the sheet used to be cut to
    the height its previous content had, which kept it at three rows with half the
    screen empty.
    """

    def __init__(self, draw: Callable[[int, int], RenderableType], *, id: str) -> None:
        super().__init__(id=id)
        self.draw = draw

    def render(self) -> RenderableType:
        return self.draw(self.content_size.width, self.content_size.height)


class ThousandApp(App[int]):
    """The game on a full screen; ``run()`` returns the exit status (0)."""

    TITLE = "thousand"
    ENABLE_COMMAND_PALETTE = False  # Textual's palette speaks English only
    AUTO_FOCUS = None  # the keys are the app's; the entry line takes focus only when open
    CSS = """
    Screen { layout: vertical; }
    #too-small { width: 100%; height: 100%; content-align: center middle;
                 text-align: center; display: none; }
    #main { height: 100%; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #body { height: 1fr; }
    #table { width: 1fr; min-width: 46; padding: 0 1; }
    #sheet { width: 42%; max-width: 72; min-width: 32; height: 100%; padding: 0 1;
             border-left: vkey $primary; }
    #rounds { height: 1fr; }
    #standings { height: auto; margin-bottom: 1; }
    #turn-header { height: 1; }
    #dice { height: 7; }
    #throw-info { height: auto; }
    #turn-info { height: auto; }
    #history { height: auto; }
    #notice { height: auto; color: $warning; text-style: bold; }
    #entry { display: none; width: 100%; max-width: 64; }
    #advice { height: auto; display: none; }
    #log { height: 1fr; min-height: 3; border-top: solid $primary-darken-2;
           scrollbar-size-vertical: 1; }
    #actions { height: auto; background: $boost; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(any_layout("space", "t"), "throw", show=False),
        Binding("enter", "enter", show=False),
        Binding(any_layout("s"), "stop", show=False),
        Binding(any_layout("h", "question_mark", "f1"), "help", show=False),
        Binding(any_layout("q"), "quit_game", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
        Binding(any_layout("a"), "pick_all", show=False),
        Binding(any_layout("c"), "advice", show=False),
        Binding(any_layout("n"), "play_again", show=False),
        Binding(any_layout("u"), "undo", show=False),
        Binding("escape", "close_entry", show=False),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 6)),
    ]

    def __init__(
        self,
        session: Session,
        tr: Translator,
        *,
        fast: bool = False,
        again: NextGame | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.tr = tr
        self.fast = fast
        self.again = again
        """The next game at the same table (key N after a game); None: not offered."""
        self.picked: list[int] = []
        self.notice = ""
        self.bot_busy = False
        self.too_small = False
        self.quitting = False
        self.advice_shown = False
        self.advice_loading = False
        self.advice_solving = False
        self.advice_error: str | None = None
        """Why the strategy could not be had (in the player's language); asked once a game."""
        self._advice_cache: tuple[GameState, dict[Action, float] | str] | None = None
        self.solver = ChildSolver()
        """Solves the rules for the advisor in a child process when they are not cached."""
        self.solve_progress = ""
        """The solver's latest progress line (its own words) while it solves for the advisor."""
        self.solve_started: float | None = None
        """When that solve started (``time.monotonic``), to show how long it has taken."""
        self._solve_clock: Timer | None = None
        self.entry_open = False
        """Real dice: the line where the faces that fell are typed is open."""
        self.entry_for_bot = False
        """That line is open for a computer player's throw (it decided to throw)."""

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="title")
            with Horizontal(id="body"):
                with Vertical(id="table"):
                    yield Static(id="turn-header")
                    yield Static(id="dice")
                    yield Static(id="throw-info")
                    yield Static(id="turn-info")
                    yield Static(id="history")
                    yield Static(id="notice")
                    yield Input(id="entry", max_length=20, disabled=True)
                    yield Static(id="advice")
                    yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                with Vertical(id="sheet"):  # the scores first, at eye level; the rounds fill
                    yield Static(id="standings")
                    yield SheetRounds(self.rounds_view, id="rounds")
            yield Static(id="actions")

    def on_mount(self) -> None:
        self.check_size(self.size.width, self.size.height)
        session = self.session
        for turn in session.turns[-20:]:
            if turn.end is not None:
                for line in turn_end(self.tr, session.game, self.names, turn.end):
                    self.say(line, style="dim")
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)
        self.open_forced_entry()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)  # computer players wait while the screen is too small

    def check_size(self, width: int, height: int) -> None:
        """Below 80×24 the layout would overlap: say so instead of drawing it."""
        self.too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        message = self.tr.gettext(
            "The terminal is too small: {width}×{height}.\n"
            "The game needs at least {min_width}×{min_height}. Enlarge the window.\n"
            "Q — save and quit."
        ).format(width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)
        small = self.query_one("#too-small", Static)
        small.update(Text(message, style="bold"))
        small.display = self.too_small
        self.query_one("#main").display = not self.too_small

    # -- drawing ---------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the session (cheap: a handful of small renderables)."""
        session, tr = self.session, self.tr
        state = session.state
        title = Text(tr.gettext("Dice 1000"), style="bold")
        title.append(" · " + rules_title(tr, session.game.rules))
        title.append(
            " · " + tr.gettext("round {n}").format(n=len(session.turns) // len(session.seats) + 1)
        )
        self.query_one("#title", Static).update(title)
        self.query_one("#turn-header", Static).update(self.turn_header())
        self.query_one("#dice", Static).update(table_view(session, tr, self.picked))
        self.query_one("#throw-info", Static).update(throw_line(session, tr))
        self.query_one("#turn-info", Static).update(turn_line(session, tr, self.refused()))
        self.query_one("#history", Static).update(history_line(session, tr))
        notice = Text(self.notice)
        if state.is_over and state.winner is not None:
            notice = Text(
                tr.gettext("Winner: {name}.").format(name=state.players[state.winner].name),
                style="bold green",
            )
        self.query_one("#notice", Static).update(notice)
        advice = self.query_one("#advice", Static)
        advice.display = self.advice_shown
        if self.advice_shown:
            advice.update(self.advice_view())
        self.query_one("#rounds", SheetRounds).refresh()
        self.query_one("#standings", Static).update(self.standings_view())
        self.query_one("#actions", Static).update(self.actions_text())

    def turn_header(self) -> Text:
        session, tr = self.session, self.tr
        state = session.state
        if state.is_over:
            return Text(tr.gettext("The game is over."), style="bold")
        seat = session.seat
        label = player_label(tr, seat.name, seat.bot)
        return Text(tr.gettext("Now playing: {name}").format(name=label), style="bold")

    def rounds_view(self, width: int, height: int) -> RenderableType:
        """The sheet's heading and its latest rounds, as many as ``height`` lines hold.

        The heading, the table's header and its rule take three lines; the rest are
        rounds, the latest at the bottom (the round numbers say where it starts).
        """
        session, tr = self.session, self.tr
        state = session.state
        table = sheet_table(
            tr,
            state,
            session.turns,
            turn_total=state.turn_total if state.throws else None,
            last_rounds=max(1, height - 3),
            highlight=None if state.is_over else state.current,
            width=width or None,
        )
        heading = Text(tr.gettext("Score sheet"), style="bold underline")
        return Group(heading, table)

    def standings_view(self) -> Group:
        """Under the sheet: each player's score and where they stand, the one to move bold."""
        session, tr = self.session, self.tr
        state = session.state
        board: list[RenderableType] = []
        levels = [seat.bot for seat in session.seats]
        for index, (name, score, where) in enumerate(standings(tr, state, levels)):
            style = "bold" if index == state.current and not state.is_over else ""
            row = Table.grid(expand=True)
            row.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            row.add_column(justify="right", no_wrap=True)
            row.add_row(Text(name, style=style), Text(" " + score, style="bold"))
            board.append(row)
            if where:
                board.append(Text("  " + where, style="dim"))
        return Group(*board)

    def sheet_text(self) -> str:
        """The score sheet's rounds as drawn now, plain (tests and screen readers)."""
        rounds = self.query_one("#rounds", SheetRounds)
        width, height = rounds.content_size.width, rounds.content_size.height
        lines = self.console.render_lines(
            self.rounds_view(width, height), self.console.options.update(width=width)
        )
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines[:height])

    def refused(self) -> str | None:
        """Why the person's next step would be refused, as a sentence (None: nothing is).

        Deciding: why stopping is not allowed — the entry threshold, a barrel; forced
        throws (hot dice, a first throw that scored nothing) are said by the turn line
        already. Choosing dice: why the dice picked cannot be set aside.
        """
        state, tr = self.session.state, self.tr
        if not self.human_may_act():
            return None
        if state.phase is Phase.SET_ASIDE:
            chosen = self.chosen_dice()
            problem = state.refusal(SetAside(chosen)) if chosen else None
            return None if problem is None else tr_refusal(tr, problem)
        if state.phase is not Phase.DECIDE or not state.throws or state.forced:
            return None
        problem = state.stop_refusal()
        if problem is None:
            return None
        return tr.gettext("You may not stop yet: {reason}").format(reason=refusal(tr, problem))

    def key_hints(self) -> tuple[Text | None, list[KeyHint]]:
        """Exactly the actions open now with their keys (and a lead-in while a bot plays)."""
        session, tr = self.session, self.tr
        state = session.state
        hints: list[KeyHint] = []
        if self.too_small:
            return None, [KeyHint("Q", tr.gettext("save and quit"))]
        if self.entry_open:
            lead = Text(tr.gettext("Type the faces that fell, then Enter."), style="italic")
            hints.append(KeyHint(tr.gettext("Enter"), tr.gettext("done")))
            if not self.entry_for_bot:
                hints.append(KeyHint("Esc", tr.gettext("back")))
            return lead, hints
        undo = (
            [KeyHint("U", tr.gettext("correct the last throw"))]
            if session.undo_point is not None
            else []
        )
        if state.is_over:
            if self.again is not None:
                first = session.seats[1 % len(session.seats)].name
                hints.append(
                    KeyHint("N", tr.gettext("play again (first turn: {name})").format(name=first))
                )
            hints.append(KeyHint("H", tr.gettext("rules")))
            hints.append(KeyHint("Q", tr.gettext("quit")))
            return None, hints
        if session.bot_to_move:
            lead = Text(
                tr.gettext("Now playing: {name}…").format(name=session.seat.name), style="italic"
            )
            return lead, [
                *undo,
                KeyHint("H", tr.gettext("rules")),
                KeyHint("Q", tr.gettext("save and quit")),
            ]
        if state.phase is Phase.SET_ASIDE:
            chosen = self.chosen_dice()
            count = len(state.pending)
            hints.append(KeyHint("1" if count == 1 else f"1–{count}", tr.gettext("pick dice")))
            hints.append(KeyHint("A", tr.gettext("all scoring dice")))
            value = session.game.scores.keep_value(state.pending, chosen) if chosen else None
            if value is not None:
                what = tr.gettext("set aside {dice} (+{points})").format(
                    dice=faces(chosen), points=value[0]
                )
                hints.append(KeyHint(tr.gettext("Enter"), what))
            elif chosen:  # why not is the turn line's to say (see refused)
                what = tr.gettext("set aside {dice} — not allowed").format(dice=faces(chosen))
                hints.append(KeyHint(tr.gettext("Enter"), what, allowed=False))
            else:
                what = tr.gettext("set aside — pick dice first")
                hints.append(KeyHint(tr.gettext("Enter"), what, allowed=False))
        else:
            legal = state.legal_actions()
            if THROW in legal:
                what = tr.gettext("throw {dice}").format(dice=dice_count(tr, state.dice_left))
                hints.append(KeyHint(tr.gettext("Space"), what))
            if STOP in legal:
                what = tr.gettext("stop and record {points}").format(points=state.turn_total)
                hints.append(KeyHint("S", what))
            elif state.throws:  # why not is the turn line's to say: the bar stays short
                hints.append(KeyHint("S", tr.gettext("stop — not yet"), allowed=False))
        hints.extend(undo)
        if self.advice_shown:
            hints.append(KeyHint("C", tr.gettext("hide the chances")))
        elif state.phase is Phase.DECIDE:  # the chances are of throwing or stopping
            hints.append(KeyHint("C", tr.gettext("winning chances")))
        hints.append(KeyHint("H", tr.gettext("rules")))
        hints.append(KeyHint("Q", tr.gettext("save and quit")))
        return None, hints

    def actions_text(self) -> Text:
        """The key bar, laid out for the width of the terminal (see :func:`key_bar`)."""
        lead, hints = self.key_hints()
        return key_bar(hints, max(20, self.size.width - 2), lead)

    def visible_text(self) -> str:
        """The words on the screen now, plain (tests and screen readers)."""
        parts = []
        selectors = (
            ["#too-small", "#actions"]
            if self.too_small
            else [
                "#title",
                "#turn-header",
                "#throw-info",
                "#turn-info",
                "#history",
                "#notice",
                "#advice",
                "#actions",
            ]
        )
        for selector in selectors:
            widget = self.query_one(selector, Static)
            if not widget.display:
                continue
            content = widget.content
            parts.append(content.plain if isinstance(content, Text) else str(content))
        return "\n".join(parts)

    def log_lines(self) -> list[str]:
        """The lines of the event log, plain."""
        log = self.query_one("#log", RichLog)
        return [strip.text for strip in log.lines]

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#log", RichLog).write(Text(message, style=style))

    # -- playing ---------------------------------------------------------------

    def human_may_act(self) -> bool:
        session = self.session
        return not (self.too_small or session.state.is_over or session.bot_to_move or self.bot_busy)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def perform(self, action: Action) -> Step | None:
        """Take a human decision through the session; a refusal becomes the notice."""
        try:
            step = self.session.act(action)
        except IllegalActionError as exc:
            self.notice = tr_refusal(self.tr, exc)
            self.refresh_view()
            return None
        self.notice = ""
        self.show_step(step)
        return step

    def show_step(self, step: Step) -> None:
        """Log what a step did and redraw; then let a computer player go on if it is its turn."""
        tr = self.tr
        name = step.before.players[step.before.current].name
        if step.throw is not None:
            summary = throw_summary(tr, step.throw.score)
            self.say(f"{name}: {faces(step.throw.dice)} → {summary}")
            if self.session.state.phase is Phase.SET_ASIDE:
                self.picked = positions_of(step.throw.dice, step.throw.score.kept)
        elif isinstance(step.action, SetAside):
            self.picked = []
        if step.end is not None:
            for line in turn_end(tr, self.session.game, self.names, step.end):
                self.say(line, style="bold")
            if self.session.save_error:
                self.notice = tr.gettext("Could not save: {error}").format(
                    error=self.session.save_error
                )
        self.refresh_view()
        if step.end is not None:
            self.schedule_bot(TURN_PAUSE)
        else:
            self.schedule_bot(THROW_PAUSE)
        self.open_forced_entry()

    def schedule_bot(self, pause: float) -> None:
        """If a computer player is to move, let it take one step after ``pause``."""
        if self.session.bot_to_move and not self.bot_busy:
            self.bot_busy = True
            if self.fast:
                self.call_later(self.bot_move)
            else:
                self.set_timer(pause, self.bot_move)

    async def bot_move(self) -> None:
        """One step of the computer player to move, its thinking off the event loop."""
        session = self.session
        state = session.state
        if self.too_small or state.is_over:
            self.bot_busy = False
            return
        policy = session.policies[state.current]
        try:
            action = await asyncio.to_thread(policy, state)
        finally:
            self.bot_busy = False
        if session.state is not state or self.quitting:
            return
        if session.table_dice and action == THROW:
            # The computer decided to throw: a person throws its dice and types them.
            # Its decision is taken, so the last entry can no longer be corrected.
            session.undo_point = None
            self.bot_busy = True
            self.entry_for_bot = True
            self.open_entry()
            return
        self.show_step(session.act(action))

    def action_throw(self) -> None:
        if self.human_may_act() and self.session.state.phase is Phase.DECIDE:
            if self.session.table_dice and THROW in self.session.state.legal_actions():
                self.open_entry()
            else:
                self.perform(THROW)
        elif self.human_may_act() and self.session.state.phase is Phase.SET_ASIDE:
            self.notice = self.tr.gettext("Choose the dice to set aside first (Enter).")
            self.refresh_view()

    def action_stop(self) -> None:
        if self.human_may_act():
            self.perform(STOP)

    def chosen_dice(self) -> tuple[int, ...]:
        pending = self.session.state.pending
        last = self.session.throws[-1].dice if self.session.throws else pending
        return tuple(sorted(last[i] for i in self.picked if i < len(last)))

    def action_pick(self, position: int) -> None:
        state = self.session.state
        if not self.human_may_act() or state.phase is not Phase.SET_ASIDE:
            return
        if position >= len(state.pending):
            return
        if position in self.picked:
            self.picked.remove(position)
        else:
            self.picked.append(position)
        self.notice = ""
        self.refresh_view()

    def action_pick_all(self) -> None:
        state = self.session.state
        if not self.human_may_act() or state.phase is not Phase.SET_ASIDE:
            return
        last = self.session.throws[-1]
        self.picked = positions_of(last.dice, last.score.kept)
        self.refresh_view()

    def action_set_aside(self) -> None:
        state = self.session.state
        if self.human_may_act() and state.phase is Phase.SET_ASIDE:
            self.perform(SetAside(self.chosen_dice()))

    def action_enter(self) -> None:
        """Enter takes the step the turn waits for: set the picked dice aside, or throw.

        Throwing is what a turn starts with and what most decisions are, and it is what
        Space does; stopping, which banks the turn, stays a deliberate S.
        """
        if self.session.state.phase is Phase.SET_ASIDE:
            self.action_set_aside()
        else:
            self.action_throw()

    # -- real dice (thousand play --table) -------------------------------------------

    def open_forced_entry(self) -> None:
        """Open the entry line at once when a person has no choice but to throw.

        Not while the last entry may still be corrected: the line would take the U key.
        """
        session = self.session
        if (
            session.table_dice
            and session.undo_point is None
            and not self.entry_open
            and self.human_may_act()
            and session.state.phase is Phase.DECIDE
            and session.state.legal_actions() == (THROW,)
        ):
            self.open_entry()

    def open_entry(self, typed: str = "") -> None:
        """The line for the faces that fell, focused, with what was typed before."""
        session, tr = self.session, self.tr
        entry = self.query_one("#entry", Input)
        entry.placeholder = tr.gettext("{name}: the faces that fell, e.g. 25441").format(
            name=session.seat.name
        )
        entry.value = typed
        entry.cursor_position = len(typed)
        entry.display = True
        entry.disabled = False
        self.entry_open = True
        entry.focus()
        self.refresh_view()

    def action_close_entry(self) -> None:
        """Esc: back to deciding (a computer's throw, once decided, waits for its faces)."""
        if not self.entry_open or self.entry_for_bot:
            return
        self.hide_entry()
        self.notice = ""
        self.refresh_view()

    def hide_entry(self) -> None:
        entry = self.query_one("#entry", Input)
        entry.display = False
        entry.disabled = True
        entry.value = ""
        self.entry_open = False
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the entry line: the throw, if the engine takes the faces typed."""
        event.stop()
        tr = self.tr
        entered = typed_faces(tr, event.value)
        if isinstance(entered, str):
            self.notice = entered
            self.refresh_view()
            return
        try:
            step = self.session.enter_throw(entered)
        except IllegalActionError as exc:
            self.notice = tr_refusal(tr, exc)
            self.refresh_view()
            return
        self.hide_entry()
        self.notice = ""
        if self.entry_for_bot:
            self.entry_for_bot = False
            self.bot_busy = False
        self.show_step(step)

    def action_undo(self) -> None:
        """U: take back the last throw typed (until the next decision) and type it again."""
        session = self.session
        if self.entry_open or session.undo_point is None or self.too_small:
            return
        last = session.throws[-1].dice if session.throws else ()
        if not session.undo_entry():
            return
        self.picked = []
        self.say(self.tr.gettext("The last throw is taken back."), style="dim")
        self.entry_for_bot = session.bot_to_move
        self.bot_busy = self.bot_busy or session.bot_to_move
        self.notice = ""
        self.open_entry("".join(map(str, last)))

    def action_play_again(self) -> None:
        """After a game: the next one at the same table, whoever was second moving first."""
        if self.again is None or not self.session.state.is_over or self.too_small:
            return
        try:
            session = self.again(self.session)
        except ThousandError as exc:
            self.notice = self.tr.gettext("Could not start a new game: {error}").format(error=exc)
            self.refresh_view()
            return
        self.session = session
        self.picked = []
        self.notice = ""
        self._advice_cache = None
        self.query_one("#log", RichLog).clear()
        self.say(
            self.tr.gettext("A new game; first turn: {name}.").format(name=session.seat.name),
            style="bold",
        )
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)

    # -- advice ------------------------------------------------------------------

    def action_advice(self) -> None:
        """Show or hide the winning chances; the strategy is fetched on the first show."""
        if self.too_small:
            return
        self.advice_shown = not self.advice_shown
        if self.advice_shown:
            self.fetch_strategy()
        self.refresh_view()

    def fetch_strategy(self) -> None:
        """Start loading the strategy in a worker thread unless it is here, coming or refused."""
        session = self.session
        if session.strategy is not None or self.advice_loading or self.advice_error is not None:
            return
        if len(session.state.players) < 2:
            return  # solitaire: nothing to solve, the panel says why
        self.advice_loading = True
        self.run_worker(self.load_strategy(), name="advice", group="advice", exclusive=True)

    async def load_strategy(self) -> None:
        """Load (or solve once) the strategy off the event loop, then redraw with it."""

        def on_solve() -> None:  # in the worker thread; post_message is thread-safe
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.post_message(AdviceSolving())

        def on_progress(line: str) -> None:  # in the worker thread too
            with contextlib.suppress(RuntimeError):
                self.post_message(AdviceProgress(line))

        try:
            strategy = await asyncio.to_thread(self.ready_strategy, on_solve, on_progress)
        except RulesError as exc:
            self.advice_error = self.tr.gettext(
                "these rules cannot be solved exactly: {reason}"
            ).format(reason=exc)
        except ThousandError as exc:
            self.advice_error = self.tr.gettext(
                "the solved strategy is not available: {reason}"
            ).format(reason=exc)
        else:
            if self.session.strategy is None:
                self.session.strategy = strategy
        finally:
            self.advice_loading = False
            self.stop_solve_clock()
        if not self.quitting:
            self.refresh_view()

    def ready_strategy(
        self,
        on_solve: Callable[[], None],
        on_progress: Callable[[str], None] | None = None,
    ) -> SolvedStrategy:
        """The strategy, loaded — after a solve in a child process if it is not cached.

        Runs in a worker thread. The first lookup is made here too: it may load the
        solver's compiled kernel, a pause better kept off the screen's thread.
        """
        from thousand.games.dice1000.solver.seats import ready  # noqa: PLC0415 - numpy on demand

        game = self.session.game
        players = len(self.session.seats)
        if not ready(game, players):
            on_solve()
            # In a child process: the screen stays live.
            self.solver.solve(game, on_progress, players)
        strategy = solved_strategy(game, players=players)
        with contextlib.suppress(ThousandError):
            strategy.action_values(new_state(game, ["first", "second"]))
        return strategy

    def stop_solver(self) -> None:
        """Stop a solve still running for the advisor, so leaving the game is not held up."""
        self.solver.stop()

    def on_unmount(self) -> None:
        self.stop_solver()

    def on_advice_solving(self, _message: AdviceSolving) -> None:
        self.advice_solving = True
        self.solve_started = time.monotonic()
        self._solve_clock = self.set_interval(1.0, self.tick_solve_clock)
        self.refresh_view()

    def on_advice_progress(self, message: AdviceProgress) -> None:
        self.solve_progress = message.line
        self.refresh_view()

    def tick_solve_clock(self) -> None:
        """Once a second while solving: the time taken moves, so the wait is seen to move."""
        if self.advice_shown and self.session.strategy is None:
            self.refresh_view()

    def stop_solve_clock(self) -> None:
        if self._solve_clock is not None:
            self._solve_clock.stop()
            self._solve_clock = None

    def solve_status(self) -> str:
        """The solver's latest progress line and the time taken: ``0:42 · sweep 3: …``."""
        elapsed = 0 if self.solve_started is None else time.monotonic() - self.solve_started
        minutes, seconds = divmod(int(elapsed), 60)
        clock = f"{minutes}:{seconds:02d}"
        if not self.solve_progress:
            return clock
        return self.tr.gettext("{time} · solver: {progress}").format(
            time=clock, progress=self.solve_progress
        )

    def advice_values(self) -> dict[Action, float] | str:
        """The chances at the position now, or why there are none (kept per position)."""
        state = self.session.state
        if self._advice_cache is not None and self._advice_cache[0] is state:
            return self._advice_cache[1]
        strategy = self.session.strategy
        assert strategy is not None
        answer: dict[Action, float] | str
        try:
            answer = strategy.action_values(state)
        except ThousandError as exc:
            answer = self.tr.gettext("not available in this position: {reason}").format(reason=exc)
        self._advice_cache = (state, answer)
        return answer

    def advice_view(self) -> Text:
        """The advice panel: chances with the best marked, or one sentence why not."""
        session, tr = self.session, self.tr
        state = session.state
        text = Text()

        def why_not(reason: str) -> Text:
            text.append(tr.gettext("Winning chances: {reason}").format(reason=reason), "italic")
            return text

        if len(state.players) < 2:
            return why_not(tr.gettext("the solved strategy needs two players or more."))
        if self.advice_error is not None:
            return why_not(self.advice_error)
        if session.strategy is None:
            if self.advice_solving:
                why_not(solving(tr, session.game.rules))
                text.append("\n" + self.solve_status(), "dim")
                return text
            return why_not(tr.gettext("loading the solved strategy…"))
        if state.is_over:
            return why_not(tr.gettext("the game is over."))
        if session.bot_to_move or state.phase is not Phase.DECIDE:
            return why_not(tr.gettext("shown when a person decides to throw or stop."))
        values = self.advice_values()
        if isinstance(values, str):
            return why_not(values)
        text.append(tr.gettext("Winning chances with perfect play:"), "bold")
        for line, best in chance_lines(tr, state, values):
            text.append("\n" + ("▶ " if best else "  ") + line, "bold green" if best else "")
        strategy = session.strategy
        if strategy is not None and not strategy.exact_for(state):
            text.append(
                "\n"
                + tr.gettext(
                    "An approximation at this table: played as a duel with the leading "
                    "opponent (exact for two players, and for three where scores only grow)."
                ),
                "dim",
            )
        return text

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.tr, self.session.game))

    async def action_quit_game(self) -> None:
        """Save (the record as it stands) and leave; the game can be resumed."""
        self.quitting = True
        self.stop_solver()
        with contextlib.suppress(ThousandError):  # the last turn's save stands
            self.session.save()
        self.exit(0)


def typed_faces(tr: Translator, text: str) -> tuple[int, ...] | str:
    """The faces typed for a throw of real dice (``25441``, spaces or commas allowed), or
    why they cannot be: the count and the range are the engine's to check."""
    cleaned = text.replace(" ", "").replace(",", "")
    if not cleaned:
        return tr.gettext("Type the faces that fell, e.g. 25441.")
    for char in cleaned:
        if not ("0" <= char <= "9"):
            return tr.gettext("Only digits: “{char}” is not a die face.").format(char=char)
    return tuple(int(char) for char in cleaned)


def positions_of(dice: Sequence[int], faces: Sequence[int]) -> list[int]:
    """Positions in ``dice`` holding ``faces`` (each position used once)."""
    positions: list[int] = []
    for face in faces:
        for position, value in enumerate(dice):
            if value == face and position not in positions:
                positions.append(position)
                break
    return positions


def tr_refusal(tr: Translator, error: IllegalActionError) -> str:
    """A refused action as the notice line: "Not allowed: <why>"."""
    return tr.gettext("Not allowed: {reason}").format(reason=refusal(tr, error))
