"""The schema's migrations on SQLite and on a real PostgreSQL: a new database is brought
to the head and matches the store's tables; a database made by the versions before
migrations (``create_all``) is stamped and upgraded with its rows; migrating again, or
from several processes at once, changes nothing; ``thousand serve --migrate``."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    Boolean,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    inspect,
    text,
)

from tests.services import free_port
from thousand.cli.main import main
from thousand.web import schema
from thousand.web.store import Store, StoreError, database_url, metadata


def old_metadata() -> MetaData:
    """The tables exactly as the versions before migrations declared them (create_all)."""
    old = MetaData()
    Table(
        "rooms",
        old,
        Column("id", String(32), primary_key=True),
        Column("status", String(16), nullable=False),
        Column("private", Boolean, nullable=False),
        Column("seq", Integer, nullable=False),
        Column("doc", Text, nullable=False),
    )
    Table(
        "games",
        old,
        Column("room", String(32), primary_key=True),
        Column("number", Integer, primary_key=True),
        Column("record", Text, nullable=False),
    )
    Table(
        "chat",
        old,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("room", String(32), nullable=False, index=True),
        Column("message", Text, nullable=False),
    )
    return old


def differences(url: str) -> list[object]:
    """What Alembic's autogenerate would change to make the database the store's tables."""
    engine = create_engine(database_url(url))
    with engine.connect() as connection:
        found = compare_metadata(MigrationContext.configure(connection), metadata)
    engine.dispose()
    return list(found)


def revision_of(url: str) -> str | None:
    engine = create_engine(database_url(url))
    with engine.connect() as connection:
        found = schema.current(connection)
    engine.dispose()
    return found


def test_a_new_database_is_brought_to_the_head_as_the_store_declares_it(db_url: str) -> None:
    store = Store(db_url)
    store.close()
    assert store.revision == schema.head() == "0006"
    assert revision_of(db_url) == "0006"
    assert differences(db_url) == []
    engine = create_engine(database_url(db_url))
    indexes = {index["name"] for index in inspect(engine).get_indexes("rooms")}
    engine.dispose()
    assert "ix_rooms_status" in indexes


def test_a_database_made_by_create_all_is_stamped_and_upgraded_with_its_rows(
    db_url: str,
) -> None:
    old = old_metadata()
    engine = create_engine(database_url(db_url))
    old.create_all(engine)
    with engine.begin() as connection:
        connection.execute(
            insert(old.tables["rooms"]).values(
                id="r1", status="playing", private=False, seq=7, doc='{"id":"r1","seq":7}'
            )
        )
        connection.execute(insert(old.tables["games"]).values(room="r1", number=1, record="{}"))
        connection.execute(insert(old.tables["chat"]).values(room="r1", message='{"text":"hi"}'))
    engine.dispose()
    assert revision_of(db_url) is None
    store = Store(db_url)
    assert store.revision == "0006"
    assert store.load_room("r1") == {"id": "r1", "seq": 7}
    assert store.driven_room_seqs() == {"r1": 7}  # an old row: driven until found idle
    assert store.load_game("r1", 1) == {}
    assert store.recent_chat("r1", 10) == [{"text": "hi"}]
    store.add_chat("r1", {"text": "again"})  # the id sequence goes on past the old rows
    assert store.recent_chat("r1", 10) == [{"text": "hi"}, {"text": "again"}]
    store.close()
    assert differences(db_url) == []


def test_migrating_again_changes_nothing(db_url: str) -> None:
    first = Store(db_url)
    first.save_room({"id": "r1", "status": "waiting", "seq": 0, "options": {}})
    first.close()
    for _ in range(2):
        again = Store(db_url)
        assert again.revision == "0006"
        assert again.load_room("r1") == {"id": "r1", "status": "waiting", "seq": 0, "options": {}}
        again.close()
    assert differences(db_url) == []


RACER = """
import sys, time
from thousand.web.store import Store
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
store = Store(sys.argv[1])
print(store.revision)
"""


def test_processes_starting_together_migrate_once(db_url: str) -> None:
    """Three processes open the same new database at the same moment (each waits for an
    agreed time with its imports done): every one starts, at the head."""
    at = time.time() + 3.0
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, db_url, str(at)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    results = [racer.communicate(timeout=60) for racer in racers]
    for racer, (out, err) in zip(racers, results, strict=True):
        assert racer.returncode == 0, err
        assert out.strip() == "0006"
    assert differences(db_url) == []


def test_a_database_at_an_unknown_revision_is_refused_in_one_line(db_url: str) -> None:
    Store(db_url).close()
    engine = create_engine(database_url(db_url))
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StoreError, match="9999") as failure:
        Store(db_url)
    assert "\n" not in str(failure.value)


def serve(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["serve", *arguments], stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def test_serve_migrate_brings_the_database_to_the_head_and_exits(db_url: str) -> None:
    status, out, err = serve("--migrate", "--db", db_url)
    assert (status, err) == (0, "")
    assert out.startswith("thousand serve: database ")
    assert out.endswith(" at revision 0006\n")
    assert revision_of(db_url) == "0006"


def test_serve_takes_the_database_from_thousand_db(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("THOUSAND_DB", f"sqlite:///{tmp_path}/env.db")
    status, out, _ = serve("--migrate")
    assert status == 0
    assert f"{tmp_path}/env.db at revision 0006" in out
    assert (tmp_path / "env.db").exists()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://bob:hunter2@127.0.0.1:{port}/rooms",  # nobody listens there
        "postgres://bob:hunter2@127.0.0.1:port/rooms",  # not a URL
        "nonsense",
    ],
)
def test_serve_with_a_bad_db_says_so_in_one_line_without_the_password(url: str) -> None:
    status, out, err = serve("--migrate", "--db", url.format(port=free_port()))
    assert status == 2
    assert out == ""
    assert err.startswith("--db: ")
    assert err.count("\n") == 1
    assert "hunter2" not in err


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:6379/0", "redis://:hunter2@127.0.0.1:port/0", "redis://"]
)
def test_serve_with_a_bad_redis_url_says_so_in_one_line_without_the_password(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path}/s.db"
    status, _, err = serve("--migrate", "--db", db, "--redis", url)
    assert status == 2
    assert err.startswith("--redis: not a Redis URL")
    assert err.count("\n") == 1
    assert "hunter2" not in err
    monkeypatch.setenv("THOUSAND_REDIS", url)
    assert serve("--migrate", "--db", db)[0] == 2
