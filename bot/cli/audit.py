"""`officebot audit --employee ID`: one employee's recent leave lookups, from the database's audit log or
from a JSON Lines audit file (`--file`). The id matches whatever its case (bot/cli/employees.py); the
database's must be an employee's, a file's is taken as it is (it may hold people no longer in the data)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.audit_file import read_jsonl
from bot.cli.employees import employee_id_in
from bot.config import Settings
from bot.errors import ConfigError
from bot.ports.audit import render_record
from bot.services import open_stores


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(print_audit(settings, args.employee, args.limit, sys.stdout, args.file))


async def print_audit(
    settings: Settings, employee_id: str, limit: int, out: TextIO, path: Path | None = None
) -> int:
    if path is not None:
        where = str(path)
        try:
            reading = read_jsonl(path, employee_id, limit)
        except OSError as exc:
            raise ConfigError(f"--file {path}: cannot read it ({exc.__class__.__name__})") from None
    else:
        where = settings.database.describe()
        async with open_stores(settings) as stores:
            employee_id = await employee_id_in(stores.hr, employee_id)  # an id nobody has: one line, exit 2
            reading = await stores.audit.read(employee_id, limit)
    skipped = f" ({reading.skipped} malformed record(s) skipped)" if reading.skipped else ""
    if not reading.records:
        print(f"No lookups for {employee_id} in {where}.{skipped}", file=out)
        return 0
    print(
        f"Last {len(reading.records)} lookup(s) for {employee_id} in {where}, oldest first:{skipped}",
        file=out,
    )
    for entry in reading.records:
        print(render_record(entry), file=out)
    return 0
