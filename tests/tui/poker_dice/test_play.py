"""Poker dice on the terminal screen, driven headless: a whole game against a computer
player with scripted dice, every kind of key, the refusals, the pace of a computer
player, the end and the saved record that ``thousand replay`` accepts."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.poker_dice.support import BOX_KEY, poker_app, poker_session
from tests.tui.support import drive, press, until
from thousand.cli.games.poker_dice.commands.play import PokerSitting
from thousand.cli.main import main
from thousand.cli.storage import DATA_DIR_ENV, games_dir
from thousand.core.dice import RandomDice
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.poker_dice.record import replay
from thousand.games.poker_dice.state import Position
from thousand.tui.poker_dice.app import PokerApp
from thousand.tui.screens import HelpScreen

FIVE_FIVES = [5, 5, 5, 5, 5]
"""The computer player's every throw: five of a kind, written at once (``greedy``)."""

ANNA_TURNS: list[list[list[int]]] = [
    [[1, 1, 1, 1, 2]],  # ones: +1
    [[2, 2, 2, 3, 4]],  # twos: ✓
    [[3, 3, 3, 3, 3]],  # threes: +6
    [[4, 4, 4, 1, 2]],  # fours: ✓
    [[5, 5, 5, 5, 1]],  # fives: +5
    [[6, 6, 6, 1, 2]],  # sixes: ✓ — subtotal 12, bonus 50
    [[1, 2, 3, 4, 6], [6, 1, 2, 3]],  # pair 6 6 on the second throw: 12
    [[5, 5, 4, 4, 1], [2], [3]],  # two pairs on the third throw: 18
    [[4, 4, 4, 1, 2]],  # three, doubled: 24
    [[1, 2, 3, 4, 5]],  # small straight, doubled: 30
    [[2, 3, 4, 5, 6]],  # big straight, doubled: 40
    [[3, 3, 3, 2, 2]],  # full house, doubled: 26
    [[2, 2, 2, 2, 5]],  # four, doubled: 16
    [[1, 1, 1, 1, 1]],  # poker, doubled, +50: 60
    [[6, 6, 5, 5, 4]],  # chance: 26
]
ANNA_TOTAL = 12 + 50 + 12 + 18 + 24 + 30 + 40 + 26 + 16 + 60 + 26
ROBOT_TOTAL = 100 + 40 + 30 + 25 + 20 + 10 + 0 + 0 + 0 + 0 - 3 - 6 - 9 - 12 - 18
"""Five 5s each turn, the box scoring most: poker, four, three, chance, pair, fives, the
four boxes scoring nothing, then ones … sixes in the minus (no bonus)."""


def scripted_game() -> list[list[int]]:
    throws: list[list[int]] = []
    for turn in ANNA_TURNS:
        throws.extend(turn)
        throws.append(FIVE_FIVES)
    return throws


def replay_json(path: Path) -> tuple[int, dict[str, object]]:
    """``thousand replay PATH --json`` in-process: its exit status and output."""
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(
        ["replay", str(path), "--json"], stdin=io.StringIO(), stdout=stdout, stderr=stderr
    )
    return status, json.loads(stdout.getvalue()) if status == 0 else {"error": stderr.getvalue()}


