"""The full-screen game of card Thousand: a :class:`~thousand.games.card1000.session.
Session` drawn and played with keys (``thousand play --game card1000``).

A :class:`~thousand.tui.base.GameApp` as every game's screen. The app is the referee's
front: it draws **one seat's view only** (:func:`~thousand.games.card1000.views.view`
of the person to move, or of the last one who moved), never the state; a key becomes a
decision through the session (the engine's checked path), and a refusal is said in the
player's words. The legal decisions are the engine's (``legal.legal_actions``).

Keys: ← → move the cursor over the hand's cards (or the bidding's amounts and other
choices), Enter takes it; 1–9 and 0 play (or give) a card at once; P passes, R asks for
a redeal, W writes off, Tab chooses who gets the card given, M announces a marriage or
not with the K or Q led; S the whole score sheet; C the advisor; H the rules; Q saves
and quits. With several people at one screen the hands are hidden between seats:
"pass the device to Boris — Enter".

When a deal is over the table stops, as a card table does: the deal-over panel
(:mod:`.deal_over`: the contract and how it went, each seat's points, change and total,
the last trick, every hand as dealt and the talon — a finished deal is public) stays
until Enter starts the next deal; nobody, computer or person, moves meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from thousand.core.errors import IllegalActionError, ThousandError
from thousand.core.i18n import N_
from thousand.core.sheets import signed
from thousand.games.card1000.actions import (
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    WriteOff,
)
from thousand.games.card1000.advice import ActionAdvice, advise
from thousand.games.card1000.cards import Card
from thousand.games.card1000.deal_over import DealOver, deal_over
from thousand.games.card1000.legal import refusal as engine_refusal
from thousand.games.card1000.levels.expert import evaluated_spare
from thousand.games.card1000.review import DealReview, review_record
from thousand.games.card1000.session import Session, Step
from thousand.games.card1000.sheet import sheet_rows
from thousand.games.card1000.views import SeatView
from thousand.games.card1000.words import (
    decision_line,
    of_seat,
    outcome_words,
    phase_name,
    player_label,
    refusal,
    rules_title,
    seat_label,
    short,
)
from thousand.tui.base import GameApp
from thousand.tui.card1000.deal_over import deal_over_view
from thousand.tui.card1000.widgets import (
    OPTIONS_WIDTH,
    Option,
    hand_view,
    lead,
    options_view,
    paper_sheet,
    scores_view,
    seats_view,
    table_view,
    view_replay,
)
from thousand.tui.keys import any_layout
from thousand.tui.screens import HelpScreen, around_keys, help_sections
from thousand.tui.widgets import KeyHint

STEP_PAUSE = 0.8
"""Seconds between two computer decisions."""
TRICK_PAUSE = 1.6
"""Seconds a full trick stays on the table before the next lead."""


class CardApp(GameApp[Session, Decision, Step]):
    """Card Thousand on a full screen; ``run()`` returns the exit status (0)."""

    CSS = (
        GameApp.CSS
        + """
    #dice { height: auto; }
    #throw-info { height: auto; margin-top: 1; }
    #choices { height: auto; }
    #coach { height: auto; display: none; }
    #sheet { width: 30; }
    #notice { padding: 0 1; }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        *(Binding(str(n % 10), f"card({n - 1})", show=False) for n in range(1, 11)),
        Binding(any_layout("p"), "pass_bid", show=False),
        Binding(any_layout("r"), "redeal", show=False),
        Binding(any_layout("w"), "write_off", show=False),
        Binding(any_layout("m"), "marriage", show=False),
        Binding("tab", "recipient", show=False),
    ]

    VISIBLE = ("#title", "#turn-header", "#dice", "#throw-info", "#choices", "#notice", "#coach")

    def prepare(self) -> None:
        self.cursor = 0
        self.announce = True
        """Lead the K or Q of a marriage announcing it (M turns it off)."""
        self.give_to: int | None = None
        self.viewer: int | None = None
        """The seat whose view is drawn: the person to move, or the last one who moved."""
        self.covered = False
        """Several people at one screen: the hands are hidden until Enter."""
        self.advice: tuple[int, tuple[ActionAdvice, ...] | str] | None = None
        self.advice_loading = False
        self.reviews: list[str] = []
        self.review_busy = False
        self.deal_over: DealOver | None = None
        """The deal just over, shown until Enter (None: a deal is in play)."""
        self.take_up()

    # -- whose screen -------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [index for index, seat in enumerate(self.session.seats) if not seat.is_bot]

    def take_up(self) -> None:
        """The viewer after a decision: the person to move; a change of person at a
        shared screen covers the hands first."""
        state = self.session.position.state
        humans = self.humans
        to_move = state.to_move
        if to_move is not None and to_move[0] in humans:
            if to_move[0] != self.viewer:
                if len(humans) > 1:
                    self.covered = True
                self.viewer = to_move[0]
                self.cursor_home()
        elif self.viewer is None and humans:
            self.viewer = humans[0]
            self.covered = len(humans) > 1

    @property
    def you(self) -> int | None:
        """The seat of the one person at the keyboard (the others computers), told in the
        second person ("You bid 120", "Your hand"); None in hot-seat, where every person
        is told by name."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def seen(self) -> SeatView:
        """The one view the screen is drawn from."""
        return self.session.view(None if self.covered else self.viewer)

    def my_turn(self) -> bool:
        state = self.session.position.state
        return (
            self.deal_over is None
            and not self.covered
            and state.to_move is not None
            and state.to_move[0] == self.viewer
            and self.viewer in self.humans
        )

    def legal(self) -> tuple[Decision, ...]:
        return self.session.legal() if self.my_turn() else ()

    def phase(self) -> str | None:
        to_move = self.session.position.state.to_move
        return None if to_move is None else to_move[1]

    def card_mode(self) -> bool:
        return self.phase() in ("play", "give")

    def hand(self) -> tuple[Card, ...]:
        deal = self.seen().deal
        return () if deal is None or deal.hand is None else deal.hand

    def options(self) -> list[tuple[Option, Decision]]:
        """The choices of a moment that is not a card's: amounts, pass, dark, talons."""
        tr = self.tr
        found: list[tuple[Option, Decision]] = []
        for action in self.legal():
            if isinstance(action, Bid | Contract):
                found.append((Option(str(action.amount), amount=True), action))
            elif isinstance(action, Pass):
                found.append((Option(tr.gettext("pass"), "P"), action))
            elif isinstance(action, Redeal):
                found.append((Option(tr.gettext("redeal"), "R"), action))
            elif isinstance(action, Dark):
                label = tr.gettext("play dark") if action.dark else tr.gettext("look at the cards")
                found.append((Option(label), action))
            elif isinstance(action, ChooseTalon):
                found.append((Option(tr.gettext("talon {n}").format(n=action.index + 1)), action))
        return found

    def cursor_home(self) -> None:
        """The cursor where a decision starts: the first card one may play, or pass."""
        self.give_to = None
        if self.card_mode():
            allowed = self.allowed_cards()
            hand = self.hand()
            self.cursor = next((i for i, each in enumerate(hand) if each in allowed), 0)
        else:
            options = self.options()
            passes = [i for i, (_, action) in enumerate(options) if isinstance(action, Pass)]
            self.cursor = passes[0] if passes else 0

    def allowed_cards(self) -> set[Card]:
        return {action.card for action in self.legal() if isinstance(action, Play | Give | Discard)}

    def recipients(self) -> list[int]:
        return sorted({action.to for action in self.legal() if isinstance(action, Give)})

    def recipient(self) -> int | None:
        found = self.recipients()
        if not found:
            return None
        return self.give_to if self.give_to in found else found[0]

    def card_action(self, each: Card) -> Decision:
        """What the card under the cursor does now: played (announcing its marriage
        when allowed and wanted), given to the chosen opponent, or put aside."""
        if self.phase() == "give":
            if self.session.rules.players == 2:
                return Discard(each)
            to = self.recipient()
            return Give(each, to if to is not None else -1)
        plays = [a for a in self.legal() if isinstance(a, Play) and a.card == each]
        if self.announce:
            for action in plays:
                if action.marriage or action.ace_marriage:
                    return action
        return Play(each)

    # -- what the base asks ---------------------------------------------------------

    def compose_panels(self) -> ComposeResult:
        yield Static(id="choices")
        yield Static(id="coach")

    def compose_footer(self) -> ComposeResult:
        yield Static(id="notice")

    def past_turns(self) -> Iterable[str]:
        state = self.session.position.state
        deal = state.deal
        lines = [self.deal_end_line(index) for index in range(len(state.history))][-5:]
        if deal is not None:
            for seat, action in deal.actions:
                lines.append(self.step_line(seat, action))
        return lines[-20:]

    def player_label(self, name: str, level: str | None) -> str:
        return player_label(self.tr, name, level)

    def refusal(self, error: IllegalActionError) -> str:
        return refusal(self.tr, error)

    def take(self, action: Decision) -> Step:
        return self.session.act(action)

    def new_game(self) -> None:
        self.viewer = None
        self.deal_over = None
        self.take_up()

    # -- drawing ----------------------------------------------------------------------

    def labels(self) -> list[str]:
        return [seat_label(self.tr, seat.name, seat.bot) for seat in self.session.seats]

    def refresh_view(self) -> None:
        session, tr = self.session, self.tr
        seen = self.seen()
        names = list(session.names)
        rules = session.rules
        title = lead(tr.gettext("Card Thousand"), "bold")
        title.append(" · " + rules_title(tr, session.record.rules))
        title.append(" · " + tr.gettext("deal {n}").format(n=len(seen.history) + 1))
        self.query_one("#title", Static).update(title)
        self.query_one("#turn-header").refresh()
        if self.deal_over is not None:
            self.query_one("#dice", Static).update(self.deal_over_text(seen))
            self.query_one("#throw-info", Static).update(Text())
            self.query_one("#choices", Static).update(Text())
        else:
            table = seats_view(tr, seen, self.labels(), self.viewer)
            middle = table_view(tr, seen, names, None if self.covered else self.viewer, self.you)
            if middle.plain:
                table.append("\n")
                table.append_text(middle)
            self.query_one("#dice", Static).update(table)
            self.query_one("#throw-info", Static).update(self.hand_text())
            self.query_one("#choices", Static).update(self.choices_text())
        notice = Text(self.notice, style="bold")
        if session.is_over and seen.winner is not None:
            won = of_seat(
                tr,
                seen.winner,
                names,
                (N_("{name} wins the game!"), N_("You win the game!")),
                you=self.you,
            )
            notice = Text(won, style="bold green")
        shown = self.query_one("#notice", Static)
        shown.update(notice)
        shown.display = bool(notice.plain)
        coach = self.query_one("#coach", Static)
        coach.display = self.advice_shown
        if self.advice_shown:
            coach.update(self.advice_text())
        self.query_one("#sheet", Static).update(scores_view(tr, seen, rules, names))
        self.query_one("#actions", Static).update(self.actions_text())

    def deal_over_text(self, seen: SeatView) -> Text:
        """The deal-over panel, the deal's sheet row giving its changes and totals."""
        over = self.deal_over
        assert over is not None
        names = self.session.names
        rows = sheet_rows(view_replay(seen, self.session.rules, names), self.tr)
        _, label, cells = rows[over.number - 1]
        return deal_over_view(self.tr, over, names, label, cells, you=self.you)

    def hand_text(self) -> Text:
        tr = self.tr
        if self.covered:
            name = self.session.names[self.viewer] if self.viewer is not None else ""
            return Text(
                tr.gettext("Pass the device to {name} — Enter").format(name=name),
                style="bold reverse",
            )
        if self.viewer is None:
            return Text()
        hand = self.hand()
        if not hand:
            return Text(tr.gettext("Your cards are face down (dark)."), style="dim")
        title = of_seat(
            tr,
            self.viewer,
            self.session.names,
            (N_("{name}'s hand"), N_("Your hand")),
            you=self.you,
        )
        cursor = self.cursor if self.card_mode() and self.my_turn() else None
        choosing = self.card_mode() and self.my_turn()
        return hand_view(tr, hand, self.allowed_cards() if choosing else None, cursor, title)

    def choices_text(self) -> Text:
        tr = self.tr
        if not self.my_turn():
            return Text()
        phase = self.phase()
        if phase == "give":
            text = Text()
            to = self.recipient()
            if to is not None:
                text.append(
                    tr.gettext("Give a card to {name}").format(name=self.session.names[to]),
                    style="bold",
                )
            elif self.session.rules.players == 2:
                text.append(tr.gettext("Put a card aside"), style="bold")
            return text
        if phase == "play":
            return Text()
        options = self.options()
        heading = {
            "bid": tr.gettext("Bid:"),
            "contract": tr.gettext("Contract:"),
            "dark": tr.gettext("Dark?"),
            "talon": tr.gettext("Talon:"),
        }.get(phase or "", "")
        width = self.query_one("#choices", Static).size.width or OPTIONS_WIDTH
        return options_view(tr, heading, [option for option, _ in options], self.cursor, width)

    def turn_header(self, width: int = 0, _height: int = 1) -> Text:
        if self.deal_over is not None and not self.session.is_over:
            return Text(
                self.tr.gettext("Deal {n} is over.").format(n=self.deal_over.number), style="bold"
            )
        header = super().turn_header(width, _height)
        phase = self.phase()
        if phase is not None and not self.session.is_over:
            header.append(" · " + phase_name(self.tr, phase), style="dim")
        return header

    # -- the key bar ------------------------------------------------------------------

    def key_hints(self) -> tuple[Text | None, list[KeyHint]]:
        """While a finished deal is shown: Enter for the next deal (the sheet, the rules
        and quitting still at hand)."""
        if self.deal_over is None or self.too_small or self.session.is_over:
            return super().key_hints()
        tr = self.tr
        return None, [
            KeyHint("Enter", tr.gettext("next deal")),
            KeyHint("S", tr.gettext("sheet")),
            KeyHint("H", tr.gettext("rules")),
            KeyHint("Q", tr.gettext("save and quit")),
        ]

    def watching_hints(self) -> list[KeyHint]:
        return [KeyHint("S", self.tr.gettext("sheet"))]

    def move_hints(self) -> list[KeyHint]:
        tr = self.tr
        if self.covered:
            return [KeyHint("Enter", tr.gettext("show my cards"))]
        hints: list[KeyHint] = []
        legal = self.legal()
        if self.card_mode():
            hand = self.hand()
            if hand:
                each = hand[min(self.cursor, len(hand) - 1)]
                action = self.card_action(each)
                why = engine_refusal(self.session.position.state, action)
                if why is not None:
                    hints.append(KeyHint("Enter", short(tr, each) + ": " + refusal(tr, why), False))
                elif isinstance(action, Discard):
                    hints.append(
                        KeyHint(
                            "Enter", tr.gettext("put {card} aside").format(card=short(tr, each))
                        )
                    )
                elif self.phase() == "give":
                    hints.append(
                        KeyHint("Enter", tr.gettext("give {card}").format(card=short(tr, each)))
                    )
                else:
                    hints.append(
                        KeyHint("Enter", tr.gettext("play {card}").format(card=short(tr, each)))
                    )
            hints.append(KeyHint("←→ 1–0", tr.gettext("card")))
            if any(isinstance(a, Play) and (a.marriage or a.ace_marriage) for a in legal):
                state = tr.gettext("on") if self.announce else tr.gettext("off")
                hints.append(KeyHint("M", tr.gettext("marriage: {state}").format(state=state)))
            if len(self.recipients()) > 1:
                hints.append(KeyHint("Tab", tr.gettext("other opponent")))
        else:
            hints.append(KeyHint("←→ Enter", tr.gettext("choose")))
        if any(isinstance(a, Pass) for a in legal):
            hints.append(KeyHint("P", tr.gettext("pass")))
        if any(isinstance(a, WriteOff) for a in legal):
            hints.append(KeyHint("W", tr.gettext("write off")))
        if any(isinstance(a, Redeal) for a in legal):
            hints.append(KeyHint("R", tr.gettext("redeal")))
        hints.append(KeyHint("C", tr.gettext("advisor")))
        hints.append(KeyHint("S", tr.gettext("sheet")))
        return hints

    def human_may_act(self) -> bool:
        return super().human_may_act() and self.my_turn()

    # -- playing -----------------------------------------------------------------------

    def step_line(self, seat: int, action: Decision) -> str:
        names = self.session.names
        to = names[action.to] if isinstance(action, Give) and 0 <= action.to < len(names) else None
        to_you = isinstance(action, Give) and self.you is not None and action.to == self.you
        return decision_line(self.tr, names[seat], action, to, you=seat == self.you, to_you=to_you)

    def deal_end_line(self, index: int) -> str:
        """A finished deal in the log: who declared what and each seat's change."""
        tr = self.tr
        summary = self.session.position.state.history[index]
        names = self.session.names
        changes = ", ".join(
            f"{name} {signed(change)}" for name, change in zip(names, summary.changes, strict=True)
        )
        if summary.outcome == "redeal":
            return tr.gettext("Deal {n}: redeal.").format(n=index + 1)
        if summary.declarer is not None and summary.declarer == self.you:
            return tr.gettext("Deal {n}: you {outcome} {contract} — {changes}.").format(
                n=index + 1,
                outcome=outcome_words(tr, str(summary.outcome), you=True),
                contract=summary.contract,
                changes=changes,
            )
        outcome = outcome_words(tr, str(summary.outcome))
        who = names[summary.declarer] if summary.declarer is not None else "?"
        return tr.gettext("Deal {n}: {name} {outcome} {contract} — {changes}.").format(
            n=index + 1, name=who, outcome=outcome, contract=summary.contract, changes=changes
        )

    def show_step(self, step: Step) -> None:
        self.say(self.step_line(step.seat, step.action))
        pause = STEP_PAUSE
        if step.end is not None:
            index = len(self.session.position.state.history) - 1
            self.say(self.deal_end_line(index), style="bold")
            self.note_save_error()
            pause = TRICK_PAUSE
            if step.end.points is not None and step.end.outcome != "redeal":
                self.start_review(index + 1)
            if self.humans:
                self.deal_over = deal_over(self.session.record.to_data(), index + 1)
        else:
            deal = self.session.view(None).deal
            if isinstance(step.action, Play) and deal is not None and not deal.trick:
                pause = TRICK_PAUSE
                took = of_seat(
                    self.tr,
                    deal.leader,
                    self.session.names,
                    (N_("{name} takes the trick."), N_("You take the trick.")),
                    you=self.you,
                )
                self.say(took, style="dim")
        self.advice = None
        viewer = self.viewer
        self.take_up()
        if self.viewer == viewer and self.my_turn():
            self.cursor_home()
        self.refresh_view()
        self.schedule_bot(pause)

    def perform_card(self, index: int) -> None:
        hand = self.hand()
        if not self.human_may_act() or not self.card_mode() or not 0 <= index < len(hand):
            return
        self.cursor = index
        self.perform(self.card_action(hand[index]))

    def action_card(self, index: int) -> None:
        self.perform_card(index)

    def action_cursor(self, delta: int) -> None:
        if not self.human_may_act():
            return
        count = len(self.hand()) if self.card_mode() else len(self.options())
        if count:
            self.cursor = (self.cursor + delta) % count
        self.notice = ""
        self.refresh_view()

    def schedule_bot(self, pause: float) -> None:
        """Computer players wait while a finished deal is shown."""
        if self.deal_over is None:
            super().schedule_bot(pause)

    def action_enter(self) -> None:
        if self.deal_over is not None:
            self.deal_over = None
            if self.my_turn():
                self.cursor_home()
            self.refresh_view()
            self.schedule_bot(STEP_PAUSE)
            return
        if self.covered:
            self.covered = False
            self.cursor_home()
            self.refresh_view()
            return
        if not self.human_may_act():
            return
        if self.card_mode():
            self.perform_card(self.cursor)
            return
        options = self.options()
        if options:
            self.perform(options[min(self.cursor, len(options) - 1)][1])

    def action_throw(self) -> None:
        self.action_enter()

    def perform_kind(self, kind: type) -> None:
        if not self.human_may_act():
            return
        for action in self.legal():
            if isinstance(action, kind):
                self.perform(action)
                return
        self.perform(kind())

    def action_pass_bid(self) -> None:
        self.perform_kind(Pass)

    def action_redeal(self) -> None:
        self.perform_kind(Redeal)

    def action_write_off(self) -> None:
        self.perform_kind(WriteOff)

    def action_marriage(self) -> None:
        self.announce = not self.announce
        self.refresh_view()

    def action_recipient(self) -> None:
        found = self.recipients()
        if len(found) > 1:
            now = self.recipient()
            self.give_to = found[(found.index(now) + 1) % len(found)] if now in found else found[0]
            self.refresh_view()

    def action_stop(self) -> None:
        """S: the whole score sheet, as on paper."""
        if self.too_small:
            return
        seen = self.seen()
        sheet = paper_sheet(self.tr, seen, self.session.rules, self.session.names)
        text = Text(self.plain(sheet, 76))
        self.push_screen(HelpScreen(self.tr, text, self.tr.gettext("Score sheet"), at_end=True))

    async def bot_move(self) -> None:
        session = self.session
        if self.too_small or session.is_over or self.quitting or not session.bot_to_move:
            self.bot_busy = False
            return
        position = session.position
        try:
            action = await asyncio.to_thread(session.bot_decision)
        except ThousandError as exc:
            self.bot_busy = False
            self.notice = self.tr.gettext("The computer player cannot move: {error}").format(
                error=exc
            )
            self.refresh_view()
            return
        self.bot_busy = False
        if self.quitting or session.position is not position:
            return
        self.show_step(session.act(action))

    # -- the advisor and the review ----------------------------------------------------

    def fetch_strategy(self) -> None:
        if not self.my_turn() or self.advice_loading:
            return
        self.advice_loading = True
        self.run_worker(self.load_advice(), group="advice", exclusive=True)

    async def load_advice(self) -> None:
        session = self.session
        seen = self.seen()
        legal = self.legal()
        rules = session.rules
        moment = session.actions_made
        answer: tuple[ActionAdvice, ...] | str
        try:
            answer = await asyncio.to_thread(advise, seen, rules, legal, evaluated_spare(rules))
        except ThousandError as exc:
            answer = str(exc)
        self.advice_loading = False
        if session.actions_made == moment:
            self.advice = (moment, answer)
        if not self.quitting:
            self.refresh_view()

    def advice_text(self) -> Text:
        """Every legal action with its figures, best first, as many lines as they take:
        a card with the declarer's expected points in the deal and how often the contract
        is made (a defender wants both low), an amount with what declaring it brings and
        how often it is made; the decisions the search does not weigh named after them."""
        tr = self.tr
        if not self.my_turn():
            return Text(tr.gettext("Advisor: it speaks when you decide."), style="italic")
        if self.advice is None or self.advice[0] != self.session.actions_made:
            self.fetch_strategy()
            return Text(tr.gettext("Advisor: thinking…"), style="italic")
        answer = self.advice[1]
        if isinstance(answer, str):
            return Text(tr.gettext("Advisor: {reason}").format(reason=answer), style="italic")
        figured = [each for each in answer if each.points is not None]
        deal = self.seen().deal
        defending = deal is not None and deal.declarer not in (None, self.viewer)
        best = (min if defending else max)(
            figured, key=lambda each: each.points or 0.0, default=None
        )
        if any(isinstance(each.action, Play) for each in figured):
            # cards best first (a defender's best is the declarer's least); amounts in order
            figured.sort(key=lambda each: each.points or 0.0, reverse=not defending)
        if any(isinstance(each.action, Play) for each in figured):
            heading = tr.gettext("Advisor (the declarer's points · contract made):")
        elif figured:
            heading = tr.gettext("Advisor (what declaring brings · made):")
        else:
            heading = tr.gettext("Advisor:")
        cells = [
            (
                self.action_words(each.action),
                signed(round(each.points or 0.0))
                if isinstance(each.action, Bid | Contract)
                else f"{each.points or 0.0:.0f}",
                f"{each.made or 0.0:.0%}",
            )
            for each in figured
        ]
        widths = [max((len(cell[at]) for cell in cells), default=0) for at in range(3)]
        entries: list[Text] = []
        for each, (words, points, made) in zip(figured, cells, strict=True):
            chosen = each is best
            entry = lead(f"{words:<{widths[0]}} ", "bold reverse" if chosen else "bold")
            entry.append(
                f"{points:>{widths[1]}} {made:>{widths[2]}}", style="" if chosen else "dim"
            )
            entries.append(entry)
        others = list(
            dict.fromkeys(self.kind_words(each.action) for each in answer if each.points is None)
        )
        if others:
            entries.append(
                Text(
                    tr.gettext("no figures: {list}").format(list=", ".join(others)),
                    style="italic dim",
                )
            )
        width = self.query_one("#coach", Static).size.width or OPTIONS_WIDTH
        return flowed(lead(heading, "bold"), entries, width)

    def kind_words(self, action: Decision) -> str:
        """A decision without figures, by its kind (the gives all alike)."""
        tr = self.tr
        if isinstance(action, Pass):
            return tr.gettext("pass")
        if isinstance(action, Redeal):
            return tr.gettext("redeal")
        if isinstance(action, WriteOff):
            return tr.gettext("write off")
        if isinstance(action, Give | Discard):
            return tr.gettext("the cards to give")
        return self.action_words(action)

    def action_words(self, action: Decision) -> str:
        tr = self.tr
        if isinstance(action, Play):
            word = short(tr, action.card)
            return word + ("+" + tr.gettext("marriage") if action.marriage else "")
        if isinstance(action, Bid | Contract):
            return str(action.amount)
        return self.step_line(self.viewer or 0, action)

    def start_review(self, number: int) -> None:
        """After a played deal: the cards open, what was possible (in the log)."""
        data = self.session.record.to_data()
        data["deals"] = data["deals"][:number]
        self.run_worker(self.load_review(data, number), group="review")

    async def load_review(self, data: dict[str, object], number: int) -> None:
        try:
            reviews = await asyncio.to_thread(review_record, data)
        except ThousandError:
            return
        if self.quitting:
            return
        for review in reviews:
            if review.deal == number:
                for line in self.review_lines(review):
                    self.say(line, style="cyan")

    def review_lines(self, review: DealReview) -> list[str]:
        tr = self.tr
        names = self.session.names
        lines = [
            of_seat(
                tr,
                review.declarer,
                names,
                (
                    N_(
                        "Review of deal {n}: with the cards open, against the best defence {name} "
                        "could take {possible}; took {took}."
                    ),
                    N_(
                        "Review of deal {n}: with the cards open, against the best defence you "
                        "could take {possible}; you took {took}."
                    ),
                ),
                you=self.you,
                n=review.deal,
                possible=review.possible,
                took=review.took,
            )
        ]
        for slip in review.slips:
            lines.append(
                of_seat(
                    tr,
                    slip.seat,
                    names,
                    (
                        N_("{name} let {lost} go at trick {trick} with {card} (best: {best})"),
                        N_("You let {lost} go at trick {trick} with {card} (best: {best})"),
                    ),
                    you=self.you,
                    lost=slip.lost,
                    trick=slip.trick,
                    card=short(tr, slip.played.card),
                    best=" ".join(short(tr, play.card) for play in slip.best),
                )
            )
        return lines

    def help_text(self) -> Text:
        return help_text(self.tr, self.session)


