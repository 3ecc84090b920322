"""Open seats of tables anyone may join, and the quick-match queue.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("sat_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "queue",
        sa.Column("ticket_hash", sa.String(64), primary_key=True),
        sa.Column("holder", sa.String(80), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("bot_after", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("queue_waiting", "queue", ["game", "players", "created_at"])
    op.create_index("queue_one_each", "queue", ["holder"], unique=True,
                    sqlite_where=sa.text("match_id IS NULL"),
                    postgresql_where=sa.text("match_id IS NULL"))


def downgrade() -> None:
    op.drop_table("queue")
    op.drop_table("open_seats")
