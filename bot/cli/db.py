"""`officebot db upgrade`: apply the schema migrations to OFFICEBOT_DATABASE_URL's database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from bot.config import Settings
from bot.services import new_migration, upgrade_database


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(upgrade_schema(settings, sys.stdout))  # `upgrade` is the one db command


async def upgrade_schema(settings: Settings, out: TextIO) -> int:
    before, after = await upgrade_database(settings)
    where = settings.database.describe()
    if before == after:
        print(f"{where}: the schema is current (revision {after}).", file=out)
    else:
        print(f"{where}: migrated from revision {before or '(none)'} to {after}.", file=out)
    return 0


def write_revision_command(args: argparse.Namespace) -> int:
    if not args.message.strip():  # the file's name and docstring say it: a blank one says nothing
        print('officebot: db revision: -m: say what it changes, e.g. -m "Leave requests"', file=sys.stderr)
        return 2
    return asyncio.run(write_revision(args.message, sys.stdout))


async def write_revision(message: str, out: TextIO) -> int:
    path = await new_migration(message)
    print(f"{path}: review it (autogenerate misses renames and data), then `officebot db upgrade`.", file=out)
    return 0
