"""What ``thousand play`` does the same for every game: a sitting of games and its files.

A sitting is the games one ``thousand play`` in the terminal plays, each with its file.
"Play again" after a game (key N) adds one: the same rules and players, the seat order
turned by one so that whoever was second moves first, and a new file in the games
folder. When the screen closes, :meth:`Sitting.close` deletes the file of every game
this run created in which no die was thrown — starting and quitting at once would
otherwise leave an empty game in ``thousand games`` — and names the others. The file of
a resumed game is never deleted, whatever happened to it.

A game's play command subclasses :class:`Sitting` with how its next game starts and how
it tells that a die was thrown; the checks of ``--save`` and a saved game's language are
here too, so both games' commands word them alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from thousand.cli.commands.base import MAX_SEED
from thousand.cli.storage import new_game_path
from thousand.core.errors import InputFileError
from thousand.core.i18n import LANGUAGES, Translator
from thousand.core.players import Seat


class SittingSession(Protocol):
    """What a sitting asks of a game's table session."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    def save(self) -> None: ...


S = TypeVar("S", bound=SittingSession)


class Sitting(ABC, Generic[S]):
    """The games of one ``thousand play`` in the terminal (see the module docstring)."""

    def __init__(self, tr: Translator, *, seed: int | None) -> None:
        self.tr = tr
        self.seed = seed
        self.games: list[tuple[S, Path, bool]] = []
        """(session, its file, whether this run created the file)."""

    @abstractmethod
    def start_next(self, finished: S, seats: list[Seat], path: Path, seed: int | None) -> S:
        """The next game after ``finished``, with ``seats``, saved in ``path``."""

    @abstractmethod
    def thrown(self, session: S) -> bool:
        """Was a die thrown in ``session``'s game?"""

    def again(self, finished: S) -> S:
        """The next game (saved at once: an unwritable folder is an error before play)."""
        seats = list(finished.seats[1:]) + list(finished.seats[:1])
        path = new_game_path()
        # With --seed the games of a sitting are reproducible too (each its own seed).
        seed = None if self.seed is None else (self.seed + len(self.games)) % (MAX_SEED + 1)
        session = self.start_next(finished, seats, path, seed)
        session.save()
        self.games.append((session, path, True))
        return session

    def close(self) -> list[str]:
        """Delete the files of new games without a throw; say where the others are."""
        lines = []
        for session, path, created in self.games:
            if created and not self.thrown(session):
                path.unlink(missing_ok=True)
                lines.append(self.tr.gettext("No die was thrown: the game is not kept."))
            else:
                lines.append(self.tr.gettext("The game is saved in {path}").format(path=path))
        return lines


def saved_language(meta: Mapping[str, object]) -> str | None:
    """The language a saved game was played in, if its record names one we speak."""
    language = meta.get("language")
    return language if isinstance(language, str) and language in LANGUAGES else None


def check_new_file(path: Path, tr: Translator) -> None:
    """A new game never overwrites a file: that could be another saved game."""
    if path.exists():
        raise InputFileError(
            tr.gettext("{path}: the file exists; to continue that game use --resume {path}").format(
                path=path
            )
        )
