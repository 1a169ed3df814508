"""Helpers for driving the terminal game headless: sessions with scripted dice, key presses.

Each test builds a :class:`~thousand.games.dice1000.table.Session` whose dice are a
:class:`~thousand.games.dice1000.dice.ScriptedDice`, opens :class:`~thousand.tui.app.ThousandApp`
with Textual's Pilot and presses keys. Tests are plain functions that call
:func:`asyncio.run` on their body, so no pytest plugin is needed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.pilot import Pilot

from thousand.cli.storage import PROGRAM, file_saver
from thousand.core.i18n import translator
from thousand.games.dice1000 import Game, ScriptedDice, rules_from_spec
from thousand.games.dice1000.dice import DiceSource
from thousand.games.dice1000.table import Seat, Session
from thousand.tui.app import ThousandApp

if TYPE_CHECKING:
    pass

SIZE = (100, 40)


def session_of(
    rules: object,
    seats: Sequence[Seat],
    throws: Sequence[Sequence[int]] | None = None,
    *,
    language: str = "en",
    save_path: Path | None = None,
    dice: DiceSource | None = None,
    seed: int = 1,
) -> Session:
    """A new game under ``rules`` whose dice fall as ``throws`` say (or as ``dice`` throws)."""
    source = dice if dice is not None else ScriptedDice(throws or [])
    return Session.new(
        Game(rules_from_spec(rules)),
        list(seats),
        language=language,
        program=PROGRAM,
        seed=seed,
        save=None if save_path is None else file_saver(save_path),
        dice=source,
    )


def app_of(session: Session, language: str = "en", fast: bool = True) -> ThousandApp:
    return ThousandApp(session, translator(language), fast=fast)


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


Body = Callable[[ThousandApp, Pilot[int]], Awaitable[None]]


async def drive(app: ThousandApp, body: Body, size: tuple[int, int] = SIZE) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await body(app, pilot)