@pytest.mark.slow
def test_a_whole_game_against_the_computer_ends_right_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "poker.json"
    seats = [Seat("Anna"), Seat("Robot", "greedy")]
    session = poker_session("russian", seats, scripted_game(), save_path=save)
    app = poker_app(session)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        def position() -> Position:
            return app.session.position

        async def write(box: str) -> None:
            await press(pilot, BOX_KEY[box])
            await until(pilot, lambda: position().over or position().current == 0)

        # Before the first throw nothing but a throw: a die or a box says why not.
        assert "[Space] throw all five dice" in app.visible_text()
        await press(pilot, "1")
        assert "Not allowed: a turn starts with a throw of all five dice" in app.visible_text()
        await press(pilot, "a")
        assert position().throws == 0
        await press(pilot, "space")
        assert position().dice == (1, 1, 1, 1, 2)
        assert "(1)" in app.sheet_text()  # ones would take 1
        await press(pilot, "s")  # a sheet game has no standing
        assert "Not allowed: a turn ends by writing the dice into a box" in app.visible_text()
        await write("ones")
        assert "Anna: Ones — 1." in app.log_lines()
        assert any(line.startswith("Robot: Poker — 100, doubled") for line in app.log_lines())

        await press(pilot, "space", "a")  # ones are written already
        assert "Not allowed: the box Ones is filled already" in app.visible_text()
        assert position().throws == 1
        await write("twos")

        await press(pilot, "space", "1", "2", "3", "4", "5")  # all five kept …
        assert "throw 0 dice" in app.visible_text()
        await press(pilot, "space")  # … is no throw
        assert "Not allowed: keep fewer than five dice" in app.visible_text()
        await write("threes")
        for box in ("fours", "fives", "sixes"):
            await press(pilot, "space")
            await write(box)
        assert app.session.position.totals(0)[:2] == (12, 50)

        # Pair: keep the 6 (fifth die), throw four dice, write the pair (not doubled).
        await press(pilot, "space", "5")
        assert "5 ●" in app.dice_text()
        assert "[Space] throw 4 dice" in app.visible_text()
        await press(pilot, "space")
        assert position().dice == (1, 2, 3, 6, 6) and not position().first_throw
        assert app.session.shown[4] == 6  # the kept die stayed where it was
        await write("pair")

        # Two pairs on the third throw; a fourth throw is refused, and so is a keep.
        await press(pilot, "space", "1", "2", "3", "4", "space", "space")
        assert position().throws_left == 0
        await press(pilot, "space")
        assert "Not allowed: no throw is left this turn" in app.visible_text()
        await press(pilot, "1")
        assert "Not allowed: no throw is left this turn" in app.visible_text()
        await write("two_pairs")
        await press(pilot, "space")
        await write("three")

        # The cursor: it starts on the box scoring most, Enter writes it.
        await press(pilot, "space")
        assert app.cursor == "small_straight"
        assert "[↑↓ Enter] write Small straight (30)" in app.visible_text()
        await press(pilot, "enter")
        await until(pilot, lambda: position().current == 0)
        await press(pilot, "space", "enter")
        await until(pilot, lambda: position().current == 0)
        await press(pilot, "space")
        await write("full_house")
        await press(pilot, "space")
        assert app.cursor == "four"
        await press(pilot, "down")
        assert app.cursor == "poker"
        await press(pilot, "down", "down")
        assert app.cursor == "four"  # round the open boxes
        await press(pilot, "up")
        assert app.cursor == "chance"
        await press(pilot, "down", "enter")
        await until(pilot, lambda: position().current == 0)
        await press(pilot, "space")
        await write("poker")
        await press(pilot, "space", "enter")
        await until(pilot, lambda: position().over)

        text = app.visible_text()
        assert "Winner: Anna." in text
        assert "The game is over." in text
        assert "[Space]" not in text  # no throw after the end
        await press(pilot, "space", "a")  # nothing happens any more
        assert position().over
        sheet = app.sheet_text()
        assert str(ANNA_TOTAL) in sheet and str(ROBOT_TOTAL) in sheet
        assert "★Anna" in sheet and "★Robot" not in sheet

    asyncio.run(drive(app, body))
    final = app.session.position
    assert [final.totals(seat).total for seat in (0, 1)] == [ANNA_TOTAL, ROBOT_TOTAL]
    assert final.winners == (0,)
    status, data = replay_json(save)
    assert status == 0, data
    players = data["players"]
    assert isinstance(players, list)
    assert [player["total"] for player in players] == [ANNA_TOTAL, ROBOT_TOTAL]
    assert data["winner"] == "Anna" and data["to_move"] is None
    record = json.loads(save.read_text())
    assert record["game"] == "poker_dice"
    assert record["turns"][12]["rolls"] == [
        [1, 2, 3, 4, 6],
        {"keep": [6], "dice": [6, 1, 2, 3]},
    ]
    assert record["turns"][12]["box"] == "pair"
    assert record["meta"]["seats"] == [
        {"name": "Anna", "bot": None},
        {"name": "Robot", "bot": "greedy"},
    ]


