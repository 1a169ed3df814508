"""Saved games: where they live, how they are written, listed and read back.

A saved game is simply its RECORD.md record — the same file ``thousand replay`` reads —
with a ``meta`` object saying who the computer players are, the language, the seed and
when the game was played. Games go to ``games/`` in the user's data folder
(``$XDG_DATA_HOME/thousand`` on Linux, via :mod:`platformdirs`) unless the player names
a file; ``THOUSAND_DATA_DIR`` overrides the folder (tests, portable installs).

Writing is atomic — the record goes to a temporary file in the same folder, is flushed
to disk, then renamed over the old one — so a crash or Ctrl-C leaves either the previous
save or the new one, never half a file. Reading goes through the game's own replay
(the record's ``game`` picks the game's command-line adapter, :mod:`thousand.cli.games`,
which replays it), so a file that is not a legal
record of a game is refused with one clear line before anything is written to it;
:func:`resume` continues a saved game of any game at its table.
"""

from __future__ import annotations

import glob
import os
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import platformdirs

from thousand.core.dice import DiceSource
from thousand.core.errors import RecordError, SaveError, ThousandError
from thousand.core.files import parse_json, read_text
from thousand.core.players import seat_levels
from thousand.core.records import SaveRecord, dump_record
from thousand.core.table import TableOptions
from thousand.games import DEFAULT_GAME, adapter, game_info, game_of_record
from thousand.stats import summarize

PROGRAM = "thousand play"
"""The front-end's name in the ``meta`` of the records it writes."""

DATA_DIR_ENV = "THOUSAND_DATA_DIR"
GAMES = "games"
SUFFIX = ".json"


def data_dir() -> Path:
    """The folder for the program's data: ``THOUSAND_DATA_DIR`` or the XDG data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("thousand", appauthor=False))


def games_dir() -> Path:
    """Where saved games go unless the player names a file."""
    return data_dir() / GAMES


def new_game_path(directory: Path | None = None, when: datetime | None = None) -> Path:
    """A fresh file name for a new game, named after the moment it starts."""
    folder = games_dir() if directory is None else directory
    moment = (when or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"game_{moment}{SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"game_{moment}_{number}{SUFFIX}"
        number += 1
    return path


def save_record(path: Path, data: Mapping[str, Any]) -> None:
    """Write a record atomically: a temporary file beside ``path``, fsync, rename.

    Raises :class:`SaveError` (one line naming the file) when the folder cannot be
    created or written; the previous save, if any, is then left as it was. Temporary
    files an earlier save left behind (the process was killed between writing and
    renaming) are removed first: one game has one writer.
    """
    # a record's rows: a dice game's turns, card Thousand's deals (RECORD.md, the card
    # game's record); never a "turns" key a card record does not have
    text = dump_record(data, "turns" if "turns" in data or "deals" not in data else "deals")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for stale in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            stale.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _sync_directory(path.parent)
    except OSError as exc:
        raise SaveError(f"{path}: cannot save the game: {exc.strerror or exc}") from None


def _sync_directory(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where directories cannot be opened."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def file_saver(path: Path) -> SaveRecord:
    """The table's ``save`` for a file: :func:`save_record` to ``path``."""

    def save(data: dict[str, Any]) -> None:
        save_record(path, data)

    return save


def saved_to(path: Path, *, language: str, dice: DiceSource | None = None) -> TableOptions:
    """A table of this front-end (:data:`PROGRAM`) saving to ``path`` after every turn:
    ``Session.new(rules, seats, **saved_to(path, language=...))`` of any game."""
    return TableOptions(language=language, program=PROGRAM, save=file_saver(path), dice=dice)


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Saved(ABC, Generic[S]):
    """A record read from disk and replayed, of a game whose table is ``S``: its data
    (to continue it) and its replay. Each game's command-line adapter has its subclass
    (:meth:`thousand.cli.commands.adapter.CliGame.load_saved`)."""

    path: Path
    data: dict[str, Any]
    replay: Any
    """The game's replay of the record (``GameModule.replay``)."""

    @property
    def game(self) -> str:
        """The name of the game the record is of."""
        return game_of_record(self.data)

    @property
    def meta(self) -> dict[str, Any]:
        meta = self.data.get("meta")
        return meta if isinstance(meta, dict) else {}

    @abstractmethod
    def session(self, table: TableOptions) -> S:
        """The game's table where the record stops (see :func:`resume`)."""

    @abstractmethod
    def listing(self) -> GameListing:
        """The game as a line of ``thousand games``."""


def load_game(path: Path | str, game: str = DEFAULT_GAME) -> Saved[Any]:
    """Read and fully check a saved game of ``game``; raise a one-line
    :class:`ThousandError` if bad.

    A missing or unreadable file, text that is not JSON, JSON that is not a record of
    this game, and a record the rules refuse all fail here, before the caller writes.
    """
    saved = load_any_game(path)
    if saved.game != game:
        raise RecordError(f"{path}: a saved game of {prose(saved.game)}, not of {prose(game)}")
    return saved