def flowed(heading: Text, entries: list[Text], width: int) -> Text:
    """``heading`` and then ``entries`` two spaces apart, a new line (indented) where
    the next entry would not fit in ``width`` — an entry is never cut in two."""
    text = heading.copy()
    used = width
    for entry in entries:
        if used + 2 + len(entry.plain) > width:
            text.append("\n  ")
            used = 2
        else:
            text.append("  ")
            used += 2
        text.append_text(entry)
        used += len(entry.plain)
    return text


def help_text(tr: object, session: Session) -> Text:
    """The rules in short and the keys."""
    from thousand.core.i18n import Translator  # noqa: PLC0415 - typing only

    assert isinstance(tr, Translator)
    rules = session.rules
    about = [
        tr.gettext(
            "Bidding (торговля) starts at {bid}; above 120 only with a marriage in hand. "
            "The declarer takes the talon (прикуп), gives a card to each opponent and "
            "announces the contract (заказ), or writes off (списать)."
        ).format(bid=rules.opening_bid),
        tr.gettext(
            "Follow the suit led; without it, trump if you can. A marriage (марьяж) — "
            "the K and Q of a suit, announced on lead: ♥ 100, ♦ 80, ♣ 60, ♠ 40 — makes "
            "its suit trump."
        ),
        tr.gettext(
            "A defender who takes no trick scores a bolt (болт, —); at {barrel} a seat is on "
            "the barrel (бочка); 555 sends a total back to zero (самосвал)."
        ).format(barrel=rules.barrel),
    ]
    keys = [
        tr.gettext("← → — the cursor over the cards or the choices; Enter — take it."),
        tr.gettext("1–9, 0 — play (or give) that card of the hand at once."),
        tr.gettext("P — pass; R — ask for a redeal; W — write off; Tab — the other opponent."),
        tr.gettext("M — lead the K or Q of a marriage announcing it, or not."),
        tr.gettext("S — the whole score sheet; C — the advisor: what each choice brings."),
        *around_keys(tr),
    ]
    return help_sections([(tr.gettext("Card Thousand"), about), (tr.gettext("Keys"), keys)])
