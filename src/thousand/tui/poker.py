"""The full-screen game of poker dice: a :class:`~thousand.games.poker_dice.table.Session`
drawn and played with keys (``thousand play --game poker_dice``).

The dice 1000 screen's twin (:mod:`thousand.tui.app`), sharing its dice, key bar, help
screen and keys in both keyboard layouts. The app holds no game logic: a key becomes an
engine action through the session, and what the screen shows — what a box would take,
why an action is refused, what a turn wrote, who won — is the engine's answer put into
words by :mod:`thousand.games.poker_dice.words`.

Keys:

* Space or T throws: the first throw of a turn all five dice, a later one the dice not
  kept. 1–5 keep a die or put it back (``●`` under it); kept dice stay kept from throw
  to throw, as a player leaves them on the table.
* Each open box has a letter (shown beside it on the sheet) that writes the dice into it;
  ↑ ↓ move the cursor ``▶`` over the open boxes and Enter writes the box under it. After
  each throw the cursor starts on the box that scores most with the dice showing.
  Before the turn's first throw Enter throws.
* S stands on the hand in the ranking game. C shows the coach; H the rules; Q saves and
  quits; N, once the game is over, plays again at the same table.

An action the engine refuses changes nothing and says why in one line, in the player's
language. Computer players move one step at a time with a pause a person can follow:
the dice they keep are marked before they throw, the box they choose is under the cursor
before it is written (``fast``: no pauses). Their thinking, and the coach's, runs in a
worker thread, so the screen stays live.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import ClassVar

from rich.console import ConsoleRenderable, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog, Static

from thousand.core.errors import IllegalActionError, ThousandError
from thousand.core.i18n import Translator
from thousand.games.poker_dice.actions import STOP, Action, Throw, Write
from thousand.games.poker_dice.bots import OptimalBot, SheetValues, solver_strategy
from thousand.games.poker_dice.coach import Coaching, coach
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.presets import rules_to_spec
from thousand.games.poker_dice.scoring import hand_kind
from thousand.games.poker_dice.state import Position
from thousand.games.poker_dice.table import Session, Step, TurnEnd
from thousand.games.poker_dice.words import (
    box_name,
    faces,
    hand_line,
    hand_name,
    names,
    number,
    preset_description,
    refusal,
    result,
    rules_key,
    rules_title,
    throws_left,
    written,
)
from thousand.tui.keys import any_layout
from thousand.tui.poker_widgets import (
    BOX_KEYS,
    box_keys,
    coach_table,
    dice_view,
    hands_view,
    player_label,
    sheet_view,
)
from thousand.tui.screens import HelpScreen
from thousand.tui.widgets import KeyHint, key_bar

MIN_WIDTH = 80
MIN_HEIGHT = 24

THROW_PAUSE = 1.0
"""Seconds a computer player's throw stays on the screen before its next decision."""
CHOICE_PAUSE = 0.8
"""Seconds the dice a computer player keeps, or the box it writes, are shown first."""
TURN_PAUSE = 1.4
"""Seconds between the end of a turn and the next computer turn."""
FIRST_PAUSE = 0.6
"""Seconds before a computer player's first move."""

TABLE_WIDTH = 41
"""The left panel's least width: five dice and their padding."""
MIN_SHEET = 30
WIDE = 100
"""From this width the key bar also names the boxes' letters (the sheet shows them)."""

NextGame = Callable[[Session], Session]
"""Makes the session of the next game at the same table from the finished one."""


