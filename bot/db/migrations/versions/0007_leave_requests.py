"""Leave requests (see `bot.db.tables.leave_requests`), each employee's manager, the leave record's request,
and the policy's request keys (approvers, quarter days, how far ahead).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bot.db.tables import Days

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leave_requests",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("employee_id", sa.String(length=32), nullable=False),
        sa.Column("approver_id", sa.String(length=32), nullable=True),
        sa.Column("leave_type", sa.String(length=32), nullable=False),
        sa.Column("start_on", sa.Date(), nullable=False),
        sa.Column("end_on", sa.Date(), nullable=False),
        sa.Column("part", sa.String(length=8), nullable=False),
        sa.Column("days", Days(), nullable=False),
        sa.Column("reason", sa.Text(), server_default="", nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_by", sa.String(length=80), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decision_note", sa.Text(), nullable=True),
        sa.Column("card_channel", sa.String(length=32), nullable=True),
        sa.Column("card_ts", sa.String(length=32), nullable=True),
        sa.Column("submission_key", sa.String(length=128), nullable=True),
        sa.Column("reminders", sa.Integer(), server_default="0", nullable=False),
        sa.Column("to_tell", sa.Boolean(), server_default="0", nullable=False),
        sa.CheckConstraint(
            "state IN ('pending', 'approved', 'declined', 'cancelled', 'expired')",
            name="ck_leave_requests_state",
        ),
        sa.CheckConstraint("part IN ('full', 'am', 'pm', 'quarter')", name="ck_leave_requests_part"),
        sa.CheckConstraint("end_on >= start_on", name="ck_leave_requests_dates"),
        sa.ForeignKeyConstraint(
            ["employee_id"],
            ["employees.employee_id"],
            name=op.f("fk_leave_requests_employee_id_employees"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leave_requests")),
        sa.UniqueConstraint("submission_key", name=op.f("uq_leave_requests_submission_key")),
    )
    op.create_index(
        "ix_leave_requests_employee_start_on", "leave_requests", ["employee_id", "start_on"], unique=False
    )
    op.create_index(
        "ix_leave_requests_state_approver_id", "leave_requests", ["state", "approver_id"], unique=False
    )
    # Nullable or defaulted columns: ALTER TABLE ADD COLUMN on both databases, no table rebuilt.
    op.add_column("employees", sa.Column("manager_id", sa.String(length=32), nullable=True))
    op.add_column(
        "leave_records",
        sa.Column("request_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
    )
    op.create_index("ix_leave_records_request_id", "leave_records", ["request_id"], unique=False)
    op.add_column("leave_policy", sa.Column("approvers", sa.Text(), nullable=True))
    op.add_column("leave_policy", sa.Column("quarter_days", sa.Boolean(), server_default="0", nullable=False))
    op.add_column(
        "leave_policy",
        sa.Column("request_ahead_days", sa.Integer(), server_default="365", nullable=False),
    )

    op.add_column("leave_policy", sa.Column("announce_channel", sa.String(length=32), nullable=True))


def downgrade() -> None:
    # SQLite drops columns only by rebuilding the table: batch mode does that.
    with op.batch_alter_table("leave_policy") as batch_op:
        batch_op.drop_column("announce_channel")
        batch_op.drop_column("request_ahead_days")
        batch_op.drop_column("quarter_days")
        batch_op.drop_column("approvers")
    op.drop_index("ix_leave_records_request_id", table_name="leave_records")
    with op.batch_alter_table("leave_records") as batch_op:
        batch_op.drop_column("request_id")
    with op.batch_alter_table("employees") as batch_op:
        batch_op.drop_column("manager_id")
    op.drop_index("ix_leave_requests_state_approver_id", table_name="leave_requests")
    op.drop_index("ix_leave_requests_employee_start_on", table_name="leave_requests")
    op.drop_table("leave_requests")
