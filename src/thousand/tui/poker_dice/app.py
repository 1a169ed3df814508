"""The full-screen game of poker dice: a :class:`~thousand.games.poker_dice.table.Session`
drawn and played with keys (``thousand play --game poker_dice``).

A :class:`~thousand.tui.base.GameApp`, as every game's screen is: the frame, the size
check, the key bar's frame, the pace of computer players, play again, help, save and
quit are the base's, and so are the dice and the keys in both keyboard layouts. The app
holds no game logic: a key becomes an engine action through the session, and what the
screen shows — what a box would take, why an action is refused, what a turn wrote, who
won — is the engine's answer put into words by :mod:`thousand.games.poker_dice.words`.

The sheet is fitted to the room beside the dice
(:func:`~thousand.tui.poker_dice.widgets.sheet_view`); where dice of full size would
leave it too little — four players at 80 columns — the dice are drawn two cells
narrower.

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
from collections.abc import Iterable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

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
    player_label,
    preset_description,
    refusal,
    result,
    rules_key,
    rules_title,
    throws_left,
    written,
)
from thousand.tui.base import Drawn, GameApp
from thousand.tui.keys import any_layout
from thousand.tui.poker_dice.widgets import (
    BOX_KEYS,
    box_keys,
    coach_table,
    dice_view,
    hands_view,
    sheet_view,
    sheet_width,
)
from thousand.tui.screens import around_keys, help_sections
from thousand.tui.widgets import KeyHint

CHOICE_PAUSE = 0.8
"""Seconds the dice a computer player keeps, or the box it writes, are shown first."""

TABLE_WIDTH = 41
"""The left panel's width with dice of full size: five dice and their padding."""
SMALL_TABLE = 31
"""The left panel's width with small dice, which leave the sheet ten cells more."""
MIN_SHEET = 30
WIDE = 100
"""From this width the key bar also names the boxes' letters (the sheet shows them)."""


