"""Roles and privacy in the leave policy (`hr_admins`, `show_leave_type`, `max_out_per_day`), the
calendar feeds' tokens (`calendar_feeds`: one per person, kept only as its SHA-256, so a copy of the
database does not hand out anyone's feed), and HR's data files dropped in Slack (`data_uploads`: each
dry run's files and checksum, imported once).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable or defaulted columns: ALTER TABLE ADD COLUMN on both databases, no table rebuilt.
    op.add_column("leave_policy", sa.Column("hr_admins", sa.Text(), nullable=True))
    op.add_column(
        "leave_policy", sa.Column("show_leave_type", sa.Boolean(), server_default="0", nullable=False)
    )
    op.add_column(
        "leave_policy", sa.Column("max_out_per_day", sa.Integer(), server_default="0", nullable=False)
    )
    op.create_table(
        "calendar_feeds",
        sa.Column("employee_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["employee_id"],
            ["employees.employee_id"],
            name=op.f("fk_calendar_feeds_employee_id_employees"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("employee_id", name=op.f("pk_calendar_feeds")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_calendar_feeds_token_hash")),
    )

    op.create_table(
        "data_uploads",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("uploaded_by", sa.String(length=32), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("files", sa.JSON(), nullable=False),
        sa.Column("checksum", sa.String(length=64), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_by", sa.String(length=32), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_uploads")),
    )


def downgrade() -> None:
    op.drop_table("data_uploads")
    op.drop_table("calendar_feeds")
    # SQLite drops columns only by rebuilding the table: batch mode does that.
    with op.batch_alter_table("leave_policy") as batch_op:
        batch_op.drop_column("max_out_per_day")
        batch_op.drop_column("show_leave_type")
        batch_op.drop_column("hr_admins")
