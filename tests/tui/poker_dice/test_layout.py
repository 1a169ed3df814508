"""The poker dice screen at its smallest, 80×24, with four players: the sheet reads in
full in both languages.

With four columns of players beside dice of full size, the sheet used to cut its rows'
labels (``Промежуточ…``, ``Three of a …``) and the players' names (``Жадн…``), and
under the Russian sheet's second variant its total fell off the bottom. Now the dice
are drawn two cells narrower when the sheet needs the room, a label that is still too
long takes two lines or is abbreviated as printed sheets do, and the sheet leaves out
what says nothing yet rather than its total.
"""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot

from tests.tui.poker_dice.support import poker_app, poker_session
from tests.tui.support import drive, press, screen_text
from thousand.core.dice import RandomDice
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.poker_dice.presets import load_rules
from thousand.games.poker_dice.words import box_name, row_name
from thousand.tui.poker_dice.app import PokerApp
from thousand.tui.widgets import abbreviated

NAMES = {"en": ["Anna", "Greedy", "Chaser", "Bob"], "ru": ["Анна", "Жадный", "Охотник", "Вася"]}
LEVELS = [None, "greedy", "chaser", "greedy"]
SMALL = (80, 24)


def table_of_four(language: str, *, person: bool = True) -> list[Seat]:
    levels = LEVELS if person else ["chaser", *LEVELS[1:]]
    return [Seat(name, level) for name, level in zip(NAMES[language], levels, strict=True)]


def sheet_side(screen: list[str]) -> list[str]:
    """The right of the divider: the sheet, a line of the screen each."""
    return [line.split("▏", 1)[1] for line in screen if "▏" in line]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("rules", ["russian", "russian_banked", "yahtzee"])
def test_four_players_at_80_by_24_read_the_whole_sheet(language: str, rules: str) -> None:
    session = poker_session(rules, table_of_four(language), [[1, 2, 2, 4, 4]], language=language)
    app = poker_app(session, language)
    tr = translator(language)
    boxes = list(session.position.players[0].boxes)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space")
        screen = screen_text(app)
        sheet = sheet_side(screen)
        assert not any("…" in line for line in sheet), "\n".join(screen)
        names = sheet[0].split()
        assert names == ["▸" + NAMES[language][0], *NAMES[language][1:]]
        for box in boxes:  # every box, its name whole
            assert any(f" {box_name(tr, load_rules(rules), box)} " in line for line in sheet)
        total = row_name(tr, "total")
        assert any(line.split()[:1] == [total] for line in sheet), "\n".join(screen)
        assert "╭───╮" in screen[3] and "╭─────╮" not in screen[3]  # the small dice

    asyncio.run(drive(app, body, size=SMALL))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_finished_game_of_four_shows_its_settlement_at_80_by_24(language: str) -> None:
    session = poker_session(
        "russian_banked", table_of_four(language, person=False), dice=RandomDice(5)
    )
    while not session.is_over:
        session.bot_step()
    app = poker_app(session, language)
    tr = translator(language)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        screen = screen_text(app)
        sheet = sheet_side(screen)
        assert not any("…" in line for line in sheet), "\n".join(screen)
        assert "★" + NAMES[language][2] in sheet[0]  # the winner, marked
        for row in ("total", "against_average"):
            assert any(line.lstrip().startswith(row_name(tr, row)) for line in sheet)
        unused = {"en": "For unused throws", "ru": "За неиспольз. броски"}[language]
        assert any(line.lstrip().startswith(unused) for line in sheet), "\n".join(screen)

    asyncio.run(drive(app, body, size=SMALL))


def test_two_players_keep_the_dice_of_full_size() -> None:
    seats = [Seat("Anna"), Seat("Robot", "chaser")]
    app = poker_app(poker_session("russian", seats, [[1, 2, 2, 4, 4]]))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space")
        screen = screen_text(app)
        assert "╭─────╮" in screen[3]
        assert not any("…" in line for line in sheet_side(screen)), "\n".join(screen)

    asyncio.run(drive(app, body, size=SMALL))


def test_a_computer_player_is_named_as_far_as_the_panel_holds() -> None:
    seats = [Seat("Робот", "chaser"), *table_of_four("ru")[1:]]
    app = poker_app(poker_session("russian", seats, dice=RandomDice(1), language="ru"), "ru")

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        # Next to small dice, "Ходит: Робот (компьютер, охотник)" does not fit.
        assert screen_text(app)[1].split("▏")[0].strip() == "Ходит: Робот (компьютер)"

    app.fast = False  # the computer player stays to move while the screen is read
    asyncio.run(drive(app, body, size=SMALL))


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("Промежуточный итог", 12, "Промеж. итог"),
        ("За неиспользованные броски", 20, "За неиспольз. броски"),
        ("За неиспользованные броски", 18, "За неисп. броски"),
        ("Against the average", 17, "Against the aver."),
        ("Small straight", 12, "Small str."),
        ("Total", 8, "Total"),
        ("Three of a kind", 12, None),  # no word long enough to cut
    ],
)
def test_a_label_is_abbreviated_as_printed_sheets_do(
    text: str, width: int, expected: str | None
) -> None:
    assert abbreviated(text, width) == expected
