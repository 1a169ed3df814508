"""What ``thousand play`` does the same for every game: opening a game and its file, the
checks before play, and a sitting of games and their files.

A game is a saved one continued (:func:`resume_game`: in the language it was played in
unless ``--lang`` says otherwise, saved to its own file or to ``--save``) or a new one
(:func:`start_game`: saved to ``--save`` or a new file in the games folder). ``--save``
never names an existing file (:func:`check_new_file`). :meth:`Sitting.play` plays it:
full screen with a terminal; without one, a game of computer players only is played
through (:mod:`thousand.cli.commands.unattended`) and a game with people in it refused.

A sitting is the games one ``thousand play`` in the terminal plays, each with its file.
"Play again" after a game (key N) adds one: the same rules and players, the seat order
turned by one so that whoever was second moves first, and a new file in the games
folder. When the screen closes, :meth:`Sitting.close` deletes the file of every game
this run created in which no die was thrown — starting and quitting at once would
otherwise leave an empty game in ``thousand games`` — and names the others. The file of
a resumed game is never deleted, whatever happened to it.

A game's play command subclasses :class:`Sitting` with what is the game's own: how its
next game starts, how it tells that a die was thrown, how its computer players get
ready, its screen and its unattended sheet; every check is worded as for every game.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar, Generic, Protocol, TypeVar

from thousand.cli.commands.base import MAX_SEED, Env, ExitStatus
from thousand.cli.players import PlayersError
from thousand.cli.storage import Saved, new_game_path, resume, saved_to
from thousand.core.errors import InputFileError, RulesError
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator
from thousand.core.players import Seat
from thousand.core.table import TableOptions
from thousand.games import adapter


class SittingSession(Protocol):
    """What a sitting asks of a game's table session."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def has_humans(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    def save(self) -> None: ...


S = TypeVar("S", bound=SittingSession)


def resume_game(args: argparse.Namespace, saved: Saved[S]) -> tuple[S, Translator, Path]:
    """A saved game continued, the language it goes on in, and its file.

    The language is ``--lang``, else the one the game was played in, else the locale's;
    the file is the game's own, or ``--save`` (a new file).
    """
    language = args.lang or saved_language(saved.meta) or default_language()
    tr = translator(language)
    path = Path(args.save) if args.save else saved.path
    if path.resolve() != saved.path.resolve():
        check_new_file(path, tr)
    return resume(saved, language=language, save_path=path), tr, path


def start_game(
    args: argparse.Namespace, tr: Translator, new: Callable[[TableOptions], S]
) -> tuple[S, Translator, Path]:
    """A new game (``new``, given its table), the language, and its file: ``--save`` (a
    new file) or a new one in the games folder. A player name the engine refuses is an
    error of ``--players``."""
    if args.save:
        path = Path(args.save)
        check_new_file(path, tr)
    else:
        path = new_game_path()
    try:
        session = new(saved_to(path, language=tr.language))
    except RulesError as exc:  # the engine's own check of the names
        raise PlayersError(str(exc)) from None
    return session, tr, path


class Sitting(ABC, Generic[S]):
    """The games of one ``thousand play`` (see the module docstring)."""

    game: ClassVar[str]
    """The game's name: its terminal app is found by it (:meth:`on_screen`)."""
    bots_only: ClassVar[str]
    """Computer players of the game that ``--players`` could give to play without a
    terminal (named when a game with people in it is refused)."""

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

    @abstractmethod
    def prepare_bots(self, session: S, env: Env) -> None:
        """Have the computer players of ``session`` ready before anyone plays (a long
        preparation says so on standard error; one that cannot be done is an error)."""

    def on_screen(self, session: S, *, fast: bool) -> int | None:
        """Play ``session`` full screen, N playing :meth:`again`; the exit status. The
        game's terminal app is found by the game's name (``thousand.tui.NAME``) and
        imported only now: Textual only when drawn."""
        status: int | None = (
            adapter(self.game, "tui").open_app(session, self.tr, fast=fast, again=self.again).run()
        )
        return status

    @abstractmethod
    def unattended(self, session: S, env: Env, path: Path) -> ExitStatus:
        """Play a game of computer players only through, without a terminal, and print
        its sheet (:func:`thousand.cli.commands.unattended.play_unattended`)."""

    def refuse_unattended(self, session: S) -> None:
        """Refuse a game only a terminal can play, there being none: one with people."""
        if session.has_humans:
            raise PlayersError(
                self.tr.gettext(
                    "a game with people in it needs a terminal; without one, give computer "
                    "players only (--players {bots})"
                ).format(bots=self.bots_only)
            )

    def play(self, env: Env, *, fast: bool) -> ExitStatus:
        """Play the sitting from its first game: full screen with a terminal, through
        unattended without one (:meth:`refuse_unattended` says which games cannot be).

        Before anyone plays, the computer players are made ready and the file is
        written, proving it can be (a finished game resumed is left as it was). When the
        screen closes, :meth:`close` says on standard error which games are kept where.
        """
        session, path, _ = self.games[0]
        interactive = env.stdin.isatty() and env.stdout.isatty()
        if not interactive:
            self.refuse_unattended(session)
        if not session.is_over:
            self.prepare_bots(session, env)
            session.save()
        if not interactive:
            return self.unattended(session, env, path)
        status = self.on_screen(session, fast=fast)
        for line in self.close():
            env.stderr.write(line + "\n")
        return ExitStatus(status or 0)

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
