"""A thread's conversation from our own records (`conversation_turns`, `conversation_threads`,
`conversation_recording`), so a follow-up in the agent view needs no `conversations.replies` read.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "conversation_turns",
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("thread_ts", sa.String(length=32), nullable=False),
        sa.Column("ts", sa.String(length=32), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("delivery_id", sa.String(length=128), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("channel", "thread_ts", "ts", name=op.f("pk_conversation_turns")),
    )
    op.create_index("ix_conversation_turns_delivery_id", "conversation_turns", ["delivery_id"])
    op.create_index("ix_conversation_turns_recorded_at", "conversation_turns", ["recorded_at"])
    op.create_table(
        "conversation_threads",
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("thread_ts", sa.String(length=32), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("refreshed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("touched_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("channel", "thread_ts", name=op.f("pk_conversation_threads")),
    )
    op.create_table(
        "conversation_recording",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("id = 1", name="ck_conversation_recording_one_row"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_conversation_recording")),
    )


def downgrade() -> None:
    op.drop_table("conversation_recording")
    op.drop_table("conversation_threads")
    op.drop_index("ix_conversation_turns_recorded_at", table_name="conversation_turns")
    op.drop_index("ix_conversation_turns_delivery_id", table_name="conversation_turns")
    op.drop_table("conversation_turns")
