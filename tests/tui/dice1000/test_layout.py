"""The screen's layout: the score sheet fills its column, the key bar fits.

At 120×40 the sheet used to show three rounds with half the screen empty, and the key
bar wrapped in the middle of an entry. Now the sheet shows as many of the latest
rounds as its column holds, and the bar is one line at 120 columns in both languages —
at 80 it breaks between entries, never inside one.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from textual.pilot import Pilot

from tests.tui.dice1000.support import app_of, session_of
from tests.tui.support import drive, press
from thousand.cli.games.dice1000 import DEFAULT_OPPONENTS
from thousand.cli.players import default_seats
from thousand.core.i18n import translator
from thousand.games.dice1000 import INFO
from thousand.games.dice1000.table import Seat
from thousand.games.dice1000.words import bot_level
from thousand.tui.dice1000.app import ThousandApp

HUMANS = [Seat("Anna"), Seat("Boris")]
BUST = [2, 3, 4, 6, 6]
ROUNDS = 50


def round_numbers(sheet: str) -> list[int]:
    return [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s", sheet, re.MULTILINE)]


@pytest.mark.slow
def test_the_sheet_fills_its_column_with_the_latest_rounds() -> None:
    app = app_of(session_of("classic", HUMANS, [BUST] * (2 * ROUNDS)))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        for _ in range(2 * ROUNDS):
            await press(pilot, "space")
        assert len(app.session.turns) == 2 * ROUNDS
        rounds = round_numbers(app.sheet_text())
        # 40 lines: the title, the key bar, four of standings and a gap, three of
        # heading: 30 rounds, the latest at the bottom.
        assert rounds == list(range(ROUNDS - 29, ROUNDS + 1))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        rounds = round_numbers(app.sheet_text())
        assert rounds == list(range(ROUNDS - 13, ROUNDS + 1))

    asyncio.run(drive(app, body, size=(120, 40)))


def bar_lines(app: ThousandApp) -> list[str]:
    return app.actions_text().plain.split("\n")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_key_bar_is_one_line_at_120_columns_and_breaks_between_entries_at_80(
    language: str,
) -> None:
    throws = [[5, 2, 3, 3, 6]]  # 5 points: not enough to enter, so stopping is refused
    app = app_of(session_of("classic", HUMANS, throws, language=language), language)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space")
        wide = bar_lines(app)
        assert len(wide) == 1 and len(wide[0]) <= 118, wide
        assert wide[0].count("[") == 5  # Space, S, C, H, Q
        reason = {
            "en": "You may not stop yet: you need 100 in one turn to enter the game",
            "ru": "Записать пока нельзя: чтобы войти в игру, нужно набрать 100 за один ход",
        }[language]
        assert reason in " ".join(app.visible_text().split())  # the body says why
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        narrow = bar_lines(app)
        assert len(narrow) == 2
        assert all(len(line) <= 78 and line.startswith("[") for line in narrow), narrow
        assert " ".join(narrow).split() == " ".join(wide).split()  # the same entries

    asyncio.run(drive(app, body, size=(120, 40)))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_choosing_dice_fits_the_bar_and_says_what_to_press(language: str) -> None:
    rules = {"preset": "classic", "choose_dice": True}
    app = app_of(session_of(rules, HUMANS, [[1, 5, 5, 2, 3]], language=language), language)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space")
        lines = bar_lines(app)
        assert len(lines) == 1, lines
        text = " ".join(app.visible_text().split())
        expected = {
            "en": ("Press a die's number to pick it or put it back", "[Enter] set aside 1 5 5"),
            "ru": ("Нажмите номер кости, чтобы выбрать её или вернуть", "[Enter] отложить 1 5 5"),
        }[language]
        for part in expected:
            assert part in text
        await press(pilot, "1", "2", "3")  # nothing picked any more
        hint = {"en": "set aside — pick dice first", "ru": "отложить — сначала выберите"}
        assert hint[language] in app.visible_text()

    asyncio.run(drive(app, body, size=(120, 40)))


def test_the_russian_sheet_gives_names_the_room_it_has() -> None:
    """``thousand play --lang ru`` at 100 columns: "Расчётливый" was cut to "Расчётли…"."""
    tr = translator("ru")
    seats = default_seats(tr, INFO, DEFAULT_OPPONENTS, bot_level)
    assert [seat.name for seat in seats] == ["Вы", "Расчётливый", "Смелый"]
    app = app_of(session_of("classic", seats, language="ru"), "ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        header = app.sheet_text().splitlines()[1]
        assert header.split() == ["#", "Вы", "Расчётливый", "Смелый"], header

    asyncio.run(drive(app, body, size=(100, 30)))
