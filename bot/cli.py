"""`officebot demo | chat | run | audit | feedback | data | db`: parse the command line, read Settings, call the shell."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from datetime import UTC
from importlib import metadata
from pathlib import Path
from typing import TextIO

from bot import entitlement_command
from bot.audit_file import read_jsonl
from bot.config import Settings
from bot.db.audit import SqlAuditLog
from bot.db.feedback import SqlFeedbackLog
from bot.db.migrate import new_revision
from bot.errors import ConfigError, StartupError
from bot.hr.bundled import BUNDLED_DATA_TODAY
from bot.hr.directory import NotAnEmployee
from bot.ports.audit import render_record
from bot.services import open_database, upgrade_database


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="officebot", description="OfficeBot: annual leave answers via Claude tool use"
    )
    parser.add_argument("--version", action="version", version=f"officebot {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser(
        "demo", help="ask four example questions (balance, follow-up, greeting, HR outage), print every step"
    )
    demo.add_argument(
        "--as", dest="employee_id", default="E1001", help="employee id to ask as (default E1001)"
    )
    chat = sub.add_parser("chat", help="talk to the bot in the terminal")
    chat.add_argument(
        "--as", dest="employee_id", default="E1001", help="employee id to ask as (default E1001)"
    )
    chat.add_argument("--trace", action="store_true", help="print every step after each answer")
    run = sub.add_parser("run", help="run the Slack app (Socket Mode if SLACK_APP_TOKEN is set, else HTTP)")
    run.add_argument("--port", type=int, default=3000, help="HTTP mode port (default 3000)")
    run.add_argument(
        "--host", default="0.0.0.0", help="address to listen on in HTTP mode and for health (default 0.0.0.0)"
    )
    audit = sub.add_parser("audit", help="print recent leave lookups of one employee from the audit log")
    audit.add_argument("--employee", required=True, help="employee id, e.g. E1001")
    audit.add_argument(
        "--limit", type=_positive, default=20, help="how many recent lookups to show (default 20)"
    )
    audit.add_argument(
        "--file", type=Path, default=None, help="read this JSON Lines audit file (OFFICEBOT_AUDIT) instead"
    )
    feedback = sub.add_parser("feedback", help="feedback on answers: counts, and the latest bad answers' ids")
    feedback.add_argument(
        "--limit", type=_positive, default=10, help="how many of the latest bad answers to list (default 10)"
    )
    data = sub.add_parser("data", help="HR data in the database: import, export, check")
    data_sub = data.add_subparsers(dest="data_command", required=True)
    data_import = data_sub.add_parser(
        "import", help="import JSON or CSV files (employees, grants, leave) in one transaction"
    )
    data_import.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    data_import.add_argument("--dry-run", action="store_true", help="check the files, write nothing")
    data_export = data_sub.add_parser("export", help="write the HR data as files that import reads")
    data_export.add_argument("directory", type=Path, metavar="DIR")
    data_export.add_argument("--format", choices=("csv", "json"), default="csv")
    data_sub.add_parser("check", help="report problems in the current HR data without changing it")
    db = sub.add_parser("db", help="the database schema")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply the schema migrations (OFFICEBOT_DATABASE_URL)")
    revision = db_sub.add_parser(
        "revision", help="write the next migration file, with what bot/db/tables.py adds (for developers)"
    )
    revision.add_argument("-m", "--message", required=True, help='what it changes, e.g. "Leave requests"')
    entitlement_command.add_parser(sub)
    return parser


def _version() -> str:
    try:
        return metadata.version("officebot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # The terminal shells print what matters themselves; start-up chatter (migrations, seeding) is for `run`.
    level = logging.WARNING if args.command in ("demo", "chat") else logging.INFO
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    # Alembic narrates every revision check; what changed is logged by bot.services instead.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        if args.command == "entitlement":  # the Act's leave for a hire date: no settings, no database
            return entitlement_command.run(args, sys.stdout, sys.stderr)
        if args.command == "db" and args.db_command == "revision":  # needs no settings: a scratch database
            return asyncio.run(write_revision(args.message, sys.stdout))
        # .env from the working directory (not from where the package is installed); the real environment wins
        settings = Settings.from_env(dotenv=True)
        if args.command == "run":
            from bot.slack.runner import run_slack  # Slack's libraries load only for `run`

            return run_slack(settings, port=args.port, host=args.host)
        if args.command in ("audit", "data", "db", "feedback") and settings.data_path is not None:
            raise ConfigError(
                f"OFFICEBOT_DATA is set: `officebot {args.command}` works on the database; unset OFFICEBOT_DATA "
                "(or load the file with `officebot data import FILE`)"
            )
        if args.command == "audit":
            return asyncio.run(print_audit(settings, args.employee, args.limit, sys.stdout, args.file))
        if args.command == "feedback":
            return asyncio.run(print_feedback(settings, args.limit, sys.stdout))
        if args.command == "db":
            return asyncio.run(upgrade_schema(settings, sys.stdout))
        if args.command == "data":
            from bot import data_commands

            return asyncio.run(data_commands.run(settings, args, sys.stdout, sys.stderr))
        settings = _bundled_data_date(settings)
        if args.command == "demo":
            from bot.demo import run_demo

            return asyncio.run(run_demo(settings, args.employee_id, sys.stdout))
        from bot.chat import run_chat

        return run_chat(settings, args.employee_id, args.trace or settings.trace, sys.stdout)
    except (StartupError, NotAnEmployee) as exc:
        print(f"officebot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _bundled_data_date(settings: Settings) -> Settings:
    """demo and chat on the bundled data keep its date, so its examples still work in later years."""
    if settings.pinned_today is None and settings.data_path is None:
        return settings.model_copy(update={"pinned_today": BUNDLED_DATA_TODAY})
    return settings


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
        async with open_database(settings) as engine:
            reading = await SqlAuditLog(engine).read(employee_id, limit)
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


async def print_feedback(settings: Settings, limit: int, out: TextIO) -> int:
    """Counts of 👍 / 👎 and the latest 👎 answers' ids (the question's delivery id): no text is kept."""
    where = settings.database.describe()
    async with open_database(settings) as engine:
        summary = await SqlFeedbackLog(engine).summary(limit)
    print(f"Feedback in {where}: {summary.good} good, {summary.bad} bad.", file=out)
    if summary.latest_bad:
        print(f"Latest bad answers (newest first, up to {limit}):", file=out)
        for bad in summary.latest_bad:
            print(f"  {bad.at.astimezone(UTC).strftime('%Y-%m-%d %H:%M:%SZ')}  {bad.answer_id}", file=out)
    return 0


async def upgrade_schema(settings: Settings, out: TextIO) -> int:
    before, after = await upgrade_database(settings)
    where = settings.database.describe()
    if before == after:
        print(f"{where}: the schema is current (revision {after}).", file=out)
    else:
        print(f"{where}: migrated from revision {before or '(none)'} to {after}.", file=out)
    return 0


async def write_revision(message: str, out: TextIO) -> int:
    path = await new_revision(message)
    print(f"{path}: review it (autogenerate misses renames and data), then `officebot db upgrade`.", file=out)
    return 0