def test_a_computer_player_shows_its_choice_before_it_acts() -> None:
    """With pauses on, the dice a computer keeps and the box it writes are on the screen
    before it throws or writes."""
    seats = [Seat("Robot", "greedy"), Seat("Anna")]
    throws = [[6, 6, 2, 3, 4], [6, 2, 3], [1, 2]]
    app = poker_app(poker_session("russian", seats, throws), fast=False)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        def position() -> Position:
            return app.session.position

        assert "Now playing: Robot (computer, greedy)" in app.visible_text()
        await until(pilot, lambda: position().throws == 1)
        await until(pilot, lambda: app.kept != [])
        assert position().throws == 1  # kept, not thrown yet
        assert sorted(app.session.shown[place] for place in app.kept) == [6, 6]
        assert "1 ●" in app.dice_text() and "2 ●" in app.dice_text()
        await until(pilot, lambda: position().throws == 2)
        await until(pilot, lambda: position().throws == 3)
        await until(pilot, lambda: app.bot_writes)
        assert position().current == 0 and app.cursor is not None
        assert "▶" in app.sheet_text()
        await until(pilot, lambda: position().current == 1)
        assert "Now playing: Anna" in app.visible_text()

    asyncio.run(drive(app, body))


def test_two_computer_players_play_a_whole_game_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    seats = [Seat("Greta", "greedy"), Seat("Chas", "chaser")]
    session = poker_session("yahtzee", seats, dice=RandomDice(11), save_path=save)
    app = poker_app(session)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await until(pilot, lambda: app.session.position.over)
        assert "Winner: " in app.visible_text() or "Shared win: " in app.visible_text()

    asyncio.run(drive(app, body))
    result = replay(json.loads(save.read_text()))
    assert result.position == app.session.position


def test_the_ranking_game_stands_and_shows_the_hands() -> None:
    seats = [Seat("Anna"), Seat("Boris")]
    throws = [[6, 6, 6, 2, 2], [1, 2, 3, 4, 6], [5, 5], [5, 5]]
    app = poker_app(poker_session("ranking", seats, throws))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        def position() -> Position:
            return app.session.position

        await press(pilot, "space")
        assert "Full house" in app.visible_text()
        assert "[S] stand on this hand" in app.visible_text()
        await press(pilot, "s")
        assert position().current == 1
        assert "Anna: Full house, 2 2 6 6 6." in app.log_lines()
        await press(pilot, "space", "1", "2", "3", "space")
        await press(pilot, "space")  # the last throw ends the turn by itself
        assert position().over and position().winners == (0,)
        assert "Winner: Anna." in app.visible_text()
        hands = app.sheet_text()
        assert "2 2 6 6 6" in hands and "Full house" in hands

    asyncio.run(drive(app, body))


def test_help_shows_the_rules_being_played_and_the_keys() -> None:
    app = poker_app(poker_session("russian_banked", [Seat("Anna")]))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "h")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-text").content.plain  # type: ignore[attr-defined]
        assert "kept for later turns" in text
        assert "The letter beside an open box" in text
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)

    asyncio.run(drive(app, body))


def test_a_terminal_too_small_says_so() -> None:
    app = poker_app(poker_session("russian", [Seat("Anna")]))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        assert "The terminal is too small: 70×20" in app.visible_text()
        await press(pilot, "space")
        assert app.session.position.throws == 0

    asyncio.run(drive(app, body, size=(70, 20)))


def test_play_again_turns_the_seats_and_saves_a_new_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    save = tmp_path / "first.json"
    seats = [Seat("Anna"), Seat("Boris")]
    throws = [[6, 6, 6, 6, 2], [1, 2, 3, 4, 6]]
    session = poker_session("ranking", seats, throws, save_path=save)
    sitting = PokerSitting(translator("en"), seed=5)
    sitting.games.append((session, save, True))
    app = PokerApp(session, translator("en"), fast=True, again=sitting.again)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "s", "space", "s")
        assert app.session.position.over
        assert "[N] play again (first turn: Boris)" in app.visible_text()
        await press(pilot, "n")
        assert not app.session.position.over
        assert app.session.names == ["Boris", "Anna"]
        assert "A new game; first turn: Boris." in app.log_lines()
        await press(pilot, "space")
        assert app.session.position.throws == 1

    asyncio.run(drive(app, body))
    assert sitting.close() == [
        f"The game is saved in {save}",
        f"The game is saved in {sitting.games[1][1]}",
    ]
    assert sitting.games[1][1].parent == games_dir()
