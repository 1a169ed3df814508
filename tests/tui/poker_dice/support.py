"""Poker dice's sessions with scripted dice, for driving its screen headless.

The helpers to press keys, wait and run the command line are every game's
(:mod:`tests.tui.support`); here a test builds a
:class:`~thousand.games.poker_dice.table.Session` whose dice are a
:class:`~thousand.core.dice.ScriptedDice` and opens
:class:`~thousand.tui.poker_dice.app.PokerApp` on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from tests.tui.support import Scripting, scripted_table
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.poker_dice.table import Session
from thousand.tui.poker_dice.app import PokerApp

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
    seed: int = 1,
    **scripting: Unpack[Scripting],
) -> Session:
    """A new game under ``rules`` whose dice fall as ``throws`` say (or as ``dice`` throws)."""
    return Session.new(rules, list(seats), seed=seed, **scripted_table(throws, **scripting))


def poker_app(session: Session, language: str = "en", fast: bool = True) -> PokerApp:
    return PokerApp(session, translator(language), fast=fast)
