"""The leave requests part of an export: `requests.csv` beside the CSV set, `"requests"` in the JSON.

Export only: a request is a record of what was asked and decided (docs/requests.md), its approved days
are already in the leave records, and the importer reads neither requests.csv nor the JSON's
`"requests"` back (it accepts and ignores them, so an exported set imports as it is). Requests are read
in id order inside the export's snapshot, a batch at a time; the bot's own bookkeeping (the approver's
card, the submission key, reminders sent) stays out. Times are UTC, ISO 8601.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db.tables import leave_requests
from bot.domain.leave import format_days

# requests.csv's header; the JSON's keys are the same names.
REQUEST_COLUMNS = (
    "id",
    "employee_id",
    "approver_id",
    "leave_type",
    "start",
    "end",
    "part",
    "days",
    "reason",
    "state",
    "created_at",
    "decided_by",
    "decided_at",
    "decision_note",
)

_BATCH = 1_000  # requests read per query


async def stored_requests(connection: AsyncConnection) -> AsyncIterator[list[Row[Any]]]:
    """Every leave request in id order, a batch at a time (keyset pages: no OFFSET rescans)."""
    after = -1
    while True:
        query = (
            select(leave_requests)
            .where(leave_requests.c.id > after)
            .order_by(leave_requests.c.id)
            .limit(_BATCH)
        )
        batch = list(await connection.execute(query))
        if not batch:
            return
        yield batch
        after = batch[-1].id


def _moment(value: datetime | None) -> str | None:
    if value is None:
        return None
    # SQLite hands back naive datetimes; what was written was UTC.
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def request_fields(request: Row[Any]) -> dict[str, str | None]:
    """One request as text per column of `REQUEST_COLUMNS`; None where the request has no value."""
    return {
        "id": str(request.id),
        "employee_id": request.employee_id,
        "approver_id": request.approver_id,
        "leave_type": request.leave_type,
        "start": request.start_on.isoformat(),
        "end": request.end_on.isoformat(),
        "part": request.part,
        "days": format_days(request.days),
        "reason": request.reason,
        "state": request.state,
        "created_at": _moment(request.created_at),
        "decided_by": request.decided_by,
        "decided_at": _moment(request.decided_at),
        "decision_note": request.decision_note,
    }
