"""Card Thousand in the terminal: a whole deal against two novices by key presses, an
illegal card refused with its reason, no card of another seat on the screen, the game
saved after every action and resumed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.support import drive, press, saved_and_resumed, screen_text, scripted_table, until
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000 import Position, hidden_from
from thousand.games.card1000.actions import Bid, Play
from thousand.games.card1000.cards import card
from thousand.games.card1000.session import Session
from thousand.games.card1000.words import short
from thousand.tui.card1000.app import CardApp

SEATS = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
SIZE = (80, 24)


def card_session(seed: int = 7, save_path: Path | None = None, language: str = "en") -> Session:
    return Session.new(
        "classic", SEATS, seed=seed, **scripted_table(save_path=save_path, language=language)
    )


def hidden_on_screen(app: CardApp) -> list[str]:
    """Cards of another seat (not played, not shown) that the screen shows."""
    state = app.session.position.state
    hidden = hidden_from(Position(state, app.session.names), 0)
    text = "\n".join(screen_text(app))
    tr = app.tr
    return [name for name in hidden if short(tr, card(name)) in text]


def played(app: CardApp) -> bool:
    """A deal was scored (not only redealt)."""
    return any(each.outcome != "redeal" for each in app.session.position.state.history)


async def play_one_deal(app: CardApp, pilot: Pilot[int], *, check_leaks: bool) -> dict[str, int]:
    """Anna bids the lowest once, then passes; gives, declares and plays with Enter or a
    card's number; counts illegal attempts seen."""
    seen = {"illegal": 0, "bids": 0}
    for _ in range(200):
        if played(app):
            break
        await until(pilot, lambda: app.human_may_act() or played(app) or app.deal_over is not None)
        if played(app):
            break
        if app.deal_over is not None:  # a redeal: the table waits for Enter
            await press(pilot, "enter")
            assert app.deal_over is None
            continue
        if check_leaks:
            assert hidden_on_screen(app) == []
        phase = app.phase()
        legal = app.session.legal()
        if phase == "bid":
            if seen["bids"] == 0 and any(isinstance(a, Bid) for a in legal):
                seen["bids"] += 1
                await press(pilot, "right")  # from pass to… the next choice
                option = app.options()[app.cursor][1]
                before = app.session.actions_made
                await press(pilot, "enter")
                assert app.session.actions_made > before, option
            else:
                await press(pilot, "p")
        elif phase == "play":
            hand = app.hand()
            allowed = {a.card for a in legal if isinstance(a, Play)}
            wrong = [i for i, each in enumerate(hand) if each not in allowed]
            if wrong and seen["illegal"] == 0:
                before = app.session.actions_made
                await press(pilot, str((wrong[0] + 1) % 10))
                assert app.session.actions_made == before
                assert "Not allowed:" in app.visible_text()
                seen["illegal"] += 1
            right = next(i for i, each in enumerate(hand) if each in allowed)
            await press(pilot, str((right + 1) % 10))
        else:
            await press(pilot, "enter")
    return seen


def test_a_whole_deal_against_two_novices_by_keys() -> None:
    app = CardApp(card_session(), translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        seen = await play_one_deal(app, pilot, check_leaks=True)
        assert seen["illegal"] == 1
        history = app.session.position.state.history
        assert any(summary.outcome != "redeal" for summary in history)
        assert any("Deal " in line for line in app.log_lines())

    asyncio.run(drive(app, body, size=SIZE))


def test_an_illegal_card_says_why() -> None:
    app = CardApp(card_session(), translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        seen = await play_one_deal(app, pilot, check_leaks=False)
        assert seen["illegal"] == 1

    asyncio.run(drive(app, body, size=SIZE))


def test_saved_after_every_action_and_resumed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = card_session(seed=11, save_path=path)
    app = CardApp(session, translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await until(pilot, app.human_may_act)
        await press(pilot, "p")
        await until(pilot, lambda: app.session.actions_made >= 3)

    asyncio.run(drive(app, body, size=SIZE))
    made = app.session.actions_made
    resumed = saved_and_resumed(app.session, path, language="en", seed=11)
    assert resumed.position == app.session.position
    assert resumed.actions_made == made
    again = CardApp(resumed, translator("en"), fast=True)

    async def go_on(app: CardApp, pilot: Pilot[int]) -> None:
        await until(pilot, lambda: app.human_may_act() or app.session.is_over)
        assert app.session.actions_made >= made

    asyncio.run(drive(again, go_on, size=SIZE))
