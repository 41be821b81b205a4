"""Who someone is to the leave views: themselves, a manager (people whose `manager_id` names them) and/or
HR (the policy's `hr_admins`). Read afresh from the HR data and the policy on every render, every click
and every feed request: a payload's or a URL's claim is never a role (docs/slack.md#roles).

In Slack the person is the click's or the event's user, mapped by `SlackIdentity` as for a question; for
the calendar feed, the token's owner."""

from __future__ import annotations

from dataclasses import dataclass

from bot import text
from bot.domain.people import Caller, Employee
from bot.hr.directory import NotAnEmployee
from bot.policy.company import CompanyPolicy
from bot.services import Services
from bot.slack.deps import Deps
from bot.slack.identity import prefers_korean


@dataclass(frozen=True)
class Roles:
    employee: Employee
    hr: bool
    reports: tuple[Employee, ...]  # the active people they manage, by name
    policy: CompanyPolicy  # the policy these roles were read under (its privacy and warning keys)

    @property
    def manager(self) -> bool:
        return bool(self.reports)


@dataclass(frozen=True)
class Viewer:
    """A Slack user acting now, with their roles."""

    user_id: str
    caller: Caller
    korean: bool
    roles: Roles


async def roles_of(services: Services, employee_id: str) -> Roles | None:
    """The roles of an active employee (None: no such active employee)."""
    employee = await services.directory.employee_by_id(employee_id)
    if employee is None:
        return None
    policy = await services.policy.current()
    reports = tuple(r for r in await services.team.reports_of(employee_id) if r.employee_id != employee_id)
    return Roles(employee, employee.employee_id in policy.hr_admins, reports, policy)


async def viewer(deps: Deps, user_id: str) -> Viewer:
    """The Slack user's caller and roles. Raises `NotAnEmployee` (safe to show) when they may see nothing."""
    profile = await deps.identity.profile(user_id)
    caller = await deps.identity.caller(user_id, "home")
    roles = await roles_of(deps.services, caller.employee_id)
    if roles is None:  # deactivated between the two reads
        raise NotAnEmployee(text.REFUSED_UNMATCHED)
    return Viewer(user_id, caller, prefers_korean(profile), roles)


async def viewer_or_refused(deps: Deps, user_id: str, channel: str) -> Viewer | None:
    """The viewer, or None once they are told in `channel` why they may see nothing (`NotAnEmployee`'s line)."""
    try:
        return await viewer(deps, user_id)
    except NotAnEmployee as refused:
        await deps.client.chat_postMessage(channel=channel, text=str(refused))
        return None
