"""What every full-screen game shares: :class:`GameApp`, the base of each game's app.

A game's screen (the app in its own folder, ``thousand.tui.NAME``, opened through that
folder's ``open_app``) draws its game's table session and plays it with keys. What is
the same for every game is here, once:

* the frame — the title, the table with the dice on the left, the sheet on the right,
  the event log, the key bar — and the check that the terminal holds it (80×24);
* the keys every game has, in both keyboard layouts (:mod:`thousand.tui.keys`): Space
  or T throws, Enter takes the step the turn waits for, S stops, C shows the game's
  advisor, H the rules, Q (or Ctrl+Q) saves and quits, N plays again once the game
  is over;
* the key bar's frame: only Q while the terminal is too small, play again, rules and
  quit once the game is over, who is playing while a computer player moves, rules and
  save-and-quit after the game's own keys;
* a person's decision taken through the session, a refusal said as one line; computer
  players moving one step at a time after a pause a person can follow (none with
  ``fast``);
* around the game: the last turns told again when a saved game is resumed, the next
  game at the same table (``again``), the rules help, save and quit.

A game's app says only what its game has of its own: its panels and sheet, its keys,
what a step shows, how its computer players move and what its advisor says.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import ConsoleRenderable, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import RichLog, Static

from thousand.core.errors import IllegalActionError, ThousandError
from thousand.core.i18n import Translator
from thousand.core.table import TableSession
from thousand.tui.keys import any_layout
from thousand.tui.screens import HelpScreen
from thousand.tui.widgets import KeyHint, key_bar

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The least terminal the screen is drawn on; below it, a message says so."""

FIRST_PAUSE = 0.6
"""Seconds before a computer player's first move (of a game, or after a resize)."""


class Drawn(Widget):
    """A renderable drawn at the widget's own size at render time, after layout: what
    it shows depends on the room the layout gave it (``draw(width, height)``).

    Call :meth:`refresh` to draw it again.
    """

    def __init__(self, draw: Callable[[int, int], RenderableType], *, id: str) -> None:
        super().__init__(id=id)
        self.draw = draw

    def render(self) -> RenderableType:
        return self.draw(self.content_size.width, self.content_size.height)


SessionT = TypeVar("SessionT", bound="TableSession[Any, Any, Any, Any, Any]")
ActionT = TypeVar("ActionT")
StepT = TypeVar("StepT")


