"""The morning "오늘 부재" digest (`leave_digests`, one row per day it was claimed, and the policy's
`digest_hour`), and the state a request was moved from (`leave_requests.moved_from`), so a decision made at
the terminal and told later is announced as a Slack decision would be (cancelled approved leave struck through).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leave_digests",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("day", name=op.f("pk_leave_digests")),
    )
    # Nullable or defaulted columns: ALTER TABLE ADD COLUMN on both databases, no table rebuilt.
    op.add_column("leave_policy", sa.Column("digest_hour", sa.Integer(), server_default="9", nullable=False))
    op.add_column("leave_requests", sa.Column("moved_from", sa.String(length=16), nullable=True))


def downgrade() -> None:
    # SQLite drops columns only by rebuilding the table: batch mode does that.
    with op.batch_alter_table("leave_requests") as batch_op:
        batch_op.drop_column("moved_from")
    with op.batch_alter_table("leave_policy") as batch_op:
        batch_op.drop_column("digest_hour")
    op.drop_table("leave_digests")