def prose(name: str) -> str:
    """A game's title inside a sentence: ``dice 1000``, ``poker dice`` (messages and help
    texts name games this way, from the registry)."""
    title = game_info(name).title
    return title[:1].lower() + title[1:]


def in_prose(names: Sequence[str], conjunction: str) -> str:
    """Games named in a sentence: ``dice 1000, poker dice or card Thousand``."""
    titles = [prose(name) for name in names]
    if len(titles) == 1:
        return titles[0]
    return f"{', '.join(titles[:-1])} {conjunction} {titles[-1]}"


def load_any_game(path: Path | str) -> Saved[Any]:
    """Read and fully check a saved game of any game the program plays (its ``game``)."""
    shown = str(path)
    data = parse_json(read_text(shown), shown)
    if not isinstance(data, dict) or "format" not in data:
        raise RecordError(f"{shown}: not a saved game (no record in it)")
    try:
        name = game_of_record(data)
    except ThousandError as exc:
        raise RecordError(f"{shown}: {exc}") from None
    if "play" not in game_info(name).features:
        # a record of a game the terminal does not play (yet): it can be shown, not continued
        raise RecordError(
            f"{shown}: a record of {prose(name)}, not a game to continue here "
            f"('thousand replay {shown}' shows it)"
        )
    if "turns" not in data and "deals" not in data:
        raise RecordError(f"{shown}: not a saved game (no record in it)")
    try:
        # The game's command-line adapter reads its own records (CliGame.load_saved).
        loaded: Saved[Any] = adapter(name, "cli").load_saved(Path(path), data)
        return loaded
    except RecordError as exc:
        raise RecordError(f"{shown}: {exc}") from None


def resume(
    saved: Saved[S],
    *,
    language: str,
    save_path: Path | None = None,
    dice: DiceSource | None = None,
) -> S:
    """Continue a saved game of any game, saving to its own file unless ``save_path``
    names another; an error of its record names the file."""
    path = saved.path if save_path is None else save_path
    try:
        return saved.session(saved_to(path, language=language, dice=dice))
    except RecordError as exc:
        raise RecordError(f"{saved.path}: {exc}") from None


@dataclass(frozen=True, slots=True)
class GameListing:
    """One line of ``thousand games``."""

    path: Path
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    """Per player: the computer level, or None for a person."""
    rules: object
    """The rules the game is played under, the game's own (None for an unreadable file)."""
    turns: int
    winner: str | None
    to_move: str | None
    updated: str | None
    error: str | None = None
    """Why the file could not be read as a game (then the other fields are empty)."""
    game: str | None = None
    """The game's name (None for an unreadable file)."""
    places: tuple[tuple[int, str, int], ...] = ()
    """A finished game's standing, best first: (place, name, final score or total), ties
    sharing the better place (:func:`thousand.stats.places`); () while it is played."""


def _modified(path: Path) -> float:
    """When a file was last written; 0 for one that cannot be asked (a broken link)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def saved_files(folder: Path) -> list[Path]:
    """The files in ``folder`` that may be saved games (``*.json``, not hidden: a save
    being written is a hidden temporary file), in no particular order; ``OSError`` when
    the folder cannot be read."""
    return [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]


def list_games(directory: Path | None = None) -> list[GameListing]:
    """Every ``*.json`` in the games folder, newest first; unreadable files say why."""
    folder = games_dir() if directory is None else directory
    if not folder.is_dir():
        return []
    files = sorted(saved_files(folder), key=lambda p: (_modified(p), p.name), reverse=True)
    listings: list[GameListing] = []
    for path in files:
        try:
            game = load_any_game(path)
        except ThousandError as exc:
            listings.append(GameListing(path, (), (), None, 0, None, None, None, str(exc)))
            continue
        listings.append(game.listing())
    return listings


def listing_of(saved: Saved[Any], players: list[str], **fields: Any) -> GameListing:
    """A saved game's line of ``thousand games``: its file, players and computer levels,
    when it was saved, and ``fields`` (``rules``, ``turns``, ``winner``, ``to_move``),
    which are the game's own to say."""
    updated = saved.meta.get("updated")
    return GameListing(
        path=saved.path,
        players=tuple(players),
        bots=seat_levels(saved.meta, players),
        updated=updated if isinstance(updated, str) else None,
        game=saved.game,
        places=standing(saved.data),
        **fields,
    )


def standing(data: Mapping[str, Any]) -> tuple[tuple[int, str, int], ...]:
    """A finished game's places, best first, as the statistics read them (the game's own
    order, :mod:`thousand.stats`); () for a game in progress."""
    try:
        summary = summarize(data)
    except ThousandError:  # read already by the game's own replay: not expected
        return ()
    if not summary.finished:
        return ()
    seats = zip(summary.places, summary.players, summary.scores, strict=True)
    return tuple(sorted(seats, key=lambda seat: seat[0]))
