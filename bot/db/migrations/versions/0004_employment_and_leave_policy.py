"""Employment details (end date, weekly hours, years under 80 % attendance), the company leave policy and
its changes (see `bot.db.tables`: employees, leave_policy, policy_changes).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bot.db.tables import Days

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leave_policy",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("basis", sa.String(length=16), nullable=False),
        sa.Column("fiscal_start", sa.String(length=5), nullable=False),
        sa.Column("rounding", sa.String(length=16), nullable=False),
        sa.Column("first_year", sa.String(length=16), nullable=False),
        sa.Column("full_time_weekly_hours", Days(), nullable=False),
        sa.Column("under_five_employees", sa.Boolean(), nullable=False),
        sa.Column("notices", sa.Boolean(), nullable=False),
        sa.Column("notice_target", sa.String(length=32), nullable=True),
        sa.CheckConstraint("id = 1", name="ck_leave_policy_one_row"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leave_policy")),
    )
    op.create_table(
        "policy_changes",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("changed_by", sa.String(length=64), nullable=False),
        sa.Column("key", sa.String(length=32), nullable=False),
        sa.Column("old_value", sa.Text(), nullable=False),
        sa.Column("new_value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_policy_changes")),
    )
    # Nullable columns: ALTER TABLE ADD COLUMN on both databases, no table rebuilt, existing rows NULL.
    op.add_column("employees", sa.Column("end_date", sa.Date(), nullable=True))
    op.add_column("employees", sa.Column("weekly_hours", Days(), nullable=True))
    op.add_column("employees", sa.Column("below_80", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    # SQLite drops columns only by rebuilding the table: batch mode does that.
    with op.batch_alter_table("employees") as batch_op:
        batch_op.drop_column("below_80")
        batch_op.drop_column("weekly_hours")
        batch_op.drop_column("end_date")
    op.drop_table("policy_changes")
    op.drop_table("leave_policy")
