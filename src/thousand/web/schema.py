"""The server's database schema over time: Alembic's migrations, run when a store opens.

The revisions live in the package (``thousand/web/migrations/versions``) and are driven
from here, without an ``alembic.ini``. Several server processes may start at once on
one PostgreSQL database, so the migrations run in one transaction that first takes a
lock: ``pg_advisory_xact_lock`` on PostgreSQL (released when the transaction ends),
``BEGIN IMMEDIATE`` on SQLite (the database's write lock). The process that comes
second finds the database at the head and does nothing. PostgreSQL's DDL is
transactional too, so a migration that fails leaves the database as it was.

A database made before the migrations (by ``metadata.create_all``: the tables are
there, ``alembic_version`` is not) is stamped at the first revision, whose tables it
has, and then upgraded like any other; it is never made again.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, select
from sqlalchemy import func as sql

MIGRATIONS = Path(__file__).with_name("migrations")

FIRST = "0001"
"""The revision whose tables ``create_all`` made before there were migrations."""

LOCK_KEY = int.from_bytes(b"thousand", "big")
"""The key of PostgreSQL's advisory lock for migrating (any 64-bit number of our own)."""


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision this version of the program knows."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None  # there is a first revision
    return found


def current(connection: Connection) -> str | None:
    """The revision the database is at (None: never migrated)."""
    return MigrationContext.configure(connection).get_current_revision()


def _lock(connection: Connection) -> None:
    """Take the migration lock at the start of the transaction."""
    dialect = connection.dialect.name
    if dialect == "postgresql":
        # another process may be migrating: wait for it however long (the store's
        # statement timeout is for actions, not for this)
        connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
        connection.execute(select(sql.pg_advisory_xact_lock(LOCK_KEY)))
    elif dialect == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def upgrade(engine: Engine) -> str:
    """Bring the database to the head revision (under the lock); the revision it is at.

    Raises SQLAlchemy's errors, and Alembic's ``CommandError`` for a database at a
    revision this version does not know (a newer version migrated it).
    """
    with engine.begin() as connection:
        _lock(connection)
        config = _config(connection)
        if current(connection) is None and inspect(connection).has_table("rooms"):
            command.stamp(config, FIRST)
        command.upgrade(config, "head")
        revision = current(connection)
    assert revision is not None
    return revision
