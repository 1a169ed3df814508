"""Rooms in a database: a row per room with its head, and its record beside it.

A room's row holds :meth:`BaseRoom.head_doc <thousand.web.rooms.base.BaseRoom.head_doc>`
as JSON — the rules, seats (token hashes only), options, status and clock, its secret seed
— with ``seq`` beside it, rewritten with every accepted change; the game's record is kept
beside it as a snapshot (``room_records``) and a log of the changes since
(``room_log``: the record's last rows, :mod:`thousand.web.roomlog`). An action writes the
head, one log entry and, once in :data:`~thousand.web.roomlog.SNAPSHOT_EVERY` changes, the
record whole: what does not grow with the game. Reading a room puts it back together
(:meth:`Store.load_room`). A game's record goes to ``games`` when it ends, with its
history (:mod:`.history`: seats, places, ratings) in the same transaction; chat lines go
to ``chat``.

SQLAlchemy Core over SQLite (the default, for one process) or PostgreSQL (through
psycopg 3, for several processes sharing the rooms). SQLite runs in WAL mode with
``synchronous=NORMAL``: a commit survives the process being killed (the operating
system has the write), which is the failure a server must survive; only a power cut
could take the last moments.

Several processes may hold the same room, so a room's row is written with a version
check (:meth:`Store.append_room`): the write names the ``seq`` it started from and
touches nothing when another process got there first; the log entry goes in the same
transaction, only when the row was written. The calls are synchronous; the server runs
them in worker threads (:class:`AsyncStore`) off its event loop, all but one: on SQLite
an action's write is made on the loop's own thread, where it costs less, and goes to
the thread only when the database is locked (see :class:`AsyncStore`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from alembic.util import CommandError
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    make_url,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from thousand.core.errors import ThousandError, one_line
from thousand.web import history, schema, sqlmeta
from thousand.web.driversql import DriverStatement
from thousand.web.jsontext import dumps
from thousand.web.roomlog import Change, assemble

T = TypeVar("T")

LIVE = ("waiting", "playing")
"""The statuses of a room that a server brings back and lists."""

CHUNK = 500
"""Ids per query of :meth:`Store.room_seqs` (well under every database's limit)."""

CONNECT_SECONDS = 5
"""How long a connection to a database server may take before the call fails: a server
that is away fails the action at once (503) instead of holding the room's lock."""

CALL_SECONDS = 10.0
"""How long one call of the store may take, in the event loop's eyes, before it is
reported as failed (503): a database server that hangs (stopped, or a network that drops
packets without closing connections) must not hold a room's lock for as long as it
hangs. The database's own timeouts cannot see a server that does not run at all."""

STATEMENT_SECONDS = 5
"""How long one statement may run on PostgreSQL: a server that hangs (rather than one that
is away) fails the action after this long (503) instead of holding the room's lock for as
long as it hangs. Migrations lift it for their own transaction (they wait on a lock)."""

KEEPALIVE_SECONDS = 5
"""TCP keepalives on PostgreSQL connections: a server machine gone without closing its
connections (power, network) is noticed within a few of these, and the transmission
timeout bounds a write nobody acknowledges."""

metadata = sqlmeta.metadata
"""The tables as the newest migration (:mod:`thousand.web.schema`) leaves them, for the
store's queries (the players' and finished games' are :mod:`.history`'s); a test holds the
two equal. A change of the tables is a new revision."""

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("status", String(16), nullable=False, index=True),
    Column("private", Boolean, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("doc", Text, nullable=False),
    Column("driven", Boolean, nullable=False, server_default=true()),
    Column("seen", Float, nullable=True),
)

games = Table(
    "games",
    metadata,
    Column("room", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("record", Text, nullable=False),
)

room_records = Table(
    "room_records",
    metadata,
    Column("room", String(32), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("record", Text, nullable=False),
)
"""A room's record as it was at ``seq`` (its latest snapshot; ``null`` without a game)."""

room_log = Table(
    "room_log",
    metadata,
    Column("room", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("entry", Text, nullable=False),
)
"""The changes of a room's record since its snapshot, one per ``seq``
(:func:`thousand.web.roomlog.change`)."""

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(32), nullable=False, index=True),
    Column("message", Text, nullable=False),
)


class StoreError(ThousandError):
    """The database refused or could not be reached (one line; the action is not taken)."""


_WRITE_HEAD = (
    update(rooms)
    .where(rooms.c.id == bindparam("room_id"), rooms.c.seq == bindparam("expected"))
    .values(
        status=bindparam("new_status"),
        private=bindparam("new_private"),
        seq=bindparam("new_seq"),
        doc=bindparam("new_doc"),
        driven=bindparam("new_driven"),
    )
)
"""A change's write of the room's row, under the version check (built once: a busy
server writes it for every action)."""

_WRITE_WITH_LOG = text(
    "WITH moved AS ("
    " UPDATE rooms SET status = :new_status, private = :new_private, seq = :new_seq,"
    " doc = :new_doc, driven = :new_driven"
    " WHERE id = :room_id AND seq = :expected RETURNING id)"
    " INSERT INTO room_log (room, seq, entry) SELECT id, :new_seq, :entry FROM moved"
)
"""On PostgreSQL: :data:`_WRITE_HEAD` and the log entry in one statement (the entry is
written only when the row was: its ``rowcount`` is the version check's)."""

_LOG_ENTRY = insert(room_log).values(
    room=bindparam("room"), seq=bindparam("seq"), entry=bindparam("entry")
)
_WRITE_RECORD = (
    update(room_records)
    .where(room_records.c.room == bindparam("room_id"))
    .values(seq=bindparam("new_seq"), record=bindparam("new_record"))
)


def database_url(url: str) -> URL:
    """``url`` parsed, PostgreSQL's taken through psycopg 3 (``postgresql://``,
    ``postgres://`` and ``postgresql+psycopg://`` alike).

    Raises :class:`StoreError` without the text itself, which may hold a password.
    """
    try:
        parsed = make_url(url)
    except (SQLAlchemyError, ValueError):
        raise StoreError("not a database URL (sqlite:///FILE or postgresql://HOST/DB)") from None
    if parsed.drivername in {"postgres", "postgresql"}:
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def where(url: URL) -> str:
    """The database ``url`` names, for messages: host and database, never the user or
    password."""
    if url.get_backend_name() == "sqlite":
        return f"sqlite file {url.database or ':memory:'}"
    host = url.host or "localhost"
    port = f":{url.port}" if url.port else ""
    return f"{url.get_backend_name()}://{host}{port}/{url.database or ''}"


def describe(exc: BaseException, secret: str | None = None) -> str:
    """One line for a database error: its kind and the driver's first line (say,
    ``OperationalError: connection refused``), the password cut out should a driver
    ever repeat it."""
    cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    lines = str(cause).strip().splitlines()
    first = lines[0].strip() if lines else ""
    if secret:
        first = first.replace(secret, "***")
    first = one_line(first)[:200]
    name = exc.__class__.__name__
    return f"{name}: {first}" if first else name


def open_engine(url: URL) -> Engine:
    """An engine for ``url``; SQLite in WAL mode, usable from the store's worker thread;
    a server database with its connections checked before use, so that a database
    restarted under a running server is used again by itself."""
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    connect_args: dict[str, Any] = {}
    if url.get_backend_name() == "postgresql":
        connect_args.update(
            connect_timeout=CONNECT_SECONDS,
            options=f"-c statement_timeout={STATEMENT_SECONDS * 1000}",
            keepalives=1,
            keepalives_idle=KEEPALIVE_SECONDS,
            keepalives_interval=KEEPALIVE_SECONDS,
            keepalives_count=3,
            tcp_user_timeout=4 * KEEPALIVE_SECONDS * 1000,
        )
    return create_engine(url, pool_pre_ping=True, hide_parameters=True, connect_args=connect_args)


def _row_values(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The columns of a room's row for the whole document ``doc``: its head."""
    head = {key: value for key, value in doc.items() if key != "record"}
    return {
        "status": doc["status"],
        "private": bool(doc["options"].get("private")),
        "seq": doc["seq"],
        "doc": dumps(head),
        "driven": bool(doc.get("driven", True)),
    }


def _head(text: str) -> dict[str, Any]:
    return dict(json.loads(text))


class Store:
    """The rooms' table and its neighbours; every method is one transaction."""

    def __init__(self, url: str) -> None:
        parsed = database_url(url)
        self.where = where(parsed)
        """The database for messages (no user or password)."""
        self._secret = parsed.password
        try:
            self.engine = open_engine(parsed)
            self.revision = schema.upgrade(self.engine)
            """The schema's revision (the newest: the store brought it there)."""
        except SQLAlchemyError as exc:
            raise StoreError(self.failure(exc)) from None
        except CommandError as exc:  # a revision we do not know: a newer version's
            raise StoreError(f"database {self.where}: {one_line(str(exc))}") from None
        dialect = self.engine.dialect
        self._write_head = DriverStatement.of(_WRITE_HEAD, dialect)
        self._write_with_log = DriverStatement.of(_WRITE_WITH_LOG, dialect)
        self._log_entry = DriverStatement.of(_LOG_ENTRY, dialect)
        """A change's statements, run on the driver's cursor (:mod:`.driversql`)."""

    def failure(self, exc: BaseException) -> str:
        """The one line a database error becomes: which database, and what it said."""
        return f"database {self.where}: {describe(exc, self._secret)}"

    def create_room(self, doc: dict[str, Any], seen: float | None = None) -> None:
        """Insert a new room's row (its id must be new) and its record (when ``doc``
        has one). ``seen``: when it was made (the lobby lists it for a while though
        nobody is in)."""
        with self.engine.begin() as connection:
            connection.execute(insert(rooms).values(id=doc["id"], seen=seen, **_row_values(doc)))
            self._snapshot(connection, doc)

    def _snapshot(self, connection: Connection, doc: Mapping[str, Any]) -> None:
        """Keep ``doc``'s record as the room's snapshot at its ``seq``, with no log after
        it (a document without ``record`` keeps none)."""
        room_id = doc["id"]
        connection.execute(delete(room_log).where(room_log.c.room == room_id))
        connection.execute(delete(room_records).where(room_records.c.room == room_id))
        if "record" in doc:
            connection.execute(
                insert(room_records).values(
                    room=room_id, seq=doc["seq"], record=dumps(doc["record"])
                )
            )

    def touch_room(self, room_id: str, seen: float) -> None:
        """A device was connected to the room at ``seen`` (seconds since the epoch): the
        lobby keeps listing it (:meth:`listed_rooms`). Never goes back in time."""
        with self.engine.begin() as connection:
            connection.execute(
                update(rooms)
                .where(rooms.c.id == room_id, (rooms.c.seen.is_(None)) | (rooms.c.seen < seen))
                .values(seen=seen)
            )

    def listed_rooms(self) -> list[tuple[dict[str, Any], float | None]]:
        """Every room open to all (not private), waiting or playing, as its head (the
        document without its record), with when a device was last connected to it (None:
        never recorded): what the lobby chooses from."""
        query = select(rooms.c.doc, rooms.c.seen).where(
            rooms.c.status.in_(LIVE), rooms.c.private.is_(False)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [(dict(json.loads(row[0])), row[1]) for row in rows]

    def seen_times(self) -> dict[str, float | None]:
        """id → when a device was last connected (:meth:`touch_room`), of every room
        waiting or playing: what a restarted server's lobby goes by."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rooms.c.id, rooms.c.seen).where(rooms.c.status.in_(LIVE))
            ).all()
        return {row[0]: row[1] for row in rows}

    def update_room(self, doc: dict[str, Any], expected_seq: int) -> bool:
        """Write the whole room if its row still holds ``expected_seq``; False when it
        does not (another process stored a change of the room first) and nothing was
        written.

        The check and the write of the row are one statement, so of two processes
        writing from the same ``seq`` exactly one succeeds, on every database.
        """
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(rooms)
                .where(rooms.c.id == doc["id"], rooms.c.seq == expected_seq)
                .values(**_row_values(doc))
            ).rowcount
            if changed:
                self._snapshot(connection, doc)
        return bool(changed)

    def append_room(self, change: Change, expected_seq: int) -> bool:
        """Write one change of a room (:func:`thousand.web.roomlog.change`) if its row
        still holds ``expected_seq``: its head, its log entry and, when the change takes
        one, the record's snapshot (the log before it dropped). False when another
        process stored a change first; nothing is written then."""
        return self.append_rooms([(change, expected_seq)])[0]

    def append_rooms(
        self, changes: Sequence[tuple[Change, int]], connection: Connection | None = None
    ) -> list[bool]:
        """:meth:`append_room` for changes of different rooms, in one transaction (one
        commit for all: what a busy server's writes cost goes down with their number,
        :class:`AsyncStore` gathers them). All are written or, on an error, none.
        ``connection``: the one to write on (:meth:`loop_writer`'s), else one of the
        engine's."""
        if connection is None:
            with self.engine.begin() as opened:
                return self._append_rooms(opened, changes)
        with connection.begin():
            return self._append_rooms(connection, changes)

    def _append_rooms(
        self, connection: Connection, changes: Sequence[tuple[Change, int]]
    ) -> list[bool]:
        written = []
        if any(change.finished is not None for change, _ in changes):
            # first, before any row: a game's end waits for another's (history)
            history.lock_ratings(connection)
        for change, expected in changes:
            written.append(self._append(connection, change, expected))
            if written[-1] and change.finished is not None:
                self._keep_finished(connection, change.finished)
        return written

    def loop_writer(self) -> Connection | None:
        """SQLite: a connection of its own for writing changes on the event loop's thread
        (:class:`AsyncStore`), that never waits for a lock (``busy_timeout`` 0: a write
        that would wait goes to the worker thread instead) nor checkpoints the WAL at a
        commit (the worker thread does, :meth:`checkpoint`). None for a database server,
        which is written over the network from worker threads."""
        if self.engine.dialect.name != "sqlite":
            return None
        connection = self.engine.connect()
        cursor = connection.connection.cursor()
        try:
            cursor.execute("PRAGMA busy_timeout=0")
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        finally:
            cursor.close()
        connection.commit()
        return connection

    def checkpoint(self) -> None:
        """SQLite: copy the WAL's pages into the database file as far as no reader needs
        them (a passive checkpoint, what SQLite does by itself every 1,000 pages)."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").all()

    def _keep_finished(self, connection: Connection, finished: history.FinishedGame) -> None:
        """A game's end: its record in ``games`` and its history (seats, places,
        ratings), in the transaction of the change that ended it."""
        key = (games.c.room == finished.room, games.c.number == finished.number)
        if connection.execute(select(games.c.room).where(*key)).first() is None:
            record = json.dumps(finished.record, ensure_ascii=False)
            connection.execute(
                insert(games).values(room=finished.room, number=finished.number, record=record)
            )
        history.keep_finished(connection, finished)

    def _append(self, connection: Connection, change: Change, expected: int) -> bool:
        values = {
            "room_id": change.room,
            "expected": expected,
            "new_status": change.status,
            "new_private": change.private,
            "new_seq": change.seq,
            "new_doc": change.head,
            "new_driven": change.driven,
        }
        if change.snapshot is None and connection.dialect.name == "postgresql":
            # one statement, one round trip: the row's write feeds the log's
            return bool(
                self._write_with_log.rowcount(connection, {**values, "entry": change.entry})
            )
        if not self._write_head.rowcount(connection, values):
            return False
        entry = {"room": change.room, "seq": change.seq, "entry": change.entry}
        if change.snapshot is None:
            self._log_entry.rowcount(connection, entry)
            return True
        # a snapshot: the log keeps this change's entry (another process catching up on
        # it needs it, :meth:`log_after`); the record is read from the snapshot on
        connection.execute(
            delete(room_log).where(room_log.c.room == change.room, room_log.c.seq < change.seq)
        )
        self._log_entry.rowcount(connection, entry)
        record = {"room_id": change.room, "new_seq": change.seq, "new_record": change.snapshot}
        if not connection.execute(_WRITE_RECORD, record).rowcount:
            connection.execute(
                insert(room_records).values(
                    room=change.room, seq=change.seq, record=change.snapshot
                )
            )
        return True

    def save_room(self, doc: dict[str, Any]) -> None:
        """Insert or replace the whole room with ``doc``, whatever it held (committed
        when this returns). For one process only: several use :meth:`create_room`,
        :meth:`update_room` and :meth:`append_room`."""
        values = _row_values(doc)
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(rooms).where(rooms.c.id == doc["id"]).values(**values)
            ).rowcount
            if not changed:
                connection.execute(insert(rooms).values(id=doc["id"], **values))
            self._snapshot(connection, doc)

    def room_seqs(self, ids: Sequence[str]) -> dict[str, int]:
        """The stored ``seq`` of each of these rooms (ids without a row are left out)."""
        seqs: dict[str, int] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(ids), CHUNK):
                chunk = list(ids[start : start + CHUNK])
                rows = connection.execute(
                    select(rooms.c.id, rooms.c.seq).where(rooms.c.id.in_(chunk))
                ).all()
                seqs.update({row[0]: row[1] for row in rows})
        return seqs

    def driven_room_seqs(self) -> dict[str, int]:
        """id → stored ``seq`` of every room waiting or playing in which something
        happens with nobody connected (``driven``: a computer to move, a clock): the
        rooms some process must hold, without reading their documents."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rooms.c.id, rooms.c.seq).where(
                    rooms.c.status.in_(LIVE), rooms.c.driven.is_(True)
                )
            ).all()
        return {row[0]: row[1] for row in rows}

    def mark_undriven(self, room_id: str, seq: int) -> None:
        """Mark the room as needing nobody to drive it, if it is still at ``seq`` (a row
        written before ``driven`` existed, found idle; a newer write says for itself)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(rooms).where(rooms.c.id == room_id, rooms.c.seq == seq).values(driven=False)
            )

    def ping(self) -> None:
        """``SELECT 1``: the database answers (for the readiness check); raises
        :class:`StoreError` when it does not."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError as exc:
            raise StoreError(self.failure(exc)) from None

    def load_room(self, room_id: str) -> dict[str, Any] | None:
        """The room's whole document, put back together; None when there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms.c.doc).where(rooms.c.id == room_id)).first()
            if row is None:
                return None
            return self._assembled(connection, room_id, _head(row[0]))

    def _assembled(
        self, connection: Connection, room_id: str, head: dict[str, Any]
    ) -> dict[str, Any]:
        snapshot = connection.execute(
            select(room_records.c.seq, room_records.c.record).where(room_records.c.room == room_id)
        ).first()
        if snapshot is None:
            return assemble(head, None, ())
        entries = connection.execute(
            select(room_log.c.entry)
            .where(room_log.c.room == room_id, room_log.c.seq > snapshot[0])
            .order_by(room_log.c.seq)
        ).scalars()
        return assemble(head, snapshot[1], entries)

    def log_after(self, room_id: str, seq: int) -> tuple[str, list[str]] | None:
        """The room's head and the log entries of its changes after ``seq``, in order
        (what another process stored since this one's copy was at ``seq``); None
        without a row. The entries may start later than ``seq`` (a snapshot dropped the
        ones before it): each says which ``seq`` it was made ``after``."""
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms.c.doc).where(rooms.c.id == room_id)).first()
            if row is None:
                return None
            entries = connection.execute(
                select(room_log.c.entry)
                .where(room_log.c.room == room_id, room_log.c.seq > seq)
                .order_by(room_log.c.seq)
            ).scalars()
            return row[0], list(entries)

    def live_rooms(self) -> list[dict[str, Any]]:
        """Every room waiting or playing, whole: what a restarted server brings back
        first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rooms.c.id, rooms.c.doc).where(rooms.c.status.in_(LIVE))
            ).all()
            return [self._assembled(connection, row[0], _head(row[1])) for row in rows]

    def save_game(self, room_id: str, number: int, record: dict[str, Any]) -> None:
        """Keep a finished game's record (again: the same record replaces itself, also
        when two processes keep it at the same moment)."""
        values = {"record": json.dumps(record, ensure_ascii=False)}
        key = (games.c.room == room_id, games.c.number == number)
        with self.engine.begin() as connection:
            if connection.execute(update(games).where(*key).values(**values)).rowcount:
                return
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(games).values(room=room_id, number=number, **values))
        except IntegrityError:
            pass  # another process kept the game between the two statements: it is there

    def load_game(self, room_id: str, number: int) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(games.c.record).where(games.c.room == room_id, games.c.number == number)
            ).first()
        return None if row is None else dict(json.loads(row[0]))

    def add_chat(self, room_id: str, message: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(chat).values(room=room_id, message=json.dumps(message, ensure_ascii=False))
            )

    def recent_chat(self, room_id: str, count: int) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(chat.c.message)
                .where(chat.c.room == room_id)
                .order_by(chat.c.id.desc())
                .limit(count)
            ).all()
        return [dict(json.loads(row[0])) for row in reversed(rows)]

    def close(self) -> None:
        self.engine.dispose()


