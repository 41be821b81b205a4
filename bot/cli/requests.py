"""`officebot requests list [--state S] [--employee E] | approve ID | decline ID --reason R | cancel ID
--reason R`: HR's view of the leave requests, and HR's decisions (docs/requests.md).

HR decides as `hr:<OS user>` (the audit's `by`), under the same table of moves as everyone else: approve and
decline a pending request, cancel a pending or approved one whenever it starts. A refusal is one line and
exit status 2; nothing is changed. So is a reason that is empty, over 500 characters or holds a control
character (`note_problem`, as the decline form). This command has no Slack client: what a decision owes
people is recorded with it, and a running `officebot run` delivers it within its next sweep (15 s;
bot/slack/requests/request_delivery.py).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from bot.cli.employees import employee_id_in
from bot.cli.stored_policy import REFUSED
from bot.cli.today import today
from bot.config import Settings
from bot.domain.leave import format_days
from bot.domain.requests import Actor, LeaveRequest, Refusal, note_problem
from bot.services import open_stores

WHY_NOT: dict[Refusal, str] = {
    "unknown_request": "there is no leave request #{id}: see `officebot requests list`",
    "not_pending": "leave request #{id} is {state} already: nothing changed",
    "not_allowed": "leave request #{id} cannot be changed that way",
    "own_request": "leave request #{id} cannot be changed that way",
    "already_started": "leave request #{id} has started",
}


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(
    settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO, user: str | None = None
) -> int:
    from bot.cli.policy import os_user

    note = getattr(args, "reason", None)
    if note is not None and (wrong := note_problem(note)) is not None:
        print(f"officebot: --reason: {wrong[1]}", file=err)  # nothing opened, nothing written
        return REFUSED
    async with open_stores(settings) as stores:
        store = stores.requests
        if args.requests_command == "list":
            employee = args.employee and await employee_id_in(stores.hr, args.employee)
            found = await store.listed(state=args.state, employee_id=employee, limit=args.limit)
            for line in listing(found):
                print(line, file=out)
            return 0
        policy = await stores.policy.current()
        moved = await store.move(
            args.id,
            args.requests_command,
            Actor(None, hr_user=user or os_user()),
            policy,
            today(settings),
            "cli",
            note,
        )
    if not moved.moved or moved.request is None:
        state = moved.request.state if moved.request else "-"
        print(
            f"officebot: {WHY_NOT[moved.refusal or 'not_allowed'].format(id=args.id, state=state)}", file=err
        )
        return REFUSED
    request = moved.request
    print(f"leave request #{request.id} ({request.employee_id}): {request.state}.", file=out)
    return 0


def listing(found: list[LeaveRequest]) -> list[str]:
    if not found:
        return ["no leave requests."]
    lines = [
        "id     employee  dates                     part     days  type     state      approver  decided"
    ]
    for r in found:
        dates = r.start.isoformat() if r.start == r.end else f"{r.start}~{r.end}"
        decided = f"{r.decided_by} {r.decided_at:%Y-%m-%d %H:%M}" if r.decided_at else "-"
        lines.append(
            f"{r.id:<6} {r.employee_id:<9} {dates:<25} {r.part:<8} {format_days(r.days):>4}  "
            f"{r.leave_type:<8} {r.state:<10} {r.approver_id or '(HR)':<9} {decided}"
        )
    return lines
