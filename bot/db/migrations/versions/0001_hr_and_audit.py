"""Employees, leave grants, leave records and the audit log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bot.db.tables import Days

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "employees",
        sa.Column("employee_id", sa.String(32), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("email", sa.Text(), nullable=False),
        sa.Column("email_key", sa.Text(), nullable=False),
        sa.Column("slack_user_id", sa.String(32), nullable=True),
        sa.Column("hire_date", sa.Date(), nullable=True),
        sa.Column("active", sa.Boolean(), server_default="1", nullable=False),
        sa.PrimaryKeyConstraint("employee_id", name=op.f("pk_employees")),
        sa.UniqueConstraint("email_key", name=op.f("uq_employees_email_key")),
        sa.UniqueConstraint("slack_user_id", name=op.f("uq_employees_slack_user_id")),
    )
    op.create_table(
        "leave_grants",
        sa.Column("employee_id", sa.String(32), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("granted", Days(), nullable=False),
        sa.Column("opening_used", Days(), server_default="0", nullable=False),
        sa.Column("allow_negative", sa.Boolean(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(
            ["employee_id"],
            ["employees.employee_id"],
            name=op.f("fk_leave_grants_employee_id_employees"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("employee_id", "year", name=op.f("pk_leave_grants")),
    )
    op.create_table(
        "leave_records",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("employee_id", sa.String(32), nullable=False),
        sa.Column("taken_on", sa.Date(), nullable=False),
        sa.Column("days", Days(), nullable=False),
        sa.Column("leave_type", sa.String(32), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["employee_id"],
            ["employees.employee_id"],
            name=op.f("fk_leave_records_employee_id_employees"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leave_records")),
    )
    op.create_index("ix_leave_records_employee_taken_on", "leave_records", ["employee_id", "taken_on"])
    op.create_table(
        "audit_log",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("slack_user_id", sa.String(32), nullable=True),
        sa.Column("employee_id", sa.String(32), nullable=False),
        sa.Column("tool", sa.String(64), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("outcome", sa.String(32), nullable=False),
        sa.Column("surface", sa.String(16), nullable=False),
        sa.Column("requested_by", sa.String(8), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    op.create_index("ix_audit_log_employee_id", "audit_log", ["employee_id", "id"])


def downgrade() -> None:
    op.drop_table("audit_log")
    op.drop_table("leave_records")
    op.drop_table("leave_grants")
    op.drop_table("employees")
