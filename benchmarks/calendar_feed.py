"""`python -m benchmarks.calendar_feed`: how long the calendar feed takes for HR at a company of
`--employees` people (issue 34: 10,000 in under a second), and for a manager of `--reports` people.

A scratch SQLite database (migrated as `officebot run` migrates it) holds the employees, each with
`--requests` approved requests spread over the feed's window (whole days of one to three days, and half
days), plus HR's imported records of the weeks just past. Timed: what a `GET /calendar/<token>.ics` does
after routing, i.e. the feed read (`feed_for`: the token's owner, their roles, one absences query) and its
rendering (`render`, icalendar); median and worst of `--repeats` runs, after one warm-up."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from bot.config import Settings
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.tables import employees, leave_records, leave_requests
from bot.db.url import database_from
from bot.services import open_services
from bot.slack.home.calendar_feed import DAYS_AHEAD, feed_for, render

TODAY = date(2026, 11, 29)


async def _fill(url: str, people: int, requests: int, reports: int, seed: int) -> None:
    rng = random.Random(seed)
    engine = create_engine(database_from(url, Path.cwd()))
    try:
        await migrate.upgrade(engine)
        staff = [
            {
                "employee_id": f"E{n:05}",
                "name": f"직원{n:05}",
                "email": f"e{n}@example.com",
                "email_key": f"e{n}@example.com",
                "hire_date": date(2020, 3, 2),
                "active": True,
                # E00002 manages the next `reports` people; the others report to managers of 10 (HR, E00001,
                # manages nobody: their feed is HR's alone).
                "manager_id": "E00002"
                if 3 <= n < 3 + reports
                else (f"E{max(3, n // 10 * 10):05}" if n > 2 else None),
            }
            for n in range(1, people + 1)
        ]
        rows: list[dict[str, Any]] = []
        records: list[dict[str, Any]] = []
        for person in staff:
            for _ in range(requests):
                start = TODAY + timedelta(days=rng.randrange(-30, DAYS_AHEAD // 3))
                part = rng.choice(("full", "full", "full", "am", "pm"))
                length = rng.randrange(1, 4) if part == "full" else 1
                rows.append(
                    {
                        "employee_id": person["employee_id"],
                        "approver_id": person["manager_id"],
                        "leave_type": "annual",
                        "start_on": start,
                        "end_on": start + timedelta(days=length - 1),
                        "part": part,
                        "days": Decimal(length) if part == "full" else Decimal("0.5"),
                        "reason": "",
                        "state": "approved",
                        "created_at": datetime(2026, 11, 1, tzinfo=UTC),
                    }
                )
            taken = TODAY - timedelta(days=rng.randrange(1, 50))
            records.append(
                {
                    "employee_id": person["employee_id"],
                    "taken_on": taken,
                    "days": Decimal(1),
                    "leave_type": "annual",
                }
            )
        async with engine.begin() as connection:
            await connection.execute(insert(employees), staff)
            await connection.execute(insert(leave_requests), rows)
            await connection.execute(insert(leave_records), records)
    finally:
        await engine.dispose()


async def _timed(services: Any, token: str, repeats: int) -> tuple[list[float], list[float], int, int]:
    """Wall and CPU seconds of each run: on a shared machine the wall time is partly the neighbours'; the
    CPU time (this process's, every thread) is the feed's own."""
    times, cpu, size, events = [], [], 0, 0
    for attempt in range(repeats + 1):
        started, started_cpu = time.perf_counter(), time.process_time()
        feed = await feed_for(services, token)
        assert feed is not None
        body = render(feed)
        elapsed, used = time.perf_counter() - started, time.process_time() - started_cpu
        if attempt:  # the first run warms the caches (SQLAlchemy's compiled statements, zoneinfo)
            times.append(elapsed)
            cpu.append(used)
        size, events = len(body), body.count(b"BEGIN:VEVENT")
    return times, cpu, size, events


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/feed.db"
        await _fill(url, args.employees, args.requests, args.reports, args.seed)
        settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": url, "OFFICEBOT_TODAY": TODAY.isoformat()})
        async with open_services(settings, announce_offline=False) as services:
            await services.policy.change(
                lambda p: p.__class__(**{**p.__dict__, "hr_admins": ("E00001",)}), "benchmark"
            )
            for who, label in (
                ("E00001", f"HR, {args.employees:,} employees"),
                ("E00002", f"manager, {args.reports} reports"),
            ):
                token = await services.calendar_feeds.reset(who)
                times, cpu, size, events = await _timed(services, token, args.repeats)
                print(
                    f"{label}: median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms "
                    f"(CPU median {statistics.median(cpu) * 1000:.0f} ms; {events:,} events, {size / 1024:.0f} "
                    f"KiB; {args.requests} approved requests a person)"
                )


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.calendar_feed", description=__doc__)
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=4, help="approved requests per person")
    parser.add_argument("--reports", type=int, default=200, help="the manager's reports")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    asyncio.run(run(parser.parse_args()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
