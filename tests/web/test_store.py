"""The store's promises on SQLite and on a real PostgreSQL: a room's row is written only
from the ``seq`` it holds (of two writers from the same ``seq`` exactly one wins), the
seqs other processes need are read without the documents, and a database that goes away
fails calls with one line (never the password) and is used again once it is back."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.services import PostgresServer
from thousand.web.store import CHUNK, AsyncStore, Store, StoreError


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    yield opened
    opened.close()


def room_doc(room_id: str, seq: int = 0, status: str = "waiting", **extra: Any) -> dict[str, Any]:
    """As much of a room's document as the store reads, and a mark to tell writes apart."""
    return {"id": room_id, "status": status, "seq": seq, "options": {}, **extra}


def create(store: Store, doc: dict[str, Any]) -> None:
    store.create_room(doc)


def test_a_room_is_written_only_from_the_seq_it_holds(store: Store) -> None:
    create(store, room_doc("r1"))
    first = room_doc("r1", seq=1, status="playing", by="anna")
    assert store.update_room(first, expected_seq=0) is True
    stale = room_doc("r1", seq=1, status="over", by="boris")
    assert store.update_room(stale, expected_seq=0) is False
    assert store.load_room("r1") == first
    assert store.room_seqs(["r1"]) == {"r1": 1}
    assert store.driven_room_seqs() == {"r1": 1}  # still playing: the stale write left it
    second = room_doc("r1", seq=2, status="over", by="boris")
    assert store.update_room(second, expected_seq=1) is True
    assert store.load_room("r1") == second


def test_a_room_without_a_row_is_not_updated(store: Store) -> None:
    doc = room_doc("ghost", seq=1)
    assert store.update_room(doc, expected_seq=0) is False
    assert store.load_room("ghost") is None


def test_the_private_flag_is_written_with_the_room(store: Store) -> None:
    doc = {**room_doc("r1"), "options": {"private": True}}
    create(store, doc)
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT private FROM rooms").scalar() in (True, 1)


