"""`python -m benchmarks.entitlement`: the Act's leave for 100,000 employees, and the leave tools at that scale.

Two parts, each optional:

1. **calculator**: `standing(employment, rules, on)` (`bot/policy/standing.py`, which runs
   `bot/policy/entitlement.py` up to the next grant) for N synthetic employees: hire dates from 1990 to 2026,
   hire-date and fiscal bases (the three roundings, two fiscal starts), part-timers (15–39 h a week, and some
   under 15: no leave), years under 80 % attendance, some with an end date. Total time, per-employee mean,
   p50, p99 and max, and the same per group (long service costs more: every year is a grant).
2. **tools**: a database holding N employees with the same variety (hr_data's grants and leave records,
   imported by `officebot data import`'s code), then `get_leave_balance` and `get_leave_entitlement` run
   through the real `Toolbox` for random callers, as the model's requests are: the shape check, the
   policy read per lookup, the tool, and the audit row (`SqlAuditLog`). p50 / p99 per call, against the
   balance tool in a toolbox holding it alone (as before the entitlement tool), both tools again with the
   policy's `grants=computed` (the ledger of bot/policy/ledger.py over the Act's grants), and the two
   requested at once, as in one model turn.

SQLite by default; `--postgres-url` (an admin URL) runs the tools part on a scratch PostgreSQL database too.
Run it from a checkout; figures go to benchmarks/results/entitlement.json (ignored by git).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg

from benchmarks.hr_data import pct, write_csv
from bot.db import migrate
from bot.db.audit import SqlAuditLog
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.import_export import import_files
from bot.db.policy import SqlPolicyStore
from bot.db.requests import SqlRequestStore
from bot.db.url import database_from
from bot.domain.people import Caller
from bot.policy.grants import Employment, LeaveRules
from bot.policy.standing import standing
from bot.tools import BUILTIN_TOOLS
from bot.tools.leave_balance import LeaveBalanceTool, balance_of
from bot.tools.registry import LEAVE_BALANCE, LEAVE_ENTITLEMENT, Tool
from bot.tools.toolbox import Toolbox, ToolOutcome
from tests.support.database import asyncpg_dsn, url_for_database

ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 12, 1)
FIRST_HIRE, LAST_HIRE = date(1990, 1, 1), date(2026, 12, 31)


# --- synthetic people -------------------------------------------------------------------------------------


def synthetic_employment(rng: random.Random) -> Employment:
    """One person: a hire date 1990–2026; 80 % full time, 15 % part time (15–39 h), 5 % under 15 h; 10 % with
    one to three years under 80 %; 5 % with an end date (past or future)."""
    hire = FIRST_HIRE + timedelta(days=rng.randrange((LAST_HIRE - FIRST_HIRE).days + 1))
    roll = rng.random()
    hours = (
        Decimal(40)
        if roll < 0.80
        else Decimal(rng.randint(15, 39))
        if roll < 0.95
        else Decimal(rng.randint(8, 14))
    )
    service = max(0, TODAY.year - hire.year)
    below: frozenset[int] = frozenset()
    if service >= 2 and rng.random() < 0.10:
        below = frozenset(rng.sample(range(1, service), min(service - 1, rng.randint(1, 3))))
    end = None
    if rng.random() < 0.05:
        end = hire + timedelta(days=rng.randint(30, 20 * 365))
    return Employment(hire_date=hire, end_date=end, weekly_hours=hours, below_80=below)


RULES: tuple[LeaveRules, ...] = (
    LeaveRules(),
    LeaveRules(basis="hire_date", first_year="up_front"),
    *(
        LeaveRules(basis="fiscal_year", fiscal_start=start, rounding=rounding)
        for start in ((1, 1), (4, 1))
        for rounding in ("exact", "half_up", "whole")
    ),
)


def synthetic_rules(rng: random.Random) -> LeaveRules:
    """Half on the hire-date basis (the law), half on a fiscal basis."""
    return RULES[rng.randrange(2)] if rng.random() < 0.5 else RULES[2 + rng.randrange(len(RULES) - 2)]


GROUPS = (
    "all",
    "basis hire_date",
    "basis fiscal_year",
    "service < 1 y",
    "service 1–9 y",
    "service 10–19 y",
    "service ≥ 20 y",
    "part time",
    "under 15 h (none)",
    "years under 80 %",
)


def group_of(employment: Employment, rules: LeaveRules) -> list[str]:
    service = (TODAY - employment.hire_date).days // 365
    groups = ["all", f"basis {rules.basis}"]
    groups.append(
        "service < 1 y"
        if service < 1
        else "service 1–9 y"
        if service < 10
        else "service 10–19 y"
        if service < 20
        else "service ≥ 20 y"
    )
    if employment.weekly_hours < 15:
        groups.append("under 15 h (none)")
    elif employment.weekly_hours < 40:
        groups.append("part time")
    if employment.below_80:
        groups.append("years under 80 %")
    return groups


def calculator(n: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    people = [(synthetic_employment(rng), synthetic_rules(rng)) for _ in range(n)]
    times: dict[str, list[float]] = {}
    grants = 0
    started = time.perf_counter()
    for employment, rules in people:
        one = time.perf_counter_ns()
        ent = standing(employment, rules, TODAY)
        micro = (time.perf_counter_ns() - one) / 1000
        grants += len(ent.current) + len(ent.upcoming)
        for group in group_of(employment, rules):
            times.setdefault(group, []).append(micro)
    total = time.perf_counter() - started
    return {
        "employees": n,
        "total_s": round(total, 2),
        "current_and_next_grants": grants,
        "groups": {
            name: {
                "n": len(values),
                "mean_us": round(statistics.fmean(values), 1),
                "p50_us": round(statistics.median(values), 1),
                "p99_us": round(pct(values, 0.99), 1),
                "max_us": round(max(values), 1),
            }
            for name, values in sorted(times.items(), key=lambda item: GROUPS.index(item[0]))
        },
    }


# --- the tools on a database of N employees ---------------------------------------------------------------


def write_files(folder: Path, n: int, records: int, seed: int) -> list[Path]:
    """hr_data's files (grants 2024–2026, ~`records` leave records a year), with employees.csv rewritten to
    carry the varied hire dates, weekly hours and years under 80 % (active people only: no past end date)."""
    files = write_csv(folder, n, records)
    rng = random.Random(seed)
    with files[0].open("w", newline="", encoding="utf-8") as people:
        out = csv.writer(people)
        out.writerow(
            [
                "employee_id",
                "name",
                "email",
                "slack_user_id",
                "hire_date",
                "active",
                "end_date",
                "weekly_hours",
                "below_80",
            ]
        )
        for i in range(1, n + 1):
            e = synthetic_employment(rng)
            end = e.end_date if e.end_date is not None and e.end_date >= TODAY else None
            out.writerow(
                [
                    f"B{i:06d}",
                    f"직원{i}",
                    f"bench{i}@example.com",
                    f"UB{i:07d}",
                    e.hire_date.isoformat(),
                    "true",
                    end.isoformat() if end else "",
                    "" if e.weekly_hours == 40 else str(e.weekly_hours),
                    ",".join(str(y) for y in sorted(e.below_80)),
                ]
            )
    return files


def caller(i: int) -> Caller:
    return Caller(f"B{i:06d}", f"직원{i}", "Asia/Seoul", f"UB{i:07d}", "dm")


async def timed(
    calls: int, rng: random.Random, n: int, call: Callable[[Caller], Awaitable[Any]]
) -> list[float]:
    for _ in range(30):  # warm the pool and the caches
        await call(caller(rng.randint(1, n)))
    values = []
    for _ in range(calls):
        who = caller(rng.randint(1, n))
        started = time.perf_counter()
        await call(who)
        values.append((time.perf_counter() - started) * 1000)
    return values


def summary(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(statistics.median(values), 2), "p99_ms": round(pct(values, 0.99), 2)}


async def tools_on(name: str, url: str, files: list[Path], n: int, calls: int, seed: int) -> dict[str, Any]:
    engine = create_engine(database_from(url, Path.cwd()))
    try:
        await migrate.upgrade(engine)
        started = time.perf_counter()
        imported = await import_files(engine, files)
        import_s = time.perf_counter() - started
        print(
            f"  {name}: imported {imported.employees} employees, {imported.records} records in {import_s:.1f} s",
            flush=True,
        )
        store = SqlHrStore(engine)
        policy = SqlPolicyStore(engine)

        async def rules_now() -> LeaveRules:
            return (await policy.current()).rules

        async def computed_now() -> LeaveRules:
            # The stored policy read as for any lookup, then `grants=computed`: the Act's grants, FIFO use.
            return replace((await policy.current()).rules, grants="computed")

        def today_for(_: Caller) -> date:
            return TODAY

        def toolbox(
            tools: Sequence[Tool], policy_now: Callable[[], Awaitable[LeaveRules]] = rules_now
        ) -> Toolbox:
            # As `open_services` builds it: the SQL store, the SQL audit log, the policy read per lookup, the
            # leave requests (the balance reads the year's pending days beside its rows).
            return Toolbox(
                tools,
                leave=store,
                today_for=today_for,
                audit=SqlAuditLog(engine),
                rules_now=policy_now,
                requests=SqlRequestStore(engine),
            )

        alone, full = toolbox([LeaveBalanceTool()]), toolbox(BUILTIN_TOOLS)
        computed = toolbox(BUILTIN_TOOLS, computed_now)
        failed: list[ToolOutcome] = []

        def run(box: Toolbox, tool: str, tool_input: dict[str, Any]) -> Callable[[Caller], Awaitable[Any]]:
            async def call(who: Caller) -> None:
                outcome = await box.dispatch(tool, tool_input, who)
                if outcome.is_error:
                    failed.append(outcome)

            return call

        async def both(who: Caller) -> None:
            await asyncio.gather(
                run(full, LEAVE_BALANCE, {"year": 2026})(who), run(full, LEAVE_ENTITLEMENT, {})(who)
            )

        async def store_balance(who: Caller) -> None:
            balance_of(await store.ledger_inputs(who.employee_id), LeaveRules(), TODAY, 2026)

        rng = random.Random(seed)
        result: dict[str, Any] = {
            "import_s": round(import_s, 1),
            "employees": imported.employees,
            "records": imported.records,
        }
        # Alternating rounds, so that a slow moment of a shared machine falls on every measure alike.
        measures: dict[str, Callable[[Caller], Awaitable[Any]]] = {
            "store_ledger_balance": store_balance,
            "balance_alone": run(alone, LEAVE_BALANCE, {"year": 2026}),
            "balance": run(full, LEAVE_BALANCE, {"year": 2026}),
            "balance_computed": run(computed, LEAVE_BALANCE, {"year": 2026}),
            "entitlement": run(full, LEAVE_ENTITLEMENT, {}),
            "entitlement_computed": run(computed, LEAVE_ENTITLEMENT, {}),
            "both_at_once": both,
        }
        values: dict[str, list[float]] = {key: [] for key in measures}
        rounds = 4
        for _ in range(rounds):
            for key, call in measures.items():
                values[key] += await timed(max(1, calls // rounds), rng, n, call)
        result |= {key: summary(v) for key, v in values.items()}
        result["failed"] = len(failed)
        if failed:
            print(
                f"  {name}: {len(failed)} failed calls, e.g. {failed[0].outcome}: {failed[0].text}",
                flush=True,
            )
        return result
    finally:
        await engine.dispose()


async def tools(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="officebot-entitlement-bench-") as scratch:
        folder = Path(scratch)
        print(f"writing {args.db_employees} employees × 3 years × ~{args.records} records …", flush=True)
        files = write_files(folder, args.db_employees, args.records, args.seed)
        results["sqlite"] = await tools_on(
            "sqlite", f"sqlite:///{folder / 'big.db'}", files, args.db_employees, args.calls, args.seed
        )
        if args.postgres_url:
            database = f"officebot_bench_{uuid.uuid4().hex[:8]}"
            admin = await asyncpg.connect(asyncpg_dsn(args.postgres_url))
            try:
                await admin.execute(f'CREATE DATABASE "{database}"')
                results["postgresql"] = await tools_on(
                    "postgresql",
                    url_for_database(args.postgres_url, database),
                    files,
                    args.db_employees,
                    args.calls,
                    args.seed,
                )
            finally:
                await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
                await admin.close()
    return results


# --- the report -------------------------------------------------------------------------------------------

TOOL_ROWS = (
    ("store_ledger_balance", "`ledger_inputs` + `balance_of` (the store's read and the holding, no toolbox)"),
    ("balance_alone", "`get_leave_balance`, toolbox with the balance tool alone (before)"),
    ("balance", "`get_leave_balance`, all the tools registered (now; `grants=imported`)"),
    ("balance_computed", "`get_leave_balance` with `grants=computed` (the Act's grants, FIFO use)"),
    ("entitlement", "`get_leave_entitlement` (+ the policy read)"),
    ("entitlement_computed", "`get_leave_entitlement` with `grants=computed` (from the ledger)"),
    ("both_at_once", "both requested at once (one model turn)"),
)


def report(results: dict[str, Any]) -> str:
    lines: list[str] = []
    calc = results.get("calculator")
    if calc:
        lines += [
            f"calculator: `standing(...)` for {calc['employees']:,} employees in {calc['total_s']} s",
            "",
            "| group | employees | mean | p50 | p99 | max |",
            "|---|---|---|---|---|---|",
        ]
        for name, g in calc["groups"].items():
            lines.append(
                f"| {name} | {g['n']:,} | {g['mean_us']} µs | {g['p50_us']} µs | **{g['p99_us']} µs** | {g['max_us']} µs |"
                if name == "all"
                else f"| {name} | {g['n']:,} | {g['mean_us']} µs | {g['p50_us']} µs | {g['p99_us']} µs | {g['max_us']} µs |"
            )
        lines.append("")
    backends = [b for b in ("sqlite", "postgresql") if b in results.get("tools", {})]
    if backends:
        tools_ = results["tools"]
        first = tools_[backends[0]]
        imports = ", ".join(f"{b} {tools_[b]['import_s']} s" for b in backends)
        lines += [
            f"tools through the Toolbox, {first['employees']:,} employees, {first['records']:,} leave records "
            f"(import {imports})",
            "",
            "| call | " + " | ".join(f"{b} p50 / p99" for b in backends) + " |",
            "|---|" + "---|" * len(backends),
        ]
        for key, label in TOOL_ROWS:
            if any(key not in tools_[b] for b in backends):
                continue  # a results file from before the measure existed
            cells = [f"{tools_[b][key]['p50_ms']} / {tools_[b][key]['p99_ms']} ms" for b in backends]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        failed = sum(tools_[b]["failed"] for b in backends)
        lines.append(f"\nfailed calls: {failed}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.entitlement", description=__doc__)
    parser.add_argument("--employees", type=int, default=100_000, help="for the calculator")
    parser.add_argument("--db-employees", type=int, default=100_000, help="in the database, for the tools")
    parser.add_argument(
        "--records",
        type=int,
        default=3,
        help="leave records per employee and year (about; hr_data uses 10, which makes the import 3× longer)",
    )
    parser.add_argument("--calls", type=int, default=2000, help="timed calls per measure")
    parser.add_argument(
        "--parts", nargs="+", choices=("calculator", "tools"), default=["calculator", "tools"]
    )
    parser.add_argument(
        "--postgres-url", help="admin URL, e.g. postgresql://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "entitlement.json")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        },
        "command": "python -m benchmarks.entitlement " + " ".join(sys.argv[1:]),
        "today": TODAY.isoformat(),
    }
    if "calculator" in args.parts:
        print(f"calculator: {args.employees} employees …", flush=True)
        results["calculator"] = calculator(args.employees, args.seed)
    if "tools" in args.parts:
        results["tools"] = asyncio.run(tools(args))
    results["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print()
    print(report(results))
    print(f"\nfigures written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
