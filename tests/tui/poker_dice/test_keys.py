"""The keys of the poker dice screen in both keyboard layouts, and its words in both
languages: the key bar, the sheet's boxes, the refusals."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot

from tests.tui.poker_dice.support import poker_app, poker_session
from tests.tui.support import drive, press
from thousand.core.players import Seat
from thousand.games.poker_dice.state import Position
from thousand.tui.poker_dice.app import PokerApp
from thousand.tui.screens import HelpScreen

ANNA = [Seat("Anna"), Seat("Boris")]


def test_the_russian_layout_plays_the_same_keys() -> None:
    """Е is T (throw), Ф is A (ones), Ш is I (pair), Ы is S, Р is H, С is C."""
    throws = [[1, 1, 1, 1, 2], [6, 6, 2, 3, 4], [6, 5, 5]]
    app = poker_app(poker_session("russian", ANNA, throws, language="ru"), language="ru")

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        def position() -> Position:
            return app.session.position

        await press(pilot, "е")
        assert position().throws == 1
        await press(pilot, "ф")
        assert position().players[0].boxes["ones"] == 1 and position().current == 1
        await press(pilot, "Е", "1", "2", "Е")  # Shift: the same key
        assert position().dice == (5, 5, 6, 6, 6)
        await press(pilot, "ы")
        assert "Нельзя: ход заканчивается записью костей в графу" in app.visible_text()
        await press(pilot, "ш")  # pair: 6 6, not doubled
        assert position().players[1].boxes["pair"] == 12
        await press(pilot, "с")
        assert app.advice_shown
        await press(pilot, "р")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")

    asyncio.run(drive(app, body))


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Poker dice · Russian sheet · turn 2 of 15",
                "Now playing: Anna",
                "[Space] throw 3 dice",
                "[1–5] keep a die",
                "[b…u] write a box",
                "[↑↓ Enter] write Chance (13)",
                "[Q] save and quit",
                "2 throws left",
                "First throw: combinations score double.",
                "Not allowed: the box Ones is filled already",
            ],
        ),
        (
            "ru",
            [
                "Покер на костях · ход 2 из 15",
                "Ходит: Anna",
                "[Пробел] бросить 3 кости",
                "[1–5] оставить кость",
                "[b…u] записать в графу",
                "[↑↓ Enter] записать: Шанс (13)",
                "[Q] сохранить и выйти",
                "осталось 2 броска",
                "С первого броска комбинации считаются вдвойне.",
                "Нельзя: графа «Единицы» уже заполнена",
            ],
        ),
    ],
)
def test_the_screen_speaks_the_players_language(language: str, words: list[str]) -> None:
    throws = [[1, 1, 1, 2, 2], [1, 1, 1, 2, 2], [2, 3, 4, 1, 3]]
    session = poker_session("russian", ANNA, throws, language=language)
    app = poker_app(session, language=language)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "a", "space", "a", "space", "4", "5")
        assert app.session.position.current == 0
        text = app.visible_text()
        for expected in words:
            if "filled already" in expected or "заполнена" in expected:
                continue
            assert expected in text, (expected, text)
        await press(pilot, "a")  # Anna's ones are written
        assert words[-1] in app.visible_text()
        sheet = app.sheet_text()
        assert ("Ones" if language == "en" else "Единицы") in sheet

    asyncio.run(drive(app, body))
