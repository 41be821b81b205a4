"""`officebot leave show EMPLOYEE [--on DATE] [--json]`: HR's view of one person's annual leave ledger, as
every answer of the bot reads it (bot/policy/holding.py) under the company's `grants` mode: each grant
(source, arises_on, expires_on, days, used, lapsed, remaining), each calendar year (granted, used, pending,
lapsed, remaining) and the next lapse. `--json` prints one object whose fields are documented in docs/policy.md
(#where-every-figure-comes-from), for an HR system or a spreadsheet to reconcile against.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from decimal import Decimal
from typing import Any, TextIO

from bot.cli.stored_policy import REFUSED, policy_or_say_why
from bot.cli.today import day_asked
from bot.config import Settings
from bot.domain.leave import format_days
from bot.domain.people import Employee
from bot.policy.grants import EntitlementInputError
from bot.policy.holding import Holding
from bot.ports.hr import UnknownEmployee
from bot.services import open_stores


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    on = day_asked(args.on, settings, err)
    if on is None:
        return REFUSED
    async with open_stores(settings) as stores:
        policy = await policy_or_say_why(stores.policy, err)
        if policy is None:
            return REFUSED
        try:
            employee, held = await stores.holding_on(args.employee_id, policy.rules, on)
        except UnknownEmployee:
            some, _ = await stores.hr.some_employee_ids(5)
            hint = (
                f"try one of: {', '.join(some)}"
                if some
                else "the HR data has no employees yet: load them with `officebot data import FILE`, "
                "or run `officebot demo` once to load the demo's"
            )
            print(f"officebot: no active employee {args.employee_id!r} in the HR data ({hint})", file=err)
            return REFUSED
        except EntitlementInputError as exc:
            print(f"officebot: {args.employee_id}: the HR data cannot give the leave: {exc}", file=err)
            return REFUSED
    if args.json:
        print(json.dumps(as_json(employee, held), ensure_ascii=False, indent=2), file=out)
    else:
        for line in as_text(employee, held):
            print(line, file=out)
    return 0


def number(days: Decimal) -> int | float:
    """A number of days as JSON: a whole number, or the exact decimal (quarters, a prorated 13.4)."""
    return int(days) if days == days.to_integral_value() else float(days)


def as_json(employee: Employee, held: Holding) -> dict[str, Any]:
    lapse = held.next_lapse()
    return {
        "employee_id": employee.employee_id,
        "on": held.on.isoformat(),
        "grants_mode": held.mode,
        "grants": [
            {
                "source": g.source,
                "arises_on": g.arises_on.isoformat(),
                "expires_on": g.expires_on.isoformat(),
                "days": number(g.days),
                "used": number(g.used),
                "lapsed": number(g.lapsed),
                "remaining": number(g.remaining),
            }
            for g in held.grants
        ],
        "years": [
            {
                "year": y.year,
                "granted": number(y.granted),
                "used": number(y.used),
                "pending": number(y.pending),
                "lapsed": number(y.lapsed),
                "remaining": number(y.remaining),
            }
            for y in (held.years[year] for year in sorted(held.years))
        ],
        "next_lapse": None if lapse is None else {"date": lapse.on.isoformat(), "days": number(lapse.days)},
        "act_next": [
            {"arises_on": g.arises_on.isoformat(), "days": number(g.ledger_days)} for g in held.act_next
        ],
    }


def as_text(employee: Employee, held: Holding) -> list[str]:
    lines = [f"{employee.employee_id} {employee.name} on {held.on} (grants={held.mode})", "grants:"]
    for g in held.grants:
        lines.append(
            f"  {g.source:<10} {g.arises_on}..{g.expires_on}  {format_days(g.days)} days, "
            f"used {format_days(g.used)}, lapsed {format_days(g.lapsed)}, remaining {format_days(g.remaining)}"
        )
    lines.append("years:")
    for year in sorted(held.years):
        y = held.years[year]
        lines.append(
            f"  {year}: granted {format_days(y.granted)}, used {format_days(y.used)}, "
            f"pending {format_days(y.pending)}, lapsed {format_days(y.lapsed)}, remaining {format_days(y.remaining)}"
        )
    lapse = held.next_lapse()
    lines.append(
        "next lapse: none"
        if lapse is None
        else f"next lapse: {format_days(lapse.days)} days after {lapse.on} (its last usable day)"
    )
    for act in held.act_next:
        lines.append(
            f"not in HR's data: under the Act, {format_days(act.ledger_days)} days arise on {act.arises_on}"
        )
    return lines
