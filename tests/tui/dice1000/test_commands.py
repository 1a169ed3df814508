"""``thousand play`` and ``thousand games`` as commands: the unattended bots-only game, and
bad input — one line on standard error, exit status 2, nothing written."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tui.dice1000.support import session_of
from tests.tui.support import run_tui
from thousand.cli.commands.base import Env
from thousand.cli.games.dice1000.commands import play
from thousand.cli.storage import load_game
from thousand.games.dice1000 import RandomDice, replay
from thousand.games.dice1000.solver.strategy import Strategy
from thousand.games.dice1000.table import Seat
from thousand.tui.__main__ import main

BOTS = ["--players", "bot:bold,bot:cautious", "--fast"]


pytestmark = pytest.mark.usefixtures("data_dir")  # tests/tui/conftest.py


def test_bots_only_without_a_terminal_play_through_and_the_record_replays(
    tmp_path: Path,
) -> None:
    save = tmp_path / "bots.json"
    args = argparse.Namespace(
        players="bot:bold,bot:cautious",
        rules="courtyard",
        lang="en",
        seed=7,
        save=str(save),
        resume=None,
        fast=True,
        table=False,
    )
    session, tr, path = play.prepare(args)
    assert path == save
    stdout = io.StringIO()
    assert play.play_unattended(session, tr, Env(io.StringIO(), stdout, io.StringIO()), path) == 0
    final = session.state
    assert final.is_over
    replayed = replay(json.loads(save.read_text())).state
    assert replayed.players == final.players and replayed.winner == final.winner
    text = stdout.getvalue()
    assert f"Winner: {final.players[final.winner or 0].name}." in text
    assert "Rules: courtyard" in text and str(save) in text


def test_the_unattended_command_in_a_real_process(tmp_path: Path) -> None:
    save = tmp_path / "process.json"
    result = subprocess.run(
        [sys.executable, "-m", "thousand.tui", *BOTS, "--seed", "2", "--save", str(save)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "LANG": "en_US.UTF-8"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    state = load_game(save).replay.state
    assert state.winner is not None
    winner = state.players[state.winner]
    assert f"Winner: {winner.name}." in result.stdout
    for sheet in state.players:  # the standings under the sheet: name, score, where
        pattern = rf"^{sheet.name} \(computer\) +{sheet.score}( |$)"
        assert any(re.match(pattern, line) for line in result.stdout.splitlines()), pattern


def test_russian_sheet_and_the_games_list(data_dir: Path) -> None:
    status, out, err = run_tui(*BOTS, "--seed", "4", "--lang", "ru")
    assert status == 0, err
    assert "Правила: классика" in out and "Победитель:" in out
    saved = list((data_dir / "games").glob("*.json"))
    assert len(saved) == 1
    status, out, err = run_tui("games", "--lang", "en")
    assert status == 0, err
    assert saved[0].name in out and "Смелый (computer, bold)" in out
    assert re.search(r"\b1\. \S+ \d{4}\b", out), out  # who came first, with the winning score
    status, out, err = run_tui("--resume", saved[0].name)  # a name from the list is enough
    assert status == 0 and "Победитель:" in out, err
    status, out, err = run_tui("--resume", saved[0].stem)  # … even without its .json
    assert status == 0 and "Победитель:" in out, err


class Terminal(io.StringIO):
    """Standard output that says it is a terminal (its width comes from ``COLUMNS``)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("columns", [80, 120])
