"""Guided matches: a practice match created by "Learn to play" sends its seats the guide's notes.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as table:
        table.add_column(sa.Column("guide", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("matches") as table:
        table.drop_column("guide")
