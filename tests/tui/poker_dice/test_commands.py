"""``thousand play --game poker_dice`` as a command: the unattended computer-only game, its
record, ``--resume`` of it, ``thousand games`` listing it — and bad input: one line on
standard error, exit status 2, nothing written. Dice 1000 stays the default game."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.tui.support import run_tui
from thousand.cli.games.poker_dice.saved import SavedPokerGame
from thousand.cli.main import main as thousand
from thousand.cli.storage import load_any_game, load_game
from thousand.core.errors import RecordError
from thousand.games.poker_dice.record import replay

BOTS = ["--game", "poker_dice", "--players", "bot:greedy,bot:chaser"]

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/tui/conftest.py


@pytest.mark.parametrize("rules", ["russian", "russian_banked", "yahtzee", "ranking"])
def test_computer_players_without_a_terminal_play_through(tmp_path: Path, rules: str) -> None:
    save = tmp_path / f"{rules}.json"
    status, out, err = run_tui(*BOTS, "--rules", rules, "--seed", "4", "--save", str(save))
    assert status == 0, err
    data = json.loads(save.read_text())
    assert data["game"] == "poker_dice" and data["meta"]["seed"] == 4
    final = replay(data)
    assert final.position.over
    assert f"The record of the game: {save}" in out
    assert any(line in out for line in ("Winner: ", "Shared win: "))
    if rules != "ranking":
        assert "Total" in out


def test_russian_and_the_default_players(tmp_path: Path) -> None:
    save = tmp_path / "ru.json"
    status, out, err = run_tui(
        "--game", "poker_dice", "--players", "bot:optimal:Оля,bot:chaser", "--rules", "ranking",
        "--lang", "ru", "--seed", "1", "--save", str(save),
    )  # fmt: skip
    assert status == 0, err
    assert "Запись игры" in out
    seats = json.loads(save.read_text())["meta"]["seats"]
    assert seats == [{"name": "Оля", "bot": "optimal"}, {"name": "Охотник", "bot": "chaser"}]
    status, _, err = run_tui("--game", "poker_dice", "--lang", "ru")
    assert status == 2  # you against the computer: a person needs a terminal
    assert "нужен терминал" in err


def test_resume_a_saved_game_of_poker_dice_and_list_it(tmp_path: Path, data_dir: Path) -> None:
    save = data_dir / "games" / "poker.json"
    status, _, err = run_tui(*BOTS, "--seed", "9", "--save", str(save))
    assert status == 0, err
    data = json.loads(save.read_text())
    del data["turns"][5:]  # a game in progress
    save.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run_tui("--resume", "poker")  # by its name in the games folder
    assert status == 0, err
    finished = json.loads(save.read_text())
    assert finished["turns"][:5] == data["turns"] and len(finished["turns"]) == 30
    assert isinstance(load_any_game(save), SavedPokerGame)
    with pytest.raises(RecordError, match="a saved game of poker dice"):
        load_game(save)
    listing = io.StringIO()
    assert thousand(["games", "--lang", "en"], stdout=listing, stderr=io.StringIO()) == 0
    text = listing.getvalue()
    assert "poker.json" in text and "Poker dice" in text and "Greedy (computer)" in text


POKER = ["--game", "poker_dice"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [*POKER, "--players", "bot:bold"],
            "unknown computer player level 'bold' (known: greedy, chaser, optimal)",
        ),
        ([*POKER, "--rules", "classic"], "unknown preset 'classic'"),
        ([*POKER, "--table"], "thousand play --table: the game poker_dice does not offer it"),
        (["--game", "chess"], "invalid choice: 'chess'"),
        (["--players", "bot:greedy"], "unknown computer player level 'greedy'"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(argv: list[str], message: str) -> None:
    status, out, err = run_tui(*argv)
    assert status == 2
    assert message in err and err.count("\n") == 1
    assert out == ""


def test_resume_refuses_another_game_and_new_players(tmp_path: Path) -> None:
    save = tmp_path / "poker.json"
    assert run_tui(*BOTS, "--seed", "1", "--save", str(save))[0] == 0
    status, _, err = run_tui("--resume", str(save), "--game", "dice1000")
    assert status == 2 and "the saved game is a game of poker_dice" in err
    status, _, err = run_tui("--resume", str(save), "--players", "bot:greedy")
    assert status == 2 and "--resume continues a saved game" in err
    status, _, err = run_tui(*BOTS, "--save", str(save))
    assert status == 2 and "the file exists" in err


def test_dice_1000_is_still_the_default_game(tmp_path: Path) -> None:
    save = tmp_path / "dice.json"
    status, _, err = run_tui(
        "--players", "bot:bold,bot:cautious", "--seed", "2", "--save", str(save)
    )
    assert status == 0, err
    assert json.loads(save.read_text()).get("game", "dice1000") == "dice1000"
    status, _, err = run_tui("--resume", str(save), "--game", "poker_dice")
    assert status == 2 and "the saved game is a game of dice1000" in err
