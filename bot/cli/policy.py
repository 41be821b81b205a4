"""`officebot policy show | set KEY=VALUE …`: the company's leave policy in the database.

`set` checks every KEY=VALUE first: any bad one is a line naming the key and the values it takes (exit 2)
and nothing is written; so is an `approvers=` or `hr_admins=` id that is no active employee's (ids are matched whatever their
case and stored as the HR data spells them). Otherwise the changes are written in one transaction together with their audit
rows (table `policy_changes`: when, the OS user, each key's old and new value).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.cli.employees import IdSpellings, NoSuchEmployee, employee_id_in
from bot.cli.stored_policy import REFUSED
from bot.config import Settings
from bot.policy.company import DEFAULT_POLICY, SETTINGS, as_text, with_changes
from bot.ports.policy import PolicyStore, UnreadablePolicy
from bot.services import open_stores

# Keys whose value is a list of employee ids, each checked against the directory: the approvers must be
# able to decide, HR must be someone the Slack identity can map to (an active employee).
_EMPLOYEE_LISTS = ("approvers", "hr_admins")


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(
    settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO, user: str | None = None
) -> int:
    if args.policy_command == "set":
        pairs, problems = parse_assignments(args.changes)
        problems += with_changes(DEFAULT_POLICY, pairs)[1]
        if problems:  # checked before the database is even opened: nothing is written
            for problem in problems:
                print(problem, file=err)
            print(f"officebot: nothing changed: {len(problems)} problem(s)", file=err)
            return REFUSED
    async with open_stores(settings) as stores:
        store = stores.policy
        if args.policy_command == "set":
            resolved: list[tuple[str, str]] = []
            for key, value in pairs:
                try:
                    resolved.append(
                        (key, await _approvers_in(stores.hr, value) if key in _EMPLOYEE_LISTS else value)
                    )
                except NoSuchEmployee as exc:
                    print(f"officebot: {key}: {exc}: nothing changed", file=err)
                    return REFUSED
            pairs = resolved
        try:
            if args.policy_command == "show":
                return await show(store, settings.database.describe(), out)
            changes = await store.change(lambda policy: with_changes(policy, pairs)[0], user or os_user())
        except UnreadablePolicy as exc:
            print(f"officebot: {exc}: fix it with `officebot policy set`", file=err)
            return REFUSED
    if not changes:
        print("nothing changed: the policy already says so.", file=out)
    for change in changes:
        print(f"{change.key}: {change.old or '(none)'} -> {change.new or '(none)'}", file=out)
    return 0


async def _approvers_in(hr: IdSpellings, value: str) -> str:
    """`approvers=` as the HR data spells its ids, each an active employee's (they must be able to decide)."""
    ids = [part.strip() for part in value.split(",") if part.strip()]
    return ",".join([await employee_id_in(hr, typed, active_only=True) for typed in ids])


def parse_assignments(arguments: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """KEY=VALUE arguments as (key, value) pairs, and a line for each argument that is not one."""
    pairs: list[tuple[str, str]] = []
    problems: list[str] = []
    for argument in arguments:
        key, equals, value = argument.partition("=")
        if not equals or not key.strip():
            keys = ", ".join(setting.key for setting in SETTINGS)
            problems.append(f"{argument}: not KEY=VALUE (the keys: {keys})")
            continue
        pairs.append((key.strip(), value))
    return pairs, problems


async def show(store: PolicyStore, where: str, out: TextIO) -> int:
    policy = await store.current()
    values, defaults = as_text(policy), as_text(DEFAULT_POLICY)
    history = await store.history(limit=1)
    if history:
        last = history[-1]
        since = f"last changed {last.at:%Y-%m-%d %H:%M} UTC by {last.changed_by}"
    else:
        since = "never changed: the defaults"
    print(f"The leave policy in {where} ({since}):", file=out)
    width = max(len(setting.key) for setting in SETTINGS)
    for setting in SETTINGS:
        value = values[setting.key] or "(none)"
        default = " (default)" if values[setting.key] == defaults[setting.key] else ""
        print(f"  {setting.key:<{width}} = {value}{default}", file=out)
        print(f"  {'':<{width}}   {setting.meaning}; takes {setting.allowed}", file=out)
    return 0


def os_user() -> str:
    """Who ran the command, as the operating system knows them (the audit's `changed_by`)."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name and no passwd entry (some containers)
        return f"uid {os.getuid()}"
