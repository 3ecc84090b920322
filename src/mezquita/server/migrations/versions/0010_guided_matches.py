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


# plain ALTER TABLE (SQLite 3.35+ drops a column in place): a batch copy of the table would
# drop the old one, and with it, by ON DELETE CASCADE, every match's moves
def upgrade() -> None:
    op.add_column("matches", sa.Column("guide", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("matches", "guide")
