"""Players without an account, finished games with their seats and places, ratings
(issue 30).

``players``: a public id, the SHA-256 of the player's key (never the key), the name they
last sat down under, whether they keep off the leaderboard. ``finished_games``: a room's
finished game (its record stays in ``games``), ``id`` giving the order of finish;
``finished_seats``: who sat where (the player's id when a key took the seat), their place
and their tally; ``ratings``: a player's rating per game kind. Games finished before this
revision have no history (their records stay where they were).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: tuple[str, ...] | None = None
depends_on: tuple[str, ...] | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("hidden", sa.Boolean, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ix_players_key_hash", "players", ["key_hash"], unique=True)
    op.create_table(
        "finished_games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("finished", sa.String(40), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
    )
    op.create_index(
        "ix_finished_games_room_number", "finished_games", ["room", "number"], unique=True
    )
    op.create_table(
        "finished_seats",
        sa.Column("game_id", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("player", sa.String(16), nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("tally", sa.Text, nullable=True),
    )
    op.create_index("ix_finished_seats_player", "finished_seats", ["player"])
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_index("ix_finished_seats_player", table_name="finished_seats")
    op.drop_table("finished_seats")
    op.drop_index("ix_finished_games_room_number", table_name="finished_games")
    op.drop_table("finished_games")
    op.drop_index("ix_players_key_hash", table_name="players")
    op.drop_table("players")
