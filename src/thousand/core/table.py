"""What every game's table shares: seats and their computer players, the record's
``meta``, the seed of the dice, and saving the record after every turn.

Each game plays at a table of its own (``thousand.games.<game>.table``): its
``Session`` takes decisions through the game's engine and writes them into the game's
record. What a table does besides — seat people and computer players, give each
computer player its seed, hand the record to ``save_record`` when a turn ends and keep
why that failed, continue a saved game with the dice moved on past those already
thrown — is the same for every game, and is here: :class:`TableSession` is the base of
every game's session, :class:`Step` of what one of its decisions did, and the functions
below make and continue a record's ``meta``.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NotRequired, Protocol, TypedDict, TypeVar

from thousand import __version__
from thousand.core.dice import DiceSource, RandomDice
from thousand.core.errors import RecordError, ThousandError
from thousand.core.players import Seat, seat_levels
from thousand.core.records import SaveRecord, now_stamp

SEED_STRIDE = 1_000_003
"""A resumed game's dice: the saved seed moved on by this many per throw already made,
so the game goes on reproducibly without repeating the dice it had
(:meth:`Resumption.dice`)."""


class TableOptions(TypedDict):
    """How a front-end sets up a game's table, new or resumed: the keyword options every
    game's ``Session.new`` and ``Session.resume`` take (``**table``)."""

    language: str
    """The language the game is played in (``meta.language``)."""
    program: str
    """The front-end's name in the record's ``meta`` (``thousand play``)."""
    save: NotRequired[SaveRecord | None]
    """Where the record goes after every turn (None or left out: not saved — tests, tools)."""
    dice: NotRequired[DiceSource | None]
    """Where the throws come from (None or left out: the dice of the game's seed)."""


class Position(Protocol):
    """What a table asks of a game's position: whose move it is, if anyone's."""

    @property
    def current(self) -> int: ...

    @property
    def to_move(self) -> str | None:
        """The name of the player to move; None once the game is over."""


class Recorder(Protocol):
    """What a table asks of a game's record builder: its ``meta`` and the record so far;
    and, for a server storing a change as the record's last rows, the record's rows as
    written (``ROWS`` their key: only ever appended, only the last one changing) and its
    header without them."""

    ROWS: ClassVar[str]
    meta: dict[str, Any] | None

    @property
    def rows(self) -> list[dict[str, Any]]: ...

    def header(self) -> dict[str, Any]: ...

    def to_data(self) -> dict[str, Any]: ...


P = TypeVar("P", bound=Position)
A = TypeVar("A")
E = TypeVar("E")
R = TypeVar("R", bound=Recorder)
StepT = TypeVar("StepT")


@dataclass(frozen=True, slots=True)
class Step(Generic[P, A, E]):
    """What one decision did: the position before and after it, the action, and how the
    turn ended if it did (a game's step adds what its throws show)."""

    before: P
    after: P
    action: A
    end: E | None = None