def test_of_two_writers_from_the_same_seq_exactly_one_wins(store: Store) -> None:
    create(store, room_doc("r1"))
    barrier = threading.Barrier(2)
    for seq in range(20):
        results: dict[str, bool] = {}

        def write(name: str, seq: int = seq, results: dict[str, bool] = results) -> None:
            doc = room_doc("r1", seq=seq + 1, by=name)
            barrier.wait()
            results[name] = store.update_room(doc, expected_seq=seq)

        threads = [threading.Thread(target=write, args=(name,)) for name in ("anna", "boris")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [name for name, won in results.items() if won]
        assert len(winners) == 1, results
        stored = store.load_room("r1")
        assert stored is not None
        assert stored["seq"] == seq + 1
        assert stored["by"] == winners[0]


def test_room_seqs_reads_many_rooms_in_chunks(store: Store) -> None:
    for number in range(0, 2 * CHUNK + 50, 7):
        create(store, room_doc(f"r{number}", seq=number, status="over"))
    asked = [f"r{number}" for number in range(2 * CHUNK + 50)]
    expected = {f"r{number}": number for number in range(0, 2 * CHUNK + 50, 7)}
    assert store.room_seqs(asked) == expected
    assert store.room_seqs([]) == {}
    assert store.room_seqs(("nobody",)) == {}


def test_driven_room_seqs_are_the_rooms_waiting_or_playing_that_need_a_driver(
    store: Store,
) -> None:
    """A document without ``driven`` counts as driven (as rows from before the column)."""
    create(store, room_doc("waits", seq=1, status="waiting"))
    create(store, room_doc("plays", seq=5, status="playing"))
    create(store, room_doc("done", seq=9, status="over"))
    create(store, {**room_doc("left", seq=3, status="playing"), "driven": False})
    create(store, {**room_doc("clock", seq=4, status="playing"), "driven": True})
    assert store.driven_room_seqs() == {"waits": 1, "plays": 5, "clock": 4}
    assert sorted(doc["id"] for doc in store.live_rooms()) == ["clock", "left", "plays", "waits"]
    store.mark_undriven("plays", 4)  # moved on since: left as it is
    store.mark_undriven("waits", 1)
    assert store.driven_room_seqs() == {"plays": 5, "clock": 4}
    moved = {**room_doc("waits", seq=2, status="playing"), "driven": True}
    assert store.update_room(moved, expected_seq=1)
    assert store.driven_room_seqs() == {"waits": 2, "plays": 5, "clock": 4}


def test_a_room_is_created_once(store: Store) -> None:
    create(store, room_doc("r1"))
    again = AsyncStore(store)

    async def create_again() -> None:
        doc = room_doc("r1")
        await again.run(store.create_room, doc)

    with pytest.raises(StoreError, match=r"^database .*IntegrityError") as failure:
        asyncio.run(create_again())
    assert "\n" not in str(failure.value)
    again.close()


def test_the_old_save_room_still_creates_or_replaces(store: Store) -> None:
    store.save_room(room_doc("r1", seq=3))
    store.save_room(room_doc("r1", seq=4, by="anna"))
    assert store.load_room("r1") == room_doc("r1", seq=4, by="anna")


def test_sqlite_gets_one_worker_a_database_server_eight_two_of_them_writing(
    store: Store,
) -> None:
    """A database server's threads serve its calls 8 at a time, its changes' transactions
    2 at a time (:class:`AsyncStore`: more writers made smaller groups, each a
    transaction more); SQLite has one writer at a time in any case."""
    workers = AsyncStore(store)
    sqlite = store.engine.dialect.name == "sqlite"
    assert (workers.workers, workers.writers) == ((1, 1) if sqlite else (8, 2))
    assert AsyncStore(store, workers=3).workers == 3
    assert AsyncStore(store, workers=3, writers=5).writers == 3  # no more than its threads
    store.ping()


def test_a_postgres_url_is_taken_through_psycopg(postgres: PostgresServer) -> None:
    for scheme in ("postgres", "postgresql", "postgresql+psycopg"):
        url = postgres.url().replace("postgresql", scheme, 1)
        opened = Store(url)
        assert opened.engine.dialect.driver == "psycopg"
        opened.ping()
        opened.close()


def test_postgres_away_fails_calls_in_one_line_then_they_work_again(
    own_postgres: PostgresServer,
) -> None:
    url = own_postgres.create_database("rooms")
    secret_url = url.replace("postgres@", "postgres:hunter2@")  # trust: any password does
    store = Store(secret_url)
    worker = AsyncStore(store)
    doc = room_doc("r1")
    create(store, doc)

    async def seqs() -> dict[str, int]:
        return await worker.run(store.room_seqs, ["r1"])

    assert asyncio.run(seqs()) == {"r1": 0}  # the pool now holds a connection
    own_postgres.stop()
    with pytest.raises(StoreError) as failure:
        asyncio.run(seqs())
    message = str(failure.value)
    assert message.startswith(f"database postgresql://127.0.0.1:{own_postgres.port}/rooms: ")
    assert "OperationalError" in message
    assert "\n" not in message
    assert "hunter2" not in message
    with pytest.raises(StoreError, match="OperationalError") as ping_failure:
        store.ping()
    assert "hunter2" not in str(ping_failure.value)
    own_postgres.start()
    assert asyncio.run(seqs()) == {"r1": 0}  # the same store, by itself
    store.ping()
    worker.close()


def test_a_store_on_a_database_that_is_not_there_is_one_line() -> None:
    with pytest.raises(StoreError) as failure:
        Store("postgresql://bob:hunter2@127.0.0.1:1/rooms")
    message = str(failure.value)
    assert message.startswith("database postgresql://127.0.0.1:1/rooms: OperationalError")
    assert "hunter2" not in message
    assert "\n" not in message
    with pytest.raises(StoreError, match=r"^not a database URL") as bad:
        Store("postgresql://bob:hunter2@host:port/rooms")
    assert "hunter2" not in str(bad.value)


def test_a_finished_game_kept_twice_or_by_two_writers_at_once_is_kept_once(store: Store) -> None:
    store.save_game("r1", 1, {"turns": [1]})
    store.save_game("r1", 1, {"turns": [1, 2]})
    assert store.load_game("r1", 1) == {"turns": [1, 2]}
    barrier = threading.Barrier(4)
    failures: list[BaseException] = []

    def keep(number: int) -> None:
        barrier.wait()
        try:
            store.save_game("r1", number, {"turns": [number]})
        except BaseException as exc:  # pragma: no cover - what the test looks for
            failures.append(exc)

    for number in range(2, 12):
        threads = [threading.Thread(target=keep, args=(number,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
    assert [store.load_game("r1", number) for number in range(2, 12)] == [
        {"turns": [number]} for number in range(2, 12)
    ]


def test_a_change_statement_on_the_driver_counts_rows_and_fails_as_sqlalchemy_would(
    store: Store,
) -> None:
    """The statements every action runs go to the driver's cursor
    (:mod:`thousand.web.driversql`): rows touched counted as SQLAlchemy counts them, a
    driver's error raised as SQLAlchemy's (the store's callers catch those), in the
    transaction of the rest (a failed one writes nothing)."""
    from sqlalchemy import select  # noqa: PLC0415
    from sqlalchemy.exc import IntegrityError  # noqa: PLC0415

    from thousand.web.driversql import DriverStatement  # noqa: PLC0415
    from thousand.web.store import _LOG_ENTRY, _WRITE_HEAD, room_log  # noqa: PLC0415

    store.create_room(room_doc("r1"))
    head = DriverStatement.of(_WRITE_HEAD, store.engine.dialect)
    entry = DriverStatement.of(_LOG_ENTRY, store.engine.dialect)
    values = {
        "room_id": "r1",
        "expected": 0,
        "new_status": "waiting",
        "new_private": False,
        "new_seq": 1,
        "new_doc": '{"id": "r1", "seq": 1}',
        "new_driven": True,
    }
    with store.engine.begin() as connection:
        assert head.rowcount(connection, values) == 1
        assert head.rowcount(connection, values) == 0  # the row is at 1 now
        assert entry.rowcount(connection, {"room": "r1", "seq": 1, "entry": "{}"}) == 1
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        entry.rowcount(connection, {"room": "r1", "seq": 2, "entry": "{}"})
        entry.rowcount(connection, {"room": "r1", "seq": 2, "entry": "{}"})  # the same key
    with store.engine.connect() as connection:
        kept = connection.execute(select(room_log.c.seq)).scalars().all()
    assert kept == [1]
    assert store.room_seqs(["r1"]) == {"r1": 1}
