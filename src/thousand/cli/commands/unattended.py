"""A game of computer players only, played through without a terminal (``thousand play``
with standard input or output not a TTY), for every game.

The game is played to its end, its score sheet printed (each game prints its own) and
its record written. Rules nobody can win — penalties that outrun progress, play-offs
that never settle — would play forever, so the game is bounded twice: a number of turns
(each game says how many) and :data:`MAX_SECONDS` seconds. A save rewrites the whole
record, so saving after every turn of a game that never ends would cost time growing
with its square: the record is saved at most every :data:`SAVE_INTERVAL` seconds, and
always at the end (a crash loses at most that second of a game nobody is watching).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.errors import SaveError
from thousand.core.i18n import Translator
from thousand.core.records import SaveRecord

MAX_SECONDS = 120.0
"""An unattended game stops after this long, or after its game's number of turns."""

SAVE_INTERVAL = 1.0
"""Seconds between saves of an unattended game."""


class BotStep(Protocol):
    """What :func:`play_unattended` asks of a step: whether it ended a turn."""

    @property
    def end(self) -> object | None: ...


class UnattendedSession(Protocol):
    """What :func:`play_unattended` asks of a game's table
    (:class:`thousand.core.table.TableSession`)."""

    save_record: SaveRecord | None
    save_error: str | None

    @property
    def is_over(self) -> bool: ...

    def bot_step(self) -> BotStep: ...

    def save(self) -> None: ...


def play_unattended(
    session: UnattendedSession,
    tr: Translator,
    env: Env,
    path: Path,
    *,
    max_turns: int,
    print_sheet: Callable[[], None],
) -> ExitStatus:
    """Play a computer-only game through, saving as it goes; print its sheet
    (``print_sheet``), whether it was stopped unfinished, and where its record is."""
    played = _play_through(session, max_turns)
    print_sheet()
    if not session.is_over:
        env.print(
            tr.gettext("The game was stopped unfinished after {turns} turns.").format(turns=played)
        )
    env.print(tr.gettext("The record of the game: {path}").format(path=path))
    return ExitStatus.OK


def _play_through(session: UnattendedSession, max_turns: int) -> int:
    """Let the computer players move until the game is over or a bound is reached
    (see the module docstring); the number of turns played."""
    saver = session.save_record
    last_save = time.monotonic()

    def throttled(data: dict[str, Any]) -> None:
        nonlocal last_save
        if saver is not None and time.monotonic() - last_save >= SAVE_INTERVAL:
            saver(data)
            last_save = time.monotonic()

    session.save_record = throttled
    deadline = time.monotonic() + MAX_SECONDS
    played = 0
    try:
        while not session.is_over and played < max_turns:
            step = session.bot_step()
            if step.end is not None:
                played += 1
                if session.save_error is not None:
                    raise SaveError(session.save_error)
                if time.monotonic() > deadline:
                    break
    finally:
        session.save_record = saver
    if played:  # the last state, whatever the throttle skipped; a finished game resumed
        session.save()  # is left as it was (its "updated" stamp too)
    return played
