"""Real dice at a real table (``thousand play --table``): the faces typed, checked, undone.

A whole short game under house rules is played by typing throws, and the sheet the
game saved is compared with ``thousand replay`` of its record; wrong entries (six
faces, too few, nothing) are refused with a line and change nothing, and a 7 or a
letter is not typed at all; a mistyped throw is taken back with U until the next
decision.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.dice1000.support import app_of
from tests.tui.support import drive, press, until
from thousand.cli.main import main
from thousand.cli.storage import PROGRAM, file_saver
from thousand.games.dice1000 import Game, rules_from_spec
from thousand.games.dice1000.actions import STOP, THROW
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.table import Seat, Session
from thousand.tui.dice1000.app import ThousandApp

HOUSE = {"preset": "classic", "target": 300, "barrels": [], "entry_threshold": 50}
"""Short house rules: to 300, no barrels, entry at 50."""


def table_session(rules: object, seats: list[Seat], save: Path | None = None) -> Session:
    return Session.new(
        Game(rules_from_spec(rules)),
        seats,
        language="en",
        program=PROGRAM,
        seed=5,
        save=None if save is None else file_saver(save),
        table_dice=True,
    )


async def type_throw(app: ThousandApp, pilot: Pilot[int], text: str) -> None:
    """Open the entry line if it is closed (Space), type ``text`` and press Enter."""
    if not app.entry_open:
        await press(pilot, "space")
    assert app.entry_open
    entry = app.query_one("#entry", Input)
    entry.value = ""
    for char in text:
        await pilot.press(char)
    await press(pilot, "enter")


@pytest.mark.slow
def test_a_whole_game_typed_in_matches_its_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")], save)
    chooser = random.Random(11)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        for _ in range(400):
            state = app.session.state
            if state.is_over:
                break
            legal = state.legal_actions()
            if STOP in legal and state.turn_total >= 100:
                await press(pilot, "s")
                continue
            assert THROW in legal
            faces = "".join(str(chooser.randint(1, 6)) for _ in range(state.dice_left))
            thrown = len(app.session.record.turns)
            await type_throw(app, pilot, faces)
            assert not app.entry_open, app.visible_text()
            assert len(app.session.record.turns) >= thrown
        assert app.session.state.is_over
        assert "Winner:" in app.visible_text()

    asyncio.run(drive(app_of(session), body))
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["meta"]["dice"] == "table"
    replayed = replay(data)
    assert replayed.state.is_over
    assert replayed.to_json_data()["turns"] == [
        {"player": t.player, "outcome": t.outcome, "points": t.points, "score": t.score}
        for t in session.turns
    ]
    assert [p["score"] for p in replayed.to_json_data()["players"]] == [
        sheet.score for sheet in session.state.players
    ]


def test_wrong_entries_are_refused_and_change_nothing() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        before = (app.session.state, json.dumps(app.session.record.to_data()))
        cases = {
            "666666": "5 dice were thrown: type 5 faces, not 6",
            "2544": "5 dice were thrown: type 5 faces, not 4",
            "25447": "5 dice were thrown: type 5 faces, not 4",  # 7 is not typed
            "25a41": "5 dice were thrown: type 5 faces, not 4",  # nor is a letter
            "": "Type the faces that fell, e.g. 25441.",
        }
        for typed, line in cases.items():
            await type_throw(app, pilot, typed)
            assert line in app.visible_text(), (typed, app.visible_text())
            assert app.entry_open  # the line stays open to be corrected
            assert all(char in "123456" for char in app.query_one("#entry", Input).value)
            assert (app.session.state, json.dumps(app.session.record.to_data())) == before
        await type_throw(app, pilot, "25441")
        assert app.session.state.turn_total == 15
        assert not app.entry_open

    asyncio.run(drive(app_of(session), body))


def test_a_mistyped_throw_is_taken_back_until_the_next_decision() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await type_throw(app, pilot, "23462")  # a bust: the turn passes to Boris
        assert app.session.state.current == 1
        assert app.session.turns[-1].outcome == "bust"
        assert "[U] correct the last throw" in app.visible_text()
        await press(pilot, "u")
        assert app.session.state.current == 0
        assert app.session.turns == []
        assert app.session.record.turns == []
        assert app.entry_open
        assert app.query_one("#entry", Input).value == "23462"
        await type_throw(app, pilot, "23461")  # what really fell: 1 scores 10
        assert app.session.state.turn_total == 10
        await press(pilot, "escape")
        await type_throw(app, pilot, "1113")  # three 1s: 100 more, total 110, may stop
        assert app.session.state.turn_total == 110
        await press(pilot, "s")  # a decision: the entry stands from now on
        assert app.session.undo_point is None
        await press(pilot, "u")
        assert app.session.state.players[0].score == 110
        assert "correct the last throw" not in app.visible_text()

    asyncio.run(drive(app_of(session), body))


def test_a_computer_decides_and_a_person_types_its_dice() -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Bold", "bold")])

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await type_throw(app, pilot, "23462")  # Anna busts
        await until(pilot, lambda: app.entry_open)
        assert app.entry_for_bot
        placeholder = app.query_one("#entry", Input).placeholder
        assert placeholder == "Bold: the faces that fell, e.g. 25441"
        await press(pilot, "escape")  # the computer has decided: its throw waits
        assert app.entry_open
        await type_throw(app, pilot, "23462")  # Bold busts too
        assert app.session.state.current == 0
        assert [t.outcome for t in app.session.turns] == ["bust", "bust"]

    asyncio.run(drive(app_of(session), body))


def test_table_dice_need_a_terminal() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["play", "--table", "--players", "bot:bold,bot:cautious"], stdout=out, stderr=err)
    assert status == 2
    assert err.getvalue() == "a game with real dice needs a terminal: the faces are typed in\n"
    assert out.getvalue() == ""


def test_a_table_game_cannot_be_verified(tmp_path: Path) -> None:
    session = table_session(HOUSE, [Seat("Anna"), Seat("Boris")])
    session.enter_throw((2, 3, 4, 6, 2))
    path = tmp_path / "table.json"
    path.write_text(json.dumps(session.record.to_data()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path)], stdout=out, stderr=err) == 1
    assert "table" in out.getvalue() + err.getvalue()
    assert session.undo_entry()
    assert session.record.to_data()["turns"] == []
    assert session.state.current == 0
    assert session.dice is not None
    assert STOP not in session.state.legal_actions()
