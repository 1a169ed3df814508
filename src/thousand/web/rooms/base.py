"""A room of any game: a table with seats, options and the game in play — plain code, no
sockets.

The server (:mod:`thousand.web.hub`) owns the rooms and calls into them under a lock per
room; everything here is synchronous and deterministic given the seeds, so the protocol's
promises can be tested without a network:

* every change of the room goes through one method (:meth:`BaseRoom.act`,
  :meth:`BaseRoom.join`, :meth:`BaseRoom.bot_step`, :meth:`BaseRoom.time_out`,
  :meth:`BaseRoom.ask_rematch`) that refuses with a
  :class:`~thousand.web.protocol.ProtocolError` and changes nothing, or changes the room
  and adds one to :attr:`BaseRoom.seq`;
* :meth:`BaseRoom.to_doc` is everything a restarted server needs to bring the room back
  exactly as its clients last saw it (``from_doc``); the seats' tokens are kept only as
  SHA-256 hashes, and the seed of the game's chance stays in the document, never in the
  record, until the game is over.

What every room does alike — seats, tokens, the order in which an action is checked,
the clock, the computer playing for a seat, rematches, the record, storing — is
:class:`BaseRoom`, which reads the game in play through what every game's session has
(:class:`thousand.core.table.TableSession`: whose move it is, the computer players, the
record) and through the game's interface found by name
(:func:`thousand.games.load_game`: what a seat may see of a position, ``observe``, and
of a record in play, ``shown_record``). The game itself is behind a small interface each
game's room fills in (the methods marked "the game's part" below): its rules, presets and
computer levels, starting and resuming a session, carrying out an action, the stand-in
computer, what is stored of the game in play besides its record, and what must be made
before a computer or the advisor can decide (:class:`Preparation`, :class:`Advice`).
Each game's room is in its web adapter, ``thousand.web.rooms.NAME``
(:func:`thousand.games.adapter`); :mod:`thousand.web.tables` finds a room's type by its
game's name. Decisions taken where PROTOCOL.md is silent are in the docstrings of the
methods that take them.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, TypeVar, cast

from thousand.core.chance import SEED_BYTES, commitment
from thousand.core.errors import IllegalActionError, RulesError, ThousandError
from thousand.core.fairdice import SeededDice
from thousand.core.files import parse_json, parse_toml
from thousand.core.i18n import Translator, translator
from thousand.core.pace import Estimate
from thousand.core.players import Seat, name_problem
from thousand.core.records import now_stamp
from thousand.core.table import Recorder, TableOptions, TableSession
from thousand.games import load_game
from thousand.web.protocol import CARD_FIELDS, CreateRoom, Options, ProtocolError

T = TypeVar("T")
RoomT = TypeVar("RoomT", bound="BaseRoom")
Session_ = TableSession[Any, Any, Any, Any, Any]
"""A game's session, whatever the game (the room reads only what every game's has)."""
Policy = Callable[[Any], Any]
"""A computer player: the move it makes in a position of its game."""

Progress = Callable[[str], None]
"""Where a long preparation (a solve) reports its progress lines."""

PROGRAM = "thousand serve"


def new_token() -> str:
    """A seat token: 192 bits from the operating system's CSPRNG, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the server keeps of a token: it can check one, and a stolen database holds none."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_room_id() -> str:
    """A room's id: 60 random bits, short enough to read out, long enough not to guess."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")[:10]


def new_seed() -> bytes:
    """A game's secret seed of chance: 256 bits from :mod:`secrets` (a test may script it).

    Every game's chance comes from it (:mod:`thousand.core.chance`): the dice games' throws
    today, a card game's shuffles from the same seed."""
    return secrets.token_bytes(SEED_BYTES)


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class SeatState:
    """A place at the table: a person (with a token once taken) or a computer player."""

    kind: str
    """``person`` or ``bot``."""
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    auto: bool = False
    """A person's seat played by the computer since their time ran out, until they act."""
    local: bool = False
    """A person at the creator's table without a device of their own (the keeper enters)."""
    keeper: bool = False
    """The creator's seat: it enters the moves of ``local`` seats (all, with ``scorekeeper``)."""
    player: str | None = None
    """The public id of the player whose key took the seat (:mod:`thousand.web.players`):
    the game counts toward them when it ends. Never the key; kept with the room, never
    shown in a state."""

    @property
    def open(self) -> bool:
        return self.kind == "person" and self.name is None

    def to_doc(self) -> dict[str, Any]:
        """Every field, as ``SeatState(**doc)`` takes them back (``asdict`` without its
        deep copy: every field is a string, a boolean or None, and a room's head is
        written with every change)."""
        return {each.name: getattr(self, each.name) for each in SEAT_FIELDS}


