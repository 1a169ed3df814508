"""After a game: N plays again at the same table; games nobody threw in leave no file.

:class:`~thousand.cli.commands.play.Sitting` is what ``thousand play`` hands the app: the
next game has the same rules and players with the seat order turned by one (whoever
was second moves first) and a file of its own; when the app closes, the file of a new
game without a single throw is deleted — never a resumed game's.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.dice1000.support import session_of
from tests.tui.support import drive, press, until
from thousand.cli.games.dice1000.commands.play import Sitting
from thousand.cli.storage import DATA_DIR_ENV, games_dir, load_game, resume
from thousand.core.i18n import translator
from thousand.games.dice1000 import replay
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp

RULES = {"preset": "classic", "target": 300, "barrels": []}
BUST = [2, 3, 4, 6, 6]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.mark.parametrize("language", ["en", "ru"])
def test_play_again_turns_the_seats_and_a_game_left_unthrown_leaves_no_file(
    tmp_path: Path, language: str
) -> None:
    first_path = tmp_path / "first.json"
    seats = [Seat("Anna"), Seat("Boris"), Seat("Robot", "bold")]
    throws = [[1, 1, 1, 2, 3], BUST, BUST, [1, 1, 1, 1, 2]]  # Anna enters, wins at once
    session = session_of(RULES, seats, throws, save_path=first_path, language=language)
    session.save()
    tr = translator(language)
    sitting = Sitting(session, first_path, tr, created=True, seed=7)
    app = ThousandApp(session, tr, fast=True, again=sitting.again)
    words = {
        "en": (
            "[N] play again (first turn: Boris)",
            "A new game; first turn: Boris.",
            "Now playing: Boris",
        ),
        "ru": (
            "[N] сыграть ещё (первый ход: Boris)",
            "Новая игра; первый ход: Boris.",
            "Ходит: Boris",
        ),
    }[language]

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "s", "space")  # Anna 100, Boris busts
        await until(pilot, lambda: len(app.session.turns) == 3)  # the Robot busts
        await press(pilot, "space", "s")  # Anna: 200 more, 300
        finished = app.session
        assert finished.state.is_over and finished.state.winner == 0
        assert words[0] in app.visible_text()
        await press(pilot, "enter")  # Enter does not start a game
        assert app.session is finished
        await press(pilot, "n")
        new = app.session
        assert new is not finished
        assert [seat.name for seat in new.seats] == ["Boris", "Robot", "Anna"]
        assert [seat.bot for seat in new.seats] == [None, "bold", None]
        assert new.state.current == 0 and new.state.throws == 0 and not new.turns
        assert new.game is finished.game
        assert words[1] in app.log_lines()
        assert words[2] in app.visible_text()
        assert "Winner" not in app.visible_text() and "Победитель" not in app.visible_text()
        await press(pilot, "q")  # before anyone throws

    asyncio.run(drive(app, body))
    assert sitting.games[0][1] == first_path
    second = sitting.games[1][1]
    assert second.parent == games_dir() and second.exists()  # saved when it was made
    assert json.loads(second.read_text())["meta"]["seed"] == 8
    lines = sitting.close()
    assert not second.exists()  # nothing thrown in it: not kept
    assert first_path.exists() and replay(json.loads(first_path.read_text())).state.is_over
    kept, dropped = {
        "en": ("The game is saved in", "No die was thrown: the game is not kept."),
        "ru": ("Игра сохранена в", "Ни одного броска не было: игра не сохранена."),
    }[language]
    assert lines == [f"{kept} {first_path}", dropped]


def test_a_new_game_quit_before_a_throw_is_deleted_but_a_resumed_one_never(
    tmp_path: Path,
) -> None:
    tr = translator("en")
    fresh = tmp_path / "fresh.json"
    session = session_of(RULES, [Seat("Anna"), Seat("Boris")], save_path=fresh)
    session.save()
    assert Sitting(session, fresh, tr, created=True, seed=None).close() == [
        "No die was thrown: the game is not kept."
    ]
    assert not fresh.exists()

    # A game saved before its first throw and resumed: its file stays, thrown in or not.
    kept = tmp_path / "kept.json"
    session_of(RULES, [Seat("Anna"), Seat("Boris")], save_path=kept).save()
    resumed = resume(load_game(kept), language="en")
    assert not resumed.turns and not resumed.throws
    assert Sitting(resumed, kept, tr, created=False, seed=None).close() == [
        f"The game is saved in {kept}"
    ]
    assert kept.exists()

    # A new game with a throw in it (the turn unfinished) is kept.
    thrown = tmp_path / "thrown.json"
    session = session_of(RULES, [Seat("Anna"), Seat("Boris")], [[5, 2, 3, 3, 6]], save_path=thrown)
    session.throw()
    session.save()
    Sitting(session, thrown, tr, created=True, seed=None).close()
    assert thrown.exists()
