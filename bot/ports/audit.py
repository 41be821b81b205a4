"""The audit log: one record per tool request, whoever made it (the model or our code).

A record says who ran which tool (with the tool's own validated detail, e.g. the year), from which
surface, and how it ended. It never holds a token, the message text, a tool name the model invented or
an injected value: the fields below are all there is.

Records go to the database (`audit_log`, one row each, safe with several processes: `bot/db/audit.py`)
and, if OFFICEBOT_AUDIT names a file, to that JSON Lines file too (`bot/audit_file.py`); this module is
the port both implement, the record, and how a stored record is read back. Writing is fail-closed: when a record cannot
be written the toolbox raises `AuditUnavailable`, and the answer that would have shown the result is not
posted (the person gets a short apology instead).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from bot.domain.outcomes import Outcome

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


class AllSinks:
    """Every sink must keep the record (fail-closed applies to each)."""

    def __init__(self, sinks: list[AuditSink]) -> None:
        self._sinks = sinks

    async def record(self, entry: LookupRecord) -> None:
        for sink in self._sinks:
            await sink.record(entry)


def render_record(entry: LookupRecord) -> str:
    detail = "  ".join(f"{key}={value}" for key, value in entry.detail.items()) or "-"
    return (
        f"{entry.time}  {entry.employee_id}  slack={entry.slack_user_id or '-'}  {entry.surface:<8}  "
        f"{entry.tool or '-'}  {detail:<9}  {entry.outcome:<17}  by {entry.requested_by}"
    )
