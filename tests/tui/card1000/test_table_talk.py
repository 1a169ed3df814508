"""Card Thousand in the terminal, the table's manners: two people and a computer at one
screen (the hands covered between them), the advisor (C) with a figure for every legal
action, the rules (H), the open-card review after a deal, and the record saved after
every action and resumed mid-trick."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.support import drive, press, saved_and_resumed, screen_text, scripted_table, until
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000 import Position, hidden_from
from thousand.games.card1000.actions import Bid, Play
from thousand.games.card1000.advice import advise
from thousand.games.card1000.cards import card
from thousand.games.card1000.review import review_record
from thousand.games.card1000.session import Session
from thousand.games.card1000.words import short
from thousand.tui.card1000 import app as app_module
from thousand.tui.card1000.app import CardApp

SIZE = (80, 24)
SCROLLBAR = " ▁▂▃▄▅▆▇█▔"
HOT_SEAT = [Seat("Anna"), Seat("Boris"), Seat("Vera", "novice")]


def this_deals_screen(app: CardApp) -> str:
    """The screen less the log's lines of finished deals and their reviews, and less the
    deal-over panel (their cards are public): of the log, only the lines of this deal's
    decisions are kept."""
    deal = app.session.position.state.deal
    now = [] if deal is None else [app.step_line(seat, action) for seat, action in deal.actions]
    # a finished deal is public (§7): the deal-over panel's lines (that deal's cards as
    # dealt, checked in test_deal_over.py) are left out, not the rest of the screen
    panel = set()
    if app.deal_over is not None:
        panel = {line.strip() for line in app.deal_over_text(app.seen()).plain.splitlines()}
    kept = []
    in_log = False
    for line in screen_text(app):
        if "────" in line:
            in_log = True
        left, bar, right = line.partition("▏")
        if not in_log and left.strip() in panel:
            left = ""
        if in_log and bar:
            shown = left.strip(SCROLLBAR)
            if shown and not any(shown in said for said in now):
                left = ""
        kept.append(left + bar + right)
    return "\n".join(kept)


def hidden_on_screen(app: CardApp, seat: int | None) -> list[str]:
    """Cards ``seat`` may not see (None: nobody's hand) that the screen shows."""
    hidden = hidden_from(Position(app.session.position.state, app.session.names), seat)
    text = this_deals_screen(app)
    return [name for name in hidden if short(app.tr, card(name)) in text]


def scored(app: CardApp) -> bool:
    return any(each.outcome != "redeal" for each in app.session.position.state.history)


def stopped(app: CardApp) -> bool:
    """The table stopped at a redeal, waiting for Enter (a scored deal ends the loops)."""
    return app.deal_over is not None and not scored(app)


async def next_deal(app: CardApp, pilot: Pilot[int]) -> None:
    """Enter on the deal-over panel: the panel goes, the next deal starts."""
    assert app.deal_over is not None
    await press(pilot, "enter")
    assert app.deal_over is None


async def act(app: CardApp, pilot: Pilot[int], bids: list[int]) -> None:
    """The person to move decides by keys: the lowest bid once each, then pass; the
    first card allowed; Enter for anything else (the contract, the talon)."""
    phase = app.phase()
    legal = app.session.legal()
    seat = app.viewer
    if phase == "bid":
        if seat not in bids and any(isinstance(a, Bid) for a in legal):
            bids.append(seat)  # type: ignore[arg-type]
            await press(pilot, "right")
            await press(pilot, "enter")
        else:
            await press(pilot, "p")
    elif phase in ("play", "give"):
        hand = app.hand()
        allowed = app.allowed_cards()
        right = next(i for i, each in enumerate(hand) if each in allowed)
        await press(pilot, str((right + 1) % 10))
    else:
        await press(pilot, "enter")


async def play_until_scored(app: CardApp, pilot: Pilot[int]) -> None:
    """The person plays by :func:`act` until a deal is scored (not only redealt)."""
    bids: list[int] = []
    for _ in range(200):
        await until(pilot, lambda: app.human_may_act() or scored(app) or stopped(app))
        if scored(app):
            return
        if stopped(app):
            await next_deal(app, pilot)
            continue
        await act(app, pilot, bids)


def test_hot_seat_covers_the_hands_between_the_people() -> None:
    session = Session.new("classic", HOT_SEAT, seed=5, **scripted_table())
    app = CardApp(session, translator("en"), fast=True)
    covers: list[str] = []

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        bids: list[int] = []
        last: int | None = None
        for _ in range(300):
            await until(
                pilot, lambda: app.covered or app.human_may_act() or scored(app) or stopped(app)
            )
            if scored(app):
                break
            if stopped(app):
                await next_deal(app, pilot)
                continue
            if app.covered:
                text = "\n".join(screen_text(app))
                name = app.session.names[app.viewer]  # type: ignore[index]
                assert f"Pass the device to {name} — Enter" in text
                assert hidden_on_screen(app, None) == []  # no hand at all while covered
                covers.append(name)
                await press(pilot, "enter")
                assert not app.covered
                last = app.viewer
                continue
            # the person to move sees nothing hidden from them: not the other person's
            # hand, and the screen changed person only through the cover
            assert app.viewer == last, "a new person's hand shown without the cover"
            assert hidden_on_screen(app, app.viewer) == []
            await act(app, pilot, bids)
            # during the computer's turn the screen still shows only what the last
            # person may see
            if not app.covered:
                assert hidden_on_screen(app, app.viewer) == [], (
                    app.viewer,
                    app.session.position.state.to_move,
                    "\n".join(screen_text(app)),
                )
        assert scored(app)

    asyncio.run(drive(app, body, size=SIZE))
    assert "Anna" in covers and "Boris" in covers
    assert len(covers) >= 3  # Anna, Boris, and back


def test_the_advisor_gives_every_legal_action_its_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []

    def few_worlds(seen: Any, *args: Any, **kwargs: Any) -> Any:
        asked.append(seen)
        return advise(seen, *args, **kwargs, worlds=6)

    monkeypatch.setattr(app_module, "advise", few_worlds)
    seats = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
    session = Session.new("classic", seats, seed=7, **scripted_table())
    app = CardApp(session, translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        bids: list[int] = []
        checked = set()
        for _ in range(200):
            await until(pilot, lambda: app.human_may_act() or scored(app) or stopped(app))
            if scored(app):
                break
            if stopped(app):
                await next_deal(app, pilot)
                continue
            phase = app.phase()
            if phase in ("bid", "play") and phase not in checked:
                legal = app.session.legal()
                if not app.advice_shown:
                    await press(pilot, "c")
                await until(pilot, lambda: "thinking" not in str(app.advice_text()))
                text = app.advice_text().plain
                screen = "\n".join(screen_text(app))
                for action in legal:
                    if isinstance(action, Bid):
                        assert f"{action.amount} " in text and "%" in text, text
                    if isinstance(action, Play):
                        assert short(app.tr, action.card) in text, text
                figures = [a for a in legal if isinstance(a, Bid | Play)]
                assert text.count("%") >= len(figures), text
                assert "Advisor" in screen
                checked.add(phase)
            await act(app, pilot, bids)
        assert checked == {"bid", "play"}

    asyncio.run(drive(app, body, size=SIZE))
    # from the seat's view only: the person's own view, never the referee's state
    assert asked and all(seen.seat == 0 and seen.deal.hand is not None for seen in asked)


def test_help_on_h_tells_the_rules_and_the_keys() -> None:
    session = Session.new(
        "classic",
        [Seat("Anna"), Seat("B", "novice"), Seat("V", "novice")],
        seed=3,
        **scripted_table(language="ru"),
    )
    app = CardApp(session, translator("ru"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await press(pilot, "h")
        text = "\n".join(screen_text(app))
        assert "Торговля" in text or "торговл" in text, text
        assert "C —" in text and "S —" in text
        await press(pilot, "escape")
        assert "Торговля" not in "\n".join(screen_text(app))

    asyncio.run(drive(app, body, size=SIZE))


def test_the_review_after_a_deal_says_what_the_open_cards_allowed() -> None:
    seats = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
    session = Session.new("classic", seats, seed=7, **scripted_table())
    app = CardApp(session, translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await play_until_scored(app, pilot)
        await until(pilot, lambda: any("Review of deal" in line for line in app.log_lines()))
        lines.extend(app.log_lines())

    lines: list[str] = []
    asyncio.run(drive(app, body, size=SIZE))
    history = app.session.position.state.history
    number = next(i for i, each in enumerate(history, 1) if each.outcome != "redeal")
    data = app.session.record.to_data()
    data["deals"] = data["deals"][:number]
    review = next(each for each in review_record(data) if each.deal == number)
    names = app.session.names
    log = " ".join(" ".join(line.split()) for line in lines)  # the log's lines unwrapped
    assert "takes the trick." in log
    assert (
        f"Review of deal {number}: with the cards open, against the best defence "
        f"{names[review.declarer]} could take {review.possible}; took {review.took}."
    ) in log, log
    for slip in review.slips:
        best = " ".join(short(app.tr, play.card) for play in slip.best)
        who = "You" if slip.seat == app.you else names[slip.seat]  # the person: "You let"
        assert (
            f"{who} let {slip.lost} go at trick {slip.trick} with "
            f"{short(app.tr, slip.played.card)} (best: {best})"
        ) in log, log


def test_saved_after_every_action_and_resumed_mid_trick(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seats = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
    session = Session.new("classic", seats, seed=7, **scripted_table(save_path=path))
    app = CardApp(session, translator("en"), fast=True)
    counts: list[tuple[int, int]] = []

    def on_file() -> int:
        data = json.loads(path.read_text())
        return sum(len(deal.get("actions", ())) for deal in data["deals"])

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        bids: list[int] = []
        for _ in range(200):
            await until(pilot, lambda: app.human_may_act() or scored(app) or stopped(app))
            if stopped(app):
                await next_deal(app, pilot)
                continue
            deal = app.session.position.state.deal
            if deal is not None and deal.phase == "play" and len(deal.trick) == 1:
                break  # mid-trick, the person to move
            counts.append((app.session.actions_made, on_file()))
            await act(app, pilot, bids)
        counts.append((app.session.actions_made, on_file()))

    asyncio.run(drive(app, body, size=SIZE))
    assert all(made == saved for made, saved in counts), counts
    state = app.session.position.state
    assert state.deal is not None and len(state.deal.trick) == 1
    resumed = saved_and_resumed(app.session, path, language="en", seed=7)
    assert resumed.position == app.session.position
    again = CardApp(resumed, translator("en"), fast=True)
    lead = short(again.tr, state.deal.trick[0])

    async def go_on(app: CardApp, pilot: Pilot[int]) -> None:
        await until(pilot, app.human_may_act)
        text = "\n".join(screen_text(app))
        assert "Trick:" in text and lead in text, text
        assert app.hand() == app.session.view(0).deal.hand  # type: ignore[union-attr]
        before = app.session.actions_made
        await act(app, pilot, [0])
        await until(pilot, lambda: app.human_may_act() or scored(app))
        assert app.session.actions_made > before
        assert on_file() == app.session.actions_made

    asyncio.run(drive(again, go_on, size=SIZE))


def test_the_sheet_on_s_after_a_deal_and_minus_signs_as_on_paper() -> None:
    seats = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
    session = Session.new("classic", seats, seed=10, **scripted_table())
    app = CardApp(session, translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await play_until_scored(app, pilot)
        await next_deal(app, pilot)
        await until(pilot, app.human_may_act)
        summary = next(s for s in app.session.position.state.history if s.outcome != "redeal")
        main = "\n".join(screen_text(app))
        assert "-" not in "".join(line.split("▏")[-1] for line in main.splitlines())
        log = " ".join(app.log_lines())
        assert not any(f"-{abs(change)}" in log for change in summary.changes if change < 0)
        await press(pilot, "s")
        text = "\n".join(screen_text(app))
        assert "Score sheet" in text and "Rules of the game" not in text, text
        declarer = app.session.names[summary.declarer]  # type: ignore[index]
        assert f"{declarer} {summary.contract}" in text
        await press(pilot, "s")
        assert "Score sheet" not in "\n".join(screen_text(app))

    asyncio.run(drive(app, body, size=SIZE))
