"""Rooms in a database: one row per room, written whole after every accepted change.

A room's row holds :meth:`Room.to_doc <thousand.web.room.Room.to_doc>` as JSON — the
rules, seats (token hashes only), options, the current game's record and its secret
seed — with ``seq`` beside it. Writing the whole document keeps the promise simple to
keep: the row is the room as its clients last saw it, and there is no log to replay
or to get out of step. A game's record is a few kilobytes, so a write costs what a
write of a small row costs. Finished games move to ``games`` on a rematch; chat lines go
to ``chat``.

SQLAlchemy Core over any database it speaks to; SQLite by default, in WAL mode with
``synchronous=NORMAL``: a commit survives the process being killed (the operating
system has the write), which is the failure a server must survive; only a power cut
could take the last moments. The calls are synchronous; the server runs them in one
worker thread (:class:`AsyncStore`), in order, off its event loop.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import (
    Boolean,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from thousand.core.errors import ThousandError

T = TypeVar("T")

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("private", Boolean, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("doc", Text, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("room", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("record", Text, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(32), nullable=False, index=True),
    Column("message", Text, nullable=False),
)


def dump_doc(doc: dict[str, Any]) -> str:
    """A room's document as the JSON text its row holds."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


class StoreError(ThousandError):
    """The database refused or could not be reached (one line; the action is not taken)."""


def open_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite in WAL mode, usable from the store's worker thread."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The rooms' table and its neighbours; every method is one transaction."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = open_engine(url)
            metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            where = url.rsplit("@", maxsplit=1)[-1]  # never the password
            raise StoreError(f"database {where}: {exc.__class__.__name__}") from None

    def save_room(self, doc: dict[str, Any], text: str | None = None) -> None:
        """Insert or replace the room's row with ``doc`` (committed when this returns);
        ``text`` is ``doc`` as JSON when the caller has it already."""
        values = {
            "status": doc["status"],
            "private": bool(doc["options"].get("private")),
            "seq": doc["seq"],
            "doc": dump_doc(doc) if text is None else text,
        }
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(rooms).where(rooms.c.id == doc["id"]).values(**values)
            ).rowcount
            if not changed:
                connection.execute(insert(rooms).values(id=doc["id"], **values))

    def load_room(self, room_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms.c.doc).where(rooms.c.id == room_id)).first()
        return None if row is None else dict(json.loads(row[0]))

    def live_rooms(self) -> list[dict[str, Any]]:
        """Every room waiting or playing: what a restarted server brings back first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rooms.c.doc).where(rooms.c.status.in_(("waiting", "playing")))
            ).all()
        return [dict(json.loads(row[0])) for row in rows]

    def save_game(self, room_id: str, number: int, record: dict[str, Any]) -> None:
        """Keep a finished game's record (again: the same record replaces itself)."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(games).where(games.c.room == room_id, games.c.number == number)
            )
            connection.execute(
                insert(games).values(
                    room=room_id, number=number, record=json.dumps(record, ensure_ascii=False)
                )
            )

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


class AsyncStore:
    """:class:`Store` for the event loop: calls run in one worker thread, in order.

    One thread keeps the writes of one room in the order the room made them (the room's
    lock is held across the write) and suits SQLite's single writer. A database error
    becomes :class:`StoreError`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, call, *args)
        except SQLAlchemyError as exc:
            raise StoreError(f"the database failed: {exc.__class__.__name__}") from None

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.store.close()
