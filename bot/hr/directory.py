"""Who is asking: the only place an employee id is turned into a `Caller`.

The model never chooses whose balance is read. A `Caller` is built here from an authenticated identity
(a Slack user, or the operator's `--as` on the terminal) and passed as an argument through the loop
into the tools.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import text
from bot.domain.people import Caller, Surface
from bot.language.people import Roster
from bot.ports.hr import Directory, StoreUnavailable


@dataclass(frozen=True)
class SlackProfile:
    """The parts of `users.info` that decide whether and as whom a Slack user may ask."""

    user_id: str
    email: str | None = None
    timezone: str | None = None
    is_bot: bool = False
    deleted: bool = False
    is_restricted: bool = False
    is_ultra_restricted: bool = False
    # Slack Connect: a person from another organisation, whose email may still look like ours.
    from_another_workspace: bool = False
    locale: str | None = None  # Slack's `locale` (e.g. `ko-KR`), to greet people in their language


class NotAnEmployee(Exception):
    """The asker may not read any balance. The message is safe to show to that asker."""


async def caller_for_employee_id(directory: Directory, employee_id: str) -> Caller:
    """Terminal use (`officebot chat --as E1001`): the operator names the employee."""
    employee = await directory.employee_by_id(employee_id)
    if employee is None:
        employee = await directory.employee_by_id_any_case(employee_id)
    if employee is None:
        ids, count = await directory.some_employee_ids(5)
        if not ids:
            raise NotAnEmployee(
                f"No employee with id {employee_id!r} in the HR data: it has no employees yet "
                "(load them with `officebot data import`)."
            )
        more = f", … ({count} in all)" if count > len(ids) else ""
        raise NotAnEmployee(
            f"No employee with id {employee_id!r} in the HR data. Try one of: {', '.join(ids)}{more}."
        )
    return Caller(employee.employee_id, employee.name)


async def caller_for_slack_user(
    directory: Directory, profile: SlackProfile, surface: Surface = "dm"
) -> Caller:
    """Slack use: `slack_user_id` in the HR data first, else the profile email (case-insensitive)."""
    if profile.is_bot:
        raise NotAnEmployee(text.REFUSED_BOT)
    if profile.deleted:
        raise NotAnEmployee(text.REFUSED_DEACTIVATED)
    if profile.is_restricted or profile.is_ultra_restricted:
        raise NotAnEmployee(text.REFUSED_GUEST)
    if profile.from_another_workspace:
        raise NotAnEmployee(text.REFUSED_OTHER_WORKSPACE)
    employee = await directory.employee_by_slack_user_id(profile.user_id)
    if employee is None and profile.email:
        by_email = await directory.employee_by_email(profile.email)
        # An employee pinned to a Slack id is that account only: a second account with the same
        # email (another workspace, a re-created user) must not inherit their data.
        if by_email is not None and by_email.slack_user_id is None:
            employee = by_email
    if employee is None:
        raise NotAnEmployee(text.REFUSED_UNMATCHED)
    return Caller(employee.employee_id, employee.name, profile.timezone, profile.user_id, surface)


async def roster(directory: Directory) -> Roster:
    """The names the people in the HR data go by: a question about one of them (not the asker) is about
    a colleague. Read when the services open (the offline model's snapshot of who is there)."""
    try:
        return Roster.of(await directory.names())
    except StoreUnavailable:  # the model still reads roles, mentions and ids; the lookups will say it is down
        return Roster()
