"""``rooms.driven``: whether something happens in the room with nobody connected (a
computer to move, a clock running). A deployment of several processes takes over only
these rooms when their process is gone (:meth:`~thousand.web.store.Store.driven_room_seqs`);
the rooms their players left alone stay in the database until someone comes back, instead
of in some process's memory for ever.

Rows written before this revision are marked driven: a process that takes one over and
finds nothing to drive marks it (:meth:`~thousand.web.store.Store.mark_undriven`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as table:
        table.add_column(sa.Column("driven", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as table:
        table.drop_column("driven")
