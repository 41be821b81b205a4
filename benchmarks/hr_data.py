"""`python -m benchmarks.hr_data`: OfficeBot's HR data at company scale, on SQLite and PostgreSQL.

Generates 100,000 employees × 3 years × ~10 leave records as the CSV files `officebot data import` reads,
then for each database: the import time (one transaction, validated), balance and leave-record lookup
latency (p50 / p99 over random employees, through `SqlHrStore` as a tool uses it), and start-up time
(`open_database`, what every process does first) against the big database and against the bundled demo
data. Run it from a checkout; results go to benchmarks/results/hr_data.json (ignored by git).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import asyncpg

from bot.config import Settings
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.import_export import import_files
from bot.db.url import database_from
from bot.hr.bundled import bundled_data_path
from bot.policy.grants import LeaveRules
from bot.services import open_database
from bot.tools.leave_balance import balance_of
from tests.support.database import asyncpg_dsn, url_for_database

ROOT = Path(__file__).resolve().parents[1]
YEARS = (2024, 2025, 2026)
# The balance as the tool reads it: HR's rows (`grants=imported`), on a day of the last year.
RULES, TODAY = LeaveRules(), date(2026, 11, 29)


def write_csv(folder: Path, employees: int, records_per_year: int, seed: int = 7) -> list[Path]:
    rng = random.Random(seed)
    paths = [folder / "employees.csv", folder / "grants.csv", folder / "leave.csv"]
    with (
        paths[0].open("w", newline="", encoding="utf-8") as people,
        paths[1].open("w", newline="", encoding="utf-8") as grants,
        paths[2].open("w", newline="", encoding="utf-8") as leave,
    ):
        people_csv, grants_csv, leave_csv = csv.writer(people), csv.writer(grants), csv.writer(leave)
        people_csv.writerow(["employee_id", "name", "email", "slack_user_id", "hire_date"])
        grants_csv.writerow(["employee_id", "year", "granted"])
        leave_csv.writerow(["employee_id", "date", "days", "type", "note"])
        for i in range(1, employees + 1):
            employee_id = f"B{i:06d}"
            people_csv.writerow(
                [employee_id, f"직원{i}", f"bench{i}@example.com", f"UB{i:07d}", "2020-03-02"]
            )
            for year in YEARS:
                grants_csv.writerow([employee_id, year, 25])
                day = date(year, 1, 2)
                for _ in range(records_per_year):
                    day += timedelta(days=rng.randint(7, 30))
                    if day.year != year:
                        break
                    days, kind = rng.choice(
                        (("1", "annual"), ("0.5", "annual"), ("0.25", "annual"), ("1", "sick"))
                    )
                    leave_csv.writerow([employee_id, day.isoformat(), days, kind, ""])
    return paths


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def lookups(url: str, employees: int, count: int) -> dict[str, float]:
    engine = create_engine(database_from(url, Path.cwd()))
    store = SqlHrStore(engine)
    rng = random.Random(11)
    balance_ms: list[float] = []
    taken_ms: list[float] = []
    try:
        for _ in range(50):  # warm the pool and the caches
            balance_of(await store.ledger_inputs(f"B{rng.randint(1, employees):06d}"), RULES, TODAY, 2026)
        for _ in range(count):
            employee_id, year = f"B{rng.randint(1, employees):06d}", rng.choice(YEARS)
            started = time.perf_counter()
            balance_of(await store.ledger_inputs(employee_id), RULES, TODAY, year)
            balance_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            await store.leave_taken(employee_id, year)
            taken_ms.append((time.perf_counter() - started) * 1000)
    finally:
        await engine.dispose()
    return {
        "balance_p50_ms": round(statistics.median(balance_ms), 2),
        "balance_p99_ms": round(pct(balance_ms, 0.99), 2),
        "taken_p50_ms": round(statistics.median(taken_ms), 2),
        "taken_p99_ms": round(pct(taken_ms, 0.99), 2),
    }


async def start_up_ms(url: str, repeats: int = 5) -> float:
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": url})
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        async with open_database(settings):
            times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


async def one_backend(
    name: str, url: str, small_url: str, files: list[Path], employees: int, count: int
) -> dict[str, Any]:
    for target in (url, small_url):
        engine = create_engine(database_from(target, Path.cwd()))
        await migrate.upgrade(engine)
        if target == small_url:
            await import_files(engine, [bundled_data_path()])
        else:
            started = time.perf_counter()
            summary = await import_files(engine, files)
            import_s = time.perf_counter() - started
        await engine.dispose()
    print(
        f"  {name}: imported {summary.employees} employees, {summary.grants} grants, {summary.records} records "
        f"in {import_s:.1f} s",
        flush=True,
    )
    result: dict[str, Any] = {
        "import_s": round(import_s, 1),
        "rows": {"employees": summary.employees, "grants": summary.grants, "records": summary.records},
    }
    result |= await lookups(url, employees, count)
    result["start_up_ms_big"] = await start_up_ms(url)
    result["start_up_ms_small"] = await start_up_ms(small_url)
    return result


async def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "command": "python -m benchmarks.hr_data " + " ".join(sys.argv[1:]),
        "employees": args.employees,
    }
    with tempfile.TemporaryDirectory(prefix="officebot-hr-bench-") as scratch:
        folder = Path(scratch)
        print(
            f"writing {args.employees} employees × {len(YEARS)} years × ~{args.records} records …", flush=True
        )
        files = write_csv(folder, args.employees, args.records)
        if "sqlite" in args.backends:
            results["sqlite"] = await one_backend(
                "sqlite",
                f"sqlite:///{folder / 'big.db'}",
                f"sqlite:///{folder / 'small.db'}",
                files,
                args.employees,
                args.lookups,
            )
        if "postgresql" in args.backends:
            names = [f"officebot_bench_{uuid.uuid4().hex[:8]}" for _ in range(2)]
            admin = await asyncpg.connect(asyncpg_dsn(args.postgres))
            try:
                for name in names:
                    await admin.execute(f'CREATE DATABASE "{name}"')
                urls = [url_for_database(args.postgres, n) for n in names]
                results["postgresql"] = await one_backend(
                    "postgresql", urls[0], urls[1], files, args.employees, args.lookups
                )
            finally:
                for name in names:
                    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                await admin.close()
    return results


def table(results: dict[str, Any]) -> str:
    lines = ["| measure | SQLite | PostgreSQL | goal |", "|---|---|---|---|"]

    def cell(backend: str, key: str, unit: str) -> str:
        value = results.get(backend, {}).get(key)
        return "—" if value is None else f"{value} {unit}"

    rows = results.get("sqlite", results.get("postgresql", {})).get("rows", {})
    lines.append(
        f"| import ({rows.get('employees')} employees, {rows.get('grants')} grants, {rows.get('records')} records) "
        f"| {cell('sqlite', 'import_s', 's')} | {cell('postgresql', 'import_s', 's')} | — |"
    )
    for key, label, goal in (
        ("balance_p50_ms", "balance lookup p50", "—"),
        ("balance_p99_ms", "balance lookup p99", "≤ 5 ms"),
        ("taken_p50_ms", "leave records lookup p50", "—"),
        ("taken_p99_ms", "leave records lookup p99", "—"),
        ("start_up_ms_big", "start-up (open the database), big data", "= small"),
        ("start_up_ms_small", "start-up (open the database), demo data", "—"),
    ):
        lines.append(f"| {label} | {cell('sqlite', key, 'ms')} | {cell('postgresql', key, 'ms')} | {goal} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hr_data", description=__doc__)
    parser.add_argument("--employees", type=int, default=100_000)
    parser.add_argument("--records", type=int, default=10, help="leave records per employee and year (about)")
    parser.add_argument("--lookups", type=int, default=2000)
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument(
        "--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres", help="admin URL"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "hr_data.json")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print()
    print(table(results))
    print(f"\nfigures written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
