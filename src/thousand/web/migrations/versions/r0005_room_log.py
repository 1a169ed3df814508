"""A room stored as its head, its record's snapshot and a log of changes (issue 29).

``rooms.doc`` now holds the room's document without its record (its head: what a change
rewrites whole); ``room_records`` the record's latest snapshot, and ``room_log`` one
entry per change since: the record's header and its last rows
(:mod:`thousand.web.roomlog`). An action then writes what does not grow with the game.

Upgrading splits each room's document: its record goes to ``room_records`` at the room's
``seq``, the rest stays. Downgrading puts every record back in its document, the log
entries applied. The functions here are the migration's own (a migration must read the
data as it was when it was written, whatever the program becomes).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None

rooms = sa.table(
    "rooms", sa.column("id", sa.String), sa.column("seq", sa.Integer), sa.column("doc", sa.Text)
)
records = sa.table(
    "room_records",
    sa.column("room", sa.String),
    sa.column("seq", sa.Integer),
    sa.column("record", sa.Text),
)
log = sa.table(
    "room_log",
    sa.column("room", sa.String),
    sa.column("seq", sa.Integer),
    sa.column("entry", sa.Text),
)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def upgrade() -> None:
    op.create_table(
        "room_records",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "room_log",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entry", sa.Text, nullable=False),
    )
    connection = op.get_bind()
    for room_id, seq, text in connection.execute(sa.select(rooms.c.id, rooms.c.seq, rooms.c.doc)):
        doc = json.loads(text)
        if "record" not in doc:
            continue
        record = doc.pop("record")
        connection.execute(sa.insert(records).values(room=room_id, seq=seq, record=_dumps(record)))
        connection.execute(sa.update(rooms).where(rooms.c.id == room_id).values(doc=_dumps(doc)))


def downgrade() -> None:
    connection = op.get_bind()
    snapshots = {
        room_id: (seq, json.loads(text))
        for room_id, seq, text in connection.execute(
            sa.select(records.c.room, records.c.seq, records.c.record)
        )
    }
    for room_id, text in connection.execute(sa.select(rooms.c.id, rooms.c.doc)).all():
        if room_id not in snapshots:
            continue
        since, record = snapshots[room_id]
        entries = connection.execute(
            sa.select(log.c.entry)
            .where(log.c.room == room_id, log.c.seq > since)
            .order_by(log.c.seq)
        ).scalars()
        for entry_text in entries:
            entry = json.loads(entry_text)
            if entry["record"] is None:
                record = None
                continue
            key = entry["key"]
            kept = [] if record is None else list(record.get(key, ()))[: entry["from"]]
            record = {**entry["record"], key: kept + list(entry["rows"])}
        doc = {**json.loads(text), "record": record}
        connection.execute(sa.update(rooms).where(rooms.c.id == room_id).values(doc=_dumps(doc)))
    op.drop_table("room_log")
    op.drop_table("room_records")
