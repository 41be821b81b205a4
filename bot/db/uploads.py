"""`SqlUploads`: HR's data files dropped in Slack (`data_uploads`): a dry run recorded, then claimed once
by an Import click (`checked` → `importing` in one conditional UPDATE: of two clicks, in two processes,
one wins), then ended (`imported`, `changed`: the files no longer match the dry run, `failed`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement
from bot.db.tables import data_uploads

UploadState = str  # checked, importing, imported, changed, failed
TERMINAL = "cli"  # the `channel` of an import made with `officebot data import`


@dataclass(frozen=True)
class Upload:
    id: int
    uploaded_by: str
    channel: str
    files: list[dict[str, Any]]  # [{"id": "F…", "name": "employees.csv"}]
    checksum: str
    state: UploadState


class SqlUploads:
    def __init__(
        self, engine: AsyncEngine, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self._engine, self._clock = engine, clock

    async def record(self, uploaded_by: str, channel: str, files: list[dict[str, Any]], checksum: str) -> int:
        row = {
            "uploaded_by": uploaded_by,
            "channel": channel,
            "files": files,
            "checksum": checksum,
            "state": "checked",
            "created_at": self._clock(),
        }
        async with single_statement(self._engine) as connection:
            inserted = (await connection.execute(insert(data_uploads).values(**row))).inserted_primary_key
        assert inserted is not None
        return int(inserted[0])

    async def record_terminal_import(self, by: str, names: list[str], checksum: str) -> None:
        """An `officebot data import` done at the terminal (by the OS user): kept beside Slack's uploads so
        HR's Home tab can say which import was the last, wherever it was made."""
        at = self._clock()
        row = {
            "uploaded_by": by[:32],
            "channel": TERMINAL,
            "files": [{"name": name} for name in names],
            "checksum": checksum,
            "state": "imported",
            "created_at": at,
            "decided_by": by[:32],
            "decided_at": at,
        }
        async with single_statement(self._engine) as connection:
            await connection.execute(insert(data_uploads).values(**row))

    async def get(self, upload_id: int) -> Upload | None:
        async with single_statement(self._engine) as connection:
            row = (
                await connection.execute(select(data_uploads).where(data_uploads.c.id == upload_id))
            ).first()
        if row is None:
            return None
        return Upload(row.id, row.uploaded_by, row.channel, list(row.files), row.checksum, row.state)

    async def claim(self, upload_id: int, by: str) -> bool:
        """True for the one caller that moved it from `checked`: only it may import."""
        return await self._move(upload_id, "checked", "importing", by)

    async def end(self, upload_id: int, state: UploadState, by: str) -> None:
        await self._move(upload_id, "importing", state, by)

    async def _move(self, upload_id: int, before: str, after: str, by: str) -> bool:
        query = (
            update(data_uploads)
            .where(data_uploads.c.id == upload_id, data_uploads.c.state == before)
            .values(state=after, decided_by=by, decided_at=self._clock())
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(query)).rowcount == 1

    async def last_imported(self) -> tuple[datetime, str, list[str], bool] | None:
        """The last import, from Slack or the terminal: when, by whom (an employee id; an OS user at the
        terminal), its files' names, and whether it was made at the terminal."""
        query = (
            select(data_uploads)
            .where(data_uploads.c.state == "imported")
            .order_by(data_uploads.c.decided_at.desc(), data_uploads.c.id.desc())
            .limit(1)
        )
        async with single_statement(self._engine) as connection:
            row = (await connection.execute(query)).first()
        if row is None or row.decided_at is None:
            return None
        at = (
            row.decided_at if row.decided_at.tzinfo else row.decided_at.replace(tzinfo=UTC)
        )  # SQLite: naive UTC
        names = [str(f.get("name")) for f in row.files]
        return at, str(row.decided_by or row.uploaded_by), names, row.channel == TERMINAL
