"""The full-screen game of dice 1000: a :class:`~thousand.games.dice1000.table.Session`
drawn and played with keys.

Textual draws it and its Pilot drives it headless in the tests. The app holds no game
logic: a key becomes an engine action through the session, and what the screen shows —
the legal actions, why one is refused, what a throw scored, how a turn ended — is the
engine's answer put into words by :mod:`thousand.games.dice1000.words`. What every game's
screen shares — the frame, the size check, the key bar's frame, the pace of computer
players, play again, help, save and quit — is :class:`~thousand.tui.base.GameApp`'s.

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
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static

from thousand.core.errors import IllegalActionError, RulesError, ThousandError
from thousand.core.i18n import Translator
from thousand.core.pace import Estimate
from thousand.games.dice1000.actions import STOP, THROW, Action, SetAside
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.playsheet import sheet_table, standings
from thousand.games.dice1000.solver.door import ChildSolver, solved_strategy
from thousand.games.dice1000.state import GameState, Phase, new_state
from thousand.games.dice1000.table import Session, Step
from thousand.games.dice1000.words import (
    approximation_note,
    chance_lines,
    dice_count,
    faces,
    player_label,
    refusal,
    rules_help,
    rules_title,
    solving,
    throw_summary,
    turn_end,
)
from thousand.tui.base import Drawn, GameApp
from thousand.tui.dice1000.entry import FacesInput
from thousand.tui.dice1000.widgets import history_line, table_view, throw_line, turn_line
from thousand.tui.keys import any_layout
from thousand.tui.screens import around_keys, help_sections
from thousand.tui.widgets import KeyHint

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy


class AdviceSolving(Message):
    """Posted from the strategy's loading thread when it has to solve the rules first."""