def test_the_games_list_never_wraps_a_file_name(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    three = ["--players", "bot:bold,bot:cautious,bot:balanced"]
    for seed in (4, 5):
        assert run_tui(*BOTS, "--seed", str(seed), *three)[0] == 0
    names = sorted(path.name for path in (data_dir / "games").glob("*.json"))
    assert len(names) == 2
    monkeypatch.setenv("COLUMNS", str(columns))
    for language in ("ru", "en"):
        stdout = Terminal()
        status = main(["games", "--lang", language], Env(io.StringIO(), stdout, io.StringIO()))
        assert status == 0
        lines = re.sub(r"\x1b\[[0-9;]*m", "", stdout.getvalue()).splitlines()  # no styles
        assert all(len(line) <= columns for line in lines), lines
        for name in names:  # whole, at the start of a line of its own or of the table's row
            assert any(line.split(" ")[0] == name for line in lines), (name, lines)
        if columns == 80 and language == "ru":  # the table would not fit: a block per game
            assert "  Игроки: Bold (компьютер, смелый), Cautious (компьютер," in "\n".join(lines)


def test_resuming_a_finished_game_shows_it_and_leaves_it(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    assert run_tui(*BOTS, "--seed", "5", "--save", str(save))[0] == 0
    before = save.read_bytes()
    status, out, _ = run_tui("--resume", str(save))
    assert status == 0 and "Winner:" in out
    assert save.read_bytes() == before


def bad(*argv: str) -> str:
    """Run a command that must fail: exit 2, nothing on stdout, one line on stderr."""
    status, out, err = run_tui(*argv)
    assert status == 2, (out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err


def test_unknown_level_duplicate_empty_and_too_many_players() -> None:
    assert "unknown computer player level 'genius'" in bad("--players", "Anna,bot:genius")
    assert "(known: cautious, balanced, bold" in bad("--players", "bot:genius")
    assert "the name 'Anna' is given twice" in bad("--players", "Anna,Anna")
    assert "a player name is empty" in bad("--players", "Anna,,Boris")
    assert "a player name is empty" in bad("--players", " ")
    nine = ",".join(f"bot:bold:B{i}" for i in range(9))
    assert "1 to 8 players, got 9" in bad("--players", nine)
    assert "неизвестный уровень" in bad("--players", "bot:genius", "--lang", "ru")


def test_people_need_a_terminal() -> None:
    assert "needs a terminal" in bad("--players", "Anna,bot:bold")
    assert "needs a terminal" in bad()  # the default game has you in it


def test_bad_rules(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('preset = "classic"\nentry_treshold = 50\n', encoding="utf-8")
    assert "unknown rules key 'entry_treshold'" in bad(*BOTS, "--rules", str(rules))
    assert "unknown preset 'clasic'" in bad(*BOTS, "--rules", "clasic")
    broken = tmp_path / "broken.toml"
    broken.write_text("target = \n", encoding="utf-8")
    assert "malformed TOML" in bad(*BOTS, "--rules", str(broken))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": 1, "rules": "classic", "players": ["A"], "turns": [', "malformed JSON"),
        ("target = 1000\nentry_threshold = 50\n", "malformed JSON"),
        ('{"name": "something else"}', "not a saved game"),
        (
            '{"format": 1, "rules": "classic", "players": ["A", "B"],'
            ' "turns": [{"rolls": [[5, 2, 3, 3, 6]], "stop": true}]}',
            "turn 1 (A), throw 1: cannot stop with 5 points",
        ),
    ],
)
def test_a_corrupt_or_foreign_file_is_refused_and_left_untouched(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "saved.json"
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    assert message in bad("--resume", str(path))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]  # no temporary left over


def test_missing_file_and_conflicting_options(tmp_path: Path) -> None:
    assert "no such file" in bad("--resume", str(tmp_path / "nothing.json"))
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert "not UTF-8" in bad("--resume", str(binary))
    save = tmp_path / "game.json"
    assert run_tui(*BOTS, "--seed", "1", "--save", str(save))[0] == 0
    before = save.read_bytes()
    assert "the file exists" in bad(*BOTS, "--save", str(save))
    assert "leave out --players" in bad("--resume", str(save), "--players", "bot:bold")
    assert save.read_bytes() == before
    assert "invalid choice: 'de'" in bad("--lang", "de")


# -- the perfect computer player -------------------------------------------------------

PERFECT = ["--players", "bot:perfect:Ideal,bot:bold", "--fast"]


@pytest.fixture
def solved(classic_strategy: Strategy, classic_cache: Path) -> Strategy:
    """The classic strategy, findable in the cache the commands read."""
    del classic_cache  # the fixture sets THOUSAND_CACHE_DIR
    return classic_strategy


def unsolvable_rules(folder: Path) -> Path:
    """Rules the solver refuses: choosing dice is a decision it does not take."""
    path = folder / "choose.toml"
    path.write_text('preset = "classic"\nchoose_dice = true\n', encoding="utf-8")
    return path


def test_perfect_under_rules_the_solver_refuses_exits_2_before_any_file(
    tmp_path: Path, data_dir: Path
) -> None:
    rules = unsolvable_rules(tmp_path)
    save = tmp_path / "never.json"
    err = bad(*PERFECT, "--rules", str(rules), "--save", str(save))
    assert err.startswith("the computer player 'perfect' cannot play these rules: ")
    assert "choose_dice" in err
    assert not save.exists()
    err = bad(*PERFECT, "--rules", str(rules), "--lang", "ru")
    assert "«безупречный» не может играть по этим правилам" in err
    assert not (data_dir / "games").exists() or not list((data_dir / "games").iterdir())


def test_perfect_plays_through_from_the_cache_and_resumes(solved: Strategy, tmp_path: Path) -> None:
    del solved
    save = tmp_path / "perfect.json"
    status, out, err = run_tui(*PERFECT, "--seed", "5", "--save", str(save))
    assert status == 0, err
    assert err == ""  # loaded from the cache: nothing to say
    assert "Ideal (computer, perfect)" in out and "Winner:" in out
    assert load_game(save).replay.state.is_over

    # A game saved in the middle, with a perfect seat, continues the same way.
    middle = tmp_path / "middle.json"
    seats = [Seat("Ideal", "perfect"), Seat("Bold", "bold")]
    session = session_of("classic", seats, dice=RandomDice(8), save_path=middle, seed=8)
    while len(session.turns) < 4:
        session.bot_step()
    session.save()
    status, out, err = run_tui("--resume", str(middle))
    assert status == 0, err
    assert err == "" and "Winner:" in out
    result = load_game(middle).replay
    assert result.state.is_over and len(result.turns) > 4


def test_resuming_a_perfect_game_under_refused_rules_leaves_it_untouched(
    tmp_path: Path,
) -> None:
    path = tmp_path / "odd.json"
    seats = [Seat("Ideal", "perfect"), Seat("Bold", "bold")]
    rules = {"preset": "classic", "choose_dice": True}
    session_of(rules, seats, dice=RandomDice(1), save_path=path).save()
    before = path.read_bytes()
    assert "cannot play these rules" in bad("--resume", str(path))
    assert path.read_bytes() == before


def test_the_first_solve_of_a_rule_set_says_so_once(tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"  # a short road: solved in about a second
    rules.write_text('preset = "classic"\ntarget = 300\nbarrels = []\n', encoding="utf-8")
    first = tmp_path / "first.json"
    status, out, err = run_tui(*PERFECT, "--rules", str(rules), "--seed", "1", "--save", str(first))
    assert status == 0, err
    assert err == "Solving the classic with changes rules once (about 10 s)…\n"
    assert "Winner:" in out
    status, _, err = run_tui(*PERFECT, "--rules", str(rules), "--lang", "ru", "--seed", "2")
    assert status == 0 and err == ""  # cached now
