"""Resuming a saved game of poker dice: after a kill the record holds every finished turn,
after Q the turn in progress too, and a new screen opened with it continues from exactly
that position — the dice where they lay, the computer players, the language."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.poker_dice.support import BOX_KEY, poker_app, poker_session
from tests.tui.support import drive, press, saved_and_resumed, until
from thousand.cli.games.poker_dice.saved import SavedPokerGame
from thousand.cli.storage import load_any_game, resume
from thousand.core.dice import ScriptedDice
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.tui.poker_dice.app import PokerApp

HUMANS = [Seat("Anna"), Seat("Boris")]


def saved_poker(path: Path) -> SavedPokerGame:
    saved = load_any_game(path)
    assert isinstance(saved, SavedPokerGame)
    return saved


def test_resume_after_a_kill_continues_from_the_last_finished_turn(tmp_path: Path) -> None:
    save = tmp_path / "killed.json"
    throws = [[6, 6, 6, 2, 2], [1, 1, 1, 1, 3], [5, 5, 2, 3, 4]]
    first = poker_app(poker_session("russian", HUMANS, throws, save_path=save))

    async def play_then_die(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", BOX_KEY["full_house"])  # Anna: 44, doubled
        await press(pilot, "space", BOX_KEY["ones"])  # Boris: +1
        await press(pilot, "space")  # Anna throws … and the process is killed
        assert app.session.position.throws == 1

    # Leaving the Pilot without Q is the kill: nothing is saved beyond the turn ends.
    asyncio.run(drive(first, play_then_die))
    data = json.loads(save.read_text())
    assert len(data["turns"]) == 2

    session = resume(saved_poker(save), language="en", dice=ScriptedDice([[3, 3, 3, 3, 1]]))
    second = poker_app(session)

    async def resumed(app: PokerApp, pilot: Pilot[int]) -> None:
        position = app.session.position
        assert position.current == 0 and position.throws == 0
        assert [position.totals(seat).total for seat in (0, 1)] == [44, 1]
        assert "Now playing: Anna" in app.visible_text()
        assert "Anna: Full house — 44, doubled (first throw)." in app.log_lines()
        assert "Boris: Ones — 1." in app.log_lines()
        assert "Last dice of Boris" in app.dice_text()
        await press(pilot, "space", BOX_KEY["threes"])
        assert app.session.position.totals(0).total == 44 + 3

    asyncio.run(drive(second, resumed))
    result = json.loads(save.read_text())
    assert len(result["turns"]) == 3 and result["meta"]["seats"][0]["name"] == "Anna"
    assert result["turns"][:2] == data["turns"]


def test_quit_saves_the_turn_in_progress_and_resume_continues_it(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    app = poker_app(poker_session("russian", HUMANS, [[6, 2, 6, 3, 1], [6, 4, 5]], save_path=save))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "1", "3", "space")  # keep both 6s, throw three dice
        assert app.session.shown == [6, 6, 6, 4, 5]
        await press(pilot, "q")

    asyncio.run(drive(app, body))
    assert app.return_code == 0
    data = json.loads(save.read_text())
    assert data["turns"] == [
        {"player": "Anna", "rolls": [[6, 2, 6, 3, 1], {"keep": [6, 6], "dice": [6, 4, 5]}]}
    ]

    session = resume(saved_poker(save), language="en", dice=ScriptedDice([[6, 6]]))
    assert session.position.throws == 2 and session.position.dice == (4, 5, 6, 6, 6)
    assert session.shown == [6, 6, 6, 4, 5]  # where they lay
    second = poker_app(session)

    async def resumed(app: PokerApp, pilot: Pilot[int]) -> None:
        assert "1 throw left" in app.visible_text()
        assert app.kept == [0, 2]  # the 6s held at the last throw are held still
        assert "(✓)" in app.sheet_text()  # sixes: exactly three
        await press(pilot, "2", "space")  # keep the third 6 too
        assert app.session.position.dice == (6, 6, 6, 6, 6)
        await press(pilot, BOX_KEY["poker"])
        assert app.session.position.totals(0).total == 30 + 50  # third throw: not doubled

    asyncio.run(drive(second, resumed))


def test_resume_keeps_computer_players_and_language(tmp_path: Path) -> None:
    save = tmp_path / "mixed.json"
    seats = [Seat("Anna"), Seat("Robot", "chaser")]
    session = poker_session("yahtzee", seats, save_path=save, language="ru", seed=3)
    app = poker_app(saved_and_resumed(session, save, language="ru", seed=3), "ru")

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        assert "Ходит: Anna" in app.visible_text()
        await press(pilot, "space", "enter")
        await until(pilot, lambda: app.session.position.current == 0)
        assert len(app.session.turns) == 2

    asyncio.run(drive(app, body))


def test_a_resumed_finished_game_shows_its_winners(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    session = poker_session(
        "ranking", HUMANS, [[6, 6, 6, 6, 2], [1, 1, 2, 3, 4], [6, 5, 5]], save_path=save
    )
    session.throw()
    session.stop()
    session.throw()
    session.throw([0, 1])
    session.stop()
    assert session.position.over
    resumed = resume(saved_poker(save), language="ru")
    app = PokerApp(resumed, translator("ru"), fast=True)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        text = app.visible_text()
        assert "Победитель: Anna." in text
        assert "Игра окончена." in text
        assert "6 6 6 6 2" in app.sheet_text() or "2 6 6 6 6" in app.sheet_text()

    asyncio.run(drive(app, body))
