"""``--players``: the seats of a game as a person types them (``"Анна,Борис,bot:bold"``).

Parsing what a person typed belongs to the command line; a game's table takes the
:class:`Seat` values. The game's computer levels and most players come from its
:class:`~thousand.games.interface.GameInfo`, the levels' names from its command-line
adapter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator
from thousand.core.players import Seat
from thousand.games.interface import GameInfo

LevelName = Callable[[Translator, str], str]
"""A computer level's name in the player's language (``bold`` → «смелый»)."""

BOT_PREFIX = "bot:"


class PlayersError(ThousandError):
    """A ``--players`` list the game cannot seat (the message is in the player's language)."""


def default_seats(
    tr: Translator, info: GameInfo, opponents: Sequence[str], level_name: LevelName
) -> list[Seat]:
    """With no ``--players``: you against computer players of the levels ``opponents``."""
    text = ",".join([tr.gettext("You"), *(BOT_PREFIX + level for level in opponents)])
    return parse_players(text, tr, info, level_name)


def parse_players(text: str, tr: Translator, info: GameInfo, level_name: LevelName) -> list[Seat]:
    """Seats from ``"Анна,Борис,bot:bold"``: names in turn order, ``bot:LEVEL`` a computer.

    ``bot:LEVEL:NAME`` names a computer player; otherwise it is named after its level
    (``Bold``, ``Bold 2`` …). Raises :class:`PlayersError` for an unknown level, an empty
    or repeated name, or more players than the game (``info``) seats; ``level_name``
    names the game's computer levels.
    """
    levels = info.levels
    entries = [entry.strip() for entry in text.split(",")]
    if not text.strip() or any(not entry for entry in entries):
        raise PlayersError(tr.gettext("--players: a player name is empty"))
    if len(entries) > info.max_players:
        raise PlayersError(
            tr.gettext("--players: a game has 1 to {most} players, got {count}").format(
                most=info.max_players, count=len(entries)
            )
        )
    seats: list[Seat] = []
    for entry in entries:
        if entry.lower().startswith(BOT_PREFIX):
            level, _, name = entry[len(BOT_PREFIX) :].partition(":")
            level = level.strip().lower()
            if level not in levels:
                raise PlayersError(
                    tr.gettext(
                        "--players: unknown computer player level '{level}' (known: {known})"
                    ).format(level=level, known=", ".join(levels))
                )
            seats.append(Seat(name.strip(), level))
        else:
            seats.append(Seat(entry))
    names = [seat.name for seat in seats if seat.name]
    named: list[Seat] = []
    for seat in seats:
        if seat.name:
            named.append(seat)
            continue
        assert seat.bot is not None
        base = level_name(tr, seat.bot)
        base = base[:1].upper() + base[1:]
        candidate, number = base, 2
        while candidate in names:
            candidate, number = f"{base} {number}", number + 1
        names.append(candidate)
        named.append(Seat(candidate, seat.bot))
    given = [seat.name for seat in named]
    for name in given:
        if given.count(name) > 1:
            raise PlayersError(
                tr.gettext("--players: the name '{name}' is given twice").format(name=name)
            )
    return named
