"""`officebot notices --dry-run [--on DATE] [--json]`: who would get which §61 leave notice on a day (today
by default), read from the database under the company policy: employee, the period's first grant day,
notice 1 or 2, its window, the unused days (what the person's holding leaves of the period, as the balance
says), and whether it was already recorded or sent; `--json`, the same as one array of objects. Sending happens only in
`officebot run` (the Slack runner's caretaker), so without `--dry-run` the command refuses.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import date, datetime
from typing import Any, TextIO

from bot.cli.leave import number
from bot.cli.stored_policy import REFUSED, policy_or_say_why
from bot.cli.today import day_asked
from bot.config import Settings
from bot.domain.leave import format_days
from bot.ports.notices import DueNotice
from bot.services import open_stores


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not args.dry_run:
        print("officebot: notices are sent by `officebot run`; use --dry-run to list them", file=err)
        return REFUSED
    on = day_asked(args.on, settings, err)
    if on is None:
        return REFUSED
    async with open_stores(settings) as stores:
        policy = await policy_or_say_why(stores.policy, err)
        if policy is None:
            return REFUSED
        log = stores.notices
        due = await log.due(policy, on)
        recorded = await log.recorded()
    if getattr(args, "json", False):
        print(json.dumps([as_json(n, recorded) for n in due], ensure_ascii=False, indent=2), file=out)
        return 0
    state = "on" if policy.notices else "off (`officebot policy set notices=true` to send them)"
    print(f"leave notices due on {on}: {len(due)} (notices {state})", file=out)
    for notice in due:
        s = notice.scheduled
        sent = notice.key in recorded and recorded[notice.key] is not None
        status = "sent" if sent else "recorded, not sent" if notice.key in recorded else "to send"
        slack = notice.employee.slack_user_id or "no Slack id: cannot be sent"
        print(
            f"{notice.employee.employee_id} {notice.employee.name} ({slack}): notice {s.notice} for the days "
            f"arisen {s.arises_on}, due {s.due_from}..{s.due_by}, unused {format_days(notice.unused)} days, "
            f"last usable day {s.expires_on}: {status}",
            file=out,
        )
    return 0


def as_json(notice: DueNotice, recorded: dict[tuple[str, date, int], datetime | None]) -> dict[str, Any]:
    """One notice for `--json` (fields in docs/policy.md): `kind` is the rule and the notice number
    ("61-1.notice2"), `due_on` the last day it may be sent, `unused_days` what the person's holding leaves
    of the period (the balance's figure)."""
    s = notice.scheduled
    state = (
        "to_send" if notice.key not in recorded else "recorded" if recorded[notice.key] is None else "sent"
    )
    return {
        "employee_id": notice.employee.employee_id,
        "kind": f"{s.period.rule}.notice{s.notice}",
        "due_on": s.due_by.isoformat(),
        "due_from": s.due_from.isoformat(),
        "unused_days": number(notice.unused),
        "last_usable_day": s.expires_on.isoformat(),
        "arises_on": s.arises_on.isoformat(),
        "state": state,
    }
