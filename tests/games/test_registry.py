"""The registry of games: names to modules, imported on demand, and a record's ``game``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from thousand.cli.main import main
from thousand.core.errors import RecordError
from thousand.games import (
    DEFAULT_GAME,
    GAMES,
    UnknownGameError,
    card1000,
    dice1000,
    game_names,
    game_of_record,
    load_game,
    poker_dice,
)
from thousand.games.dice1000 import STOP, THROW, IllegalActionError, Outcome, replay
from thousand.games.interface import GameModule

# mypy checks here that the package of dice 1000 offers the whole interface.
DICE1000: GameModule = dice1000
POKER_DICE: GameModule = poker_dice
CARD1000: GameModule = card1000

RECORD = {
    "format": 1,
    "rules": "classic",
    "players": ["Anna", "Boris"],
    "turns": [{"rolls": [[1, 1, 1, 5, 2]], "stop": True}, {"rolls": [[2, 3, 4, 6, 6]]}],
}


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def test_the_registry_names_its_games_and_loads_their_packages() -> None:
    assert game_names() == ("dice1000", "poker_dice", "card1000") and DEFAULT_GAME == "dice1000"
    assert load_game("dice1000") is dice1000 and load_game("poker_dice") is poker_dice
    assert dice1000.NAME == "dice1000" and poker_dice.NAME == "poker_dice"


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    known = r"\(known: dice1000, poker_dice, card1000\)"
    with pytest.raises(UnknownGameError, match=rf"^unknown game 'chess' {known}$"):
        load_game("chess")
    assert issubclass(UnknownGameError, RecordError)


def test_a_game_is_imported_only_when_asked_for() -> None:
    code = (
        "import sys, thousand.games as g; "
        "assert 'thousand.games.dice1000' not in sys.modules; "
        "assert 'thousand.games.poker_dice' not in sys.modules; "
        "g.load_game('dice1000'); "
        "assert 'thousand.games.dice1000' in sys.modules; "
        "assert 'thousand.games.poker_dice' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert set(GAMES) == {"dice1000", "poker_dice", "card1000"}


@pytest.mark.parametrize(
    ("data", "name"),
    [(RECORD, "dice1000"), ({**RECORD, "game": "dice1000"}, "dice1000"), ([], "dice1000")],
)
def test_the_game_of_a_record_defaults_to_dice1000(data: object, name: str) -> None:
    assert game_of_record(data) == name


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("poker", "game: unknown game 'poker' (known: dice1000, poker_dice, card1000)"),
        (7, "game: unknown game not a name (known: dice1000, poker_dice, card1000)"),
        (
            "\x1b[31mred",
            "game: unknown game '\\x1b[31mred' (known: dice1000, poker_dice, card1000)",
        ),
    ],
)
def test_a_record_of_an_unknown_game_is_one_line(game: object, message: str) -> None:
    with pytest.raises(UnknownGameError) as caught:
        game_of_record({**RECORD, "game": game})
    assert str(caught.value) == message


def test_replay_reads_records_with_and_without_game_and_refuses_others(tmp_path: Path) -> None:
    without, with_game = tmp_path / "a.json", tmp_path / "b.json"
    without.write_text(json.dumps(RECORD), encoding="utf-8")
    with_game.write_text(json.dumps({**RECORD, "game": "dice1000"}), encoding="utf-8")
    first, second = run("replay", str(without), "--json"), run("replay", str(with_game), "--json")
    assert first[0] == second[0] == 0 and first[1] == second[1]
    assert json.loads(first[1])["players"][0] == {
        "name": "Anna",
        "score": 105,
        "entered": True,
        "bolts": 0,
    }
    status, out, err = run("replay", "-", stdin=json.dumps({**RECORD, "game": "farkle"}))
    assert (status, out) == (2, "")
    assert err == "game: unknown game 'farkle' (known: dice1000, poker_dice, card1000)\n"


def test_the_engine_itself_refuses_a_record_of_another_game() -> None:
    with pytest.raises(RecordError, match="game: a record of 'farkle' is not a record of dice1000"):
        replay({**RECORD, "game": "farkle"})


def test_records_are_written_with_their_game() -> None:
    position = dice1000.new_position("classic", ["Anna", "Boris"])
    recorder = dice1000.new_recorder(position, None)
    for action in (THROW, Outcome((1, 1, 1, 5, 2)), STOP):
        recorder.observe(position, action)
        position = dice1000.apply(position, action)
    data = recorder.to_data()
    assert list(data)[:3] == ["format", "game", "rules"] and data["game"] == "dice1000"
    assert replay(data).to_json_data()["players"][0]["score"] == 105


def test_the_interface_speaks_for_the_seat_to_move_only() -> None:
    position = dice1000.new_position({"preset": "classic"}, ["Anna", "Boris"])
    assert dice1000.legal_actions(position, 0) == (THROW,)
    assert dice1000.legal_actions(position, 1) == ()
    air = dice1000.apply(position, THROW)
    assert dice1000.legal_actions(air, 0) == ()  # the dice are in the air: nobody decides
    with pytest.raises(IllegalActionError):
        dice1000.apply(position, STOP)
    assert not dice1000.is_over(position)
    view = dice1000.seat_view(position, None)
    assert view == dice1000.seat_view(position, 1) and view["players"][0]["name"] == "Anna"
