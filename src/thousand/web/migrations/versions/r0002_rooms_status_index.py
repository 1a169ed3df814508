"""An index on ``rooms.status``: finished rooms pile up, and every process asks often for
the rooms still waiting or playing (:meth:`~thousand.web.store.Store.live_room_seqs`),
which without it is a walk over every room ever played.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_index("ix_rooms_status", "rooms", ["status"])


def downgrade() -> None:
    op.drop_index("ix_rooms_status", table_name="rooms")
