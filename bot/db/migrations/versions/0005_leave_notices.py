"""The §61 leave notices: one row per employee, usage period and notice, recorded before it is sent (see
`bot.db.tables.leave_notices`).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leave_notices",
        sa.Column("employee_id", sa.String(length=32), nullable=False),
        sa.Column("grant_arises_on", sa.Date(), nullable=False),
        sa.Column("notice", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("employee_id", "grant_arises_on", "notice", name=op.f("pk_leave_notices")),
    )


def downgrade() -> None:
    op.drop_table("leave_notices")
