"""The command line gets its games from the registry: ``--game`` offers every registered
game, a command or option a game does not offer is refused in one line naming the game,
and no generic module of the command line knows a game by name."""

from __future__ import annotations

import argparse
import ast
import io
import json
from pathlib import Path

import pytest

from tests import ROOT
from thousand.cli.main import build_parser, main
from thousand.games import game_info, game_names
from thousand.games.interface import Feature

CLI = ROOT / "src" / "thousand" / "cli"
ADAPTERS = CLI / "games"
GAME_WORDS = ("dice1000", "poker_dice", "poker", "card1000")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(""), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def game_choices() -> dict[str, tuple[str, ...]]:
    """Every command with a ``--game`` option, and that option's choices."""
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    found = {}
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if "--game" in action.option_strings:
                found[name] = tuple(action.choices or ())
    return found


def test_game_choices_are_the_registry() -> None:
    choices = game_choices()
    assert set(choices) >= {"play", "simulate", "solve", "rules", "score", "odds"}
    for command, games in choices.items():
        assert games == game_names(), command


def test_an_unknown_game_is_a_usage_error() -> None:
    status, out, err = run("simulate", "--game", "chess", "--players", "a,b")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "invalid choice: 'chess'" in err


def lacking(feature: Feature) -> list[str]:
    return [name for name in game_names() if not game_info(name).offers(feature)]


REFUSALS: list[tuple[Feature, list[str]]] = [
    ("table", ["play", "--table", "--players", "bot:a,bot:b"]),
    ("play", ["play", "--players", "bot:a,bot:b"]),
    ("simulate", ["simulate", "--players", "a,b", "--games", "1"]),
    ("solve", ["solve"]),
    ("rules", ["rules"]),
    ("score", ["score", "2", "2"]),
    ("odds", ["odds"]),
]
"""A command line per feature; ``--game NAME`` is added for each game lacking it."""


@pytest.mark.parametrize(
    ("feature", "argv", "game"),
    [(feature, argv, game) for feature, argv in REFUSALS for game in lacking(feature)],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_a_feature_a_game_lacks_is_refused_in_one_line_naming_it(
    feature: Feature, argv: list[str], game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    status, out, err = run(*argv, "--game", game)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and f"the game {game} does not offer it" in err
    assert list(tmp_path.iterdir()) == []  # refused before anything is written


def test_play_table_of_poker_dice_names_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    status, _, err = run("play", "--game", "poker_dice", "--table")
    assert status == 2
    assert err == (
        "thousand play --table: the game poker_dice does not offer it "
        "(it is offered for: dice1000, card1000)\n"
    )


def test_advise_and_verify_ask_the_game_of_the_record() -> None:
    record = {"format": 1, "game": "chess", "rules": "classic", "players": ["A"], "turns": []}
    for command in ("advise", "verify", "replay"):
        out, err = io.StringIO(), io.StringIO()
        status = main([command, "-"], stdin=io.StringIO(json.dumps(record)), stdout=out, stderr=err)
        assert status == 2 and "unknown game 'chess'" in err.getvalue(), command


def code_words(path: Path) -> list[tuple[int, str]]:
    """Import names and string literals of a module (docstrings left out) that name a
    game: (line, text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Import):
            texts = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or "", *(alias.name for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                texts = [node.value]
        elif isinstance(node, ast.Name | ast.Attribute):
            texts = [node.id if isinstance(node, ast.Name) else node.attr]
        for text in texts:
            if any(word in text.lower() for word in GAME_WORDS):
                found.append((getattr(node, "lineno", 0), text))
    return found


def generic_modules() -> list[Path]:
    return sorted(path for path in CLI.rglob("*.py") if ADAPTERS not in path.parents)


def test_the_generic_command_line_names_no_game() -> None:
    assert len(generic_modules()) > 10
    named = {
        str(path.relative_to(CLI)): words
        for path in generic_modules()
        if (words := code_words(path))
    }
    assert named == {}


def test_the_check_would_see_a_game_named_in_code(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docstrings may say dice1000."""\n'
        "from thousand.games.dice1000 import INFO\n"
        'GAME = "poker_dice"\n',
        encoding="utf-8",
    )
    assert [text for _, text in code_words(module)] == [
        "thousand.games.dice1000",
        "poker_dice",
    ]
