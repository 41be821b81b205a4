"""The durable inbox of questions (see `bot.db.tables.inbox`).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("delivery_id", sa.String(128), nullable=False),
        sa.Column("surface", sa.String(16), nullable=False),
        sa.Column("slack_user_id", sa.String(32), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("payload", sa.JSON(), nullable=True),
        sa.Column("progress_ts", sa.String(32), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("delivery_id", name=op.f("pk_inbox")),
    )
    op.create_index("ix_inbox_state_lease_until", "inbox", ["state", "lease_until"])
    op.create_index("ix_inbox_slack_user_id_received_at", "inbox", ["slack_user_id", "received_at"])


def downgrade() -> None:
    op.drop_table("inbox")
