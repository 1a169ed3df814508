"""The terminal game driven headless: entry, hot dice, a barrel, a bust, a win, and more.

Every scenario forces the dice with :class:`~thousand.games.dice1000.dice.ScriptedDice` and presses
the keys a player would; the assertions read the engine's position through the session and
the words on the screen, so a refused action must also say why.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.dice1000.support import app_of, session_of
from tests.tui.support import drive, press, until
from thousand.games.dice1000 import RandomDice, replay
from thousand.games.dice1000.state import GameState, Phase
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp
from thousand.tui.screens import HelpScreen

BUST = [2, 3, 4, 6, 6]
"""Nothing scores (no 1, no 5, no triple, no straight, not a favorite)."""

HUMANS = [Seat("Anna"), Seat("Boris")]


@pytest.mark.slow
def test_entry_hot_dice_barrel_bust_and_leaving_the_barrel(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    throws = [
        [5, 2, 3, 3, 6],
        [1, 1, 1, 2],  # Anna: 5, then 105: enters
        BUST,  # Boris: bust
        [1, 5, 5, 5, 1],
        [5, 5, 5, 2, 3],  # Anna: hot dice 70, then +50 → 225
        BUST,  # Boris
        [1, 2, 3, 4, 6],
        [1, 1, 1, 5],
        BUST,  # Anna on the barrel: 10, 115 hot, bust
        BUST,  # Boris
        [1, 1, 1, 5, 5],
        [1, 2, 3, 4, 6],  # Anna: 110 hot, +10 → 345
    ]
    session = session_of("classic", HUMANS, throws, save_path=save)
    app = app_of(session)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        def state() -> GameState:
            return app.session.state

        # Entry: 5 points cannot be recorded, and the screen says why.
        await press(pilot, "space")
        assert state().turn_total == 5
        assert (
            "You may not stop yet: you need 100 in one turn to enter the game (this turn: 5)"
            in app.visible_text()
        )
        assert "[S] stop — not yet" in app.visible_text()
        await press(pilot, "s")
        assert state().phase is Phase.DECIDE and state().current == 0
        assert "Not allowed: you need 100 in one turn to enter the game" in app.visible_text()
        await press(pilot, "space")
        assert state().turn_total == 105
        assert "[S] stop and record 105" in app.visible_text()
        await press(pilot, "s")
        assert state().players[0].score == 105 and state().players[0].entered
        assert "Anna: +105 — entry into the game, score 105." in app.log_lines()
        assert json.loads(save.read_text())["turns"][0]["stop"] is True

        # A bust.
        await press(pilot, "space")
        assert state().current == 0
        assert "Boris: bust." in app.log_lines()

        # Hot dice: all five scored, so no stop until all five are thrown again.
        await press(pilot, "space")
        assert state().turn_total == 70 and state().dice_left == 5
        assert "hot dice! All five are thrown again" in app.visible_text()
        await press(pilot, "s")
        assert "Not allowed: all five dice scored" in app.visible_text()
        await press(pilot, "space", "s")
        assert state().players[0].score == 225  # landed on the barrel 200–300

        await press(pilot, "space")  # Boris busts
        # On the barrel: 10 points cannot be recorded, 75 are needed.
        await press(pilot, "space", "s")
        assert (
            "Not allowed: you stand on the barrel 200–300: you need 75 in one turn"
            in app.visible_text()
        )
        await press(pilot, "space")  # 115, hot dice
        await press(pilot, "space")  # the confirmation throw busts
        assert state().current == 1 and state().players[0].score == 225
        assert "Anna: bust, 115 points lost." in app.log_lines()

        await press(pilot, "space")  # Boris busts
        await press(pilot, "space", "space", "s")  # 110 hot, +10: off the barrel
        assert state().players[0].score == 345
        assert state().barrel_of(0) is None

    asyncio.run(drive(app, body))
    saved = replay(json.loads(save.read_text()))
    assert [p.score for p in saved.state.players] == [345, 0]
    assert [t.outcome for t in saved.turns] == [
        "stop",
        "bust",
        "stop",
        "bust",
        "bust",
        "bust",
        "stop",
    ]


def test_a_win_ends_the_game_and_is_saved(tmp_path: Path) -> None:
    save = tmp_path / "win.json"
    rules = {"preset": "classic", "target": 300, "barrels": []}
    throws = [[1, 1, 1, 2, 3], BUST, [1, 1, 1, 1, 2]]
    app = app_of(session_of(rules, HUMANS, throws, save_path=save))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "s", "space", "space", "s")
        state = app.session.state
        assert state.is_over and state.winner == 0
        assert "Winner: Anna." in app.visible_text()
        assert "[Space]" not in app.visible_text()  # no throw after the end
        assert "Anna: 300 — victory!" in app.log_lines()
        await press(pilot, "space", "s")  # nothing happens any more
        assert app.session.state is state

    asyncio.run(drive(app, body))
    result = replay(json.loads(save.read_text()))
    assert result.state.winner == 0 and result.state.players[0].score == 300


def test_choosing_dice_to_set_aside() -> None:
    rules = {"preset": "classic", "choose_dice": True}
    app = app_of(session_of(rules, HUMANS, [[1, 5, 5, 2, 3]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space")
        assert app.session.state.phase is Phase.SET_ASIDE
        assert "[Enter] set aside 1 5 5 (+20)" in app.visible_text()
        await press(pilot, "2")  # put back the first 5
        assert "[Enter] set aside 1 5 (+15)" in app.visible_text()
        await press(pilot, "4")  # a 2 is not a scoring combination
        assert "only whole scoring combinations can be set aside" in app.visible_text()
        await press(pilot, "enter")
        assert app.session.state.phase is Phase.SET_ASIDE
        await press(pilot, "4", "enter")
        state = app.session.state
        assert (state.phase, state.turn_total, state.dice_left) == (Phase.DECIDE, 15, 3)

    asyncio.run(drive(app, body))


@pytest.mark.slow
def test_computer_players_play_a_whole_game_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    seats = [Seat("Ivan", "bold"), Seat("Olga", "cautious")]
    app = app_of(session_of("classic", seats, dice=RandomDice(11), save_path=save, seed=11))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await until(pilot, lambda: app.session.state.is_over)
        assert "Winner: " in app.visible_text()

    asyncio.run(drive(app, body))
    result = replay(json.loads(save.read_text()))
    assert result.state.players == app.session.state.players
    assert result.state.winner == app.session.state.winner


def test_a_person_against_the_computer_waits_for_the_person() -> None:
    seats = [Seat("Anna"), Seat("Robot", "balanced")]
    app = app_of(session_of("classic", seats, dice=RandomDice(5)))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        session = app.session
        while not session.turns:
            await press(pilot, "space")  # throw until the turn ends, stopping when allowed
            if session.state.may_stop():
                await press(pilot, "s")
        await until(pilot, lambda: len(session.turns) >= 2)
        assert session.turns[1].player == "Robot" and session.state.current == 0
        assert any(line.startswith("Robot: ") for line in app.log_lines())
        assert "Now playing: Anna" in app.visible_text()

    asyncio.run(drive(app, body))


def test_help_shows_the_rules_being_played_in_russian() -> None:
    app = app_of(session_of("ussr", HUMANS, language="ru"), language="ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert "[Пробел] бросить 5 костей" in app.visible_text()
        await press(pilot, "h")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-text").content.plain  # type: ignore[attr-defined]
        assert "Бочка 900–1000" in text and "3 неудачных ходов" in text
        assert "Самосвал 555" in text and "Болты" in text
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)

    asyncio.run(drive(app, body))


def test_a_terminal_too_small_says_so() -> None:
    app = app_of(session_of("classic", HUMANS))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert app.too_small
        text = app.visible_text()
        assert "The terminal is too small: 70×20" in text
        assert "at least 80×24" in text
        await press(pilot, "space")
        assert app.session.state.throws == 0  # the game does not go on unseen

    asyncio.run(drive(app, body, size=(70, 20)))


@pytest.mark.parametrize("key", ["q", "ctrl+c"])
def test_quit_saves_the_turn_in_progress(tmp_path: Path, key: str) -> None:
    save = tmp_path / "quit.json"
    app = app_of(session_of("classic", HUMANS, [[5, 2, 3, 3, 6]], save_path=save))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", key)

    asyncio.run(drive(app, body))
    assert app.return_code == 0
    result = replay(json.loads(save.read_text()))
    assert result.turns[-1].outcome == "in_progress" and result.state.turn_total == 5
