"""The tables as the first versions of the server made them with ``create_all``: rooms,
finished games and chat lines.

A database made by those versions has these tables and no ``alembic_version``; it is
stamped at this revision instead of running it (:func:`thousand.web.schema.upgrade`).

Revision ID: 0001
Revises: none
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(32), nullable=False),
        sa.Column("message", sa.Text, nullable=False),
    )
    op.create_index("ix_chat_room", "chat", ["room"])


def downgrade() -> None:
    op.drop_index("ix_chat_room", table_name="chat")
    op.drop_table("chat")
    op.drop_table("games")
    op.drop_table("rooms")
