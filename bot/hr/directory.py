"""Who is asking: the only place an employee id is turned into a `Caller`.

The model never chooses whose balance is read. A `Caller` is built here from an authenticated identity
(a Slack user, or the operator's `--as` on the terminal) and passed as an argument through the loop
into the tool executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.hr.store import EmployeeDirectoryData

Surface = Literal["terminal", "dm", "mention", "slash"]


@dataclass(frozen=True)
class Caller:
    """Who is asking, and from which surface. Passed as an argument, never read from the model."""

    employee_id: str
    name: str
    timezone: str | None = None
    slack_user_id: str | None = None
    surface: Surface = "terminal"


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


class NotAnEmployee(Exception):
    """The asker may not read any balance. The message is safe to show to that asker."""


def caller_for_employee_id(
    data: EmployeeDirectoryData, employee_id: str, timezone: str | None = None
) -> Caller:
    """Terminal use (`officebot chat --as E1001`): the operator names the employee."""
    employee = data.employee_by_id(employee_id)
    if employee is None:
        raise NotAnEmployee(f"No employee with id {employee_id!r} in the HR data.")
    return Caller(employee.employee_id, employee.name, timezone)


def caller_for_slack_user(
    data: EmployeeDirectoryData, profile: SlackProfile, surface: Surface = "dm"
) -> Caller:
    """Slack use: `slack_user_id` in the HR data first, else the profile email (case-insensitive)."""
    if profile.is_bot:
        raise NotAnEmployee("Bots cannot look up leave balances.")
    if profile.deleted:
        raise NotAnEmployee("This Slack account is deactivated.")
    if profile.is_restricted or profile.is_ultra_restricted:
        raise NotAnEmployee(
            "Guest accounts cannot look up leave balances. 게스트 계정은 연차를 조회할 수 없습니다."
        )
    if profile.from_another_workspace:
        raise NotAnEmployee("Accounts from other workspaces cannot look up leave balances.")
    employee = data.employee_by_slack_user_id(profile.user_id)
    if employee is None and profile.email:
        by_email = data.employee_by_email(profile.email)
        # An employee pinned to a Slack id is that account only: a second account with the same
        # email (another workspace, a re-created user) must not inherit their data.
        if by_email is not None and by_email.slack_user_id is None:
            employee = by_email
    if employee is None:
        raise NotAnEmployee(
            "I couldn't match your Slack account to an employee record; please ask HR to add your "
            "Slack ID or email. 슬랙 계정과 일치하는 직원 정보를 찾지 못했습니다. 인사팀에 문의해 주세요."
        )
    return Caller(employee.employee_id, employee.name, profile.timezone, profile.user_id, surface)