CHECKPOINT_EVERY = 200
"""Transactions written on the event loop's thread between two checkpoints of SQLite's
WAL in the worker thread: a few pages each, about SQLite's own 1,000 pages."""


def _busy(exc: SQLAlchemyError) -> bool:
    """SQLite said its database (or a table) is locked by another connection's write."""
    cause = exc.orig if isinstance(exc, DBAPIError) else None
    code = getattr(cause, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class AsyncStore:
    """:class:`Store` for the event loop: calls run in worker threads, off the loop.

    SQLite gets one thread (one writer at a time is all it has); a database server gets
    several (8 by default), so a slow call does not hold up the others. Of them, at most
    :attr:`writers` write changes at once (a database server: 2): the changes that
    arrive while those are written wait and go together in the next transaction (a
    group commit). More writers made smaller groups, each a transaction more to begin,
    hand to a thread and commit. Measured in pairs (200 saturated dice games, with 8
    writers and with 2): one process on PostgreSQL and Redis 1,440-1,520 -> 1,990-2,020
    actions a second, 0.69-0.71 -> 0.53-0.54 ms of processor time an action; two
    processes, a game's seats on both, 1,460-1,500 -> 1,700-1,720 (1.00 -> 0.90 ms); two
    routed by room 2,070-2,110 -> 2,090-2,270. Two, not one: a slow transaction (a
    game's end waits for another's ratings; a database far away) leaves another writer
    going. (The changes of a group in one statement, arrays for columns, measured worse:
    its arrays of JSON texts cost more to send than the statements they replaced.)
    The writes of one room stay in order all the same: the room's lock is held across
    its write, so a room never has two writes under way. A database error becomes
    :class:`StoreError` with one line that names the database, never its password.

    On SQLite the changes of rooms (:meth:`append`, an action's write) are written on
    the loop's own thread instead, those of one turn of the loop in one transaction: a
    local commit without ``fsync`` (WAL, ``synchronous=NORMAL``) costs less than handing
    it to a thread and back, and that thread's taking the interpreter's lock from the
    loop (measured in pairs: 1.90 -> 1.79 ms of processor time an action at a
    person's pace, 1,005 -> 1,119-1,150 actions a second saturated). Such a write never
    waits: one that finds the database locked (another connection writing) goes to the
    worker thread as before, and the WAL is checkpointed there
    (:data:`CHECKPOINT_EVERY`), not at a commit on the loop. ``on_loop=False`` keeps
    every write in the threads.
    """

    def __init__(
        self,
        store: Store,
        workers: int | None = None,
        timeout: float = CALL_SECONDS,
        on_loop: bool = True,
        writers: int | None = None,
    ) -> None:
        self.store = store
        sqlite = store.engine.dialect.name == "sqlite"
        if workers is None:
            workers = 1 if sqlite else 8
        self.workers = workers
        self.writers = min(workers, writers or (1 if sqlite else 2))
        """Transactions of changes (:meth:`append`) written at once, at most."""
        self.timeout = timeout
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="store")
        self._waiting: list[tuple[Change, int, asyncio.Future[bool]]] = []
        """Changes for the worker threads."""
        self._writers = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._writer = store.loop_writer() if on_loop else None
        """The loop's own connection (SQLite), or None: every write in the threads."""
        self._this_turn: list[tuple[Change, int, asyncio.Future[bool]]] = []
        """Changes for the loop's own transaction at the end of this turn."""
        self._planned = False
        self._loop_commits = 0

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` in a worker thread; :class:`StoreError` when the database
        refuses it or it takes longer than :attr:`timeout` (waiting for a thread
        included).

        A call that times out goes on in its thread and may still commit: the caller
        reports ``unavailable`` and the room's version check sorts it out (the next
        write on the room finds the row moved on, and the room is read back as stored).
        """
        loop = asyncio.get_running_loop()
        try:
            # asyncio.timeout, not wait_for: no task and future more for each call
            async with asyncio.timeout(self.timeout):
                return await loop.run_in_executor(self._pool, call, *args)
        except SQLAlchemyError as exc:
            raise StoreError(self.store.failure(exc)) from None
        except TimeoutError:
            raise StoreError(
                f"database {self.store.where}: no answer within {self.timeout:g} s"
            ) from None

    async def append(self, change: Change, expected_seq: int) -> bool:
        """:meth:`Store.append_room` with the changes of other rooms waiting meanwhile:
        on SQLite, those of this turn of the loop go together in one transaction on the
        loop's thread; else (or when SQLite is locked) those that arrive while a
        transaction is being written go together in the next one (a group commit), at
        most :attr:`writers` transactions at once. Each change is stored (or refused)
        when this returns, as alone; a database error fails every change of its
        transaction (:class:`StoreError`)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        if self._writer is None:
            self._waiting.append((change, expected_seq, future))
            self._start_writer()
        else:
            self._this_turn.append((change, expected_seq, future))
            if not self._planned:
                self._planned = True
                loop.call_soon(self._write_this_turn)
        return await future

    def _start_writer(self) -> None:
        if self._writers < self.writers:
            self._writers += 1
            self._spawn(self._write_waiting())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _write_this_turn(self) -> None:
        """The changes of this turn of the loop, in one transaction on its own thread
        (see the class); those that would wait for SQLite's lock go to the threads."""
        self._planned = False
        batch, self._this_turn = self._this_turn, []
        if not batch or self._writer is None:
            return
        try:
            written = self.store.append_rooms(
                [(change, seq) for change, seq, _ in batch], self._writer
            )
        except SQLAlchemyError as exc:
            if _busy(exc):
                self._waiting.extend(batch)
                self._start_writer()
            else:
                _settle(batch, StoreError(self.store.failure(exc)))
            return
        except Exception as exc:  # each change's caller hears of it (it holds its room)
            _settle(batch, exc)
            return
        _settle(batch, written)
        self._loop_commits += 1
        if self._loop_commits % CHECKPOINT_EVERY == 0:
            self._spawn(self._checkpoint())

    async def _checkpoint(self) -> None:
        with contextlib.suppress(StoreError):  # the WAL waits for the next one
            await self.run(self.store.checkpoint)

    async def _write_waiting(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    written = await self.run(
                        self.store.append_rooms, [(change, seq) for change, seq, _ in batch]
                    )
                except Exception as exc:  # each change's caller hears of it
                    _settle(batch, exc)
                    continue
                except BaseException:  # cancelled: so are the callers
                    for *_, future in batch:
                        future.cancel()
                    raise
                _settle(batch, written)
        finally:
            self._writers -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        if self._writer is not None:
            self._writer.invalidate()  # its pragmas are not for the pool's other users
            self._writer.close()
            self._writer = None
        self.store.close()


def _settle(
    batch: Sequence[tuple[Change, int, asyncio.Future[bool]]], outcome: list[bool] | Exception
) -> None:
    """Each change's caller hears its own outcome: written or not, or the error."""
    for index, (*_, future) in enumerate(batch):
        if future.done():
            continue
        if isinstance(outcome, Exception):
            future.set_exception(outcome)
        else:
            future.set_result(outcome[index])
