"""Dice 1000's sessions with scripted dice, for driving its screen headless.

The helpers to press keys, wait and run the command line are every game's
(:mod:`tests.tui.support`); here a test builds a
:class:`~thousand.games.dice1000.table.Session` whose dice fall as it says and opens
:class:`~thousand.tui.dice1000.app.ThousandApp` on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from tests.tui.support import Scripting, scripted_table
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.dice1000 import Game, rules_from_spec
from thousand.games.dice1000.table import Session
from thousand.tui.dice1000.app import ThousandApp


def session_of(
    rules: object,
    seats: Sequence[Seat],
    throws: Sequence[Sequence[int]] | None = None,
    *,
    seed: int = 1,
    **scripting: Unpack[Scripting],
) -> Session:
    """A new game under ``rules`` whose dice fall as ``throws`` say (or as ``dice`` throws)."""
    table = scripted_table(throws, **scripting)
    return Session.new(Game(rules_from_spec(rules)), list(seats), seed=seed, **table)


def app_of(session: Session, language: str = "en", fast: bool = True) -> ThousandApp:
    return ThousandApp(session, translator(language), fast=fast)