SEAT_FIELDS = fields(SeatState)


def computer_name(level_name: str, number: int) -> str:
    """A computer's name: its level capitalised, with its number when its level sits twice
    ("Balanced", "Balanced 2")."""
    name = level_name[:1].upper() + level_name[1:]
    return name if number <= 1 else f"{name} {number}"


def read_rules_file(spec: object, preset: str) -> object:
    """``{"file": TEXT}``, a rules file's contents (TOML, or JSON when it starts with
    ``{``), as the spec it holds; any other spec as it is. ``preset`` is the game's
    default, named when the file is empty."""
    if not (isinstance(spec, Mapping) and set(spec) == {"file"}):
        return spec
    text = spec["file"]
    if not isinstance(text, str):
        raise RulesError("rules.file must be the text of a rules file")
    data = parse_json(text, "rules.file") if text.lstrip().startswith("{") else None
    if data is None:
        data = parse_toml(text, "rules.file")
    if isinstance(data, Mapping) and not data:
        raise RulesError(f'rules.file: the rules file is empty (preset = "{preset}")')
    return data


def checked_rules(spec: object, preset: str, parse: Callable[[object], T]) -> T:
    """A game's rules from a body's ``rules`` — a preset name, a preset plus overrides,
    or ``{"file": TEXT}`` (see :func:`read_rules_file`) — as ``parse`` (the game's
    ``rules_from_spec``) makes them; 422 naming what is wrong."""
    try:
        return parse(read_rules_file(spec, preset))
    except ThousandError as exc:
        raise ProtocolError("invalid", f"rules: {exc}", 422) from None


def illegal(exc: IllegalActionError) -> ProtocolError:
    """The engine's refusal as the protocol's ``illegal``, keeping it to be translated."""
    error = ProtocolError("illegal", str(exc), rule=exc.rule)
    error.refused = exc
    return error


def _name_checked(name: str, taken: list[str]) -> str:
    name = name.strip()
    problem = name_problem(name)
    if problem is not None:
        raise ProtocolError("invalid", f"name: {problem}", 422)
    if name.casefold() in {other.casefold() for other in taken}:
        raise ProtocolError("invalid", f"name: {name!r} is already at the table", 422)
    return name


@dataclass(frozen=True)
class ActionFields:
    """A person's action as its message carried it: the action's name and the fields a
    game may read with it (dice 1000: ``dice``; poker dice: ``keep``, ``box``,
    ``places``; card Thousand: ``amount``, ``card``, ``to``, ``dark``, ``talon``,
    ``marriage``, ``ace_marriage``, and with real cards ``declarer``, ``contract``,
    ``points``, ``marriages``); each game refuses what it cannot use."""

    action: str
    dice: list[int] | None = None
    keep: list[int] | None = None
    box: str | None = None
    places: list[int] | None = None
    amount: int | None = None
    card: str | None = None
    to: int | None = None
    dark: bool | None = None
    talon: int | None = None
    marriage: bool | None = None
    ace_marriage: bool | None = None
    declarer: int | None = None
    contract: int | None = None
    points: list[int | None] | None = None
    marriages: int | None = None


@dataclass(frozen=True)
class Preparation:
    """What must be made once before a computer or the advisor can decide (a strategy to
    solve): the server runs it off its event loop, once for every room that needs the
    same, and tells the room's clients meanwhile (:meth:`BaseRoom.solving_note`)."""

    key: str
    """Shared by the rooms that need the same preparation (the rules, the players)."""
    make: Callable[[Progress], object]
    """The preparation itself, run in a worker thread with a progress callback."""
    at_hand: Callable[[], bool] | None = None
    """Run in a worker thread first: True when there is nothing to make after all (the
    files are already there); None: make it."""
    announce: bool = True
    """Tell the clients as it starts (False: with its first progress line)."""


