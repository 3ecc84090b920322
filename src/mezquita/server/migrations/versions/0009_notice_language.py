"""Turn notices in the account's language: the language its page had when it set them.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:  # plain ALTER TABLE, as in 0010
    op.add_column("notify_settings",
                  sa.Column("lang", sa.String(8), nullable=False, server_default="en"))


def downgrade() -> None:
    op.drop_column("notify_settings", "lang")
