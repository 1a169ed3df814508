"""``thousand games`` with each finished game's places, and ``thousand stats``: output in
both languages, 80 columns in a terminal, one-line errors, files that are not games."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from tests.stats.test_stats import DICE_GAME, poker_game
from thousand.cli.main import ExitStatus, main

CARD = Path(__file__).parents[1] / "games" / "card1000" / "fixtures" / "classic.json"


class Terminal(io.StringIO):
    """Standard output as a terminal of the width COLUMNS says."""

    def isatty(self) -> bool:
        return True


def run(*argv: str, stdout: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = stdout or io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Saved games: a dice game Anna won against a computer player, a poker dice game,
    a card game, one in progress and a file that is not a game."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "dice.json").write_text(json.dumps(DICE_GAME), encoding="utf-8")
    (games / "poker.json").write_text(json.dumps(poker_game()), encoding="utf-8")
    (games / "card.json").write_text(CARD.read_text(encoding="utf-8"), encoding="utf-8")
    going = poker_game()
    going["turns"] = going["turns"][:3]
    (games / "going.json").write_text(json.dumps(going), encoding="utf-8")
    (games / "notes.json").write_text('{"shopping": ["milk"]}', encoding="utf-8")
    (games / "broken.json").write_text('{"format": 1, "turns": [', encoding="utf-8")
    (games / "chess.json").write_text('{"format": 1, "game": "chess"}', encoding="utf-8")
    cheat = dict(DICE_GAME, turns=[{"rolls": [[7, 1, 1, 1, 1]], "stop": True}])
    (games / "cheat.json").write_text(json.dumps(cheat), encoding="utf-8")
    return games


def test_the_list_of_games_shows_who_came_where(folder: Path) -> None:
    status, out, _ = run("games", "--dir", str(folder), "--lang", "en")
    assert status == ExitStatus.OK
    for place in ("1. Anna 200", "2. Boris 10", "1. Anna 100", "2. Boris 64"):
        assert place in out
    assert "1. Boris 1000" in out and "2. Vera 140" in out and "3. Anna 80" in out
    assert "to move: Boris" in out  # the game in progress: no places yet


def test_the_list_of_games_in_russian_at_80_columns(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run("games", "--dir", str(folder), "--lang", "ru", stdout=Terminal())
    assert status == ExitStatus.OK
    assert "Положение" in out
    assert "1. Anna 200 · 2. Boris 10" in out
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert max(len(line) for line in plain.splitlines()) <= 80, plain


def test_stats_of_everyone_in_english(folder: Path) -> None:
    status, out, _ = run("stats", "--dir", str(folder), "--lang", "en")
    assert status == ExitStatus.OK
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[0] == f"Statistics of the games in {folder}:"
    assert "Dice 1000" in lines and "Poker dice" in lines and "Card Thousand" in lines
    dice = lines.index("Dice 1000")
    assert lines[dice + 1].split() == [
        "Player", "Games", "Wins", "Average", "place", "Points", "a", "turn", "Busts",
        "Stops", "at", "Chances", "given", "away",
    ] or "Points a turn" in lines[dice + 1]  # fmt: skip
    anna = next(line for line in lines[dice:] if line.startswith("Anna"))
    assert anna.split()[:7] == ["Anna", "1", "1", "1.0", "66.7", "33%", "100"]
    # Boris played dice 1000 as a computer player: his poker dice as a person count alone
    assert not any(line.startswith("Boris") for line in lines[dice : lines.index("Poker dice")])
    poker = lines.index("Poker dice")
    rows = {line.split()[0]: line.split() for line in lines[poker + 3 : poker + 5]}
    assert rows["Anna"][:5] == ["Anna", "1", "1", "1.0", "100.0"]
    assert rows["Boris"][:5] == ["Boris", "1", "0", "2.0", "64.0"]
    assert "Skipped notes.json: not a game record" in lines


def test_stats_of_one_player_in_russian(folder: Path) -> None:
    status, out, _ = run("stats", "Vera", "--dir", str(folder), "--lang", "ru")
    assert status == ExitStatus.OK
    assert "Тысяча (карты)" in out and "Тысяча на костях" not in out
    assert "Игрок" in out and "Партии" in out and "Победы" in out and "Среднее место" in out
    assert "Заказов" in out and "Сыграно заказов" in out and "Болты" in out
    vera = next(line for line in out.splitlines() if line.startswith("Vera"))
    assert vera.split()[:4] == ["Vera", "1", "0", "2.0"]
    assert "Пропущен notes.json: не запись партии" in out


def test_stats_as_json(folder: Path) -> None:
    status, out, _ = run("stats", "Anna", "--dir", str(folder), "--json")
    assert status == ExitStatus.OK
    (anna,) = json.loads(out)["players"]
    dice, poker, card = anna["games"]
    assert (dice["game"], dice["games"], dice["wins"], dice["turns"]) == ("dice1000", 1, 1, 3)
    assert dice["average_stop"] == 100 and dice["bust_rate"] == pytest.approx(1 / 3)
    assert (poker["average_total"], card["average_place"], card["bolts"]) == (100, 3, 2)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "no finished game of Nobody (players: Anna, Anna"),
        ("ru", "нет законченных партий игрока Nobody (игроки: Anna"),
    ],
)
def test_an_unknown_name_is_one_line(folder: Path, lang: str, expected: str) -> None:
    status, out, err = run("stats", "Nobody", "--dir", str(folder), "--lang", lang)
    assert status == ExitStatus.BAD_INPUT and out == ""
    assert err.count("\n") == 1 and expected.split(" (", maxsplit=1)[0] in err, err


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "cannot read the folder"), ("ru", "не удаётся прочитать папку")]
)
def test_an_unreadable_folder_is_one_line(tmp_path: Path, lang: str, expected: str) -> None:
    status, out, err = run("stats", "--dir", str(tmp_path / "missing"), "--lang", lang)
    assert status == ExitStatus.BAD_INPUT and out == ""
    assert err.count("\n") == 1 and expected in err, err


def test_no_finished_games(tmp_path: Path) -> None:
    status, out, _ = run("stats", "--dir", str(tmp_path), "--lang", "en")
    assert status == ExitStatus.OK
    assert out == f"No finished games in {tmp_path}.\n"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stats_fit_80_columns(folder: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Long Russian headings wrap between words, never inside one."""
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run("stats", "--dir", str(folder), "--lang", lang, stdout=Terminal())
    assert status == ExitStatus.OK
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert max(len(line) for line in plain.splitlines()) <= 80, plain
    if lang == "ru":
        assert "Останавливается" in out and "Среднее" in out


def test_files_that_are_not_games_are_skipped_with_why(folder: Path) -> None:
    status, out, _ = run("stats", "Anna", "--dir", str(folder), "--lang", "en")
    assert status == ExitStatus.OK
    skipped = [line for line in out.splitlines() if line.startswith("Skipped ")]
    assert [line.split(":")[0] for line in skipped] == [
        "Skipped broken.json",
        "Skipped cheat.json",
        "Skipped chess.json",
        "Skipped notes.json",
    ]
    assert "malformed JSON" in skipped[0]
    assert "turn 1 (Anna), throw 1: face 7" in skipped[1]
    assert "unknown game 'chess'" in skipped[2]


def test_no_games_saved_yet_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder before the first game: nothing to count (a --dir that is not
    there is an error: the person named it)."""
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path / "new"))
    status, out, _ = run("stats", "--lang", "en")
    assert status == ExitStatus.OK
    assert out == f"No finished games in {tmp_path / 'new' / 'games'}.\n"
