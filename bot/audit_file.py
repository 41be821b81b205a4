"""The audit sink as a JSON Lines file (OFFICEBOT_AUDIT), beside the database's, and its reader.

File I/O, not SQL, so it lives outside `bot/db/`; the record and its port are in `bot/ports/audit.py`.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from bot.ports.audit import AuditReading, LookupRecord, record_from


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
            elif record.employee_id.upper() == employee_id.upper():  # ids match whatever their case
                records.append(record)
    return AuditReading(records[-limit:], skipped)
