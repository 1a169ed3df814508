"""On SQLite an action's write is made on the event loop's own thread (issue 29): the
changes of one turn of the loop in one transaction; a write that finds the database
locked goes to the worker thread instead, and the loop goes on meanwhile; the WAL is
checkpointed in the worker thread; any other error fails the turn's changes in one line.
In the threads (a database server, or a locked SQLite), at most ``writers`` transactions
of changes are written at once, and what arrives meanwhile goes together in the next.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from thousand.web import store as store_module
from thousand.web.roomlog import Change
from thousand.web.store import AsyncStore, Store, StoreError

Call = tuple[int, int, bool]
"""A write the spy saw: how many changes, on which thread, on the loop's connection."""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "rooms.db"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{path}")
    for name in "abc":
        opened.create_room({"id": name, "status": "waiting", "seq": 0, "options": {}})
    yield opened
    opened.close()


def change(room: str, seq: int) -> Change:
    head = {"id": room, "status": "playing", "seq": seq, "options": {}}
    entry: dict[str, object] = {"after": seq - 1, "op": None, "key": None, "from": 0, "rows": []}
    return Change(
        room=room,
        seq=seq,
        status="playing",
        private=False,
        driven=True,
        head=json.dumps(head),
        entry=json.dumps(entry),
        snapshot=None,
    )


