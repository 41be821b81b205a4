"""An import written, once the plan found no problem: in the import's one transaction, delete-then-insert
for what it replaces, in chunks, so thousands of rows cost a few statements. Re-importing the same files
changes nothing: a replaced leave record that an approved leave request wrote gets its `request_id` back
when the import gives the same record again (an exported set does), so cancelling the request still
removes it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import bindparam, delete, insert, literal, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db.import_export.batches import ID_CHUNK, WRITE_CHUNK, chunks
from bot.db.import_export.plan import Plan
from bot.db.import_export.reading import FilesRead, Record
from bot.db.import_export.schema import EMPLOYEE_COLUMNS
from bot.db.tables import employees, leave_grants, leave_records

_UPDATE_EMPLOYEE = (
    update(employees)
    .where(employees.c.employee_id == bindparam("b_employee_id"))
    .values({column: bindparam(f"b_{column}") for column in (*EMPLOYEE_COLUMNS[1:], "email_key")})
)


async def write(connection: AsyncConnection, reading: FilesRead, plan: Plan) -> None:
    """Delete-then-insert for what the import replaces, in chunks: a few statements per thousands of rows."""
    in_database = plan.in_database
    for ids in chunks(plan.removed, ID_CHUNK):  # their grants and leave go with them (cascade)
        await connection.execute(delete(employees).where(employees.c.employee_id.in_(ids)))
    requested = await _requested_records(connection, sorted(plan.leave_replaced & in_database.keys()))
    for table, replaced in ((leave_grants, plan.grants_replaced), (leave_records, plan.leave_replaced)):
        for ids in chunks(sorted(replaced & in_database.keys()), ID_CHUNK):
            await connection.execute(delete(table).where(table.c.employee_id.in_(ids)))

    # Employee rows are updated in place, not deleted: a delete would cascade to grants and leave that
    # this import may not replace. Unchanged rows (a re-import) are left alone.
    changed = [
        row
        for employee_id, row in reading.employee_rows.items()
        if employee_id in in_database
        and any(in_database[employee_id]._mapping[k] != v for k, v in row.items())
    ]
    # An email or Slack user may move from one replaced employee to another: the changing rows first let
    # go of theirs, so the unique columns never hold one value twice along the way.
    moving = [
        row["employee_id"]
        for row in changed
        if (in_database[row["employee_id"]].email_key, in_database[row["employee_id"]].slack_user_id)
        != (row["email_key"], row["slack_user_id"])
    ]
    for ids in chunks(moving, ID_CHUNK):
        await connection.execute(
            update(employees)
            .where(employees.c.employee_id.in_(ids))
            .values(email_key=literal("#moving:") + employees.c.employee_id, slack_user_id=None)
        )
    for rows in chunks(changed, WRITE_CHUNK):
        await connection.execute(_UPDATE_EMPLOYEE, [{f"b_{k}": v for k, v in row.items()} for row in rows])
    added = [row for employee_id, row in reading.employee_rows.items() if employee_id not in in_database]
    for rows in chunks(added, WRITE_CHUNK):
        await connection.execute(insert(employees), list(rows))

    grants = [
        {
            "employee_id": employee_id,
            "year": year,
            "granted": grant.granted,
            "opening_used": grant.opening_used,
            "allow_negative": grant.allow_negative,
        }
        for (employee_id, year), grant in reading.grants.items()
    ]
    for rows in chunks(grants, WRITE_CHUNK):
        await connection.execute(insert(leave_grants), list(rows))
    for records in chunks(reading.records, WRITE_CHUNK):
        await connection.execute(
            insert(leave_records),
            [
                {
                    "employee_id": e,
                    "taken_on": taken_on,
                    "days": days,
                    "leave_type": kind,
                    "note": note,
                    # Looked up only when there are linked records (a plain import's millions of rows pay nothing).
                    "request_id": _request_of(requested, (e, taken_on, days, kind, note))
                    if requested
                    else None,
                }
                for e, taken_on, days, kind, note in records
            ],
        )


async def _requested_records(connection: AsyncConnection, ids: Iterable[str]) -> dict[Record, list[int]]:
    """The request ids of the leave records about to be replaced that an approved request wrote, by the
    record's values (a request's records name it in their note, so equal values are its own records)."""
    requested: dict[Record, list[int]] = defaultdict(list)
    for chunk in chunks(list(ids), ID_CHUNK):
        query = select(leave_records).where(
            leave_records.c.employee_id.in_(chunk), leave_records.c.request_id.is_not(None)
        )
        for row in await connection.execute(query):
            requested[row.employee_id, row.taken_on, row.days, row.leave_type, row.note].append(
                row.request_id
            )
    return requested


def _request_of(requested: dict[Record, list[int]], record: Record) -> int | None:
    ids = requested.get(record)
    return ids.pop() if ids else None
