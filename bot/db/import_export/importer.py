"""HR data into the database from JSON and CSV files: employees, their leave grants, the leave they took.

All or nothing. Every file is read and every row checked (against the rest of the import and against the
database) before anything is written; any problem refuses the whole import, listing every problem one per
line as `file:line: column: reason`. Then, in one transaction, each employee the import mentions is
replaced by what the import says about them and nobody else is touched (with `replace_all`, everybody
else is removed). Re-importing the same files changes nothing.

The steps, one module each: `csv_reader` and `json_reader` fill a `reading.FilesRead` by the value rules
of `schema`; `plan` works out what changes and checks what only the database can show; `writer` writes
it. Amounts are Decimal from the file to the database (JSON floats are parsed as Decimal). Reading runs
in a worker thread so a large file does not stall the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import writing
from bot.db.import_export.csv_reader import read_csv
from bot.db.import_export.json_reader import read_json
from bot.db.import_export.plan import make_plan
from bot.db.import_export.reading import At, FilesRead
from bot.db.import_export.writer import write


class ImportRefused(Exception):
    """The import was refused and nothing was written. `problems` holds every problem found, one line
    each (`file:line: column: reason`), in file order."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = len(problems) - 1
        super().__init__(problems[0] if more == 0 else f"{problems[0]} (and {more} more)")


@dataclass(frozen=True)
class ImportSummary:
    employees: int  # rows in the files
    grants: int
    records: int
    added: int  # employees new to the database
    replaced: int  # employees the database had, now replaced by the import
    dry_run: bool
    removed: int = 0  # employees deleted because the import did not name them (replace_all)
    requests_ignored: int = 0  # leave requests in an exported set: export only, never imported


# The PostgreSQL advisory lock every import holds for its transaction ("OBIMPORT" in ASCII).
_IMPORT_LOCK = 0x4F42494D504F5254


async def import_files(
    engine: AsyncEngine, paths: Sequence[Path], *, dry_run: bool = False, replace_all: bool = False
) -> ImportSummary:
    """Checks `paths` (JSON and CSV files) completely, then writes them in one transaction; raises
    ImportRefused, writing nothing, if anything is wrong. `dry_run` checks everything and writes nothing.
    `replace_all`: afterwards the database holds exactly the import's employees."""
    if not paths:
        raise ImportRefused(["no files to import"])
    reading = await asyncio.to_thread(_read_files, [Path(path) for path in paths])
    async with writing(engine) as connection:
        if connection.dialect.name == "postgresql":
            # One import at a time: a second waits here instead of failing on the first's rows.
            await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _IMPORT_LOCK})
        plan = await make_plan(connection, reading, replace_all)
        problems = reading.sorted_problems()
        if problems:
            raise ImportRefused(problems)  # leaving the block rolls back; nothing was written anyway
        if not dry_run:
            await write(connection, reading, plan)
            if connection.dialect.name == "postgresql":
                # Fresh statistics with the rows: without them, right after a large import PostgreSQL
                # guesses ~1,000 rows per employee and plans a parallel scan for one person's ledger
                # (LeaveStore.ledger_inputs: ~10 ms for worker start-up instead of ~1 ms) until autovacuum
                # gets to it. Part of the transaction: ANALYZE may run inside one.
                await connection.execute(text("ANALYZE employees, leave_grants, leave_records"))
    return ImportSummary(
        employees=reading.employee_rows_read,
        grants=reading.grant_rows_read,
        records=reading.leave_rows_read,
        added=len(reading.declared.keys() - plan.in_database.keys()),
        replaced=len(plan.mentioned & plan.in_database.keys()),
        dry_run=dry_run,
        removed=len(plan.removed),
        requests_ignored=reading.requests_ignored,
    )


def _read_files(paths: list[Path]) -> FilesRead:
    reading = FilesRead()
    for file_index, path in enumerate(paths):
        suffix = path.suffix.lower()
        if suffix == ".json":
            read_json(reading, file_index, path)
        elif suffix == ".csv":
            read_csv(reading, file_index, path)
        else:
            reading.problem(At(file_index, -1, str(path)), "file", "not a .json or .csv file")
    return reading
