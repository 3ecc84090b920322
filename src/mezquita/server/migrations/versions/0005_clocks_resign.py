"""Clocks with a time bank, seats that left (resigned or absent), the start of play.

The per-move timer becomes a clock: a match with ``turn_seconds`` N > 0 gets the clock
``bank = increment = cap = N`` (N seconds for each move, as before) with no grace period;
``turn_seconds`` and ``timeout_agent`` go (a seat out of time now leaves, ``leaving.py``).
A running match starts its clocks from its last status change.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

matches = sa.table("matches", sa.column("id", sa.String), sa.column("turn_seconds", sa.Integer),
                   sa.column("clock", sa.JSON), sa.column("status", sa.String),
                   sa.column("updated_at", sa.DateTime(timezone=True)),
                   sa.column("started_at", sa.DateTime(timezone=True)))


def upgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+ drops a column in place): a batch copy of the table
    # would drop the old one, and its moves with it (ON DELETE CASCADE)
    op.add_column("matches", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("matches", sa.Column("left", sa.JSON, nullable=True))
    op.add_column("matches", sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    connection = op.get_bind()
    timed = connection.execute(sa.select(matches.c.id, matches.c.turn_seconds)
                               .where(matches.c.turn_seconds > 0)).all()
    for match_id, seconds in timed:
        connection.execute(matches.update().where(matches.c.id == match_id).values(
            clock={"type": "custom", "bank": seconds, "increment": seconds, "cap": seconds,
                   "grace": 0}))
    connection.execute(matches.update().where(matches.c.status == "running")
                       .values(started_at=matches.c.updated_at))
    op.drop_column("matches", "turn_seconds")
    op.drop_column("matches", "timeout_agent")


def downgrade() -> None:
    op.add_column("matches", sa.Column("turn_seconds", sa.Integer, nullable=False,
                                       server_default="0"))
    op.add_column("matches", sa.Column("timeout_agent", sa.String(64), nullable=False,
                                       server_default="random"))
    for name in ("started_at", "left", "clock"):
        op.drop_column("matches", name)
