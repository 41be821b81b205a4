"""What leave requests' transitions owe people, recorded with them (`request_messages`, a transactional
outbox), and each request's delivery lease. `leave_requests.to_tell` (a terminal decision told in the
caretaker's next round) becomes owed messages, and `card_channel`/`card_ts` the approver card's sent row.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "request_messages",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("request_id", _ID, nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("recipient", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=8), server_default="owed", nullable=False),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("not_before", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("ts", sa.String(length=32), nullable=True),
        sa.Column("error", sa.String(length=64), nullable=True),
        sa.CheckConstraint("state IN ('owed', 'sent', 'failed')", name="ck_request_messages_state"),
        sa.ForeignKeyConstraint(
            ["request_id"],
            ["leave_requests.id"],
            name=op.f("fk_request_messages_request_id_leave_requests"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_request_messages")),
    )
    op.create_index(
        "ix_request_messages_state_not_before", "request_messages", ["state", "not_before"], unique=False
    )
    op.create_index("ix_request_messages_request_id", "request_messages", ["request_id", "id"], unique=False)
    op.create_index("ix_request_messages_ts", "request_messages", ["ts"], unique=False)
    op.add_column("leave_requests", sa.Column("deliver_owner", sa.String(length=80), nullable=True))
    op.add_column("leave_requests", sa.Column("deliver_until", sa.DateTime(timezone=True), nullable=True))
    # An approver's card already posted is a sent card: a click on it is checked against it, and a
    # decision edits it.
    op.execute(
        "INSERT INTO request_messages (request_id, kind, recipient, state, attempts, not_before, created_at,"
        " channel, ts) SELECT id, 'approver_card', COALESCE(approver_id, '-'), 'sent', 1, created_at,"
        " created_at, card_channel, card_ts FROM leave_requests"
        " WHERE card_channel IS NOT NULL AND card_channel <> '' AND card_ts IS NOT NULL"
    )
    # A terminal decision not told yet: now owed (its card brought up to date, its requester told).
    for kind in ("card_update", "requester_decision"):
        op.execute(
            "INSERT INTO request_messages (request_id, kind, recipient, state, attempts, not_before,"
            f" created_at) SELECT id, '{kind}', employee_id, 'owed', 0, decided_at, decided_at"
            " FROM leave_requests WHERE to_tell AND decided_at IS NOT NULL"
        )
    # SQLite drops columns only by rebuilding the table: batch mode does that.
    # The approver's card's place lives in its message row now.
    with op.batch_alter_table("leave_requests") as batch_op:
        batch_op.drop_column("to_tell")
        batch_op.drop_column("card_channel")
        batch_op.drop_column("card_ts")


def downgrade() -> None:
    op.add_column("leave_requests", sa.Column("to_tell", sa.Boolean(), server_default="0", nullable=False))
    op.add_column("leave_requests", sa.Column("card_channel", sa.String(length=32), nullable=True))
    op.add_column("leave_requests", sa.Column("card_ts", sa.String(length=32), nullable=True))
    with op.batch_alter_table("leave_requests") as batch_op:
        batch_op.drop_column("deliver_until")
        batch_op.drop_column("deliver_owner")
    op.drop_index("ix_request_messages_ts", table_name="request_messages")
    op.drop_index("ix_request_messages_request_id", table_name="request_messages")
    op.drop_index("ix_request_messages_state_not_before", table_name="request_messages")
    op.drop_table("request_messages")