class PokerApp(App[int]):
    """Poker dice on a full screen; ``run()`` returns the exit status (0)."""

    TITLE = "thousand"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # every key is the game's
    CSS = """
    Screen { layout: vertical; }
    #too-small { width: 100%; height: 100%; content-align: center middle;
                 text-align: center; display: none; }
    #main { height: 100%; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #body { height: 1fr; }
    #table { width: 1fr; min-width: 41; padding: 0 1; }
    #sheet { width: auto; min-width: 36; max-width: 64%; height: 100%; padding: 0 1;
             border-left: vkey $primary; }
    #turn-header { height: 1; }
    #dice { height: 7; }
    #throw-info { height: auto; }
    #notice { height: auto; color: $warning; text-style: bold; padding: 0 1; }
    #coach { height: auto; display: none; }
    #log { height: 1fr; min-height: 3; border-top: solid $primary-darken-2;
           scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    #actions { height: auto; background: $boost; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(any_layout("space", "t"), "throw", show=False),
        Binding("enter", "enter", show=False),
        Binding(any_layout("s"), "stop", show=False),
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding(any_layout("h", "question_mark", "f1"), "help", show=False),
        Binding(any_layout("q"), "quit_game", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
        Binding(any_layout("c"), "coach", show=False),
        Binding(any_layout("n"), "play_again", show=False),
        *(Binding(str(n), f"keep({n - 1})", show=False) for n in range(1, 6)),
        *(Binding(any_layout(key), f"write_key('{key}')", show=False) for key in BOX_KEYS),
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
        self.kept: list[int] = []
        """The places of the dice kept for the next throw (the mover's, or a computer's
        choice shown before it throws)."""
        self.cursor: str | None = None
        """The box under the cursor (Enter writes it)."""
        self.notice = ""
        self.bot_busy = False
        self.too_small = False
        self.quitting = False
        self.coach_shown = False
        self.strategy: SheetValues | None = None
        """A sheet game's solved strategy, for the coach (fetched on its first show)."""
        self.strategy_loading = False
        self.coach_error: str | None = None
        self._coached: tuple[Position, Coaching | str] | None = None
        self.bot_writes = False
        """A computer player has chosen the box under the cursor and is about to write it."""

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
                    yield Static(id="coach")
                    yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                yield Static(id="sheet")
            yield Static(id="notice")  # the full width: a refusal stays one line
            yield Static(id="actions")

    def on_mount(self) -> None:
        self.check_size(self.size.width, self.size.height)
        for end in self.session.turns[-20:]:
            self.say(self.turn_line(end), style="dim")
        position = self.session.position
        if position.throws:  # a turn in progress (resumed): its cursor, and its held dice
            self.place_cursor()
            if position.throws > 1 and position.throws_left > 0:
                self.kept = [place for place in range(5) if place not in self.session.fresh]
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)

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

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def refresh_view(self) -> None:
        """Redraw everything from the session (a handful of small renderables)."""
        session, tr = self.session, self.tr
        position = session.position
        self.query_one("#title", Static).update(self.title_text())
        self.query_one("#turn-header", Static).update(self.turn_header())
        self.query_one("#dice", Static).update(dice_view(session, tr, self.kept))
        self.query_one("#throw-info", Static).update(self.throw_info())
        notice = Text(self.notice)
        if position.over:
            notice = Text(result(tr, self.winner_names()), style="bold green")
        shown = self.query_one("#notice", Static)
        shown.update(notice)
        shown.display = bool(notice.plain)
        coach = self.query_one("#coach", Static)
        coach.display = self.coach_shown
        if self.coach_shown:
            coach.update(self.coach_view())
        self.query_one("#sheet", Static).update(self.sheet_renderable())
        self.query_one("#actions", Static).update(self.actions_text())

    def winner_names(self) -> list[str]:
        position = self.session.position
        return [position.players[seat].name for seat in position.winners]

    def title_text(self) -> Text:
        position, tr = self.session.position, self.tr
        game = tr.gettext("Poker dice")
        rules = rules_title(tr, self.rules)
        if rules.lower().startswith(game.lower()):
            # Russian calls its sheets by the game's name: «покер на костях, вариант второй».
            title = Text(rules[:1].upper() + rules[1:], style="bold")
        else:
            title = Text(game, style="bold")
            title.append(" · " + rules)
        if position.is_ranking:
            if position.round:
                title.append(" · " + tr.gettext("play-off {n}").format(n=position.round))
        elif not position.over:
            boxes = position.player.boxes
            turn = len(boxes) - len(boxes.empty()) + 1
            title.append(" · " + tr.gettext("turn {n} of {total}").format(n=turn, total=len(boxes)))
        return title

    def turn_header(self) -> Text:
        session, tr = self.session, self.tr
        if session.position.over:
            return Text(tr.gettext("The game is over."), style="bold")
        seat = session.seat
        label = player_label(tr, seat.name, seat.bot)
        return Text(tr.gettext("Now playing: {name}").format(name=label), style="bold")

    def throw_info(self) -> Text:
        """Under the dice: the throws left (banked ones said), the doubling, the hand."""
        position, tr = self.session.position, self.tr
        rules = self.rules
        if position.over:
            return Text("")
        bank = position.player.bank
        if not position.throws:
            line = Text(
                tr.ngettext(
                    "{n} throw this turn", "{n} throws this turn", position.throws_allowed
                ).format(n=position.throws_allowed)
            )
        else:
            line = Text(throws_left(tr, position.throws_left), style="bold")
        if rules.bank_unused_throws and bank and not position.throws:
            line.append(" " + tr.gettext("({n} from the reserve)").format(n=bank))
        if position.is_ranking and position.throws:
            line.append(" · " + hand_name(tr, hand_kind(position.dice)), style="bold")
        elif position.first_throw and rules.first_throw_double:
            line.append("\n")
            line.append(
                tr.gettext("First throw: series 2 scores double."),
                style="magenta",
            )
        return line

    def sheet_renderable(self) -> RenderableType:
        session, tr = self.session, self.tr
        if session.position.is_ranking:
            return hands_view(session, tr)
        writing = self.human_may_act() and session.position.throws > 0
        # A computer player's box is under the cursor only once it has chosen it.
        cursor = self.cursor if writing or self.bot_writes else None
        return sheet_view(
            session,
            tr,
            cursor=cursor,
            keys=writing,
            width=max(MIN_SHEET, self.size.width - TABLE_WIDTH - 3),
            sections=self.size.height >= MIN_HEIGHT + 4,
            settlement=self.size.height >= MIN_HEIGHT + 1,
        )

    # -- the key bar -------------------------------------------------------------

    def key_hints(self) -> tuple[Text | None, list[KeyHint]]:
        """Exactly the actions open now with their keys (and a lead-in while a bot plays)."""
        session, tr = self.session, self.tr
        position = session.position
        if self.too_small:
            return None, [KeyHint("Q", tr.gettext("save and quit"))]
        coach = KeyHint(
            "C", tr.gettext("hide the coach") if self.coach_shown else tr.gettext("coach")
        )
        if position.over:
            hints = []
            if self.again is not None:
                first = session.seats[1 % len(session.seats)].name
                hints.append(
                    KeyHint("N", tr.gettext("play again (first turn: {name})").format(name=first))
                )
            hints += [KeyHint("H", tr.gettext("rules")), KeyHint("Q", tr.gettext("quit"))]
            return None, hints
        if session.bot_to_move:
            lead = Text(
                tr.gettext("Now playing: {name}…").format(name=session.seat.name), style="italic"
            )
            return lead, [
                coach,
                KeyHint("H", tr.gettext("rules")),
                KeyHint("Q", tr.gettext("save and quit")),
            ]
        hints = []
        if not position.throws:
            hints.append(KeyHint(tr.gettext("Space"), tr.gettext("throw all five dice")))
        else:
            if position.throws_left > 0:
                count = 5 - len(self.kept)
                what = tr.ngettext("throw {n} die", "throw {n} dice", count).format(n=count)
                hints.append(KeyHint(tr.gettext("Space"), what, allowed=count > 0))
                hints.append(KeyHint("1–5", tr.gettext("keep a die")))
            if position.is_ranking:
                hints.append(KeyHint("S", tr.gettext("stand on this hand")))
            else:
                letters = box_keys(position)
                open_boxes = position.writable_boxes()
                if open_boxes and self.size.width >= WIDE:  # else the sheet shows the letters
                    first, last = letters[open_boxes[0]], letters[open_boxes[-1]]
                    span = first if first == last else f"{first}…{last}"
                    hints.append(KeyHint(span, tr.gettext("write a box")))
                if self.cursor is not None:
                    what = tr.gettext("write {box} ({points})").format(
                        box=self.box_name(self.cursor),
                        points=number(position.points_for(self.cursor)),
                    )
                    wide = self.size.width >= WIDE  # the help says ↑ ↓ move the cursor
                    key = tr.gettext("↑↓ Enter") if wide else tr.gettext("Enter")
                    hints.append(KeyHint(key, what))
        hints += [
            coach,
            KeyHint("H", tr.gettext("rules")),
            KeyHint("Q", tr.gettext("save and quit")),
        ]
        return None, hints

    def actions_text(self) -> Text:
        lead, hints = self.key_hints()
        return key_bar(hints, max(20, self.size.width - 2), lead)

    # -- words -------------------------------------------------------------------

    def box_name(self, box: str) -> str:
        return box_name(self.tr, self.rules, box)

    def turn_line(self, end: TurnEnd) -> str:
        """How a finished turn ended, as the log says it."""
        name = self.session.seats[end.seat].name
        if end.box is None:
            return hand_line(self.tr, name, end.hand or "high_card", end.dice)
        line = written(self.tr, self.rules, name, end.box, end.points, doubled=end.doubled)
        if end.extra:
            line += " " + self.tr.gettext("Bonus {points}.").format(points=f"+{end.extra}")
        return line

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#log", RichLog).write(Text(message, style=style))

    def visible_text(self) -> str:
        """The words on the screen now, plain (tests and screen readers)."""
        parts = []
        selectors = (
            ["#too-small", "#actions"]
            if self.too_small
            else ["#title", "#turn-header", "#throw-info", "#notice", "#coach", "#actions"]
        )
        for selector in selectors:
            widget = self.query_one(selector, Static)
            if not widget.display:
                continue
            content = widget.content
            if isinstance(content, Text):
                parts.append(content.plain)
            elif isinstance(content, ConsoleRenderable):
                parts.append(self.plain(content))
            else:
                parts.append(str(content))
        return "\n".join(parts)

    def plain(self, renderable: RenderableType, width: int = 80) -> str:
        """A renderable as plain lines (tests and screen readers)."""
        lines = self.console.render_lines(renderable, self.console.options.update(width=width))
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines)

    def sheet_text(self) -> str:
        """The sheet as drawn now, plain (tests)."""
        sheet = self.query_one("#sheet", Static)
        width = max(20, sheet.content_size.width)
        lines = self.console.render_lines(
            self.sheet_renderable(), self.console.options.update(width=width)
        )
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines)

    def dice_text(self) -> str:
        """The dice as drawn now, plain (tests)."""
        lines = self.console.render_lines(
            dice_view(self.session, self.tr, self.kept), self.console.options.update(width=60)
        )
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines)

    def log_lines(self) -> list[str]:
        log = self.query_one("#log", RichLog)
        return [strip.text for strip in log.lines]

    # -- playing ---------------------------------------------------------------

    def human_may_act(self) -> bool:
        session = self.session
        return not (self.too_small or session.position.over or session.bot_to_move or self.bot_busy)

    def refuse(self, error: IllegalActionError) -> None:
        """An action the engine refused: nothing changes, the notice says why."""
        self.notice = self.tr.gettext("Not allowed: {reason}").format(
            reason=refusal(self.tr, error, self.rules)
        )
        self.refresh_view()

    def perform(self, action: Action) -> Step | None:
        """Take a person's decision through the session; a refusal becomes the notice."""
        try:
            if isinstance(action, Throw):
                step = self.session.throw(self.kept if self.session.position.throws else ())
            else:
                step = self.session.act(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return None
        self.notice = ""
        self.show_step(step)
        return step

    def place_cursor(self) -> None:
        """The cursor on the open box that scores most with the dice showing (the first
        of equals in the sheet's order); none when nothing can be written."""
        position = self.session.position
        writable = position.writable_boxes()
        if not writable:
            self.cursor = None
            return
        self.cursor = max(
            writable, key=lambda box: (position.points_for(box), -writable.index(box))
        )

    def show_step(self, step: Step) -> None:
        """Log what a step did and redraw; then let a computer player go on if it is its turn."""
        tr, session = self.tr, self.session
        name = session.seats[step.before.current].name
        if step.thrown is not None:
            self.say(self.throw_line(name, step))
        if step.end is not None:
            self.kept = []
            self.cursor = None
            self.say(self.turn_line(step.end), style="bold")
            after = step.after
            if after.is_ranking and after.round > step.before.round and not after.over:
                tied = names([after.players[seat].name for seat in after.contenders])
                self.say(tr.gettext("A tie: {names} play off.").format(names=tied), style="bold")
            if after.over:
                self.say(result(tr, self.winner_names()), style="bold green")
            if session.save_error:
                self.notice = tr.gettext("Could not save: {error}").format(error=session.save_error)
        else:
            self.place_cursor()
            if step.after.throws_left <= 0:
                self.kept = []
        self.refresh_view()
        self.schedule_bot(TURN_PAUSE if step.end is not None else THROW_PAUSE)

    def throw_line(self, name: str, step: Step) -> str:
        """A throw in the log: ``Anna: 6 6 5 3 1``, or after keeping some dice
        ``Anna: kept 6 6, threw 6 2 4`` (all five are on the table above)."""
        assert step.thrown is not None
        dice = faces(sorted(self.session.shown))
        if isinstance(step.action, Throw) and step.action.keep:
            return self.tr.gettext("{name}: kept {kept}, threw {thrown}").format(
                name=name, kept=faces(step.action.keep), thrown=faces(step.thrown)
            )
        return f"{name}: {dice}"

    def action_throw(self) -> None:
        if self.human_may_act():
            self.perform(Throw())

    def action_keep(self, place: int) -> None:
        """1–5: keep the die or put it back (only between throws of a turn)."""
        position = self.session.position
        if not self.human_may_act():
            return
        if not position.throws:
            self.refuse(IllegalActionError("no dice showing", "throw_first"))
            return
        if position.throws_left <= 0:
            self.refuse(IllegalActionError("no throw left", "no_throws_left"))
            return
        if place in self.kept:
            self.kept.remove(place)
        else:
            self.kept.append(place)
        self.notice = ""
        self.refresh_view()

    def action_write_key(self, key: str) -> None:
        """A box's letter: write the dice showing into it."""
        position = self.session.position
        if not self.human_may_act() or position.is_ranking:
            return
        boxes = {letter: box for box, letter in box_keys(position).items()}
        if key in boxes:
            self.cursor = boxes[key] if boxes[key] in position.writable_boxes() else self.cursor
            self.perform(Write(boxes[key]))

    def action_cursor(self, delta: int) -> None:
        """↑ ↓: the cursor to the previous or next open box (round the sheet)."""
        position = self.session.position
        writable = position.writable_boxes()
        if not self.human_may_act() or not writable:
            return
        index = writable.index(self.cursor) if self.cursor in writable else -delta
        self.cursor = writable[(index + delta) % len(writable)]
        self.notice = ""
        self.refresh_view()

    def action_enter(self) -> None:
        """Enter: the turn's first throw, then write the box under the cursor."""
        position = self.session.position
        if not self.human_may_act():
            return
        if not position.throws:
            self.perform(Throw())
        elif self.cursor is not None and not position.is_ranking:
            self.perform(Write(self.cursor))

    def action_stop(self) -> None:
        """S: stand on the hand (the ranking game; a sheet game says a box must be written)."""
        if self.human_may_act():
            self.perform(STOP)

    # -- computer players ----------------------------------------------------------

    def schedule_bot(self, pause: float) -> None:
        """If a computer player is to move, let it take one step after ``pause``."""
        if self.session.bot_to_move and not self.bot_busy and not self.quitting:
            self.bot_busy = True
            if self.fast:
                self.call_later(self.bot_think)
            else:
                self.set_timer(pause, self.bot_think)

    async def bot_think(self) -> None:
        """The computer player to move decides (off the event loop), shows its choice —
        the dice it keeps, the box it writes — and takes it after a pause."""
        session = self.session
        position = session.position
        if self.too_small or position.over or self.quitting:
            self.bot_busy = False
            return
        policy = session.policies[position.current]
        try:
            action = await asyncio.to_thread(policy, position)
        except ThousandError as exc:
            self.bot_busy = False
            self.notice = self.tr.gettext("The computer player cannot move: {error}").format(
                error=exc
            )
            self.refresh_view()
            return
        if session.position is not position or self.quitting:
            self.bot_busy = False
            return
        if isinstance(action, Throw) and position.throws:
            self.kept = session.places_of(action.keep)
        elif isinstance(action, Write):
            self.cursor = action.box
            self.bot_writes = True
        else:
            self.bot_act(action)
            return
        self.refresh_view()
        if self.fast:
            self.bot_act(action)
        else:
            self.set_timer(CHOICE_PAUSE, lambda: self.bot_act(action))

    def bot_act(self, action: Action) -> None:
        session = self.session
        self.bot_busy = False
        self.bot_writes = False
        if self.quitting or session.position.over or not session.bot_to_move:
            return
        kept = self.kept if isinstance(action, Throw) else None
        self.show_step(session.act(action, kept))

    # -- the coach -----------------------------------------------------------------

    def action_coach(self) -> None:
        """Show or hide the coach; a sheet game's solved strategy is fetched on the first
        show (a worker thread: the first time a rule set is played it is solved first)."""
        if self.too_small:
            return
        self.coach_shown = not self.coach_shown
        if self.coach_shown:
            self.fetch_strategy()
        self.refresh_view()

    def fetch_strategy(self) -> None:
        if self.session.position.is_ranking or self.strategy is not None:
            return
        if self.strategy_loading or self.coach_error:
            return
        self.strategy_loading = True
        self.run_worker(self.load_strategy(), name="coach", group="coach", exclusive=True)

    async def load_strategy(self) -> None:
        """Find (or solve once) the strategy off the event loop, then redraw with it.

        An ``optimal`` player at the table shares its own (loaded once a game)."""
        rules = self.rules
        bots = [p for p in self.session.policies.values() if isinstance(p, OptimalBot)]

        def load() -> SheetValues:
            return bots[0].strategy if bots else solver_strategy(rules)

        try:
            strategy = await asyncio.to_thread(load)
        except ThousandError as exc:
            self.coach_error = str(exc)
        else:
            if self.strategy is None and self.rules == rules:
                self.strategy = strategy
        finally:
            self.strategy_loading = False
        if not self.quitting:
            self.refresh_view()

    def coaching(self) -> Coaching | str:
        """The coach's view of the position now, or why there is none (kept per position)."""
        position = self.session.position
        if self._coached is not None and self._coached[0] is position:
            return self._coached[1]
        answer: Coaching | str
        try:
            answer = coach(position, self.strategy, loader=_no_loader)
        except ThousandError as exc:
            answer = str(exc)
        self._coached = (position, answer)
        return answer

    def coach_view(self) -> RenderableType:
        """The coach panel: the best options with their value and loss, or why not."""
        session, tr = self.session, self.tr
        position = session.position

        def why_not(reason: str) -> Text:
            return Text(tr.gettext("Coach: {reason}").format(reason=reason), style="italic")

        if position.over:
            return why_not(tr.gettext("the game is over."))
        if session.bot_to_move or self.bot_busy:
            return why_not(tr.gettext("it speaks when a person decides."))
        if not position.is_ranking and self.strategy is None:
            if self.coach_error:
                return why_not(self.coach_error)
            return why_not(
                tr.gettext("looking up the solved strategy of these rules (solved once)…")
            )
        answer = self.coaching()
        if isinstance(answer, str):
            return why_not(answer)
        return coach_table(tr, position, answer, self.own_choice())

    def own_choice(self) -> Action | None:
        """What the person has picked so far: the throw keeping the dice marked, or (with
        no die marked) the box under the cursor."""
        position = self.session.position
        if not position.throws:
            return None
        if self.kept and position.throws_left > 0:
            kept = tuple(sorted(self.session.shown[place] for place in self.kept))
            return Throw(kept)
        if self.cursor is not None:
            return Write(self.cursor)
        return None

    # -- around the game -------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.tr, text=help_text(self.tr, self.rules)))

    def action_play_again(self) -> None:
        """After a game: the next one at the same table, whoever was second moving first."""
        if self.again is None or not self.session.position.over or self.too_small:
            return
        try:
            session = self.again(self.session)
        except ThousandError as exc:
            self.notice = self.tr.gettext("Could not start a new game: {error}").format(error=exc)
            self.refresh_view()
            return
        self.session = session
        self.kept = []
        self.cursor = None
        self.notice = ""
        self._coached = None
        self.query_one("#log", RichLog).clear()
        self.say(
            self.tr.gettext("A new game; first turn: {name}.").format(name=session.seat.name),
            style="bold",
        )
        self.refresh_view()
        self.schedule_bot(FIRST_PAUSE)

    async def action_quit_game(self) -> None:
        """Save (the record as it stands, a turn in progress too) and leave."""
        self.quitting = True
        with contextlib.suppress(ThousandError):  # the last turn's save stands
            self.session.save()
        self.exit(0)


def keys_help(tr: Translator, rules: Rules) -> list[str]:
    """The keys of poker dice, as a section of the help."""
    lines = [
        tr.gettext("Space or T — throw: all five dice first, then the dice not kept."),
        tr.gettext("1–5 — keep a die for the next throw or put it back (● under a kept die)."),
    ]
    if rules.sheet == "ranking":
        lines.append(tr.gettext("S — stand on the hand (the last throw stands by itself)."))
    else:
        lines += [
            tr.gettext(
                "The letter beside an open box on the sheet writes the dice into it; the "
                "number in brackets is what it would take."
            ),
            tr.gettext(
                "↑ ↓ — move the cursor ▶ over the open boxes; Enter — write the box under it "
                "(after a throw it starts on the box that scores most)."
            ),
        ]
    lines += [
        tr.gettext(
            "C — the coach: the best actions now, each with the expected final total of "
            "the best play from then on (in the ranking game, the chance to win the round) "
            "and what it loses against the best; · marks your own choice so far."
        ),
        tr.gettext("N — when the game is over: play again, whoever was second moves first."),
        tr.gettext("H, F1 or ? — these rules; Q — save and quit (the game can be resumed)."),
        tr.gettext("The keys work in the Russian layout too: Ы for S, С for C, Й for Q…"),
    ]
    return lines


def help_text(tr: Translator, rules: Rules) -> Text:
    """The rules being played (the preset's description, the keys a house changed) and
    the keys."""
    spec = rules_to_spec(rules)
    preset = spec if isinstance(spec, str) else str(spec["preset"])
    text = Text()
    text.append(tr.gettext("Poker dice") + " · " + rules_title(tr, rules) + "\n", "bold underline")
    text.append("• " + preset_description(tr, preset) + "\n")
    if not isinstance(spec, str):
        text.append("• " + rules_key(tr, rules) + "\n")
    text.append("\n" + tr.gettext("Keys") + "\n", "bold underline")
    for line in keys_help(tr, rules):
        text.append("• " + line + "\n")
    return text


def _no_loader(rules: Rules) -> SheetValues:
    """The coach is asked only once the strategy is here (the screen loads it)."""
    raise ThousandError("the solved strategy is not loaded yet")
