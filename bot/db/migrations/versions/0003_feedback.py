"""Feedback on answers (see `bot.db.tables.feedback`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "feedback",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("answer_id", sa.String(128), nullable=False),
        sa.Column("slack_user_id", sa.String(32), nullable=False),
        sa.Column("message_ts", sa.String(32), nullable=True),
        sa.Column("rating", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
        sa.UniqueConstraint("answer_id", "slack_user_id", name="uq_feedback_answer_id_slack_user_id"),
    )
    op.create_index("ix_feedback_rating_at", "feedback", ["rating", "at"])


def downgrade() -> None:
    op.drop_table("feedback")
