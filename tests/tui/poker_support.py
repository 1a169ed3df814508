"""Helpers for driving the poker dice screen headless: sessions with scripted dice.

As :mod:`tests.tui.support` for dice 1000: each test builds a
:class:`~thousand.games.poker_dice.table.Session` whose dice are a
:class:`~thousand.core.dice.ScriptedDice`, opens :class:`~thousand.tui.poker.PokerApp`
with Textual's Pilot and presses keys.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from textual.pilot import Pilot

from thousand.cli.storage import PROGRAM, file_saver
from thousand.core.dice import DiceSource, ScriptedDice
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.poker_dice.table import Session
from thousand.tui.poker import PokerApp

SIZE = (100, 40)

BOX_KEY = {
    "ones": "a",
    "twos": "b",
    "threes": "d",
    "fours": "e",
    "fives": "f",
    "sixes": "g",
    "pair": "i",
    "two_pairs": "j",
    "three": "k",
    "small_straight": "l",
    "big_straight": "m",
    "full_house": "o",
    "four": "p",
    "poker": "r",
    "chance": "u",
}
"""The letters of the Russian sheet's boxes, as the screen shows them."""


def poker_session(
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
    return Session.new(
        rules,
        list(seats),
        language=language,
        program=PROGRAM,
        seed=seed,
        save=None if save_path is None else file_saver(save_path),
        dice=dice if dice is not None else ScriptedDice(throws or []),
    )


def poker_app(session: Session, language: str = "en", fast: bool = True) -> PokerApp:
    return PokerApp(session, translator(language), fast=fast)


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


Body = Callable[[PokerApp, Pilot[int]], Awaitable[None]]


async def drive(app: PokerApp, body: Body, size: tuple[int, int] = SIZE) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await body(app, pilot)