class GameApp(App[int], Generic[SessionT, ActionT, StepT]):
    """A game on a full screen; ``run()`` returns the exit status (0).

    ``again`` makes the session of the next game at the same table from the finished
    one (saved already, so a folder that cannot be written is a :class:`ThousandError`
    at once); None: N is not offered.
    """

    TITLE = "thousand"
    ENABLE_COMMAND_PALETTE = False  # Textual's palette speaks English only
    AUTO_FOCUS = None  # every key is the game's; an entry line takes focus only when open
    CSS = """
    Screen { layout: vertical; }
    #too-small { width: 100%; height: 100%; content-align: center middle;
                 text-align: center; display: none; }
    #main { height: 100%; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #body { height: 1fr; }
    #table { width: 1fr; padding: 0 1; }
    #sheet { height: 100%; padding: 0 1; border-left: vkey $primary; }
    #turn-header { height: 1; }
    #dice { height: 7; }
    #throw-info { height: auto; }
    #notice { height: auto; color: $warning; text-style: bold; }
    #log { height: 1fr; min-height: 3; border-top: solid $primary-darken-2;
           scrollbar-size-vertical: 1; }
    #actions { height: auto; background: $boost; padding: 0 1; }
    """
    """The frame; a game's ``CSS`` adds its own rules after these."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(any_layout("space", "t"), "throw", show=False),
        Binding("enter", "enter", show=False),
        Binding(any_layout("s"), "stop", show=False),
        Binding(any_layout("c"), "advice", show=False),
        Binding(any_layout("h", "question_mark", "f1"), "help", show=False),
        Binding(any_layout("q"), "quit_game", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
        Binding(any_layout("n"), "play_again", show=False),
    ]
    """The keys of every game; a game's ``BINDINGS`` add its own (Textual merges them)."""

    THROW_PAUSE: ClassVar[float] = 1.0
    """Seconds a computer player's throw stays on the screen before its next decision."""
    TURN_PAUSE: ClassVar[float] = 1.5
    """Seconds between the end of a turn and the next computer turn."""

    VISIBLE: ClassVar[tuple[str, ...]] = ("#title", "#turn-header", "#throw-info", "#notice")
    """The widgets whose words :meth:`visible_text` reads, top to bottom (the key bar last)."""

    def __init__(
        self,
        session: SessionT,
        tr: Translator,
        *,
        fast: bool = False,
        again: Callable[[SessionT], SessionT] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.tr = tr
        self.fast = fast
        self.again = again
        """The next game at the same table (key N after a game); None: not offered."""
        self.notice = ""
        """The line under the dice: why an action was refused, a save that failed."""
        self.bot_busy = False
        """A computer player's step is under way (thinking, or its choice being shown)."""
        self.too_small = False
        self.quitting = False
        self.advice_shown = False
        """The game's advisor (key C) is on the screen."""
        self.prepare()

    # -- what a game says ----------------------------------------------------------------

    def prepare(self) -> None:
        """The game's own state, set as the app is made (before it is composed)."""

    def compose_panels(self) -> ComposeResult:
        """The game's lines between the dice and the log."""
        yield from ()

    def compose_sheet(self) -> ComposeResult:
        """The right-hand side: the game's score sheet."""
        yield Static(id="sheet")

    def compose_footer(self) -> ComposeResult:
        """The game's lines above the key bar, the whole width."""
        yield from ()

    def refresh_view(self) -> None:
        """Redraw everything from the session."""
        raise NotImplementedError

    def past_turns(self) -> Iterable[str]:
        """The log's lines of the turns played before the screen opened (a resumed game)."""
        raise NotImplementedError

    def player_label(self, name: str, level: str | None) -> str:
        """A player's name, marked as a computer player of ``level`` when it is one."""
        raise NotImplementedError

    def refusal(self, error: IllegalActionError) -> str:
        """Why the engine refused an action, in the player's words."""
        raise NotImplementedError

    def take(self, action: ActionT) -> StepT:
        """A person's decision through the session (the engine's checked path)."""
        raise NotImplementedError

    def show_step(self, step: StepT) -> None:
        """Log what a step did and redraw; then let a computer player go on."""
        raise NotImplementedError

    async def bot_move(self) -> None:
        """One step of the computer player to move (scheduled by :meth:`schedule_bot`)."""
        raise NotImplementedError

    def watching_hints(self) -> list[KeyHint]:
        """The game's keys while a computer player moves (before rules and quit)."""
        return []

    def move_hints(self) -> list[KeyHint]:
        """The game's keys while a person moves: exactly the actions open now."""
        raise NotImplementedError

    def fetch_strategy(self) -> None:
        """Start loading what the advisor needs, unless it is here, coming or refused."""

    def help_text(self) -> Text:
        """The rules being played and the keys, for the help screen."""
        raise NotImplementedError

    def new_game(self) -> None:
        """Forget what belonged to the finished game (marks, cursor, advice) for the next."""

    def prompt(self) -> None:
        """Once a position is drawn: what the game does before a person moves (dice 1000
        with real dice opens the entry line when a throw is forced)."""

    def stop_background(self) -> None:
        """Stop work running beside the game (a solve for the advisor), so leaving the
        game is not held up."""

    # -- the frame -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="title")
            with Horizontal(id="body"):
                with Vertical(id="table"):
                    yield Drawn(self.turn_header, id="turn-header")
                    yield Static(id="dice")
                    yield Static(id="throw-info")
                    yield from self.compose_panels()
                    yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                yield from self.compose_sheet()
            yield from self.compose_footer()
            yield Static(id="actions")

    def on_mount(self) -> None:
        self.check_size(self.size.width, self.size.height)
        for line in self.past_turns():
            self.say(line, style="dim")
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)
        self.prompt()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)
        # Textual takes the new size (``self.size``, which the key bar is laid out for)
        # only after this handler: redraw once it has.
        self.call_later(self.refresh_view)
        self.schedule_bot(FIRST_PAUSE)  # computer players wait while the screen is too small

    def on_unmount(self) -> None:
        self.stop_background()

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

    def turn_header(self, width: int = 0, _height: int = 1) -> Text:
        """Over the dice, in ``width`` cells (0: any): who is playing — a computer player
        said so with its level, or without it, or a name alone where the panel is too
        narrow for more — or that the game is over."""
        session, tr = self.session, self.tr
        if session.is_over:
            return Text(tr.gettext("The game is over."), style="bold")
        seat = session.seat
        labels = [self.player_label(seat.name, seat.bot)]
        if seat.bot is not None:
            labels += [tr.gettext("{name} (computer)").format(name=seat.name), seat.name]
        for label in labels:
            header = Text(
                tr.gettext("Now playing: {name}").format(name=label),
                style="bold",
                no_wrap=True,
                overflow="ellipsis",
            )
            if not width or header.cell_len <= width:
                break
        return header

    # -- the key bar -----------------------------------------------------------------------

    def key_hints(self) -> tuple[Text | None, list[KeyHint]]:
        """Exactly the actions open now with their keys (and a lead-in while a bot plays)."""
        session, tr = self.session, self.tr
        if self.too_small:
            return None, [KeyHint("Q", tr.gettext("save and quit"))]
        rules = KeyHint("H", tr.gettext("rules"))
        if session.is_over:
            hints = []
            if self.again is not None:
                first = session.seats[1 % len(session.seats)].name
                hints.append(
                    KeyHint("N", tr.gettext("play again (first turn: {name})").format(name=first))
                )
            return None, [*hints, rules, KeyHint("Q", tr.gettext("quit"))]
        around = [rules, KeyHint("Q", tr.gettext("save and quit"))]
        if session.bot_to_move:
            lead = Text(
                tr.gettext("Now playing: {name}…").format(name=session.seat.name), style="italic"
            )
            return lead, [*self.watching_hints(), *around]
        return None, [*self.move_hints(), *around]

    def actions_text(self) -> Text:
        """The key bar, laid out for the width of the terminal (see :func:`key_bar`)."""
        lead, hints = self.key_hints()
        return key_bar(hints, max(20, self.size.width - 2), lead)

    # -- words on the screen ---------------------------------------------------------------

    def say(self, message: str, style: str = "") -> None:
        """A line of the event log."""
        self.query_one("#log", RichLog).write(Text(message, style=style))

    def log_lines(self) -> list[str]:
        """The lines of the event log, plain."""
        log = self.query_one("#log", RichLog)
        return [strip.text for strip in log.lines]

    def visible_text(self) -> str:
        """The words on the screen now, plain (tests and screen readers)."""
        parts = []
        selectors = ("#too-small", "#actions") if self.too_small else (*self.VISIBLE, "#actions")
        for selector in selectors:
            widget = self.query_one(selector)
            if not widget.display:
                continue
            content = widget.content if isinstance(widget, Static) else widget.render()
            if isinstance(content, Text):
                parts.append(content.plain)
            elif isinstance(content, ConsoleRenderable):
                parts.append(self.plain(content))
            else:
                parts.append(str(content))
        return "\n".join(parts)

    def plain(self, renderable: RenderableType, width: int = 80, height: int | None = None) -> str:
        """A renderable as plain lines ``width`` cells wide (the first ``height`` of them)."""
        lines = self.console.render_lines(renderable, self.console.options.update(width=width))
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines[:height])

    # -- playing -------------------------------------------------------------------------

    def human_may_act(self) -> bool:
        session = self.session
        return not (self.too_small or session.is_over or session.bot_to_move or self.bot_busy)

    def not_allowed(self, error: IllegalActionError) -> str:
        """A refused action as the notice line: "Not allowed: <why>"."""
        return self.tr.gettext("Not allowed: {reason}").format(reason=self.refusal(error))

    def refuse(self, error: IllegalActionError) -> None:
        """An action the engine refused: nothing changes, the notice says why."""
        self.notice = self.not_allowed(error)
        self.refresh_view()

    def perform(self, action: ActionT) -> StepT | None:
        """Take a person's decision through the session; a refusal becomes the notice."""
        try:
            step = self.take(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return None
        self.notice = ""
        self.show_step(step)
        return step

    def mark_die(self, marked: list[int], place: int) -> None:
        """A die's number key: the die at ``place`` marked (``●``: picked, kept) for the
        next step, or its mark taken off."""
        if place in marked:
            marked.remove(place)
        else:
            marked.append(place)
        self.notice = ""
        self.refresh_view()

    def note_save_error(self) -> None:
        """After a turn: the notice says so if its save failed (the game goes on)."""
        if self.session.save_error:
            self.notice = self.tr.gettext("Could not save: {error}").format(
                error=self.session.save_error
            )

    def schedule_bot(self, pause: float) -> None:
        """If a computer player is to move, let it take one step after ``pause``."""
        if self.session.bot_to_move and not self.bot_busy and not self.quitting:
            self.bot_busy = True
            if self.fast:
                self.call_later(self.bot_move)
            else:
                self.set_timer(pause, self.bot_move)

    # -- around the game ---------------------------------------------------------------

    def action_advice(self) -> None:
        """C: show or hide the advisor; what it needs is fetched on its first show."""
        if self.too_small:
            return
        self.advice_shown = not self.advice_shown
        if self.advice_shown:
            self.fetch_strategy()
        self.refresh_view()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.tr, self.help_text()))

    def action_play_again(self) -> None:
        """After a game: the next one at the same table, whoever was second moving first."""
        if self.again is None or not self.session.is_over or self.too_small:
            return
        try:
            session = self.again(self.session)
        except ThousandError as exc:
            self.notice = self.tr.gettext("Could not start a new game: {error}").format(error=exc)
            self.refresh_view()
            return
        self.session = session
        self.notice = ""
        self.new_game()
        self.query_one("#log", RichLog).clear()
        self.say(
            self.tr.gettext("A new game; first turn: {name}.").format(name=session.seat.name),
            style="bold",
        )
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)
        self.prompt()

    async def action_quit(self) -> None:
        """Textual's own quit (Ctrl+Q) saves too: it is Q's save and quit."""
        await self.action_quit_game()

    async def action_quit_game(self) -> None:
        """Save (the record as it stands, a turn in progress too) and leave; the game can
        be resumed."""
        self.quitting = True
        self.stop_background()
        with contextlib.suppress(ThousandError):  # the last turn's save stands
            self.session.save()
        self.exit(0)
