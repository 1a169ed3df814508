"""Who may sit at a table: the check of player names every game makes.

A name goes into a score sheet's column, a terminal line and a record's file, so every
game refuses the same names for the same reasons: every game checks them here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_NAME_LENGTH = 40
"""The longest player name: a name is for a score sheet's column, not a paragraph."""


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can.

    A name is non-empty printable text of at most :data:`MAX_NAME_LENGTH` characters: no
    control characters, terminal escapes, line or paragraph separators or lone
    surrogates, which would break a score sheet, a terminal or the record's own file.
    """
    if not isinstance(name, str) or not name.strip():
        return "a player name is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"the name {name!r} is longer than {MAX_NAME_LENGTH} characters"
    if not name.isprintable():
        return f"the name {name!r} has a control character"
    return None


def players_problem(names: Sequence[object], max_players: int) -> str | None:
    """Why ``names`` cannot be the players of a game of 1 to ``max_players``, or None."""
    if not 1 <= len(names) <= max_players:
        return f"a game has 1 to {max_players} players, got {len(names)}"
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
    if len(set(names)) != len(names):
        duplicate = next(n for n in names if names.count(n) > 1)
        return f"the name {duplicate!r} is given twice"
    return None


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at a table: a name, and the computer level if a computer plays it.

    The same for every game (each game has its own levels); the command line makes seats
    from ``--players`` and a game's table seats them.
    """

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def seat_levels(meta: Mapping[str, Any], players: Sequence[str]) -> tuple[str | None, ...]:
    """Per player, the computer level a record's ``meta.seats`` gives (None: a person)."""
    seats = meta.get("seats")
    levels: dict[str, str | None] = {}
    if isinstance(seats, list):
        for seat in seats:
            if isinstance(seat, Mapping) and isinstance(seat.get("name"), str):
                bot = seat.get("bot")
                levels[seat["name"]] = bot if isinstance(bot, str) else None
    return tuple(levels.get(name) for name in players)
