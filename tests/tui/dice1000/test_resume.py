"""Resuming a saved game: after a kill the record holds every finished turn, and a new
app opened with it continues from exactly that position."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from tests.tui.dice1000.support import app_of, session_of
from tests.tui.support import drive, press, saved_and_resumed
from thousand.cli.storage import load_game, resume
from thousand.core.i18n import translator
from thousand.games.dice1000 import RandomDice, ScriptedDice
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp

BUST = [2, 3, 4, 6, 6]


def test_resume_after_a_kill_continues_from_the_last_finished_turn(tmp_path: Path) -> None:
    save = tmp_path / "killed.json"
    seats = [Seat("Anna"), Seat("Boris")]
    throws = [[1, 1, 1, 2, 3], BUST, [5, 2, 3, 3, 6]]
    first = app_of(session_of("classic", seats, throws, save_path=save))

    async def play_then_die(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "s")  # Anna enters with 100
        await press(pilot, "space")  # Boris busts
        await press(pilot, "space")  # Anna throws 5 … and the process is killed
        assert app.session.state.turn_total == 5

    # Leaving the Pilot without Q is the kill: nothing is saved beyond the turn ends.
    asyncio.run(drive(first, play_then_die))
    data = json.loads(save.read_text())
    assert len(data["turns"]) == 2

    saved = load_game(save)
    session = resume(saved, language="en", dice=ScriptedDice([[1, 5, 2, 3, 3]]))
    second = app_of(session)

    async def resumed(app: ThousandApp, pilot: Pilot[int]) -> None:
        state = app.session.state
        assert state.current == 0 and state.throws == 0
        assert [p.score for p in state.players] == [100, 0]
        assert [t.outcome for t in app.session.turns] == ["stop", "bust"]
        assert "Now playing: Anna" in app.visible_text()
        assert "Anna: +100 — entry into the game, score 100." in app.log_lines()
        await press(pilot, "space", "s")  # 15 more, Anna is in the game
        assert app.session.state.players[0].score == 115

    asyncio.run(drive(second, resumed))
    result = json.loads(save.read_text())
    assert len(result["turns"]) == 3 and result["meta"]["seats"][0]["name"] == "Anna"


def test_resume_keeps_computer_players_and_language(tmp_path: Path) -> None:
    save = tmp_path / "mixed.json"
    seats = [Seat("Anna"), Seat("Robot", "bold")]
    session = session_of("ussr", seats, dice=RandomDice(3), save_path=save, language="ru", seed=3)
    app = app_of(saved_and_resumed(session, save, language="ru", seed=3), "ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert "Ходит: Anna" in app.visible_text()

    asyncio.run(drive(app, body))


def test_resume_in_the_middle_of_a_turn_continues_that_turn(tmp_path: Path) -> None:
    save = tmp_path / "middle.json"
    session = session_of(
        "classic", [Seat("Anna"), Seat("Boris")], [[5, 2, 3, 3, 6]], save_path=save
    )
    session.throw()
    session.save()  # what Q does
    resumed = resume(load_game(save), language="en", dice=ScriptedDice([[1, 1, 1, 2]]))
    assert resumed.state.turn_total == 5 and resumed.state.dice_left == 4
    assert [view.dice for view in resumed.throws] == [(5, 2, 3, 3, 6)]
    resumed.throw()
    assert resumed.state.turn_total == 105


def test_a_resumed_finished_game_shows_its_last_throw_and_winner(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    rules = {"preset": "classic", "target": 300, "barrels": []}
    session = session_of(
        rules,
        [Seat("Anna"), Seat("Boris")],
        [[1, 1, 1, 2, 3], BUST, [1, 1, 1, 1, 2]],
        save_path=save,
    )
    session.throw()
    session.stop()
    session.throw()
    session.throw()
    session.stop()
    assert session.state.is_over
    resumed = resume(load_game(save), language="ru")
    assert [view.dice for view in resumed.throws] == [(1, 1, 1, 1, 2)]
    assert resumed.last_end is not None and resumed.last_end.outcome == "win"
    app = ThousandApp(resumed, translator("ru"), fast=True)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        text = app.visible_text()
        assert "Победитель: Anna." in text
        assert "1 1 1 1 2 → " in text
        assert "В этом ходу ещё не бросали" not in text
        console = Console(width=100, file=io.StringIO(), color_system=None)
        console.print(app.query_one("#dice", Static).content)
        dice = console.file.getvalue()  # type: ignore[attr-defined]
        assert "Последний бросок" in dice and "?" not in dice  # faces, not blank dice

    asyncio.run(drive(app, body))
