"""The tables. Migrations (`bot/db/migrations/versions/`) create them; a test checks the two agree.

Amounts of leave are exact decimals (`Days`, `bot/db/days_column.py`).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from bot.db.days_column import Days  # the migrations import it from here, as `officebot db revision` writes

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

employees = Table(
    "employees",
    metadata,
    Column("employee_id", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("email", Text, nullable=False),
    # The email as matched: case-folded, so one address cannot belong to two employees in two spellings.
    Column("email_key", Text, nullable=False, unique=True),
    Column("slack_user_id", String(32), unique=True),
    Column("hire_date", Date),
    Column("active", Boolean, nullable=False, server_default="1"),
    # What the Act's leave depends on besides the hire date (docs/policy.md): the last day of employment,
    # the contractual weekly hours (NULL: full time), and the years of service with less than 80 %
    # attendance, as a sorted JSON list of numbers ([2, 5]; NULL: none). A column, not a table: the years
    # are few, always read and written with the rest of the employee's row, and replaced with it on import.
    Column("end_date", Date),
    Column("weekly_hours", Days),
    Column("below_80", JSON(none_as_null=True)),
    # Who approves this person's leave requests (migration 0007): their manager's employee id. No foreign
    # key: an import may name a manager later in the same file, or one who left (the policy's HR approvers
    # then decide).
    Column("manager_id", String(32)),
)

leave_grants = Table(
    "leave_grants",
    metadata,
    Column(
        "employee_id",
        String(32),
        ForeignKey("employees.employee_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("year", Integer, primary_key=True),
    Column("granted", Days, nullable=False),
    # Days used that no leave record lists: the whole "used" of data from a system with totals only.
    Column("opening_used", Days, nullable=False, server_default="0"),
    # The data says a balance below zero is right for this year (otherwise import refuses one).
    Column("allow_negative", Boolean, nullable=False, server_default="0"),
)

leave_records = Table(
    "leave_records",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column(
        "employee_id",
        String(32),
        ForeignKey("employees.employee_id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("taken_on", Date, nullable=False),
    Column("days", Days, nullable=False),
    Column("leave_type", String(32), nullable=False),
    Column("note", Text),
    # The leave request whose approval wrote this record (migration 0007), so cancelling it removes them;
    # NULL for imported records.
    Column("request_id", BigInteger().with_variant(Integer, "sqlite")),
    Index("ix_leave_records_employee_taken_on", "employee_id", "taken_on"),
    Index("ix_leave_records_request_id", "request_id"),
)

# Leave requests (bot/domain/requests.py, docs/requests.md): stored from the requester's Submit, as
# `pending`; each move is one conditional UPDATE from the state it was read in (bot/db/requests.py).
# `submission_key` makes a form submitted twice one request.
leave_requests = Table(
    "leave_requests",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column(
        "employee_id",
        String(32),
        ForeignKey("employees.employee_id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("approver_id", String(32)),  # the manager; NULL: any of the policy's HR approvers
    Column("leave_type", String(32), nullable=False),
    Column("start_on", Date, nullable=False),
    Column("end_on", Date, nullable=False),
    Column("part", String(8), nullable=False),
    Column("days", Days, nullable=False),
    Column("reason", Text, nullable=False, server_default=""),
    Column("state", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("decided_by", String(80)),
    Column("decided_at", DateTime(timezone=True)),
    Column("decision_note", Text),
    Column("submission_key", String(128), unique=True),
    # Reminders to the approver claimed so far (0, 1, 2): raised by one conditional UPDATE before a reminder
    # is sent, so each goes once across processes (bot/slack/requests/request_care.py).
    Column("reminders", Integer, nullable=False, server_default="0"),
    # The state the last move started from (migration 0008): cancelled approved leave is announced struck
    # through, whoever cancelled it.
    Column("moved_from", String(16)),
    # Who is delivering the request's owed messages (`request_messages`), until when (migration 0009): one
    # deliverer per request at a time, so its messages go in the order they were owed.
    Column("deliver_owner", String(80)),
    Column("deliver_until", DateTime(timezone=True)),
    CheckConstraint(
        "state IN ('pending', 'approved', 'declined', 'cancelled', 'expired')", name="ck_leave_requests_state"
    ),
    CheckConstraint("part IN ('full', 'am', 'pm', 'quarter')", name="ck_leave_requests_part"),
    CheckConstraint("end_on >= start_on", name="ck_leave_requests_dates"),
    Index("ix_leave_requests_employee_start_on", "employee_id", "start_on"),
    Index("ix_leave_requests_state_approver_id", "state", "approver_id"),
    # SQLite never gives a deleted request's id to a new one (an old card's button names its request).
    sqlite_autoincrement=True,
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("slack_user_id", String(32)),
    Column("employee_id", String(32), nullable=False),
    Column("tool", String(64)),
    Column("detail", JSON, nullable=False),
    Column("outcome", String(32), nullable=False),
    Column("surface", String(16), nullable=False),
    Column("requested_by", String(8), nullable=False),
    Index("ix_audit_log_employee_id", "employee_id", "id"),
)

# The durable inbox: every question Slack delivered, recorded before it is acknowledged, until answered.
# `delivery_id` is Slack's event id (or the slash command's trigger id): a redelivery cannot insert twice.
# A row is held by one process (`owner`) until `lease_until`; the holder renews its lease while it works,
# and any process takes over a row whose lease has run out (its holder crashed or let it go).
inbox = Table(
    "inbox",
    metadata,
    Column("delivery_id", String(128), primary_key=True),
    Column("surface", String(16), nullable=False),
    Column("slack_user_id", String(32), nullable=False),
    Column("state", String(16), nullable=False),  # received → answering → answered / failed
    Column("received_at", DateTime(timezone=True), nullable=False),
    Column("owner", String(64)),
    Column("lease_until", DateTime(timezone=True)),
    Column("attempts", Integer, nullable=False, server_default="0"),
    # What is needed to finish the answer (the event or command, the bot's ids); emptied once finished,
    # so the inbox does not keep what people asked.
    Column("payload", JSON),
    Column("progress_ts", String(32)),  # the placeholder message, once posted: a takeover edits it
    Column("finished_at", DateTime(timezone=True)),
    Index("ix_inbox_state_lease_until", "state", "lease_until"),
    Index("ix_inbox_slack_user_id_received_at", "slack_user_id", "received_at"),
)

# Feedback on answers: who clicked, on which answer (the question's delivery id, and the answer message's
# ts), good or bad, and when. Never the question or the answer's text. One row per person and answer:
# a second click changes the rating (and the time), so the counts are what people think now.
feedback = Table(
    "feedback",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("answer_id", String(128), nullable=False),
    Column("slack_user_id", String(32), nullable=False),
    Column("message_ts", String(32)),
    Column("rating", String(8), nullable=False),  # good / bad
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("answer_id", "slack_user_id", name="uq_feedback_answer_id_slack_user_id"),
    Index("ix_feedback_rating_at", "rating", "at"),
)

# The company's leave policy: one row (id 1), absent until HR first sets something (the defaults apply
# then; `bot.policy.company`). Each column is one key of `officebot policy show`.
leave_policy = Table(
    "leave_policy",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("basis", String(16), nullable=False),
    Column("fiscal_start", String(5), nullable=False),  # MM-DD
    Column("rounding", String(16), nullable=False),
    Column("first_year", String(16), nullable=False),
    Column("full_time_weekly_hours", Days, nullable=False),
    Column("under_five_employees", Boolean, nullable=False),
    Column("notices", Boolean, nullable=False),
    Column("notice_target", String(32)),
    # Leave requests (migration 0007): the HR approvers' employee ids, comma-separated (NULL: none).
    Column("approvers", Text),
    Column("quarter_days", Boolean, nullable=False, server_default="0"),
    Column("request_ahead_days", Integer, nullable=False, server_default="365"),
    Column("announce_channel", String(32)),
    # The local hour from which the morning "오늘 부재" digest is posted (migration 0008).
    Column("digest_hour", Integer, nullable=False, server_default="9"),
    # Where a balance's grants come from: imported (HR's calendar-year rows) or computed (the Act's).
    Column("grants", String(16), nullable=False, server_default="imported"),
    # Roles and privacy (migration 0011): HR's employee ids, comma-separated (NULL: none); whether a
    # leave's type is shown to others; the approval card's warning threshold (0: off).
    Column("hr_admins", Text),
    Column("show_leave_type", Boolean, nullable=False, server_default="0"),
    Column("max_out_per_day", Integer, nullable=False, server_default="0"),
    CheckConstraint("id = 1", name="ck_leave_policy_one_row"),
)

# Every change to the policy, one row per key changed, written in the same transaction as the change:
# when, the OS user who ran `officebot policy set`, the key, and its value before and after as text.
policy_changes = Table(
    "policy_changes",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("changed_by", String(64), nullable=False),
    Column("key", String(32), nullable=False),
    Column("old_value", Text, nullable=False),
    Column("new_value", Text, nullable=False),
)

# The §61 leave notices (bot/policy/notices.py), one row per employee, usage period (its first grant's day)
# and notice (1 or 2): recorded BEFORE it is sent, so only the process whose insert succeeded sends it;
# `sent_at` once Slack took it. A row without `sent_at` older than a few minutes is a failed send that a
# later round may claim again (bot/db/notices.py).
leave_notices = Table(
    "leave_notices",
    metadata,
    Column("employee_id", String(32), nullable=False),
    Column("grant_arises_on", Date, nullable=False),
    Column("notice", Integer, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True)),
    # No foreign key to employees: an HR import that rewrites an employee must not forget what was sent.
    PrimaryKeyConstraint("employee_id", "grant_arises_on", "notice"),
)

# The morning "오늘 부재" digest in the announcement channel: a day's row is inserted before the digest is
# posted (`INSERT … ON CONFLICT DO NOTHING`), so one process posts it; `sent_at` once Slack took it. A row
# without `sent_at` older than a few minutes is a failed post a later round may claim again
# (bot/db/digests.py).
leave_digests = Table(
    "leave_digests",
    metadata,
    Column("day", Date, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True)),
    PrimaryKeyConstraint("day"),
)

# What a leave request's transitions owe people (bot/domain/request_messages.py): written in the transaction
# of the submission or move that owes them (a transactional outbox), then delivered once by whichever
# process holds the request's delivery lease (bot/slack/requests/request_delivery.py). `attempts` is raised before
# each try, so a try that may have posted before its process died is looked for before posting again;
# `channel`/`ts` say where it was posted (a card a later decision edits, a click checked against it).
request_messages = Table(
    "request_messages",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column(
        "request_id",
        BigInteger().with_variant(Integer, "sqlite"),
        ForeignKey("leave_requests.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("kind", String(24), nullable=False),
    Column("recipient", String(32), nullable=False),  # an employee id; an announcement's channel
    Column("state", String(8), nullable=False, server_default="owed"),  # owed → sent / failed
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("not_before", DateTime(timezone=True), nullable=False),  # Retry-After, backoff
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("channel", String(32)),
    Column("ts", String(32)),
    Column("error", String(64)),  # why it failed: Slack's error code, never a message text
    CheckConstraint("state IN ('owed', 'sent', 'failed')", name="ck_request_messages_state"),
    Index("ix_request_messages_state_not_before", "state", "not_before"),
    Index("ix_request_messages_request_id", "request_id", "id"),
    Index("ix_request_messages_ts", "ts"),  # a click's card, found by its ts
    sqlite_autoincrement=True,  # a message id, in a post's metadata, is never given to another
)

# A thread's conversation as our own records hold it (bot/db/conversations.py): the questions we accepted
# and the replies we posted, so a follow-up needs no `conversations.replies` read. Personal data: kept only
# as long as the history window needs (OFFICEBOT_HISTORY_DAYS, and the last turns of a thread). Written in
# the same transaction as the inbox change: a question when it is accepted, its reply when it is finished.
# A top-level message is the root of its own thread, so `thread_ts` is then its own `ts`.
conversation_turns = Table(
    "conversation_turns",
    metadata,
    Column("channel", String(32), nullable=False),
    Column("thread_ts", String(32), nullable=False),
    Column("ts", String(32), nullable=False),
    Column("role", String(16), nullable=False),  # user / assistant
    Column("text", Text, nullable=False),
    Column("delivery_id", String(128)),  # the inbox row of the question (or the question replied to)
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("channel", "thread_ts", "ts"),
    Index("ix_conversation_turns_delivery_id", "delivery_id"),
    Index("ix_conversation_turns_recorded_at", "recorded_at"),
)

# What is known about a thread beyond its turns: when a message of it was last edited or deleted
# (`changed_at`: its records are stale), and when they were last read again from Slack (`refreshed_at`).
conversation_threads = Table(
    "conversation_threads",
    metadata,
    Column("channel", String(32), nullable=False),
    Column("thread_ts", String(32), nullable=False),
    Column("changed_at", DateTime(timezone=True)),
    Column("refreshed_at", DateTime(timezone=True)),
    Column("touched_at", DateTime(timezone=True), nullable=False),  # the later of the two: retention
    PrimaryKeyConstraint("channel", "thread_ts"),
)

# One row (id 1): since when some process has been receiving Slack's events without a break (`since`),
# and when one last said so (`seen_at`). Records made before `since` may miss a question sent in the gap.
conversation_recording = Table(
    "conversation_recording",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("since", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    CheckConstraint("id = 1", name="ck_conversation_recording_one_row"),
)

# A person's calendar feed (`GET /calendar/<token>.ics`, bot/slack/home/calendar_feed.py): one token per person,
# kept only as its SHA-256 hex (the URL is the secret; a copy of the database must not be one), replaced
# by the Home tab's "reset link" (the old URL then 404s). What the feed holds is decided by the owner's
# role when it is read, never when the token was issued (migration 0011).
calendar_feeds = Table(
    "calendar_feeds",
    metadata,
    Column(
        "employee_id",
        String(32),
        ForeignKey("employees.employee_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("issued_at", DateTime(timezone=True), nullable=False),
)

# HR's data files dropped in a DM (bot/slack/home/uploads.py): each upload's dry run recorded with the files'
# Slack ids and the checksum of what was checked; the Import button moves it from `checked` once (a
# conditional UPDATE), and it is imported only if the files still have that checksum (migration 0011).
data_uploads = Table(
    "data_uploads",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("uploaded_by", String(32), nullable=False),  # the HR employee whose DM it was
    Column("channel", String(32), nullable=False),
    Column("files", JSON, nullable=False),  # [{"id": "F…", "name": "employees.csv"}]
    Column("checksum", String(64), nullable=False),
    Column("state", String(16), nullable=False),  # checked → importing → imported / changed / failed
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("decided_by", String(32)),
    Column("decided_at", DateTime(timezone=True)),
)
