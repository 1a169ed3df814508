"""Dice 1000 in the terminal: what the command line opens for the game (see
:mod:`thousand.tui` for how a game's folder is found and why it imports so little)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from thousand.core.i18n import Translator
    from thousand.games.dice1000.actions import Action
    from thousand.games.dice1000.table import Session, Step
    from thousand.tui.base import GameApp


def open_app(
    session: Session,
    tr: Translator,
    *,
    fast: bool,
    again: Callable[[Session], Session] | None = None,
) -> GameApp[Session, Action, Step]:
    """:class:`~thousand.tui.dice1000.app.ThousandApp` playing ``session``, not yet run."""
    from thousand.tui.dice1000.app import ThousandApp  # noqa: PLC0415 - Textual when opened

    return ThousandApp(session, tr, fast=fast, again=again)
