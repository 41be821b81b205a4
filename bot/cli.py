"""`officebot demo | chat | run | audit`: parse the command line, read Settings, call the shell."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from dotenv import find_dotenv, load_dotenv

from bot.audit import recent_lookups, render_record
from bot.config import ConfigError, Settings
from bot.hr.directory import NotAnEmployee
from bot.hr.json_data import BUNDLED_DATA_TODAY, DataFileError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="officebot", description="OfficeBot: annual leave answers via Claude tool use"
    )
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
    audit = sub.add_parser("audit", help="print recent leave lookups of one employee from the audit log")
    audit.add_argument("--employee", required=True, help="employee id, e.g. E1001")
    audit.add_argument(
        "--limit", type=_positive, default=20, help="how many recent lookups to show (default 20)"
    )
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # .env from the working directory (not from where the package is installed); the real environment wins
    load_dotenv(find_dotenv(usecwd=True), override=False)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env()
        if args.command == "run":
            from bot.slack.runner import run_slack  # Slack's libraries load only for `run`

            return run_slack(settings, port=args.port)
        if args.command == "audit":
            return print_audit(settings.audit_path, args.employee, args.limit, sys.stdout)
        settings = _bundled_data_date(settings)
        if args.command == "demo":
            from bot.demo import run_demo

            return asyncio.run(run_demo(settings, args.employee_id, sys.stdout))
        from bot.chat import run_chat

        return asyncio.run(run_chat(settings, args.employee_id, args.trace, sys.stdout))
    except (ConfigError, DataFileError, NotAnEmployee) as exc:
        print(f"officebot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _bundled_data_date(settings: Settings) -> Settings:
    """demo and chat on the bundled data keep its date, so its examples still work in later years."""
    if settings.pinned_today is None and settings.data_path is None:
        return dataclasses.replace(settings, pinned_today=BUNDLED_DATA_TODAY)
    return settings


def print_audit(path: Path, employee_id: str, limit: int, out: TextIO) -> int:
    if not path.exists():
        print(f"No audit log at {path} yet (set OFFICEBOT_AUDIT if it lives elsewhere).", file=out)
        return 0
    try:
        records = recent_lookups(path, employee_id, limit)
    except OSError as exc:
        print(f"officebot: cannot read the audit log {path} ({exc.__class__.__name__})", file=sys.stderr)
        return 2
    if not records:
        print(f"No lookups for {employee_id} in {path}.", file=out)
        return 0
    print(f"Last {len(records)} lookup(s) for {employee_id} in {path}, oldest first:", file=out)
    for entry in records:
        print(render_record(entry), file=out)
    return 0
