"""A bot level's rating remembers the agent that earned it, so a change of spec starts anew.
Ratings from before carry none: each level's rating starts anew once, at its next rated match
(the levels of the release that brings this migration play other agents than before).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:  # plain ALTER TABLE, as in 0009
    op.add_column("ratings", sa.Column("bot_spec", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("ratings", "bot_spec")
