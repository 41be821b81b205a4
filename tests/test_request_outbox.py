"""Issue 35 in the store: what a request's transitions owe people is written in the transition's own
transaction (the outbox), a refused attempt is audited at a bounded rate, and migration 0009 carries a
database's cards and untold terminal decisions over."""

from __future__ import annotations

from datetime import UTC, date, datetime

from alembic import command
from sqlalchemy import select

from bot.db import migrate
from bot.db.request_audit import REFUSALS_AUDITED
from bot.db.requests import SqlRequestStore
from bot.db.tables import audit_log, leave_requests, request_messages
from bot.domain.requests import Actor, Draft
from bot.policy.company import CompanyPolicy
from tests.support.database import ScratchDatabase

NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
TODAY = date(2026, 11, 29)
MINSU, SEOYEON, JIHOON = Actor("E1001", "U0123ABCD"), Actor("E1002", "U0456EFGH"), Actor("E1003")
POLICY = CompanyPolicy(approvers=("E1002", "E1003"), announce_channel="C0ABSENCE")


async def _owed(db: ScratchDatabase) -> list[tuple[int, str, str, str]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(select(request_messages).order_by(request_messages.c.id))
        return [(row.request_id, row.kind, row.recipient, row.state) for row in rows]


async def test_each_transition_owes_its_messages_in_its_own_transaction(seeded_database: ScratchDatabase):
    store = SqlRequestStore(seeded_database.engine, clock=lambda: NOW)
    day = date(2026, 12, 21)
    submitted = await store.submit(MINSU, Draft("annual", day, day), POLICY, TODAY, "modal", "k1")
    assert submitted.request is not None
    request_id = submitted.request.id
    # No manager: each HR approver's card, and the requester's note.
    assert await _owed(seeded_database) == [
        (request_id, "approver_card", "E1002", "owed"),
        (request_id, "approver_card", "E1003", "owed"),
        (request_id, "requester_sent", "E1001", "owed"),
    ]
    again = await store.submit(MINSU, Draft("annual", day, day), POLICY, TODAY, "modal", "k1")
    assert again.again and len(await _owed(seeded_database)) == 3  # the same submission owes nothing new
    assert (await store.move(request_id, "approve", SEOYEON, POLICY, TODAY, "card")).moved
    assert (await store.move(request_id, "cancel", MINSU, POLICY, TODAY, "card")).moved
    assert (await _owed(seeded_database))[3:] == [
        # approved: the cards brought up to date, Minsu told, the channel told
        (request_id, "card_update", "E1001", "owed"),
        (request_id, "requester_decision", "E1001", "owed"),
        (request_id, "announcement", "C0ABSENCE", "owed"),
        # cancelled by Minsu himself: cards, the approvers told, the channel told (struck through)
        (request_id, "card_update", "E1001", "owed"),
        (request_id, "approver_cancel", "E1002", "owed"),
        (request_id, "approver_cancel", "E1003", "owed"),
        (request_id, "announcement", "C0ABSENCE", "owed"),
    ]
    # A refused move owes nothing.
    assert not (await store.move(request_id, "approve", SEOYEON, POLICY, TODAY, "card")).moved
    assert len(await _owed(seeded_database)) == 10


async def test_refused_attempts_are_audited_at_most_so_many_a_minute_per_person(
    seeded_database: ScratchDatabase,
):
    store = SqlRequestStore(seeded_database.engine, clock=lambda: NOW)
    for _ in range(REFUSALS_AUDITED + 5):  # a script of forged clicks
        assert (
            await store.move(424242, "approve", JIHOON, POLICY, TODAY, "card")
        ).refusal == "unknown_request"
    assert (await store.move(424242, "approve", SEOYEON, POLICY, TODAY, "card")).refusal == "unknown_request"
    async with seeded_database.engine.connect() as connection:
        rows = (
            await connection.execute(
                select(audit_log.c.employee_id, audit_log.c.detail).where(audit_log.c.outcome == "refused")
            )
        ).all()
    assert [row.employee_id for row in rows].count("E1003") == REFUSALS_AUDITED
    assert [row.employee_id for row in rows].count("E1002") == 1  # another person is audited as ever
    assert all(set(row.detail) == {"request", "action", "refused", "by"} for row in rows)  # no text


async def test_migration_0009_carries_cards_and_untold_terminal_decisions_over(database: ScratchDatabase):
    async with database.engine.begin() as connection:  # back to 0008, as a database before this change
        await connection.run_sync(lambda sync: command.downgrade(migrate._config(sync), "0008"))
        await connection.exec_driver_sql(
            "INSERT INTO employees (employee_id, name, email, email_key, hire_date, active) "
            "VALUES ('E1', 'N', 'n@x.kr', 'n@x.kr', '2021-03-02', true)"
        )
        for request_id, state, channel, ts, to_tell in (
            (1, "pending", "D0APPROVER", "1764399999.000100", False),
            (2, "declined", "D0APPROVER", "1764399999.000200", True),
            (3, "pending", "", None, False),  # claimed, never posted
        ):
            await connection.exec_driver_sql(
                "INSERT INTO leave_requests (id, employee_id, approver_id, leave_type, start_on, end_on, part,"
                " days, reason, state, created_at, decided_at, card_channel, card_ts, to_tell) VALUES"
                f" ({request_id}, 'E1', 'E2', 'annual', '2026-12-21', '2026-12-21', 'full', 1, '', '{state}',"
                f" '2026-11-29 03:00:00', '2026-11-29 04:00:00', '{channel}',"
                f" {'NULL' if ts is None else repr(ts)}, {'true' if to_tell else 'false'})"
            )
    assert await migrate.upgrade(database.engine) == ("0008", migrate.head_revision())
    async with database.engine.connect() as connection:
        rows = await connection.execute(select(request_messages).order_by(request_messages.c.id))
        carried = [(row.request_id, row.kind, row.state, row.channel, row.ts) for row in rows]
        states = (await connection.execute(select(leave_requests.c.id, leave_requests.c.state))).all()
    assert carried == [
        (1, "approver_card", "sent", "D0APPROVER", "1764399999.000100"),
        (2, "approver_card", "sent", "D0APPROVER", "1764399999.000200"),
        (2, "card_update", "owed", None, None),
        (2, "requester_decision", "owed", None, None),
        # Request 3's card was claimed but never recorded: owed now, looked for before it is posted.
        (3, "approver_card", "owed", None, None),
        (3, "requester_sent", "owed", None, None),
    ]
    async with database.engine.connect() as connection:
        tries = (
            await connection.execute(
                select(request_messages.c.attempts).where(request_messages.c.request_id == 3)
            )
        ).scalars()
    assert list(tries) == [1, 1]
    assert sorted(states) == [(1, "pending"), (2, "declined"), (3, "pending")]
