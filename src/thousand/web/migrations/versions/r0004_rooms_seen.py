"""``rooms.seen``: when a device was last connected to the room (seconds since the epoch,
written at most once a minute a room, :meth:`~thousand.web.store.Store.touch_room`). The
lobby leaves out rooms nobody has been in for ``Settings.stale_seconds``, in every
process of a deployment alike: the connections of the moment are each process's own (and
Redis's presence), but when the last one left is only known from here.

Rows written before this revision are taken as seen when it runs: they stay listed for
the same while as a room just left.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as table:
        table.add_column(sa.Column("seen", sa.Float, nullable=True))
    rooms = sa.table("rooms", sa.column("seen", sa.Float))
    op.execute(rooms.update().values(seen=time.time()))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as table:
        table.drop_column("seen")
