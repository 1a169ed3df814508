"""Alembic's environment for the server's database.

Run only by :func:`thousand.web.schema.upgrade`, which hands over its connection, already
in the transaction that holds the migration lock: every step then belongs to that one
transaction, and no ``alembic.ini`` or database URL is needed here.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("the server's migrations run through `thousand serve --migrate`")
context.configure(connection=connection)
with context.begin_transaction():
    context.run_migrations()
