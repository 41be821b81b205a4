"""`officebot data import | export | check`: HR data in and out of the database, from the command line."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import sys
from pathlib import Path
from typing import TextIO

from sqlalchemy.exc import SQLAlchemyError

from bot.cli.policy import os_user
from bot.cli.stored_policy import REFUSED, policy_or_say_why
from bot.config import Settings
from bot.services import open_stores
from bot.services.hr_data import (
    ImportRefused,
    check_data,
    differences_from_the_act,
    export_data,
    import_files,
)

# Exit status when the files or the data are refused (as for any bad input).


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    where = settings.database.describe()
    if args.data_command == "export" and (problem := export_problem(args.directory)) is not None:
        print(f"officebot: data export: {problem}: nothing written", file=err)  # the database unopened
        return REFUSED
    try:
        return await _run(settings, args, out, err, where)
    except SQLAlchemyError as exc:
        reason = getattr(exc, "orig", None) or exc
        print(
            f"officebot: {where}: the database refused ({reason.__class__.__name__}): nothing was changed",
            file=err,
        )
        return REFUSED


def export_problem(directory: Path) -> str | None:
    """Why `directory` cannot take an export, before anything is written: export writes a directory of
    files (employees.csv, grants.csv, leave.csv, requests.csv; employees.json with --format json), so a
    name ending in .json or .csv is taken for a file meant as one, not made a directory of that name; and
    only the last part of the path is created (a mistyped parent is not made a tree)."""
    if directory.is_dir():
        return None
    if directory.exists():
        return f"{directory} is a file: give a directory to write the files into"
    if directory.suffix.lower() in (".json", ".csv"):
        return (
            f"{directory} names a file, but export writes a directory of files (employees.csv, grants.csv, "
            f"…, or employees.json with --format json): give a directory, e.g. {directory.with_suffix('')}"
        )
    if not directory.parent.is_dir():
        return f"{directory.parent}: no such directory"
    return None


def _names_and_checksum(paths: list[Path]) -> tuple[list[str], str]:
    """The files' names, and the checksum of their names and bytes (as a Slack upload's is made)."""
    digest = hashlib.sha256()
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return [path.name for path in paths], digest.hexdigest()


async def _run(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO, where: str) -> int:
    async with open_stores(settings) as stores:
        engine = stores.engine  # the import, the export and the check work on the database as a whole
        if args.data_command == "import":
            try:
                summary = await import_files(engine, args.paths, dry_run=args.dry_run)
            except ImportRefused as refused:
                for problem in refused.problems:
                    print(problem, file=err)
                print(f"officebot: nothing imported: {len(refused.problems)} problem(s)", file=err)
                return REFUSED
            if not summary.dry_run:  # HR's Home tab names the last import, wherever it was made
                await stores.uploads.record_terminal_import(os_user(), *_names_and_checksum(args.paths))
            done = "checked, nothing written (--dry-run)" if summary.dry_run else f"imported into {where}"
            print(
                f"{summary.employees} employee(s), {summary.grants} grant(s), {summary.records} leave "
                f"record(s) {done}: {summary.added} new, {summary.replaced} replaced.",
                file=out,
            )
            if summary.requests_ignored:
                print(
                    f"{summary.requests_ignored} leave request(s) in the files left as they are: "
                    "requests are exported, never imported.",
                    file=out,
                )
            return 0
        if args.data_command == "export":
            try:
                args.directory.mkdir(exist_ok=True)
                written = await export_data(engine, args.directory, args.format)
            except OSError as exc:
                print(
                    f"officebot: data export: cannot write in {args.directory} ({exc.strerror or exc})",
                    file=err,
                )
                return REFUSED
            for path in written:
                print(path, file=out)
            return 0
        problems = await check_data(engine)
        for problem in problems:
            print(problem, file=out)
        policy = await policy_or_say_why(stores.policy, err)
        if policy is None:
            return REFUSED
        differences = await differences_from_the_act(engine, policy.rules)
        for difference in differences:
            print(difference, file=out)
        print(
            f"{len(problems)} problem(s) and {len(differences)} grant(s) unlike the Act "
            f"({policy.rules.basis} basis) in {where}.",
            file=out,
        )
        return 1 if problems or differences else 0
