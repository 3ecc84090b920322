"""Invitations, creators, practice matches and instance leases.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("invite_hashes", sa.JSON, nullable=True))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("practice", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("owner", sa.String(32), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        for name in ("lease_until", "owner", "practice", "creator", "invite_hashes"):
            batch.drop_column(name)