class PokerApp(GameApp[Session, Action, Step]):
    """Poker dice on a full screen; ``run()`` returns the exit status (0)."""

    CSS = (
        GameApp.CSS
        + """
    #table { min-width: 41; }
    #sheet { width: auto; min-width: 36; max-width: 64%; }
    #notice { padding: 0 1; }
    #coach { height: auto; display: none; }
    #log { scrollbar-gutter: stable; }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        *(Binding(str(n), f"keep({n - 1})", show=False) for n in range(1, 6)),
        *(Binding(any_layout(key), f"write_key('{key}')", show=False) for key in BOX_KEYS),
    ]

    THROW_PAUSE = 1.0
    TURN_PAUSE = 1.4

    VISIBLE = ("#title", "#turn-header", "#throw-info", "#notice", "#coach")

    def prepare(self) -> None:
        self.kept: list[int] = []
        """The places of the dice kept for the next throw (the mover's, or a computer's
        choice shown before it throws)."""
        self.cursor: str | None = None
        """The box under the cursor (Enter writes it)."""
        self.strategy: SheetValues | None = None
        """A sheet game's solved strategy, for the coach (fetched on its first show)."""
        self.strategy_loading = False
        self.coach_error: str | None = None
        self._coached: tuple[Position, Coaching | str] | None = None
        self.bot_writes = False
        """A computer player has chosen the box under the cursor and is about to write it."""
        self.take_up_turn()

    # -- layout ----------------------------------------------------------------

    def compose_panels(self) -> ComposeResult:
        yield Static(id="coach")

    def compose_footer(self) -> ComposeResult:
        yield Static(id="notice")  # the full width: a refusal stays one line

    def take_up_turn(self) -> None:
        """The marks of the turn in progress (a resumed game): the cursor on the best
        box, and the dice held at its last throw (none before a turn's first throw)."""
        position = self.session.position
        self.kept = []
        self.cursor = None
        if position.throws:
            self.place_cursor()
            if position.throws > 1 and position.throws_left > 0:
                self.kept = [place for place in range(5) if place not in self.session.fresh]

    def past_turns(self) -> Iterable[str]:
        return [self.turn_line(end) for end in self.session.turns[-20:]]

    def player_label(self, name: str, level: str | None) -> str:
        return player_label(self.tr, name, level)

    def help_text(self) -> Text:
        return help_text(self.tr, self.rules)

    def new_game(self) -> None:
        self.take_up_turn()
        self._coached = None

    # -- drawing ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def refresh_view(self) -> None:
        """Redraw everything from the session (a handful of small renderables)."""
        session, tr = self.session, self.tr
        self.query_one("#title", Static).update(self.title_text())
        self.query_one("#turn-header", Drawn).refresh()
        small = self.small_dice()
        self.query_one("#table").styles.min_width = SMALL_TABLE if small else TABLE_WIDTH
        self.query_one("#dice", Static).update(dice_view(session, tr, self.kept, small=small))
        self.query_one("#throw-info", Static).update(self.throw_info())
        notice = self.notice_line()
        shown = self.query_one("#notice", Static)
        shown.update(notice)
        shown.display = bool(notice.plain)
        coach = self.query_one("#coach", Static)
        coach.display = self.advice_shown
        if self.advice_shown:
            coach.update(self.coach_view())
        self.query_one("#sheet", Static).update(self.sheet_renderable())
        self.query_one("#actions", Static).update(self.actions_text())

    def notice_line(self) -> Text:
        """Over the key bar: who won once the game is over, else the notice (a refusal)."""
        if self.session.position.over:
            return Text(result(self.tr, self.winner_names()), style="bold green")
        return Text(self.notice)

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
                tr.gettext("First throw: combinations score double."),
                style="magenta",
            )
        return line

    def small_dice(self) -> bool:
        """Small dice, when the dice of full size leave the sheet too little room for
        all it wants: its labels and the players' names uncut (four players at 80
        columns). The ranking game's hands fit beside the dice of full size."""
        if self.session.position.is_ranking:
            return False
        return sheet_width(self.session, self.tr) > self.size.width - TABLE_WIDTH - 3

    def sheet_lines(self) -> int:
        """The lines the sheet has: the screen's, less the title, the notice (the whole
        width, shown when there is one) and the key bar."""
        width = max(20, self.size.width - 2)
        notice = self.notice_line()
        notice_lines = len(notice.wrap(self.console, width)) if notice.plain else 0
        bar_lines = self.actions_text().plain.count("\n") + 1
        return self.size.height - 1 - notice_lines - bar_lines

    def sheet_renderable(self) -> RenderableType:
        session, tr = self.session, self.tr
        if session.position.is_ranking:
            return hands_view(session, tr)
        writing = self.human_may_act() and session.position.throws > 0
        # A computer player's box is under the cursor only once it has chosen it.
        cursor = self.cursor if writing or self.bot_writes else None
        table = SMALL_TABLE if self.small_dice() else TABLE_WIDTH
        return sheet_view(
            session,
            tr,
            cursor=cursor,
            keys=writing,
            width=max(MIN_SHEET, self.size.width - table - 3),
            height=self.sheet_lines(),
        )

    # -- the key bar -------------------------------------------------------------

    def coach_hint(self) -> KeyHint:
        tr = self.tr
        return KeyHint(
            "C", tr.gettext("hide the coach") if self.advice_shown else tr.gettext("coach")
        )

    def watching_hints(self) -> list[KeyHint]:
        return [self.coach_hint()]

    def move_hints(self) -> list[KeyHint]:
        tr = self.tr
        position = self.session.position
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
        return [*hints, self.coach_hint()]

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

    def sheet_text(self) -> str:
        """The sheet as drawn now, plain (tests)."""
        sheet = self.query_one("#sheet", Static)
        return self.plain(self.sheet_renderable(), max(20, sheet.content_size.width))

    def dice_text(self) -> str:
        """The dice as drawn now, plain (tests)."""
        return self.plain(dice_view(self.session, self.tr, self.kept), 60)

    # -- playing ---------------------------------------------------------------

    def refusal(self, error: IllegalActionError) -> str:
        return refusal(self.tr, error, self.rules)

    def take(self, action: Action) -> Step:
        """A throw keeps the dice marked (all five are thrown at a turn's first)."""
        if isinstance(action, Throw):
            return self.session.throw(self.kept if self.session.position.throws else ())
        return self.session.act(action)

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
            self.note_save_error()
        else:
            self.place_cursor()
            if step.after.throws_left <= 0:
                self.kept = []
        self.refresh_view()
        self.schedule_bot(self.TURN_PAUSE if step.end is not None else self.THROW_PAUSE)

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
        self.mark_die(self.kept, place)

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

    async def bot_move(self) -> None:
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
    lines.append(
        tr.gettext(
            "C — the coach: the best actions now, each with the expected final total of "
            "the best play from then on (in the ranking game, the chance to win the round) "
            "and what it loses against the best; · marks your own choice so far."
        )
    )
    return lines + around_keys(tr)


def help_text(tr: Translator, rules: Rules) -> Text:
    """The rules being played (the preset's description, the keys a house changed) and
    the keys."""
    spec = rules_to_spec(rules)
    preset = spec if isinstance(spec, str) else str(spec["preset"])
    about = [preset_description(tr, preset)]
    if not isinstance(spec, str):
        about.append(rules_key(tr, rules))
    title = tr.gettext("Poker dice") + " · " + rules_title(tr, rules)
    return help_sections([(title, about), (tr.gettext("Keys"), keys_help(tr, rules))])


def _no_loader(rules: Rules) -> SheetValues:
    """The coach is asked only once the strategy is here (the screen loads it)."""
    raise ThousandError("the solved strategy is not loaded yet")