@dataclass(kw_only=True)
class TableSession(ABC, Generic[P, A, E, R, StepT]):
    """A game in play at a table: the base of every game's ``Session``.

    ``P`` is the game's position, ``A`` its action, ``E`` how a turn ends, ``R`` its
    record builder and ``StepT`` what :meth:`act` returns.
    """

    seats: list[Seat]
    record: R
    dice: DiceSource
    save_record: SaveRecord | None
    """Where the record goes after every turn (None: not saved — tests, tools)."""
    policies: dict[int, Callable[[P], A]] = field(default_factory=dict)
    """The computer player of every computer seat (:meth:`make_bots`)."""
    last_end: E | None = None
    """How the last finished turn ended (shown until the next turn's first throw)."""
    save_error: str | None = None
    """Why the last save after a turn failed (the game goes on; the screen says so)."""

    # -- what a game says --------------------------------------------------------------

    @property
    @abstractmethod
    def now(self) -> P:
        """The position the next decision is taken in."""

    @abstractmethod
    def make_bot(self, level: str, seed: int) -> Callable[[P], A]:
        """The game's computer player of ``level``, seeded with ``seed``."""

    @abstractmethod
    def act(self, action: A) -> StepT:
        """Take a decision through the engine's checked path."""

    @abstractmethod
    def observe(self, position: P, seat: int) -> Any:
        """What ``seat`` knows of ``position`` (the game's ``observe``): all that its
        computer player is given to decide on."""

    # -- views ---------------------------------------------------------------------

    @property
    def seat(self) -> Seat:
        """The seat of the player to move; once the game is over, the game's position
        says whose (dice 1000: the winner's; poker dice: the last mover's)."""
        return self.seats[self.now.current]

    @property
    def is_over(self) -> bool:
        """The game is over: nobody is to move."""
        return self.now.to_move is None

    @property
    def bot_to_move(self) -> bool:
        return not self.is_over and self.seat.is_bot

    @property
    def has_humans(self) -> bool:
        return any(not seat.is_bot for seat in self.seats)

    # -- playing -------------------------------------------------------------------

    def make_bots(self, seed: int) -> None:
        """A computer player for every computer seat, seeded from the game's seed."""
        self.policies = {
            index: self.make_bot(seat.bot, seed + index)
            for index, seat in enumerate(self.seats)
            if seat.bot is not None
        }

    def bot_step(self) -> StepT:
        """Let the computer player to move take its next decision, on what its seat
        knows (:meth:`observe`), never on the referee's whole position."""
        seat = self.now.current
        return self.act(self.policies[seat](self.observe(self.now, seat)))

    # -- saving --------------------------------------------------------------------

    def save(self) -> None:
        """Hand the record to ``save_record`` (no-op without one), its ``meta.updated``
        the time now. Safe at any moment: a turn in progress is saved as far as it went."""
        if self.save_record is None:
            return
        if self.record.meta is not None:
            self.record.meta["updated"] = now_stamp()
        self.save_record(self.record.to_data())

    def save_turn(self) -> None:
        """Save when a turn ends; a failure is kept in :attr:`save_error`, not raised —
        the game goes on and the screen says so (a later save that works clears it)."""
        try:
            self.save()
        except ThousandError as exc:
            self.save_error = str(exc)
        else:
            self.save_error = None


# -- a record's meta -----------------------------------------------------------------


def seats_meta(seats: Sequence[Seat]) -> list[dict[str, str | None]]:
    """``meta.seats``: each seat's name and computer level (None: a person)."""
    return [{"name": seat.name, "bot": seat.bot} for seat in seats]


def new_meta(
    seats: Sequence[Seat], table: TableOptions, seed: int | None
) -> tuple[dict[str, Any], int]:
    """A new game's ``meta`` — the front-end, who is a computer, the language, the seed,
    when it started — and its seed: ``seed``, or a random one if None (the seed fixes
    the dice and the computer players)."""
    seed = secrets.randbits(32) if seed is None else seed
    stamp = now_stamp()
    meta = {
        "program": table["program"],
        "version": __version__,
        "seats": seats_meta(seats),
        "language": table["language"],
        "seed": seed,
        "started": stamp,
        "updated": stamp,
    }
    return meta, seed


def new_dice(table: TableOptions, seed: int) -> DiceSource:
    """A new game's dice: the table's, else those of the game's seed."""
    dice = table.get("dice")
    return RandomDice(seed) if dice is None else dice


@dataclass(frozen=True, slots=True)
class Resumption:
    """A saved game as it goes on: its seats, its ``meta`` and its seed."""

    seats: list[Seat]
    meta: dict[str, Any]
    seed: int

    def dice(self, table: TableOptions, thrown: int) -> DiceSource:
        """The dice from here: the table's, else the seed's moved on past the ``thrown``
        throws made (the game goes on reproducibly, not repeating the dice it had)."""
        dice = table.get("dice")
        return RandomDice(self.seed + SEED_STRIDE * thrown) if dice is None else dice


def resumption(
    meta: Mapping[str, Any] | None,
    names: Sequence[str],
    levels: Collection[str],
    table: TableOptions,
) -> Resumption:
    """How the saved game of ``names`` with ``meta`` goes on.

    Its seats are those of ``meta.seats`` (a computer level not in ``levels``, the
    game's, is a :class:`RecordError`); its ``meta`` keeps naming the front-end that
    started it, takes the seats and the language of now, and keeps the seed (a random
    one if the record has none).
    """
    saved = dict(meta) if isinstance(meta, Mapping) else {}
    bots = seat_levels(saved, names)
    for level in bots:
        if level is not None and level not in levels:
            raise RecordError(f"meta: unknown computer player level {level!r}")
    seats = [Seat(name, level) for name, level in zip(names, bots, strict=True)]
    seed = saved.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = secrets.randbits(32)
    saved.setdefault("program", table["program"])
    saved["seats"] = seats_meta(seats)
    saved["language"] = table["language"]
    saved["seed"] = seed
    return Resumption(seats, saved, seed)
