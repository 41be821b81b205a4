"""The audit log: one record per tool request, whoever made it (the model or our code).

A record says who ran which tool (with the tool's own validated detail, e.g. the year), from which
surface, and how it ended. It never holds a token, the message text, a tool name the model invented or
an injected value: the fields below are all there is.

Records go to the database (`audit_log`, one row each, safe with several processes) and, if
OFFICEBOT_AUDIT names a file, to that JSON Lines file too. Writing is fail-closed: when a record cannot
be written the toolbox raises `AuditUnavailable`, and the answer that would have shown the result is not
posted (the person gets a short apology instead).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement
from bot.db.group_commit import GroupCommit
from bot.db.tables import audit_log
from bot.outcomes import Outcome

log = logging.getLogger(__name__)

RequestedBy = Literal["model", "code"]
UtcClock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(tz=UTC)


@dataclass(frozen=True)
class LookupRecord:
    time: str  # UTC, ISO 8601
    slack_user_id: str | None
    employee_id: str
    tool: str | None  # None when the model asked for a tool that does not exist
    detail: dict[str, Any]  # the tool's validated input, e.g. {"year": 2026}; {} when it was refused
    outcome: Outcome
    surface: str
    requested_by: RequestedBy

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))


def utc_timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class AuditSink(Protocol):
    """Where records go. `record` raises when the record could not be kept."""

    async def record(self, entry: LookupRecord) -> None: ...


class AuditUnavailable(Exception):
    """A lookup's audit record could not be written, so its result must not be shown."""


class SqlAuditLog:
    """One row per record in `audit_log`. `record` returns once its row is committed; records made at
    the same time are committed together (one INSERT of many rows, see `GroupCommit`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._writing: GroupCommit[LookupRecord, None] = GroupCommit(self._write)

    async def record(self, entry: LookupRecord) -> None:
        await self._writing.submit(entry)

    async def _write(self, entries: Sequence[LookupRecord]) -> list[None]:
        rows = []
        for entry in entries:
            row = asdict(entry)
            row["at"] = datetime.fromisoformat(row.pop("time").replace("Z", "+00:00"))
            rows.append(row)
        async with single_statement(self._engine) as connection:  # one INSERT is atomic by itself
            await connection.execute(insert(audit_log).values(rows))
        return [None] * len(entries)

    async def recent(self, employee_id: str, limit: int) -> list[LookupRecord]:
        """The last `limit` records for one employee, oldest first."""
        return (await self.read(employee_id, limit)).records

    async def read(self, employee_id: str, limit: int) -> AuditReading:
        """The last `limit` records for one employee, oldest first, less any row that is not a record
        (written by something else, or by hand), counted in `skipped`."""
        query = (
            select(audit_log)
            .where(audit_log.c.employee_id == employee_id)
            .order_by(audit_log.c.id.desc())
            .limit(limit)
        )
        async with self._engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        found = [
            record_from({**row._asdict(), "time": utc_timestamp(_as_utc(row.at)) if row.at else None})
            for row in reversed(rows)
        ]
        records = [r for r in found if r is not None]
        return AuditReading(records, len(found) - len(records))


@dataclass(frozen=True)
class AuditReading:
    records: list[LookupRecord]
    skipped: int  # rows or lines that were not a whole record


_TEXT_FIELDS = ("time", "employee_id", "outcome", "surface", "requested_by")


def record_from(fields: Mapping[str, Any]) -> LookupRecord | None:
    """A record from a row or a JSON line, or None when a field is missing or of the wrong type."""
    if any(not isinstance(fields.get(name), str) for name in _TEXT_FIELDS):
        return None
    if not isinstance(fields.get("detail"), dict):
        return None
    if any(
        fields.get(name) is not None and not isinstance(fields[name], str)
        for name in ("slack_user_id", "tool")
    ):
        return None
    return LookupRecord(
        time=fields["time"],
        slack_user_id=fields.get("slack_user_id"),
        employee_id=fields["employee_id"],
        tool=fields.get("tool"),
        detail=dict(fields["detail"]),
        outcome=fields["outcome"],
        surface=fields["surface"],
        requested_by=fields["requested_by"],
    )


def read_jsonl(path: Path, employee_id: str, limit: int) -> AuditReading:
    """The last `limit` records for one employee in a JSON Lines audit file (OFFICEBOT_AUDIT), oldest
    first. A line that is not JSON or not a whole record is skipped and counted, never a traceback."""
    records: list[LookupRecord] = []
    skipped = 0
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.strip():
                continue
            try:
                fields = json.loads(line)
            except ValueError:
                fields = None
            record = record_from(fields) if isinstance(fields, dict) else None
            if record is None:
                skipped += 1
            elif record.employee_id == employee_id:
                records.append(record)
    return AuditReading(records[-limit:], skipped)


def _as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; what was written was UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class AllSinks:
    """Every sink must keep the record (fail-closed applies to each)."""

    def __init__(self, sinks: list[AuditSink]) -> None:
        self._sinks = sinks

    async def record(self, entry: LookupRecord) -> None:
        for sink in self._sinks:
            await sink.record(entry)


class JsonlAuditLog:
    """Append-only JSON Lines: one line per lookup, written whole.

    Each line is one `os.write` on an O_APPEND descriptor under a lock, so concurrent lookups never
    interleave, and the file is reopened for each line so log rotation just works. The write is done
    inline: appending ~200 bytes to a local file takes microseconds, while handing each line to a thread
    cost more CPU than the write itself when hundreds of lookups ran at once (README, Performance). Put
    the file on a local disk.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    async def record(self, entry: LookupRecord) -> None:
        self._append((entry.to_json() + "\n").encode("utf-8"))

    def _append(self, data: bytes) -> None:
        with self._lock:
            # 0o600: the log says who looked at their leave and when; only the bot's user reads it.
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.fchmod(fd, 0o600)  # also a file that existed before with wider permissions
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)


def render_record(entry: LookupRecord) -> str:
    detail = "  ".join(f"{key}={value}" for key, value in entry.detail.items()) or "-"
    return (
        f"{entry.time}  {entry.employee_id}  slack={entry.slack_user_id or '-'}  {entry.surface:<8}  "
        f"{entry.tool or '-'}  {detail:<9}  {entry.outcome:<17}  by {entry.requested_by}"
    )
