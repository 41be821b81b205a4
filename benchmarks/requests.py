"""`python -m benchmarks.requests`: leave requests submitted and approved concurrently by two processes on
PostgreSQL (issue 21): every request decided exactly once, the balances right after, the time it took.

A fresh database holds `--employees` employees (15 days each in 2026, all reporting to one manager). Two
worker processes, each with its own engine and pool (as two `officebot run` would have), first submit
`--requests` one-day requests between them (each process half, `--concurrency` at a time), then BOTH try
to approve EVERY request at once: each request gets two approvals racing, of which exactly one may win.
Then the database is checked: as many approvals as requests (moves and audit rows), one leave record per
request, and each employee's balance 15 less their approved days.

Each process also delivers what its submissions and moves owe people, as `officebot run` does (the
deliverer, `bot/slack/requests/request_delivery.py`, against a Slack stand-in in this process), and then sweeps
until nothing is owed: every owed message must be posted exactly once (one post per message id, every
row `sent`), whichever process delivered it. Run from a checkout, with PostgreSQL:
`python -m benchmarks.requests --postgres-url postgresql://postgres@127.0.0.1:5432/postgres`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from slack_sdk.web.async_client import AsyncWebClient
from sqlalchemy import func, select

from benchmarks.cluster import scratch_database
from bot.calendar import KOREA
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.policy import SqlPolicyStore
from bot.db.request_messages import SqlRequestOutbox
from bot.db.requests import SqlRequestStore
from bot.db.tables import audit_log, leave_records, leave_requests, request_messages
from bot.db.url import database_from
from bot.domain.requests import Actor, Draft
from bot.policy.company import CompanyPolicy
from bot.policy.grants import LeaveRules
from bot.slack.identity import SlackIdentity
from bot.slack.requests.request_delivery import RequestDelivery
from bot.slack.requests.request_people import RequestPeople
from bot.tools.leave_balance import balance_of
from tests.support.slack_api import SlackStandIn

ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 11, 2)  # a Monday: two months of working days ahead in the same year
MANAGER = "M0001"
POLICY = CompanyPolicy()


def write_hr(path: Path, employees: int) -> None:
    people = [
        {
            "employee_id": MANAGER,
            "name": "관리자",
            "email": "m@example.com",
            "annual_leave": {"2026": {"granted": 15, "used": 0}},
        }
    ]
    people += [
        {
            "employee_id": f"E{i:05d}",
            "name": f"직원{i}",
            "email": f"e{i}@example.com",
            "manager_id": MANAGER,
            "annual_leave": {"2026": {"granted": 15, "used": 0}},
        }
        for i in range(employees)
    ]
    path.write_text(json.dumps({"employees": people}, ensure_ascii=False), encoding="utf-8")


def plan(requests: int, employees: int) -> list[tuple[str, date]]:
    """Request n: employee n mod employees, on that employee's next working day not yet asked for."""
    working = [d for d in (TODAY + timedelta(days=k) for k in range(1, 60)) if KOREA.day(d).working]
    return [(f"E{n % employees:05d}", working[n // employees]) for n in range(requests)]


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 1),
    }


def slack_user(employee_id: str) -> str:
    return f"U{employee_id}"


def _delivery(engine: Any, store: SqlRequestStore, slack_url: str, role: int) -> RequestDelivery:
    client = AsyncWebClient(token="xoxb-bench", base_url=slack_url)
    hr = SqlHrStore(engine)
    clock = lambda: datetime.combine(TODAY, datetime.min.time(), UTC)  # noqa: E731
    people = RequestPeople(
        store, SqlPolicyStore(engine), hr, client, SlackIdentity(client, hr), clock, "Asia/Seoul"
    )
    return RequestDelivery(SqlRequestOutbox(engine), store, people, client, f"bench-{role}")


async def worker(
    url: str, role: int, requests: int, employees: int, concurrency: int, slack_url: str
) -> dict[str, Any]:
    """One process: submit its half, wait for the other (the database says when all are in), approve all;
    deliver what each of its submissions and moves owes, then sweep until nothing is owed."""
    engine = create_engine(database_from(url, Path.cwd()))
    store = SqlRequestStore(engine)
    delivery = _delivery(engine, store, slack_url, role)
    gate = asyncio.Semaphore(concurrency)
    mine = [item for n, item in enumerate(plan(requests, employees)) if n % 2 == role]

    async def timed(work: Any) -> tuple[Any, float]:
        async with gate:
            started = time.perf_counter()
            result = await work
            elapsed = time.perf_counter() - started
            if result.request is not None:  # what Slack's listener does next: deliver what is owed
                await delivery.deliver(result.request.id)
            return result, elapsed

    started = time.perf_counter()
    submitted = await asyncio.gather(
        *(timed(store.submit(Actor(e), Draft("annual", on, on), POLICY, TODAY, "modal")) for e, on in mine)
    )
    submit_s = time.perf_counter() - started
    refused = sum(1 for outcome, _ in submitted if outcome.request is None)
    while True:  # both halves in: every process approves every request
        async with engine.connect() as connection:
            count = await connection.scalar(select(func.count()).select_from(leave_requests)) or 0
        if count >= requests - refused:
            break
        await asyncio.sleep(0.05)
    async with engine.connect() as connection:
        ids = [row.id for row in await connection.execute(select(leave_requests.c.id))]
    started = time.perf_counter()
    moved = await asyncio.gather(
        *(timed(store.move(i, "approve", Actor(MANAGER), POLICY, TODAY, "card")) for i in ids)
    )
    approve_s = time.perf_counter() - started
    started = time.perf_counter()
    while await delivery.sweep():  # what the caretaker's sweep does: anything left, by either process
        await asyncio.sleep(0.05)
    deliver_s = time.perf_counter() - started
    await engine.dispose()
    return {
        "role": role,
        "submitted": len(mine) - refused,
        "refused": refused,
        "submit_s": round(submit_s, 3),
        "submit": _ms([t for _, t in submitted]),
        "approved": sum(1 for outcome, _ in moved if outcome.moved),
        "lost_race": sum(1 for outcome, _ in moved if not outcome.moved and outcome.refusal == "not_pending"),
        "approve_s": round(approve_s, 3),
        "approve": _ms([t for _, t in moved]),
        "sweep_s": round(deliver_s, 3),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        hr_file = Path(folder) / "hr.json"
        write_hr(hr_file, args.employees)
        slack = await SlackStandIn().start()
        slack.add_user(slack_user(MANAGER), "m@example.com")
        for i in range(args.employees):
            slack.add_user(slack_user(f"E{i:05d}"), f"e{i}@example.com")
        async with scratch_database(args.postgres_url, hr_file) as scratch:
            started = time.perf_counter()
            workers = [
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "benchmarks.requests",
                    "--worker",
                    str(role),
                    "--url",
                    scratch.url,
                    "--requests",
                    str(args.requests),
                    "--employees",
                    str(args.employees),
                    "--concurrency",
                    str(args.concurrency),
                    "--slack-url",
                    slack.api_url,
                    stdout=asyncio.subprocess.PIPE,
                    cwd=ROOT,
                )
                for role in (0, 1)
            ]
            outputs = [json.loads((await w.communicate())[0]) for w in workers]
            wall_s = time.perf_counter() - started
            async with scratch.engine.connect() as connection:
                states: dict[str, int] = dict(
                    (
                        await connection.execute(
                            select(leave_requests.c.state, func.count()).group_by(leave_requests.c.state)
                        )
                    ).all()
                )
                records = await connection.scalar(
                    select(func.count())
                    .select_from(leave_records)
                    .where(leave_records.c.request_id.is_not(None))
                )
                approvals = await connection.scalar(
                    select(func.count())
                    .select_from(audit_log)
                    .where(
                        audit_log.c.tool == "leave_request",
                        audit_log.c.outcome == "ok",  # moves made; refused attempts are audited too
                        audit_log.c.detail["action"].as_string() == "approve",
                    )
                )
                messages = (
                    await connection.execute(select(request_messages.c.id, request_messages.c.state))
                ).all()
            hr = SqlHrStore(scratch.engine)
            per_employee: dict[str, int] = {}
            for employee, _ in plan(args.requests, args.employees):
                per_employee[employee] = per_employee.get(employee, 0) + 1
            wrong = [
                e
                for e, days in per_employee.items()
                if balance_of(await hr.ledger_inputs(e), LeaveRules(), TODAY, 2026).remaining
                != Decimal(15 - days)
            ]
        posts = [c.args.get("metadata") or {} for c in slack.calls_to("chat.postMessage")]
        edits = len(slack.calls_to("chat.update"))
        await slack.stop()
    posted_ids = [(m.get("event_payload") or {}).get("message") for m in posts]
    owed = {row.id for row in messages}
    delivered = {
        "owed": len(owed),
        "sent": sum(1 for row in messages if row.state == "sent"),
        "failed": sum(1 for row in messages if row.state == "failed"),
        "posts": len(posted_ids),
        "posted_twice": len(posted_ids) - len(set(posted_ids)),
        "card_edits": edits,
    }
    approved = sum(o["approved"] for o in outputs)
    return {
        "workers": outputs,
        "wall_s": round(wall_s, 3),
        "requests": args.requests,
        "approved_total": approved,
        "states": states,
        "records": records,
        "approval_audit_rows": approvals,
        "balances_wrong": len(wrong),
        "messages": delivered,
        "exactly_once": approved == args.requests == states.get("approved") == records == approvals
        and not wrong,
        "delivered_once": delivered["sent"] == len(owed)
        and delivered["posted_twice"] == 0
        and set(posted_ids) <= owed,
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.requests", description=__doc__)
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--employees", type=int, default=20, help="requests are spread over them (≤ 15 each)")
    parser.add_argument("--concurrency", type=int, default=20, help="calls in flight per process")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--slack-url", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "requests.json")
    args = parser.parse_args()
    if args.worker is not None:
        result = asyncio.run(
            worker(args.url, args.worker, args.requests, args.employees, args.concurrency, args.slack_url)
        )
        print(json.dumps(result))
        return 0
    results = asyncio.run(run(args))
    results["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    results["command"] = "python -m benchmarks.requests " + " ".join(sys.argv[1:])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(results, indent=2, ensure_ascii=False))
    return 0 if results["exactly_once"] and results["delivered_once"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
