"""The keys while the faces of real dice are typed (``thousand play --table``).

The line for the faces used to take every key: Q typed "q", Esc did nothing while a
computer's throw waited for its dice, and only Ctrl+Q — said nowhere — left the game,
without saving. Now the line takes the faces of a die (1–6) and the editing keys; Q
(Й in the Russian layout) saves and quits as everywhere else in the game, Esc clears
what is typed (and, on a person's own throw with nothing typed, goes back to deciding),
and the key bar says so.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.tui.dice1000.support import app_of
from tests.tui.dice1000.test_table_dice import HOUSE, table_session, type_throw
from tests.tui.support import drive, press, until
from thousand.games.dice1000 import replay
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp


def entry_of(app: ThousandApp) -> Input:
    return app.query_one("#entry", Input)


async def computer_throw_waiting(app: ThousandApp, pilot: Pilot[int]) -> None:
    """Anna busts; the computer decides to throw and the line waits for its faces."""
    await type_throw(app, pilot, "23462")
    await until(pilot, lambda: app.entry_open)
    assert app.entry_for_bot


@pytest.mark.parametrize("key", ["q", "й", "Q", "ctrl+q"])
def test_q_while_typing_a_computers_faces_saves_and_quits(tmp_path: Path, key: str) -> None:
    save = tmp_path / "table.json"
    session = table_session(HOUSE, [Seat("Anna"), Seat("Bold", "bold")], save)
    app = app_of(session)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await computer_throw_waiting(app, pilot)
        await press(pilot, "2", "5")
        assert "[Q] save and quit" in app.visible_text()  # the key bar says how to leave
        save.unlink()  # what is on the disk now is written by Q
        await press(pilot, key)
        assert entry_of(app).value == "25"  # not typed into the faces
        assert app.quitting

    asyncio.run(drive(app, body))
    assert app.return_code == 0
    result = replay(json.loads(save.read_text(encoding="utf-8")))
    assert [turn.outcome for turn in result.turns] == ["bust"]
    assert result.state.current == 1  # the game resumes with the computer to throw


def test_q_while_typing_a_persons_own_throw_saves_the_turn_in_progress(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")], save)
    app = app_of(session, "ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await type_throw(app, pilot, "11123")  # 100 points, Anna may throw again
        await press(pilot, "space", "4")
        assert app.entry_open
        assert "[Q] сохранить и выйти" in app.visible_text()
        await press(pilot, "й")
        assert app.quitting

    asyncio.run(drive(app, body))
    assert app.return_code == 0
    result = replay(json.loads(save.read_text(encoding="utf-8")))
    assert result.turns[-1].outcome == "in_progress" and result.state.turn_total == 100


def test_only_the_faces_of_a_die_are_typed() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Bold", "bold")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await computer_throw_waiting(app, pilot)
        await press(pilot, *"1234567890", "x", "ы", "t", "s", "u")
        assert entry_of(app).value == "123456"
        assert app.entry_open and app.entry_for_bot  # no other key took a step meanwhile
        assert [turn.outcome for turn in app.session.turns] == ["bust"]
        await press(pilot, "backspace")
        assert entry_of(app).value == "12345"

    asyncio.run(drive(app_of(session), body))


def test_esc_clears_what_is_typed_and_then_does_no_harm() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Bold", "bold")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await computer_throw_waiting(app, pilot)
        await press(pilot, "2", "5", "4")
        assert "[Esc] clear" in app.visible_text()
        await press(pilot, "escape")
        assert entry_of(app).value == ""
        assert app.entry_open  # the computer has decided: its throw waits for the faces
        await press(pilot, "escape")
        assert app.entry_open and entry_of(app).value == ""
        assert [turn.outcome for turn in app.session.turns] == ["bust"]
        await press(pilot, *"25441", "enter")  # the line still takes the faces
        assert list(app.session.throws[-1].dice) == [2, 5, 4, 4, 1]
        assert (app.session.state.current, app.session.state.turn_total) == (1, 15)

    asyncio.run(drive(app_of(session), body))


def test_esc_on_a_persons_own_throw_clears_then_goes_back() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert app.entry_open  # a turn starts with a throw: the line is open at once
        await press(pilot, "2", "5")
        await press(pilot, "escape")
        assert app.entry_open and entry_of(app).value == ""
        assert "[Esc] back" in app.visible_text()
        await press(pilot, "escape")
        assert not app.entry_open
        assert app.session.state.throws == 0

    asyncio.run(drive(app_of(session), body))


def test_the_bar_shown_after_a_resize_is_laid_out_for_the_new_width() -> None:
    """From 100 to 80 columns the bar kept its 100-column lines, and the terminal broke
    "[Q] сохранить и выйти" in the middle."""
    session = table_session(HOUSE, [Seat("Anna"), Seat("Bold", "bold")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await computer_throw_waiting(app, pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        shown = app.query_one("#actions", Static).content
        assert isinstance(shown, Text)
        lines = shown.plain.split("\n")
        assert all(len(line) <= 78 for line in lines), lines
        assert "[Q] сохранить и выйти" in lines[-1]

    asyncio.run(drive(app_of(session, "ru"), body))
