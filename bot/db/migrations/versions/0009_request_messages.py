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
        sqlite_autoincrement=True,
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
    _owe_what_was_never_sent()
    # The approver's card's place lives in its message row now.
    with op.batch_alter_table("leave_requests", table_kwargs={"sqlite_autoincrement": True}) as batch_op:
        batch_op.drop_column("to_tell")
        batch_op.drop_column("card_channel")
        batch_op.drop_column("card_ts")


def _owe_what_was_never_sent() -> None:
    """A pending request whose card was never recorded (its process died between the submission and the
    card, or after claiming it: `card_channel` empty) owes its cards and its requester's note now; a
    claimed one (`''`) may have been posted, so it is looked for before it is posted again."""
    bind = op.get_bind()
    approvers_text = bind.execute(sa.text("SELECT approvers FROM leave_policy WHERE id = 1")).scalar()
    hr_approvers = [a.strip() for a in (approvers_text or "").split(",") if a.strip()]
    rows = bind.execute(
        sa.text(
            "SELECT id, employee_id, approver_id, card_channel, created_at FROM leave_requests"
            " WHERE state = 'pending' AND (card_channel IS NULL OR card_channel = '')"
        )
    ).all()
    for row in rows:
        approvers = [row.approver_id] if row.approver_id else hr_approvers
        owed = [("approver_card", a) for a in approvers if a != row.employee_id]
        owed.append(("requester_sent", row.employee_id))
        for kind, recipient in owed:
            bind.execute(
                sa.text(
                    "INSERT INTO request_messages (request_id, kind, recipient, state, attempts, not_before,"
                    " created_at) VALUES (:id, :kind, :recipient, 'owed', :attempts, :at, :at)"
                ),
                {
                    "id": row.id,
                    "kind": kind,
                    "recipient": recipient,
                    "attempts": 0 if row.card_channel is None else 1,
                    "at": row.created_at,
                },
            )


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