def spy(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    calls: list[Call] = []
    original = store.append_rooms

    def append_rooms(
        changes: Sequence[tuple[Change, int]], connection: Connection | None = None
    ) -> list[bool]:
        calls.append((len(changes), threading.get_ident(), connection is not None))
        return original(changes, connection)

    monkeypatch.setattr(store, "append_rooms", append_rooms)
    return calls


def test_the_changes_of_one_turn_are_one_transaction_on_the_loops_thread(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = spy(store, monkeypatch)
    writer = AsyncStore(store)

    async def play() -> tuple[int, list[bool], bool]:
        together = await asyncio.gather(*(writer.append(change(name, 1), 0) for name in "abc"))
        stale = await writer.append(change("a", 1), 0)  # the version check, as ever
        return threading.get_ident(), together, stale

    loop, together, stale = asyncio.run(play())
    assert together == [True, True, True]
    assert stale is False
    assert calls == [(3, loop, True), (1, loop, True)]
    assert store.room_seqs(["a", "b", "c"]) == {"a": 1, "b": 1, "c": 1}
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM room_log").scalar() == 3
    writer.close()


def test_a_write_that_finds_the_database_locked_goes_to_the_thread_and_the_loop_goes_on(
    store: Store, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = spy(store, monkeypatch)
    writer = AsyncStore(store)
    blocker = sqlite3.connect(path, isolation_level=None)

    async def play() -> tuple[int, int, bool]:
        blocker.execute("BEGIN IMMEDIATE")  # another connection's write under way
        task = asyncio.create_task(writer.append(change("a", 1), 0))
        turns = 0
        for _ in range(20):
            await asyncio.sleep(0.01)
            turns += 1
        waited = not task.done()
        blocker.execute("ROLLBACK")
        written = await task
        assert waited and written
        return threading.get_ident(), turns, written

    loop, turns, written = asyncio.run(play())
    blocker.close()
    assert turns == 20 and written
    assert [(size, on_loop) for size, _, on_loop in calls] == [(1, True), (1, False)]
    assert calls[0][1] == loop and calls[1][1] != loop
    assert store.room_seqs(["a"]) == {"a": 1}
    writer.close()


def test_the_wal_is_checkpointed_in_the_worker_thread(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 2)
    threads: list[int] = []
    original = store.checkpoint

    def checkpoint() -> None:
        threads.append(threading.get_ident())
        original()

    monkeypatch.setattr(store, "checkpoint", checkpoint)
    writer = AsyncStore(store)

    async def play() -> int:
        for seq in range(1, 6):
            assert await writer.append(change("a", seq), seq - 1)
        await asyncio.sleep(0.2)  # the checkpoints' turn in the thread
        return threading.get_ident()

    loop = asyncio.run(play())
    assert len(threads) == 2  # after the 2nd and the 4th transaction
    assert loop not in threads
    assert store.room_seqs(["a"]) == {"a": 5}
    writer.close()


def test_another_error_fails_the_turns_changes_in_one_line(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bool] = []

    def broken(
        changes: Sequence[tuple[Change, int]], connection: Connection | None = None
    ) -> list[bool]:
        calls.append(connection is not None)
        cause = sqlite3.OperationalError("disk I/O error")
        cause.sqlite_errorcode = sqlite3.SQLITE_IOERR
        raise OperationalError("UPDATE rooms", {}, cause)

    monkeypatch.setattr(store, "append_rooms", broken)
    writer = AsyncStore(store)

    async def play() -> list[BaseException | bool]:
        appends = (writer.append(change(name, 1), 0) for name in "ab")
        return await asyncio.gather(*appends, return_exceptions=True)

    outcomes = asyncio.run(play())
    assert calls == [True]  # one transaction on the loop, none in the thread
    assert [str(outcome) for outcome in outcomes] == [
        f"database sqlite file {store.engine.url.database}: OperationalError: disk I/O error"
    ] * 2
    assert all(isinstance(outcome, StoreError) for outcome in outcomes)
    writer.close()


def test_a_fault_of_the_code_reaches_every_caller_of_the_turn(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not left unanswered: each caller holds its room's lock until it hears."""

    def faulty(
        changes: Sequence[tuple[Change, int]], connection: Connection | None = None
    ) -> list[bool]:
        raise TypeError("a fault")

    monkeypatch.setattr(store, "append_rooms", faulty)
    writer = AsyncStore(store)

    async def play() -> list[BaseException | bool]:
        appends = (writer.append(change(name, 1), 0) for name in "ab")
        return await asyncio.wait_for(asyncio.gather(*appends, return_exceptions=True), 5)

    outcomes = asyncio.run(play())
    assert [type(outcome) for outcome in outcomes] == [TypeError, TypeError]
    writer.close()


def test_without_the_loop_every_write_is_in_the_thread(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = spy(store, monkeypatch)
    writer = AsyncStore(store, on_loop=False)

    async def play() -> int:
        assert await writer.append(change("a", 1), 0)
        return threading.get_ident()

    loop = asyncio.run(play())
    assert [(size, on_loop) for size, _, on_loop in calls] == [(1, False)]
    assert calls[0][1] != loop
    writer.close()


@pytest.mark.parametrize("writers", [1, 2, 3])
def test_in_the_threads_at_most_writers_transactions_at_once_the_rest_grouped(
    store: Store, monkeypatch: pytest.MonkeyPatch, writers: int
) -> None:
    """Changes that arrive while ``writers`` transactions are being written wait and go
    together in the next one (a group commit), however many threads the store has (a
    database server's 8): a busy server's transactions grow, not multiply."""
    lock = threading.Lock()
    busy = [0]
    most = [0]
    sizes: list[int] = []

    def append_rooms(
        changes: Sequence[tuple[Change, int]], connection: Connection | None = None
    ) -> list[bool]:
        with lock:
            busy[0] += 1
            most[0] = max(most[0], busy[0])
            sizes.append(len(changes))
        time.sleep(0.03)  # a database server's round trips
        with lock:
            busy[0] -= 1
        return [True] * len(changes)

    monkeypatch.setattr(store, "append_rooms", append_rooms)
    writer = AsyncStore(store, workers=8, on_loop=False, writers=writers)
    assert writer.writers == writers

    async def one(index: int) -> bool:
        await asyncio.sleep(index * 0.005)
        return await writer.append(change(f"r{index}", 1), 0)

    async def play() -> list[bool]:
        return await asyncio.gather(*(one(index) for index in range(24)))

    assert asyncio.run(play()) == [True] * 24
    assert most[0] == writers
    assert sum(sizes) == 24
    assert len(sizes) <= 6 * writers  # 24 changes over 120 ms, each transaction 30 ms
    writer.close()
