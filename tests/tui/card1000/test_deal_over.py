"""Card Thousand in the terminal stops at the end of a deal, as a card table does: the
deal-over panel (the contract and how it went, each seat's points taken, change and
total — the exact figures of the session's history —, the last trick, every hand as
dealt and the talon) waits for Enter; nobody moves meanwhile; Enter shows the next
deal's bidding. In English and Russian, at 80×24; hot-seat still covers the hands."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from textual.pilot import Pilot

from tests.games.card1000.make_fixtures import FIXTURES
from tests.tui.card1000.test_table_talk import act, hidden_on_screen, scored
from tests.tui.support import drive, press, screen_text, scripted_table, until
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.core.sheets import number, signed
from thousand.games.card1000.actions import Play
from thousand.games.card1000.cards import sort_cards
from thousand.games.card1000.deal_over import deal_over
from thousand.games.card1000.record import replay
from thousand.games.card1000.session import Session
from thousand.games.card1000.sheet import sheet_rows
from thousand.games.card1000.words import short
from thousand.tui.card1000.app import CardApp
from thousand.tui.card1000.deal_over import deal_over_view

SIZE = (80, 24)
SEATS = [Seat("Anna"), Seat("Boris", "novice"), Seat("Vera", "novice")]
WORDS = {
    "en": {
        "over": "Deal {n} is over.",
        "heading": "Deal {n}: {name} {contract} — {outcome}",
        "failed": "went down",
        "made": "made",
        "next": "[Enter] next deal",
        "hands": "Hands as dealt:",
        "talon": "Talon",
        "trick": "Last trick, {name} took it:",
        "redeal": "Deal {n}: {name} asked for a redeal",
    },
    "ru": {
        "over": "Раздача {n} окончена.",
        "heading": "Раздача {n}: {name} {contract} — {outcome}",
        "failed": "не сыграл",
        "made": "сыграл",
        "next": "[Enter] следующая раздача",
        "hands": "Расклад:",
        "talon": "Прикуп",
        "trick": "Последняя взятка — {name}:",
        "redeal": "Раздача {n}: {name} — пересдача",
    },
}


def waiting(app: CardApp) -> bool:
    """The key bar offers the next deal (the table stopped at a deal's end)."""
    return (
        "next deal" in app.actions_text().plain or "следующая раздача" in app.actions_text().plain
    )


async def until_scored(app: CardApp, pilot: Pilot[int], redeals: list[str]) -> None:
    """Anna plays by :func:`act`; a redeal's panel is kept (``redeals``) and passed with
    Enter, until a deal is scored."""
    bids: list[int] = []
    for _ in range(300):
        await until(pilot, lambda: app.human_may_act() or scored(app) or waiting(app))
        if scored(app):
            return
        if waiting(app):
            redeals.append("\n".join(screen_text(app)))
            await press(pilot, "enter")
            continue
        await act(app, pilot, bids)


def check_the_panel(app: CardApp, language: str, screen: str) -> None:
    """The panel shows the finished deal's exact figures, its cards and the key bar."""
    words = WORDS[language]
    history = app.session.position.state.history
    n = len(history)
    summary = history[-1]
    names = app.session.names
    assert summary.declarer is not None and summary.points is not None
    assert words["over"].format(n=n) in screen, screen
    assert (
        words["heading"].format(
            n=n,
            name=names[summary.declarer],
            contract=summary.contract,
            outcome=words[summary.outcome],
        )
        in screen
    ), screen
    for seat, name in enumerate(names):
        points, change, total = summary.points[seat], summary.changes[seat], summary.totals[seat]
        mark = "—" if change == 0 and seat != summary.declarer else re.escape(signed(change))
        row = rf"^ {name}\s+{points}\s+{mark}\s+{re.escape(number(total))}\s"
        assert re.search(row, screen, re.M), (row, screen)
        hand = " ".join(short(app.tr, each) for each in sort_cards(summary.dealt.hands[seat]))
        assert re.search(rf"^ {name}\s+{re.escape(hand)}\s", screen, re.M), (hand, screen)
    talon = " ".join(short(app.tr, each) for each in sort_cards(summary.dealt.talons[0]))
    assert re.search(rf"^ {words['talon']}\s+{re.escape(talon)}\s", screen, re.M), screen
    assert words["hands"] in screen
    plays = [(seat, a.card) for seat, a in summary.actions if isinstance(a, Play)]
    last = " ".join(short(app.tr, each) for _, each in plays[-3:])
    trick = re.escape(words["trick"].format(name="")[:-1]).replace(r"\ ", " ")
    assert re.search(rf"{trick[:12]}.*{re.escape(last)}", screen), (last, screen)
    assert words["next"] in screen, screen
    assert max(len(line) for line in screen.splitlines()) <= 80


def run_to_the_end_of_a_deal(language: str) -> None:
    session = Session.new("classic", SEATS, seed=7, **scripted_table(language=language))
    app = CardApp(session, translator(language), fast=True)
    redeals: list[str] = []

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await until_scored(app, pilot, redeals)
        await pilot.pause(0.05)
        screen = "\n".join(screen_text(app))
        check_the_panel(app, language, screen)
        # nobody moves while the finished deal is shown: the next deal is dealt, untouched
        made = app.session.actions_made
        for _ in range(20):
            await pilot.pause(0.01)
        assert app.session.actions_made == made
        deal = app.session.position.state.deal
        assert deal is not None and deal.actions == ()
        assert not app.human_may_act()
        await press(pilot, "enter")
        await until(pilot, app.human_may_act)
        after = "\n".join(screen_text(app))
        assert WORDS[language]["over"].format(n=len(app.session.position.state.history)) not in (
            after
        )
        assert ("Bid:" if language == "en" else "Ставка:") in after, after
        assert app.phase() == "bid"

    asyncio.run(drive(app, body, size=SIZE))
    # seed 7 opens with two redeals, each shown with who asked and the hands as dealt
    history = app.session.position.state.history
    asked = [
        WORDS[language]["redeal"].format(n=n, name=app.session.names[each.actions[-1][0]])
        for n, each in enumerate(history[:2], 1)
    ]
    assert len(redeals) == 2 and all(a in r for a, r in zip(asked, redeals, strict=True))
    assert all(WORDS[language]["hands"] in shown for shown in redeals)


def test_the_table_stops_at_the_end_of_a_deal_until_enter() -> None:
    run_to_the_end_of_a_deal("en")


def test_the_table_stops_at_the_end_of_a_deal_in_russian() -> None:
    run_to_the_end_of_a_deal("ru")


def test_hot_seat_the_panel_then_the_cover() -> None:
    """Two people at one screen: the panel of the finished deal (public) first, then,
    after Enter, the cover before a person's hand of the next deal."""
    seats = [Seat("Anna"), Seat("Boris"), Seat("Vera", "novice")]
    session = Session.new("classic", seats, seed=6, **scripted_table())
    app = CardApp(session, translator("en"), fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        bids: list[int] = []
        for _ in range(300):
            await until(
                pilot, lambda: app.covered or app.human_may_act() or scored(app) or waiting(app)
            )
            if scored(app):
                break
            if waiting(app) or app.covered:
                await press(pilot, "enter")
                continue
            await act(app, pilot, bids)
        await pilot.pause(0.05)
        screen = "\n".join(screen_text(app))
        check_the_panel(app, "en", screen)
        assert "Pass the device" not in screen
        assert hidden_on_screen(app, None) == []  # only the finished deal's cards
        shown_for = app.viewer
        await press(pilot, "enter")
        await until(pilot, lambda: app.covered or app.human_may_act())
        # seed 6: Anna bids first in the next deal, the screen changes person: the cover
        assert (shown_for, app.session.position.state.to_move) == (0, (0, "bid"))
        assert app.covered and app.deal_over is None
        covered = "\n".join(screen_text(app))
        assert "Pass the device to Anna — Enter" in covered, covered
        assert hidden_on_screen(app, None) == []
        await press(pilot, "enter")
        assert not app.covered and app.human_may_act()
        assert "Bid:" in "\n".join(screen_text(app))

    asyncio.run(drive(app, body, size=SIZE))


@pytest.mark.parametrize("name", ["classic", "four_players", "two_players", "golden_dark"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_panel_fits_the_table_at_80_columns(name: str, language: str) -> None:
    """Every scored deal's panel of every preset's fixture fits beside the score panel at
    80×24: at most 47 cells across and 13 lines (the sitting-out dealer said so)."""
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    final = replay(data).state
    names = tuple(data["players"])
    tr = translator(language)
    rows = sheet_rows(replay(data), tr)
    for n, summary in enumerate(final.history, 1):
        over = deal_over(data, n)
        _, label, cells = rows[n - 1]
        lines = deal_over_view(tr, over, names, label, cells).plain.splitlines()
        assert max(len(line) for line in lines) <= 47, (name, n, lines)
        assert len(lines) <= 13, (name, n, lines)
        if final.rules.players == 4 and summary.outcome != "redeal":
            sitting = "sits out the deal" if language == "en" else "сидит на прикупе"
            assert any(line.endswith(sitting) for line in lines), lines
