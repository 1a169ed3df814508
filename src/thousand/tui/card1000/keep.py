"""The score sheet of card Thousand played with a real deck (``thousand play --game
card1000 --table``): a form for each deal's result under the sheet as on paper.

The company types, per deal, the declarer (its seat's number), the contract and each
seat's points — one playing seat may be left empty: the form works it out from 120,
the marriages announced (their total, typed in its own field) and the last-trick bonus —
and Enter scores the deal. W writes the contract off, R records a redeal, D toggles a
dark deal where the rules have one. The dealer is never typed: it rotates, and the line
over the form says who deals, who plays first and whether the deal is golden. A result
that cannot have happened is refused in one line (:func:`~thousand.games.card1000.words.
table_refusal`) and nothing changes: the sheet stays as it was and the form keeps what
was typed, to be corrected. The record is saved after every deal.

The fields take only digits, so every letter stays the game's key (Q saves and quits,
H shows the help), in both keyboard layouts; Tab and Shift+Tab move between fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, RichLog, Static

from thousand.core.errors import IllegalActionError
from thousand.games.card1000.keep_session import KeepSession, KeepStep
from thousand.games.card1000.keeping import Entry, fill_points
from thousand.games.card1000.presets import rules_to_spec
from thousand.games.card1000.record import Replay
from thousand.games.card1000.sheet import legend, sheet_rows
from thousand.games.card1000.words import player_label, rules_title, table_refusal
from thousand.tui.base import Drawn, GameApp
from thousand.tui.keys import any_layout
from thousand.tui.widgets import KeyHint

DIGITS = "0123456789"


class NumberInput(Input):
    """A field that takes digits and leaves every other key to the game (as the dice
    game's faces line does)."""

    def __init__(self, *, id: str, width: int) -> None:
        super().__init__(id=id, max_length=width, restrict=f"[{DIGITS}]*", compact=True)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in DIGITS

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and (event.character or "") not in DIGITS:
            event.prevent_default()


class KeepApp(GameApp[KeepSession, Entry, KeepStep]):
    """The scorekeeping screen; see the module docstring."""

    CSS = """
    #sheet { height: 1fr; border-left: none; padding: 0 1; }
    #form { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    #deal-line { height: auto; text-style: bold; }
    .row { height: 1; margin-bottom: 0; }
    .row Label { margin: 0 1 0 0; }
    NumberInput { margin: 0 2 0 0; }
    #declarer { width: 4; }
    #contract { width: 6; }
    #marriages { width: 6; }
    .points { width: 6; }
    #hint { height: 1; color: $text-muted; }
    #notice { height: auto; color: $warning; text-style: bold; padding: 0 1; }
    #log { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(any_layout("w"), "write_off", show=False),
        Binding(any_layout("r"), "redeal", show=False),
        Binding(any_layout("d"), "dark", show=False),
        Binding(any_layout("u"), "undo", show=False),
        Binding("tab", "app.focus_next", show=False),
        Binding("shift+tab", "app.focus_previous", show=False),
    ]

    VISIBLE: ClassVar[tuple[str, ...]] = ("#title", "#sheet", "#deal-line", "#hint", "#notice")

    def prepare(self) -> None:
        self.dark = False

    # -- the frame ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        tr, names = self.tr, self.session.names
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="title")
            yield Drawn(self.sheet_view, id="sheet")
            with Vertical(id="form"):
                yield Static(id="deal-line")
                with Horizontal(classes="row"):
                    yield Label(tr.gettext("Declarer №"))
                    yield NumberInput(id="declarer", width=1)
                    yield Label(tr.gettext("Contract"))
                    yield NumberInput(id="contract", width=3)
                    yield Label(tr.gettext("Marriages"))
                    yield NumberInput(id="marriages", width=3)
                    yield Label("", id="dark-label")
                with Horizontal(classes="row"):
                    yield Label(tr.gettext("Points:"))
                    for seat, name in enumerate(names):
                        yield Label(f"{seat + 1} {name}")
                        yield NumberInput(id=f"points-{seat}", width=3).add_class("points")
                yield Static(id="hint")
            yield Static(id="notice")
            yield RichLog(id="log", wrap=True, markup=False)
            yield Static(id="actions")

    def on_mount(self) -> None:
        super().on_mount()
        self.focus_first()

    def focus_first(self) -> None:
        if not self.session.is_over:
            self.query_one("#declarer", NumberInput).focus()

    # -- what the screen shows ---------------------------------------------------------

    def replay(self) -> Replay:
        return Replay(self.session.game.position, table=True)

    def sheet_view(self, width: int, height: int) -> RenderableType:
        """The sheet as on paper: the last deals that fit, the totals, the marks."""
        tr, names = self.tr, self.session.names
        rows = sheet_rows(self.replay(), tr)
        marks = legend(rows, tr)
        room = max(1, height - 4 - (1 if marks else 0))
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        table.add_column(Text(tr.gettext("Deal"), style="bold"), justify="right")
        table.add_column(Text(tr.gettext("Declarer"), style="bold"))
        for name in names:
            table.add_column(Text(name, style="bold"), justify="right", no_wrap=True)
        for number, label, cells in rows[-room:]:
            table.add_row(Text(number), Text(label), *(Text(cell) for cell in cells))
        totals = [score.total for score in self.session.game.state.board]
        table.add_row(
            Text(""),
            Text(tr.gettext("Total"), style="bold"),
            *(Text(str(total), style="bold") for total in totals),
        )
        parts: list[RenderableType] = [table]
        if marks:
            parts.append(Text(marks, style="dim"))
        del width
        return Group(*parts)

    def deal_line(self) -> Text:
        """Who deals the next deal, who plays first, and what kind of deal it is."""
        tr, game, names = self.tr, self.session.game, self.session.names
        state = game.state
        if state.winner is not None:
            return Text(
                tr.gettext("The game is over. Winner: {name}.").format(name=names[state.winner]),
                style="bold green",
            )
        line = game.next_deal_line(tr)
        return Text(line)

    def typed(self, selector: str) -> int | None:
        value = self.query_one(selector, NumberInput).value
        return int(value) if value else None

    def typed_points(self) -> list[int | None]:
        return [self.typed(f"#points-{seat}") for seat in range(len(self.session.names))]

    def hint(self) -> Text:
        """What the form works out: the points of the one playing seat left empty."""
        tr, game, names = self.tr, self.session.game, self.session.names
        if game.over:
            return Text("")
        points = self.typed_points()
        empty = [seat for seat, value in enumerate(points) if value is None and seat != game.idle]
        if len(empty) == 1 and game.rules.players != 2:
            try:
                filled = fill_points(game.rules, game.dealer, points, self.typed("#marriages") or 0)
            except IllegalActionError:
                return Text("")
            return Text(
                tr.gettext("{name}: {points} (the rest of 120 and the marriages)").format(
                    name=names[empty[0]], points=filled[empty[0]]
                )
            )
        return Text(tr.gettext("Leave one player's points empty: the form works them out."))

    def refresh_view(self) -> None:
        tr, session = self.tr, self.session
        title = tr.gettext("Card Thousand · real cards · {rules}").format(
            rules=rules_title(tr, rules_to_spec(session.rules))
        )
        self.query_one("#title", Static).update(Text(title, style="bold"))
        self.query_one("#sheet", Drawn).refresh()
        self.query_one("#deal-line", Static).update(self.deal_line())
        self.query_one("#hint", Static).update(self.hint())
        dark = tr.gettext("dark deal") if self.dark else ""
        self.query_one("#dark-label", Label).update(Text(dark, style="bold magenta"))
        self.query_one("#notice", Static).update(Text(self.notice))
        self.query_one("#form").display = not session.is_over
        self.query_one("#actions", Static).update(self.actions_text())

    def on_input_changed(self, event: Input.Changed) -> None:
        del event
        for hint in self.query("#hint").results(Static):
            hint.update(self.hint())

    # -- entering a deal -----------------------------------------------------------------

    def entry(self, *, write_off: bool = False) -> Entry:
        """What the form holds, as a deal's result (points worked out where one is empty)."""
        game = self.session.game
        declarer = self.typed("#declarer")
        seat = None if declarer is None else declarer - 1
        contract = self.typed("#contract")
        if game.golden and contract is None:
            contract = 120
        if write_off:
            return Entry(declarer=seat, contract=contract, write_off=True, dark=self.dark)
        marriages = self.typed("#marriages") or 0
        points = fill_points(game.rules, game.dealer, self.typed_points(), marriages)
        return Entry(declarer=seat, contract=contract, points=points, dark=self.dark)

    def submit(self, *, write_off: bool = False) -> None:
        if not self.human_may_act():
            return
        try:
            entry = self.entry(write_off=write_off)
        except IllegalActionError as exc:
            self.refuse(exc)
            return
        self.perform(entry)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def action_enter(self) -> None:
        self.submit()

    def action_write_off(self) -> None:
        self.submit(write_off=True)

    def action_redeal(self) -> None:
        if self.human_may_act():
            self.perform(Entry(redeal=True))

    def action_dark(self) -> None:
        rules = self.session.rules
        if self.human_may_act() and rules.dark and not self.session.game.golden:
            self.dark = not self.dark
            self.refresh_view()

    def action_undo(self) -> None:
        """U: take back the last deal entered (a mistyped result)."""
        if self.too_small or self.session.is_over or not self.session.undo():
            return
        self.notice = self.tr.gettext("The last deal is taken back.")
        self.note_save_error()
        self.refresh_view()
        self.focus_first()

    def action_throw(self) -> None:
        """Space/T of the dice games: nothing to throw here."""

    def action_stop(self) -> None:
        """S of the dice games: nothing to stop here."""

    def clear_form(self) -> None:
        for field in self.query(NumberInput):
            field.value = ""
        self.dark = False

    # -- what GameApp asks ---------------------------------------------------------------

    def past_turns(self) -> Iterable[str]:
        return []

    def player_label(self, name: str, level: str | None) -> str:
        return player_label(self.tr, name, level)

    def refusal(self, error: IllegalActionError) -> str:
        return table_refusal(self.tr, error, self.session.names)

    def take(self, action: Entry) -> KeepStep:
        return self.session.act(action)

    def show_step(self, step: KeepStep) -> None:
        self.note_save_error()
        self.clear_form()
        self.refresh_view()
        self.focus_first()
        del step

    async def bot_move(self) -> None:
        self.bot_busy = False

    def move_hints(self) -> list[KeyHint]:
        tr = self.tr
        hints = [
            KeyHint("Enter", tr.gettext("score the deal")),
            KeyHint("Tab", tr.gettext("next field")),
            KeyHint("W", tr.gettext("written off")),
            KeyHint("R", tr.gettext("redeal")),
        ]
        if self.session.rules.dark and not self.session.game.golden:
            hints.append(KeyHint("D", tr.gettext("dark deal")))
        if self.session.deals:
            hints.append(KeyHint("U", tr.gettext("take back the last deal")))
        return hints

    def help_text(self) -> Text:
        tr = self.tr
        text = Text(
            tr.gettext("Card Thousand · real cards · {rules}").format(
                rules=rules_title(tr, rules_to_spec(self.session.rules))
            ),
            style="bold",
        )
        text.append("\n\n")
        text.append(
            tr.gettext(
                "After each deal type the declarer's number, the contract and each "
                "player's points (the marriages they announced included). Leave one "
                "player's points empty and type the marriages announced: the form works "
                "them out. Enter scores the deal; W: the declarer wrote the contract off; "
                "R: the cards were dealt again; D: a dark deal. Tab moves between fields. "
                "The program keeps the sheet with every rule: barrel, bolts, write-offs. "
                "Q saves and quits; --resume goes on."
            )
        )
        return text

    def new_game(self) -> None:
        self.clear_form()
        self.call_later(self.focus_first)


__all__ = ["KeepApp", "NumberInput"]
