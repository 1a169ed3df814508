"""The terminal game along the game axis: one folder per game, found by its name, and a
generic part that knows no game.

Every game that offers ``play`` has its folder ``thousand.tui.NAME`` whose ``open_app``
the command line calls through ``thousand.games.adapter(NAME, "tui")``; importing it
loads no Textual (the command line finds the adapter before it knows whether a terminal
is there). Outside the games' folders no module of ``thousand.tui`` names a game: not
its engine's modules, not its name — so a third game is a folder more, not an edit of
the base.
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import thousand.tui
from thousand.games import adapter, game_names, games_offering

TUI = Path(thousand.tui.__file__).parent

PLAYED = games_offering("play")


@pytest.mark.parametrize("name", PLAYED)
def test_every_played_game_has_its_folder_with_open_app(name: str) -> None:
    module = adapter(name, "tui")
    assert module.__name__ == f"thousand.tui.{name}"
    signature = inspect.signature(module.open_app)
    assert [(p.name, p.kind, p.default) for p in signature.parameters.values()] == [
        ("session", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("tr", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("fast", inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.empty),
        ("again", inspect.Parameter.KEYWORD_ONLY, None),
    ]
    annotations = {p.name: p.annotation for p in signature.parameters.values()}
    assert annotations == {
        "session": "Session",
        "tr": "Translator",
        "fast": "bool",
        "again": "Callable[[Session], Session] | None",
    }
    assert signature.return_annotation.startswith("GameApp[Session,")


def test_finding_a_games_folder_loads_no_textual() -> None:
    """``thousand play`` without a terminal never pays for Textual."""
    names = " ".join(PLAYED)
    script = (
        "import sys\n"
        "from thousand.games import adapter\n"
        f"for name in {names!r}.split():\n"
        "    adapter(name, 'tui')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))\n"
        "print(sorted(m for m in sys.modules if m.startswith('thousand.tui.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded, tui = done.stdout.splitlines()
    assert loaded == "[]"
    assert tui == repr(sorted(f"thousand.tui.{name}" for name in PLAYED))


def generic_modules() -> list[Path]:
    """The modules of ``thousand.tui`` outside its games' folders."""
    return sorted(path for path in TUI.rglob("*.py") if path.parent == TUI)


def test_every_folder_of_the_terminal_game_is_a_games() -> None:
    folders = {path.parent.name for path in TUI.rglob("*.py") if path.parent != TUI}
    assert folders <= set(game_names())
    assert {"base.py", "keys.py", "screens.py", "widgets.py"} <= {
        path.name for path in generic_modules()
    }


@pytest.mark.parametrize("name", game_names())
def test_no_generic_module_names_a_game(name: str) -> None:
    """Not its modules (``thousand.games.NAME``, ``thousand.tui.NAME``), not its name in a
    string or a branch: a generic module asks the registry, a game's folder knows its
    game."""
    word = re.compile(rf"\b{re.escape(name)}\b")
    naming = [
        f"{path.relative_to(TUI)}:{number}: {line.strip()}"
        for path in generic_modules()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if word.search(line)
    ]
    assert naming == []