@dataclass(frozen=True)
class Advice:
    """The advisor's question about the position at a room's ``seq``: what to prepare
    first, then the values of the actions open to the mover (a call the server runs off
    its event loop). The values reach the game's view, which words them."""

    values: Callable[[], dict[Any, Any]]
    """Each action open to the mover with its value: a winning chance (dice 1000), or
    the game's own figures (card Thousand: an ``ActionAdvice``), which its view words."""
    preparation: Preparation | None = None
    exact: Callable[[], bool] | None = None
    """Run after ``values`` in the same worker thread: whether they are exact (False: the
    room's :meth:`BaseRoom.approximation_note` is shown under them). None: always exact."""


@dataclass(frozen=True)
class Aside:
    """A table the advisor answers better with, made off the event loop without anyone
    waiting (the exact three-player table: minutes): started at most once per server for
    every room that wants it, only for a room someone is in, and, across processes and
    restarts, at most once per machine (the solver's own lock). The rooms are told its
    estimates meanwhile and asked for their advice again when it is there."""

    key: str
    make: Callable[[Callable[[Estimate], None]], object]
    """The making itself, in a worker thread, with a callback for its estimates."""


def record_language(record: Mapping[str, Any]) -> str:
    """The language a stored record's game is played in (``meta.language``)."""
    meta = record.get("meta") or {}
    return str(meta.get("language", "en"))


