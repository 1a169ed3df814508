"""Helpers for driving every terminal game headless: key presses, waiting for computer
players, the command line in-process, a table with scripted dice, a save resumed.

A test builds a game's session whose dice are scripted (with the ``support`` of the
game's own folder, ``tests.tui.NAME``), opens the game's app with Textual's Pilot and
presses keys. Tests are plain functions that call :func:`asyncio.run` on their body, so no
pytest plugin is needed.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict, TypeVar, Unpack

from textual.app import App
from textual.pilot import Pilot

from thousand.cli.commands.base import Env
from thousand.cli.storage import PROGRAM, Saved, file_saver, load_any_game, resume
from thousand.core.dice import DiceSource, ScriptedDice
from thousand.core.table import TableOptions, TableSession
from thousand.tui.__main__ import main

SIZE = (100, 40)

AppT = TypeVar("AppT", bound="App[Any]")
SessionT = TypeVar("SessionT", bound="TableSession[Any, Any, Any, Any, Any]")


async def press(pilot: Pilot[int], *keys: str) -> None:
    """Press keys one by one, letting the app handle each before the next."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def until(pilot: Pilot[int], condition: Callable[[], bool], steps: int = 20_000) -> None:
    """Let the app run (computer players move on timers) until ``condition`` holds."""
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.001)
    raise AssertionError("the condition never held")


async def drive(
    app: AppT,
    body: Callable[[AppT, Pilot[int]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    """Open ``app`` headless at ``size`` and run ``body`` with it and its Pilot."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await body(app, pilot)


def screen_text(app: App[Any]) -> list[str]:
    """The screen's lines as the terminal shows them, plain — what ``tmux capture-pane``
    prints (read from the compositor of Textual's screen)."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


def run_tui(*argv: str) -> tuple[int, str, str]:
    """Run ``python -m thousand.tui ARGV`` in-process, without a terminal: the exit
    status, standard output and standard error."""
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(list(argv), Env(io.StringIO(), stdout, stderr))
    return status, stdout.getvalue(), stderr.getvalue()


class Scripting(TypedDict, total=False):
    """How a test's table is set (every key may be left out)."""

    language: str
    """The game's language (English if left out)."""
    save_path: Path | None
    """Where the record is saved after every turn (not saved if left out)."""
    dice: DiceSource | None
    """The dice, instead of the ``throws`` scripted."""


def scripted_table(
    throws: Sequence[Sequence[int]] | None = None, **scripting: Unpack[Scripting]
) -> TableOptions:
    """A test's table, for any game's ``Session.new``: its dice fall as ``throws`` say
    (or as ``dice`` throws), its record is saved at ``save_path`` (None: not saved)."""
    save_path = scripting.get("save_path")
    dice = scripting.get("dice")
    return {
        "language": scripting.get("language", "en"),
        "program": PROGRAM,
        "save": None if save_path is None else file_saver(save_path),
        "dice": dice if dice is not None else ScriptedDice(throws or []),
    }


def saved_and_resumed(session: SessionT, path: Path, *, language: str, seed: int) -> SessionT:
    """``session`` saved to ``path`` (it saves there), read back and resumed, as ``thousand
    play --resume`` does for any game — checked to keep the seed, the language and the
    computer players, each with its level and its move."""
    session.save()
    saved: Saved[Any] = load_any_game(path)
    assert saved.meta["language"] == language and saved.meta["seed"] == seed
    resumed = resume(saved, language=language)
    assert isinstance(resumed, type(session))
    assert [seat.bot for seat in resumed.seats] == [seat.bot for seat in session.seats]
    assert set(resumed.policies) == set(session.policies)
    return resumed
