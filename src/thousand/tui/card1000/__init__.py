"""Card Thousand in the terminal: what the command line opens for the game (see
:mod:`thousand.tui` for how a game's folder is found and why it imports so little)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from thousand.core.i18n import Translator
    from thousand.games.card1000.actions import Decision
    from thousand.games.card1000.session import Session, Step
    from thousand.tui.base import GameApp


def open_app(
    session: Session,
    tr: Translator,
    *,
    fast: bool,
    again: Callable[[Session], Session] | None = None,
) -> GameApp[Session, Decision, Step]:
    """:class:`~thousand.tui.card1000.app.CardApp` playing ``session``, not yet run; a
    scorekeeping game (``--table``) opens :class:`~thousand.tui.card1000.keep.KeepApp`."""
    from thousand.games.card1000.keep_session import KeepSession  # noqa: PLC0415
    from thousand.tui.card1000.app import CardApp  # noqa: PLC0415 - Textual when opened
    from thousand.tui.card1000.keep import KeepApp  # noqa: PLC0415

    if isinstance(session, KeepSession):
        return KeepApp(session, tr, fast=fast, again=again)
    return CardApp(session, tr, fast=fast, again=again)