@dataclass
class BaseRoom:
    """See the module docstring: what every room does, whatever its game."""

    GAME: ClassVar[str]
    """The game's name (PROTOCOL.md's ``game`` of a room and of a record)."""
    LEVELS: ClassVar[tuple[str, ...]]
    """The computer levels a seat of this game may have."""
    STAND_IN: ClassVar[str]
    """The level that plays for a person whose time ran out."""
    DEFAULT_RULES: ClassVar[str]
    """The preset of a room created without ``rules``."""
    PRESETS: ClassVar[tuple[str, ...]]
    """The game's presets, in the order the lobby offers them."""
    ADVISOR: ClassVar[bool] = False
    """Whether a room of this game may have the advisor (``options.advisor``): the lobby
    offers the option for the games whose catalog says so."""

    id: str
    game: Any
    """The game's rules as its engine holds them."""
    rules: str | dict[str, Any]
    options: Options
    seats: list[SeatState]
    created: str
    status: str = "waiting"
    seq: int = 0
    number: int = 1
    """The game's number in the room: 1, then one more with every rematch."""
    seed: bytes = b""
    """The secret seed of the current game's chance (:mod:`thousand.core.chance`): the
    dice throws of the dice games; a card game shuffles from the same seed. Its commitment
    is public from the first state; PROTOCOL.md and the records name the two
    ``dice_seed`` and ``dice_commitment`` whatever the game's chance."""
    deadline: datetime | None = None
    rematch: set[int] = field(default_factory=set)
    finished_record: dict[str, Any] | None = None
    """The record of the game just finished, once a rematch has started the next one."""
    session: Session_ | None = None
    """The game in play: the game's table session (None until every seat is taken)."""
    view_cache: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    """The shared part of the game's view (what every connection of one language sees
    alike, built from the spectator's observation) for the current ``seq``; each seat's
    own part is added per connection (:mod:`thousand.web.rooms.view_frame`). Not stored."""
    _memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    _stand_ins: dict[int, Policy] = field(default_factory=dict)
    """The computers playing for people whose time ran out, by seat (not stored)."""
    op: dict[str, Any] | None = None
    """The last change as an operation another process holding the room can repeat
    (:func:`repeat`): a person's action, a computer's move or a clock running out, with
    the time it happened. None for the others (a seat taken, a rematch: they draw
    secrets). Stored with the change (:mod:`thousand.web.roomlog`), never read back."""
    fixed_now: datetime | None = None
    """The time of the operation under way (:meth:`now`)."""

    def now(self) -> datetime:
        """The time of the change being made: the operation's own while one is made or
        repeated, so that a clock's deadline comes out the same in every process."""
        return self.fixed_now or _now()

    @contextlib.contextmanager
    def _operation(self, op: dict[str, Any]) -> Iterator[None]:
        """An operation (:attr:`op`) is made at one time, now (or, repeated by
        :func:`repeat`, the time it had)."""
        owned = self.fixed_now is None
        if owned:
            self.fixed_now = _now()
        assert self.fixed_now is not None
        self.op = {**op, "now": self.fixed_now.isoformat()}
        try:
            yield
        finally:
            if owned:
                self.fixed_now = None

    # -- moves as messages (for :func:`repeat`) -------------------------------------------

    def move_message(self, move: Any) -> dict[str, Any] | None:
        """A computer's move as an action message (``{"action": NAME, ...fields}``)
        :meth:`move_of` reads back; None: the game cannot say it (its moves are then not
        repeated, the other processes read the room back)."""
        del move
        return None

    def move_of(self, message: Mapping[str, Any]) -> Any:
        """The move :meth:`move_message` wrote."""
        raise NotImplementedError(message)

    def table(self, thrown: int = 0, language: str | None = None) -> TableOptions:
        """How the room's game sits at its table: in the room's language (or
        ``language``, a resumed record's), the server named in the record, and its chance
        drawn from the room's committed seed, ``thrown`` outcomes on (a resumed game)."""
        return {
            "language": language or self.options.language,
            "program": PROGRAM,
            "dice": SeededDice(self.seed, thrown, domain=self.GAME),
        }

    def memo(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        """A value computed once for the room and ``key`` (texts that change only with the
        turn or never: the rules' title, the sheet of finished turns). Not stored."""
        if key not in self._memo:
            if len(self._memo) > 64:
                self._memo.clear()
            self._memo[key] = make()
        return cast("T", self._memo[key])

    def kept(self, slot: tuple[Any, ...]) -> Any:
        """The value :meth:`latest` keeps in ``slot`` (None: none): the next may be made
        from it."""
        kept = self._memo.get(slot)
        return None if kept is None else kept[1]

    def latest(self, slot: tuple[Any, ...], version: object, make: Callable[[], T]) -> T:
        """A value computed once for the room, ``slot`` and ``version`` (the sheet of the
        turns finished so far: ``version`` the number of them), only the latest version
        kept: an older one is never asked for again, and a room held idle should not keep
        one per turn. Not stored."""
        kept = self._memo.get(slot)
        if kept is None or kept[0] != version:
            if len(self._memo) > 64:
                self._memo.clear()
            kept = self._memo[slot] = (version, make())
        return cast("T", kept[1])

    # -- the game's part (each game's room fills these in) ---------------------------

    @classmethod
    def rules_of(cls, spec: object) -> tuple[Any, str | dict[str, Any]]:
        """The engine's rules and the spec a record keeps, from a body's ``rules``
        (422 naming what is wrong)."""
        raise NotImplementedError

    @classmethod
    def check_options(cls, options: Options) -> None:
        """Refuse (422, naming the option) what the game cannot offer."""

    @classmethod
    def level_name(cls, tr: Translator, level: str) -> str:
        """A computer level as people call it, in ``tr``'s language."""
        raise NotImplementedError

    @classmethod
    def preset_title(cls, tr: Translator, name: str) -> str:
        """A preset's title, in ``tr``'s language."""
        raise NotImplementedError

    @classmethod
    def preset_description(cls, tr: Translator, name: str) -> str:
        """What a preset plays like, in ``tr``'s language."""
        raise NotImplementedError

    def _new_session(self, seats: list[Seat]) -> Session_:
        """The session of a new game of :attr:`seed` with ``seats``, and its record."""
        raise NotImplementedError

    def _resume(self, record: dict[str, Any], doc: Mapping[str, Any]) -> Session_:
        """The session of the game in play brought back from its stored ``record`` (and
        what :meth:`_game_doc` stored beside it in ``doc``)."""
        raise NotImplementedError

    def _act(self, seat: int, mover: int, sent: ActionFields) -> None:
        """Carry out a person's action for ``mover`` (entered by ``seat``), or refuse it."""
        raise NotImplementedError

    def _apply(self, move: Any) -> None:
        """Make ``move`` through the engine's checked path (refusals change nothing),
        then :meth:`_changed`."""
        raise NotImplementedError

    def _stand_in(self) -> Policy:
        """A new computer of level :attr:`STAND_IN`, to play for a person."""
        raise NotImplementedError

    def _game_doc(self) -> dict[str, Any]:
        """What is stored of the game in play besides its record (nothing by default)."""
        return {}

    def may_undo(self, seat: int | None) -> bool:
        """``seat`` may take back the last throw it entered (table dice)."""
        del seat
        return False

    def refusal_text(self, tr: Translator, error: IllegalActionError) -> str:
        """Why the engine refused an action, in ``tr``'s language."""
        raise NotImplementedError

    def preparation(self) -> Preparation | None:
        """What must be made once before the computer to move can decide (a strategy to
        solve); None when nothing is needed."""
        return None

    def advice(self) -> Advice | None:
        """The advisor's question about the position in play (rooms whose ``advisor``
        option is on ask it for the person to move); None: nothing to advise here (no
        advisor for the game, or nobody to beat)."""
        return None

    def solving_note(self, tr: Translator) -> str:
        """What clients are told while a :class:`Preparation` runs."""
        raise NotImplementedError

    def aside(self) -> Aside | None:
        """A better table for the room's advisor or computers that the server may make
        meanwhile, without anyone waiting for it (:class:`Aside`); None: none wanted."""
        return None

    def approximation_note(
        self, tr: Translator, aside_running: bool, estimate: Estimate | None
    ) -> str | None:
        """What the person to move is told under advice that is not exact (``aside_running``:
        an :class:`Aside` is being made, its latest ``estimate``); None: nothing."""
        del tr, aside_running, estimate
        return None

    # -- what the lobby offers -----------------------------------------------------

    @classmethod
    def catalog(cls, tr: Translator) -> dict[str, Any]:
        """The game's presets (``name``, ``title``, ``description``, and ``rules``: every
        key as the preset has it, which the lobby's house-rules form starts from) and
        computer levels (``level``, ``name``) in ``tr``'s language, and whether its rooms
        may have the advisor: what the lobby offers."""
        engine = load_game(cls.GAME)
        return {
            "presets": [
                {
                    "name": name,
                    "title": cls.preset_title(tr, name),
                    "description": cls.preset_description(tr, name),
                    "rules": engine.load_preset(name).to_data(),
                }
                for name in cls.PRESETS
            ],
            "levels": [{"level": level, "name": cls.level_name(tr, level)} for level in cls.LEVELS],
            "advisor": cls.ADVISOR,
        }

    # -- making one ----------------------------------------------------------------

    @classmethod
    def create(cls: type[RoomT], body: CreateRoom) -> tuple[RoomT, str]:
        """A room from ``POST /api/rooms``, with its creator in seat 0; and their token.

        Computer players are named after their level in the room's language, numbered
        when a level sits twice ("Балансирующий 2"): a name the record and the sheet can
        show; each viewer sees them in their own language (:mod:`.names`). A room of
        computers alone (every other seat a bot) starts at once.
        """
        game, spec = cls.rules_of(cls.DEFAULT_RULES if body.rules is None else body.rules)
        cls.check_options(body.options)
        token = new_token()
        creator = SeatState(
            "person", _name_checked(body.name, []), None, hash_token(token), keeper=True
        )
        seats = [creator]
        tr = translator(body.options.language)
        for index, spec_seat in enumerate(body.seats):
            if spec_seat.name is not None:
                taken = [seat.name for seat in seats if seat.name]
                seats.append(SeatState("person", _name_checked(spec_seat.name, taken), local=True))
                continue
            if spec_seat.bot is None:
                seats.append(SeatState("person"))
                continue
            if spec_seat.bot not in cls.LEVELS:
                raise ProtocolError(
                    "invalid",
                    f"seats.{index}.bot: {spec_seat.bot[:32]!r} is not a level of {cls.GAME} "
                    f"(levels: {', '.join(cls.LEVELS)})",
                    422,
                )
            base = cls.level_name(tr, spec_seat.bot)
            taken = [seat.name for seat in seats if seat.name]
            name, count = computer_name(base, 1), 1
            while name.casefold() in {other.casefold() for other in taken}:
                count += 1
                name = computer_name(base, count)
            seats.append(SeatState("bot", name, spec_seat.bot))
        room = cls(
            id=new_room_id(),
            game=game,
            rules=spec,
            options=body.options,
            seats=seats,
            created=now_stamp(),
            seed=new_seed(),
        )
        room._start_if_full()
        return room, token

    # -- who is who ----------------------------------------------------------------

    def seat_of(self, token_hash: str | None) -> int | None:
        """The seat a token holds (None: a spectator). Seats move on a rematch."""
        if token_hash is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, token_hash):
                return index
        return None

    def join(self, name: str) -> tuple[int, str]:
        """Take the first open seat: 409 when none is open or the game has started."""
        free = [index for index, seat in enumerate(self.seats) if seat.open]
        if not free:
            raise ProtocolError("room_full", "every seat is taken", 409)
        if self.status != "waiting":
            raise ProtocolError("game_started", "the game has already started", 409)
        taken = [seat.name for seat in self.seats if seat.name]
        checked = _name_checked(name, taken)
        token = new_token()
        seat = self.seats[free[0]]
        seat.name, seat.token_hash = checked, hash_token(token)
        self.seq += 1
        self._start_if_full()
        return free[0], token

    @property
    def person_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.kind == "person"]

    # -- the game --------------------------------------------------------------------

    def _start_if_full(self) -> None:
        if self.status == "waiting" and not any(seat.open for seat in self.seats):
            self._start_game()

    def _start_game(self) -> None:
        self.session = self._new_session([Seat(seat.name or "", seat.level) for seat in self.seats])
        self._stand_ins = {}
        self._record_meta().update(
            room=self.id,
            game_number=self.number,
            dice=self.options.dice,
            dice_commitment=commitment(self.seed),
        )
        self._memo.clear()
        self.status = "playing"
        self._set_deadline()

    @property
    def started(self) -> bool:
        """A game has been started in the room (it may be over)."""
        return self.session is not None

    def _current(self) -> int:
        """The seat to move in the game in play (the last mover once it is over)."""
        assert self.session is not None
        return int(self.session.now.current)

    def _player_name(self, seat: int) -> str:
        """The name of the player in ``seat`` (the session's players are the room's
        seats as they were when the game started, and names never change)."""
        return self.seats[seat].name or ""

    @property
    def dice_commitment(self) -> str:
        """The public commitment to :attr:`seed` (PROTOCOL.md keeps the name
        ``dice_commitment`` for every game's chance). Made once per seed: every view
        shows it."""
        seed = self.seed
        return self.memo(("commitment", seed), lambda: commitment(seed))

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` (None: a spectator) knows of the position in play: the game's
        ``observe`` (:class:`thousand.games.interface.GameModule`), the only position a
        view or a computer player of that seat is given. The session holds the referee's
        whole position."""
        assert self.session is not None
        return load_game(self.GAME).observe(self.session.now, seat)

    @property
    def mover(self) -> int | None:
        """The seat to move, or None (waiting, or over)."""
        if not self.started or self.status != "playing":
            return None
        return self._current()

    def computer_to_move(self) -> bool:
        """A computer decides next: a computer seat, or a person's taken over by one."""
        mover = self.mover
        if mover is None:
            return False
        seat = self.seats[mover]
        return seat.kind == "bot" or seat.auto

    def needs_driver(self) -> bool:
        """Something happens in the room with nobody connected: a computer is to move,
        or a clock runs. Kept in the room's stored row (``driven``), so that in a
        deployment of several processes the rooms left alone by their players stay in
        the database only, not in some process's memory."""
        return self.computer_to_move() or self.deadline is not None

    def act(
        self,
        seat: int | None,
        action: str,
        seq: int,
        dice: list[int] | None = None,
        *,
        keep: list[int] | None = None,
        box: str | None = None,
        places: list[int] | None = None,
        **fields: Any,
    ) -> None:
        """A person's action, checked in PROTOCOL.md's order: not started or over, stale,
        spectator, not your turn, then the engine. A person whose seat the computer was
        playing takes it back by acting."""
        if not self.started or self.status == "waiting":
            raise ProtocolError("not_your_turn", "the game has not started: seats are open")
        if set(fields).difference(CARD_FIELDS):
            raise ProtocolError("bad_message", f"unknown fields: {sorted(fields)}")
        if self.status == "over":
            raise ProtocolError("game_over", "the game is over", rule="game_over")
        if seq != self.seq:
            raise ProtocolError("stale", f"stale state: acted on {seq}, the room is at {self.seq}")
        if seat is None:
            raise ProtocolError("spectator", "spectators cannot act")
        mover = self._current()
        if self.acts_for(seat) != mover and not (action == "undo" and self.may_undo(seat)):
            raise ProtocolError("not_your_turn", f"it is {self._player_name(mover)}'s turn")
        sent = {"dice": dice, "keep": keep, "box": box, "places": places, **fields}
        op = {"op": "act", "seat": seat, "action": action, "seq": seq}
        with self._operation(
            op | {name: value for name, value in sent.items() if value is not None}
        ):
            self._act(seat, mover, ActionFields(action, dice, keep, box, places, **fields))

    def acts_for(self, seat: int | None) -> int | None:
        """The seat whose move a connection holding ``seat`` may enter now: its own, or
        — for the creator's device — a person's at the same table (``local`` seats, and
        every person seat under ``scorekeeper``)."""
        mover = self.mover
        if seat is None or mover is None:
            return None
        if seat == mover:
            return seat
        keeper, moving = self.seats[seat], self.seats[mover]
        if keeper.keeper and moving.kind == "person" and (moving.local or self.options.scorekeeper):
            return mover
        return None

    def computer_policy(self) -> Policy:
        """The policy of the computer to move: the seat's own, or the stand-in level's."""
        session = self.session
        mover = self.mover
        assert session is not None and mover is not None
        if self.seats[mover].kind == "bot":
            return session.policies[mover]
        if mover not in self._stand_ins:
            self._stand_ins[mover] = self._stand_in()
        return self._stand_ins[mover]

    def computer_decision(self) -> Callable[[], Any]:
        """The decision of the computer to move, as a call the server runs off its event
        loop (it sees only a snapshot of its seat's observation); its result goes to
        :meth:`bot_step`."""
        assert self.session is not None
        policy, position = self.computer_policy(), self.observation(self.mover)
        return lambda: policy(position)

    def bot_step(self, move: Any) -> None:
        """Apply the computer's decision ``move`` (chosen off the event loop by the server).

        A computer's own throws come from the room's seed, under table dice too: the
        people at the table need not throw for it (documented in docs/web.md).
        """
        assert self.started and self.computer_to_move()
        message = self.move_message(move)
        if message is None:
            self._apply(move)
            return
        with self._operation({"op": "bot", "move": message}):
            self._apply(move)

    def _changed(self) -> None:
        """One accepted change of the game: ``seq`` moves on, and a game that just ended
        publishes its seed in the record."""
        self.seq += 1
        if self.status == "playing" and self.session is not None and self.session.is_over:
            self.status = "over"
            self._record_meta().update(dice_seed=self.seed.hex(), finished=now_stamp())
        self._set_deadline()

    def _set_deadline(self) -> None:
        """The clock of the person to move: ``turn_seconds`` for each decision.

        Decision where PROTOCOL.md is silent: the clock runs per decision (every throw
        or stop), not per whole turn, so a long lucky turn is never cut short; it does not
        run while the computer plays for the seat.
        """
        mover = self.mover
        seconds = self.options.turn_seconds
        if seconds is None or mover is None or self.computer_to_move():
            self.deadline = None
        else:
            self.deadline = self.now() + timedelta(seconds=seconds)

    def time_out(self, now: datetime | None = None) -> bool:
        """The person to move ran out of time: the computer plays for them (True) from now
        until they act again."""
        mover = self.mover
        if mover is None or self.deadline is None or (now or self.now()) < self.deadline:
            return False
        with self._operation({"op": "time_out"}):
            self.seats[mover].auto = True
            self.seq += 1
            self.deadline = None
        return True

    # -- rematch -------------------------------------------------------------------------

    def ask_rematch(self, seat: int | None) -> bool:
        """A person asks for the next game; True when everyone has and it started.

        The seats move one place so that whoever moved second moves first; the tokens
        move with their people.
        """
        if seat is None:
            raise ProtocolError("spectator", "spectators cannot ask for a rematch")
        if self.status != "over":
            raise ProtocolError("bad_message", "a rematch can be asked for once the game is over")
        if seat in self.rematch:
            return False
        self.rematch.add(seat)
        # people at the keeper's table without a device (local seats) cannot ask: the
        # keeper's ask stands for them
        asking = {index for index in self.person_seats if not self.seats[index].local}
        if not asking <= self.rematch:
            self.seq += 1
            return False
        self.finished_record = self.record()
        for seat_state in self.seats:
            seat_state.auto = False
        self.seats = self.seats[1:] + self.seats[:1]
        self.rematch = set()
        self.number += 1
        self.seed = new_seed()
        self._start_game()
        self.seq += 1
        return True

    # -- the record ------------------------------------------------------------------

    def record(self) -> dict[str, Any] | None:
        """The current game's record (RECORD.md, POKER_DICE.md §4): no dice seed in it
        until the game ends."""
        if self.session is None:
            return None
        record: Recorder = self.session.record
        return record.to_data()

    def _record_meta(self) -> dict[str, Any]:
        """The current record's ``meta``, to be written into."""
        assert self.session is not None
        record: Recorder = self.session.record
        if record.meta is None:
            record.meta = {}
        return record.meta

    def public_record(self, seat: int | None = None) -> dict[str, Any] | None:
        """The record as a client holding ``seat`` (None: anyone else) gets it: while the
        game is on, what the game shows that seat of it (its ``shown_record``) and without
        the computer players' own random seed (their tie-breaks could be foreseen with
        it); once it is over, the whole record."""
        record = self.record()
        if record is not None and self.status != "over":
            record = load_game(self.GAME).shown_record(record, seat)
            if "meta" in record:
                record["meta"] = {k: v for k, v in record["meta"].items() if k != "seed"}
        return record

    # -- storing -------------------------------------------------------------------------

    def to_doc(self) -> dict[str, Any]:
        """Everything needed to bring the room back; see the module docstring."""
        return {**self.head_doc(), "record": self.record()}

    def head_doc(self) -> dict[str, Any]:
        """:meth:`to_doc` without the record: what a change rewrites whole (its size does
        not grow with the game), the record's new rows being stored beside it
        (:mod:`thousand.web.roomlog`). Not a copy: to be written out at once."""
        return {
            "id": self.id,
            "game": self.GAME,
            "rules": self.rules,
            "options": self.options.doc(),
            "seats": [seat.to_doc() for seat in self.seats],
            "created": self.created,
            "status": self.status,
            "seq": self.seq,
            "number": self.number,
            "seed": self.seed.hex(),
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
            "rematch": sorted(self.rematch),
            "driven": self.needs_driver(),  # for the row's column; not read back
            **self._game_doc(),
        }

    @classmethod
    def from_doc(cls: type[RoomT], doc: Mapping[str, Any]) -> RoomT:
        """The room :meth:`to_doc` wrote, at the same ``seq`` and position."""
        game, spec = cls.rules_of(doc["rules"])
        room = cls(
            id=doc["id"],
            game=game,
            rules=spec,
            options=Options.model_validate(doc["options"]),
            seats=[SeatState(**seat) for seat in doc["seats"]],
            created=doc["created"],
            status=doc["status"],
            seq=doc["seq"],
            number=doc["number"],
            seed=bytes.fromhex(doc["seed"]),
            deadline=None if doc["deadline"] is None else datetime.fromisoformat(doc["deadline"]),
            rematch=set(doc["rematch"]),
        )
        record = doc.get("record")
        if record is not None:
            room.session = room._resume(record, doc)
        return room


def repeat(room: BaseRoom, op: Mapping[str, Any]) -> None:
    """Make again on ``room`` the operation another process made on it (:attr:`BaseRoom.op`),
    at the time it was made: the room comes out as that process stored it (which the
    caller checks). Raises what the operation raises."""
    room.fixed_now = datetime.fromisoformat(op["now"])
    try:
        kind = op["op"]
        if kind == "act":
            fields = {
                name: value
                for name, value in op.items()
                if name not in {"op", "seat", "action", "seq", "now", "dice"}
            }
            room.act(op["seat"], op["action"], op["seq"], op.get("dice"), **fields)
        elif kind == "bot":
            room.bot_step(room.move_of(op["move"]))
        elif kind == "time_out":
            if not room.time_out(room.fixed_now):
                raise ValueError("the clock had not run out")
        else:
            raise ValueError(f"unknown operation {kind!r}")
    finally:
        room.fixed_now = None