class AdviceProgress(Message):
    """Posted from the strategy's loading thread with each progress line of the solver."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


class ExactEstimate(Message):
    """Posted from the aside solve of the exact three-player table with its estimate."""

    def __init__(self, estimate: Estimate) -> None:
        super().__init__()
        self.estimate = estimate


class ExactReady(Message):
    """Posted when the aside solve of the exact three-player table has ended (``error``:
    why it failed, in the solver's words; the approximation then stays)."""

    def __init__(self, error: str | None = None) -> None:
        super().__init__()
        self.error = error


class ThousandApp(GameApp[Session, Action, Step]):
    """Dice 1000 on a full screen; ``run()`` returns the exit status (0)."""

    CSS = (
        GameApp.CSS
        + """
    #table { min-width: 46; }
    #sheet { width: 42%; max-width: 72; min-width: 32; }
    #rounds { height: 1fr; }
    #standings { height: auto; margin-bottom: 1; }
    #turn-info { height: auto; }
    #history { height: auto; }
    #entry { display: none; width: 100%; max-width: 64; }
    #advice { height: auto; display: none; }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(any_layout("a"), "pick_all", show=False),
        Binding(any_layout("u"), "undo", show=False),
        Binding("escape", "close_entry", show=False),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 6)),
    ]

    THROW_PAUSE = 0.9
    TURN_PAUSE = 1.6

    VISIBLE = (
        "#title",
        "#turn-header",
        "#throw-info",
        "#turn-info",
        "#history",
        "#notice",
        "#advice",
    )

    def prepare(self) -> None:
        self.picked: list[int] = []
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
        self.aside = ChildSolver()
        """Solves the exact three-player table while the advisor answers with the
        approximation meanwhile (at most once per machine: :mod:`...solver.door`)."""
        self.aside_running = False
        self.aside_estimate: Estimate | None = None
        self.entry_open = False
        """Real dice: the line where the faces that fell are typed is open."""
        self.entry_for_bot = False
        """That line is open for a computer player's throw (it decided to throw)."""

    # -- layout ----------------------------------------------------------------

    def compose_panels(self) -> ComposeResult:
        yield Static(id="turn-info")
        yield Static(id="history")
        yield Static(id="notice")
        yield FacesInput(id="entry")
        yield Static(id="advice")

    def compose_sheet(self) -> ComposeResult:
        with Vertical(id="sheet"):  # the scores first, at eye level; the rounds fill
            yield Static(id="standings")
            yield Drawn(self.rounds_view, id="rounds")

    def past_turns(self) -> Iterable[str]:
        for turn in self.session.turns[-20:]:
            if turn.end is not None:
                yield from turn_end(self.tr, self.session.game, self.names, turn.end)

    def player_label(self, name: str, level: str | None) -> str:
        return player_label(self.tr, name, level)

    def help_text(self) -> Text:
        return help_text(self.tr, self.session.game, table_dice=self.session.table_dice)

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
        self.query_one("#turn-header", Drawn).refresh()
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
        self.query_one("#rounds", Drawn).refresh()
        self.query_one("#standings", Static).update(self.standings_view())
        self.query_one("#actions", Static).update(self.actions_text())

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
        rounds = self.query_one("#rounds", Drawn)
        width, height = rounds.content_size.width, rounds.content_size.height
        return self.plain(self.rounds_view(width, height), width, height)

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
            return None if problem is None else self.not_allowed(problem)
        if state.phase is not Phase.DECIDE or not state.throws or state.forced:
            return None
        problem = state.stop_refusal()
        if problem is None:
            return None
        return tr.gettext("You may not stop yet: {reason}").format(reason=refusal(tr, problem))

    def key_hints(self) -> tuple[Text | None, list[KeyHint]]:
        """The frame's key bar (:meth:`GameApp.key_hints`), or while the faces of a throw
        of real dice are typed, the keys of the entry line: Esc clears what is typed (on
        a person's own throw, with nothing typed, it goes back to deciding), and Q saves
        and quits as on every other bar — one line at 100 columns."""
        if self.entry_open and not self.too_small:
            tr = self.tr
            lead = Text(tr.gettext("Type the faces that fell, then Enter."), style="italic")
            hints = [KeyHint(tr.gettext("Enter"), tr.gettext("done"))]
            if self.query_one("#entry", Input).value:
                hints.append(KeyHint("Esc", tr.gettext("clear")))
            elif not self.entry_for_bot:
                hints.append(KeyHint("Esc", tr.gettext("back")))
            hints.append(KeyHint("Q", tr.gettext("save and quit")))  # H works, unlisted: room
            return lead, hints
        return super().key_hints()

    def undo_hints(self) -> list[KeyHint]:
        if self.session.undo_point is None:
            return []
        return [KeyHint("U", self.tr.gettext("correct the last throw"))]

    def watching_hints(self) -> list[KeyHint]:
        return self.undo_hints()

    def move_hints(self) -> list[KeyHint]:
        session, tr = self.session, self.tr
        state = session.state
        hints: list[KeyHint] = []
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
        hints.extend(self.undo_hints())
        if self.advice_shown:
            hints.append(KeyHint("C", tr.gettext("hide the chances")))
        elif state.phase is Phase.DECIDE:  # the chances are of throwing or stopping
            hints.append(KeyHint("C", tr.gettext("winning chances")))
        return hints

    # -- playing ---------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def refusal(self, error: IllegalActionError) -> str:
        return refusal(self.tr, error)

    def take(self, action: Action) -> Step:
        return self.session.act(action)

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
            self.note_save_error()
        self.refresh_view()
        self.schedule_bot(self.TURN_PAUSE if step.end is not None else self.THROW_PAUSE)
        self.prompt()

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
        if self.entry_open:  # the throw is being typed: Enter takes it
            return
        if self.human_may_act() and self.session.state.phase is Phase.DECIDE:
            if self.session.table_dice and THROW in self.session.state.legal_actions():
                self.open_entry()
            else:
                self.perform(THROW)
        elif self.human_may_act() and self.session.state.phase is Phase.SET_ASIDE:
            self.notice = self.tr.gettext("Choose the dice to set aside first (Enter).")
            self.refresh_view()

    def action_stop(self) -> None:
        if self.human_may_act() and not self.entry_open:
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
        self.mark_die(self.picked, position)

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

    def prompt(self) -> None:
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
        """Esc: clear what is typed; with nothing typed, back to deciding — but a
        computer's throw, once decided, waits for its faces, so there Esc does no more."""
        if not self.entry_open:
            return
        entry = self.query_one("#entry", Input)
        if entry.value:
            entry.value = ""
        elif self.entry_for_bot:
            return
        else:
            self.hide_entry()
        self.notice = ""
        self.refresh_view()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A face typed or taken back: the key bar says what Esc does now."""
        event.stop()
        if self.entry_open:
            self.query_one("#actions", Static).update(self.actions_text())

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
            self.notice = self.not_allowed(exc)
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

    def new_game(self) -> None:
        self.picked = []
        self._advice_cache = None

    # -- advice ------------------------------------------------------------------

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
            if self.aside_running:
                self.run_worker(self.solve_aside, thread=True, name="exact", group="exact")
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
        from thousand.games.dice1000.solver.seats import (  # noqa: PLC0415 - numpy on demand
            at_hand,
            ready,
            three_pending,
        )

        game = self.session.game
        players = len(self.session.seats)
        if not ready(game):
            on_solve()
            # In a child process: the screen stays live.
            self.solver.solve(game, on_progress)
        strategy = at_hand(game, players) or solved_strategy(game)
        # Answer now with the approximation; the exact table comes aside (started by
        # :meth:`load_strategy` on the screen's thread).
        self.aside_running = three_pending(game, players)
        with contextlib.suppress(ThousandError):
            strategy.action_values(new_state(game, ["first", "second"]))
        return strategy

    def solve_aside(self) -> None:
        """The exact three-player table, solved in a child process (a worker thread
        waits on it); the advisor switches to it when it is there."""

        def on_estimate(estimate: Estimate) -> None:
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.post_message(ExactEstimate(estimate))

        error = None
        try:
            self.aside.solve(self.session.game, None, len(self.session.seats), on_estimate)
        except ThousandError as exc:
            error = str(exc)
        with contextlib.suppress(RuntimeError):
            self.post_message(ExactReady(error))

    def on_exact_estimate(self, message: ExactEstimate) -> None:
        self.aside_estimate = message.estimate
        if self.advice_shown:
            self.refresh_view()

    def on_exact_ready(self, message: ExactReady) -> None:
        """The exact table is in the cache: answer from it from now on."""
        from thousand.games.dice1000.solver.seats import at_hand  # noqa: PLC0415 - numpy

        self.aside_running = False
        if message.error is None and not self.quitting:
            exact = at_hand(self.session.game, len(self.session.seats))
            if exact is not None:
                self.session.strategy = exact
                self._advice_cache = None
        self.refresh_view()

    def stop_background(self) -> None:
        """Stop the solves still running for the advisor, so leaving is not held up."""
        self.solver.stop()
        self.aside.stop()

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
            note = approximation_note(tr, self.aside_running, self.aside_estimate)
            text.append("\n" + note, "dim")
        return text


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


def keys_help(tr: Translator, game: Game, *, table_dice: bool = False) -> list[str]:
    """The keys of the game, as the help's one section of keys: a new player looks for
    every key here, C too.

    Enter is said in full, since what it does depends on the moment; choosing dice is
    listed only under rules where the player chooses, typing the faces only with real
    dice (``table_dice``).
    """
    lines = [
        tr.gettext("Space, T or Enter — throw the dice in the hand."),
        tr.gettext("S — stop and record the turn total."),
    ]
    if game.rules.choose_dice:
        lines.append(
            tr.gettext(
                "1–5 — pick a die of the throw or put it back; A — pick every scoring die; "
                "Enter — set the picked dice aside."
            )
        )
    if table_dice:
        lines.append(
            tr.gettext(
                "Real dice: type the faces that fell (1 to 6), then Enter; Esc clears what "
                "is typed; U takes back the last throw typed until the next decision; Q "
                "saves and quits here too."
            )
        )
    lines.append(
        tr.gettext(
            "C — show or hide the winning chance of each action with perfect play from "
            "here (the solved strategy: exact for two players, and for three where scores "
            "only grow; otherwise an approximation, a duel with the leading opponent)."
        )
    )
    lines.append(tr.gettext("The game is saved after every turn."))
    return lines + around_keys(tr)


def help_text(tr: Translator, game: Game, *, table_dice: bool = False) -> Text:
    """The rules of ``game``, a heading per section and a paragraph per rule; the keys last."""
    keys = keys_help(tr, game, table_dice=table_dice)
    return help_sections([*rules_help(tr, game), (tr.gettext("Keys"), keys)])
