"""`get_leave_entitlement`: the Act's annual leave for the person asking, from their hire date.

No input at all: whose leave is computed comes from `ctx.caller`, the company's settings from
`ctx.rules`, the hire date (and, when HR keeps them, the end date, weekly hours and years under 80 %)
from the HR store. The result says the years of service, the basis, each grant that can be used now with
the last day it can be (the next day it lapses), and the next grant with why; its figures are an
`Entitlement` (`bot/policy/standing.py`) for the grounding check.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from anthropic.types import ToolParam

from bot.domain.leave import format_days
from bot.domain.people import Employee
from bot.policy.grants import (
    Basis,
    Employment,
    EntitlementInputError,
    Kind,
    StatutoryGrant,
    employment_from,
)
from bot.policy.standing import Entitlement, standing_of
from bot.tools.hr_reads import holding_of, reading_hr
from bot.tools.registry import LEAVE_ENTITLEMENT, ToolContext, ToolError, ToolOutput

NAME = LEAVE_ENTITLEMENT

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Compute the asking employee's annual leave under the Labour Standards Act (근로기준법 §60) from "
        "their hire date: years of service, the leave that has arisen and can be used now with the last "
        "day each grant can be used (the next day it lapses, 소멸), and the next grant (its date, its days "
        "and why that many). Use it for questions about when leave arises or expires and why it is that "
        "many days: '내년 연차 며칠 생겨?', '연차 언제 소멸돼?', '입사 1년 안 됐는데 연차 있어?', "
        "'왜 16일이야?', 'when do I get my next leave?', 'when do my days expire?'. "
        "직원 본인의 법정 연차(근속연수, 발생일, 소멸일, 다음 발생)를 계산한다. "
        "For days left or used in a year, use get_leave_balance instead. "
        "The employee is always the person asking; it takes no input."
    ),
    "input_schema": {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    },
    "strict": True,
}

_BASIS_KO: Mapping[Basis, str] = {"hire_date": "입사일", "fiscal_year": "회계연도"}
_BASIS_EN: Mapping[Basis, str] = {"hire_date": "hire-date", "fiscal_year": "fiscal-year"}


def employment_of(employee: Employee) -> Employment:
    """The employment the calculator needs (`employment_from`); without a hire date, a ToolError."""
    employment = employment_from(employee)
    if employment is None:
        raise ToolError(
            "the HR data has no hire date for the asking user, so the statutory leave cannot be computed; "
            "ask HR to add it",
            "no_record",
        )
    return employment


# The result text and its parser sit together (as in leave_balance.py): the offline model reads the wire.
def format_result(ent: Entitlement) -> str:
    basis = _BASIS_KO[ent.basis]
    lines = [f"근속 {ent.service_years}년 (입사일 {ent.hire_date}, {basis} 기준), 기준일 {ent.on}"]
    if ent.none_because is not None:
        lines.append(f"연차 없음: {ent.none_because}")
        if not ent.current:
            return "\n".join(lines)
    lines += [_grant_line("현재 연차", g) for g in ent.current] or ["현재 연차: 없음"]
    lines += [f"미사용: {format_days(days)}일, {on}까지 사용 가능 (이후 소멸)" for on, days in ent.unused]
    if ent.current:  # the grant lines give their days; this is what is left of them to use now
        lines.append(f"지금 사용 가능: {format_days(sum((d for _, d in ent.unused), Decimal(0)))}일")
    if ent.act_only:
        lines.append(_ACT_ONLY)
    lines += [_grant_line("다음 연차", g) for g in ent.upcoming] or ["다음 연차: 없음"]
    lines.append(_english(ent))
    return "\n".join(lines)


def _grant_line(label: str, grant: StatutoryGrant) -> str:
    hours = f" ({grant.hours}시간)" if grant.hours is not None else ""
    return (
        f"{label}: {grant.arises_on} 발생 {format_days(grant.days)}일{hours}, "
        f"{grant.expires_on}까지 사용 가능 (다음 날 소멸) — {grant.kind}, 근속 {grant.service_years}년: "
        f"{grant.why}"
    )


def _english(ent: Entitlement) -> str:
    said = (
        f"In English: {ent.service_years} full year(s) of service since {ent.hire_date} "
        f"({_BASIS_EN[ent.basis]} basis), as of {ent.on}."
    )
    if ent.current:
        # What is left of the current grants (the holding), not their days: what the person can still use.
        usable = sum((days for _, days in ent.unused), Decimal(0))
        said += (
            f" Usable now: {format_days(usable)} day(s) left of the current grants; the nearest expiry is "
            f"the end of {ent.nearest_expiry}."
        )
    for on, days in ent.unused:
        said += f" Unused: {format_days(days)} day(s), usable through {on}."
    if ent.upcoming and ent.act_only:
        said += (
            f" HR's data holds no grant after {ent.on} yet; under the Act the next grant is "
            f"{format_days(ent.next_days)} day(s) on {ent.next_on}."
        )
    elif ent.upcoming:
        said += f" Next grant: {format_days(ent.next_days)} day(s) on {ent.next_on}."
    return said


# `imported` mode, HR holding no later grant: the next grant below is the Act's, not yet in HR's data.
_ACT_ONLY = "다음 연차는 HR 데이터에 아직 없음: 아래는 근로기준법에 따른 계산"
_DATE = r"\d{4}-\d{2}-\d{2}"
_HEAD = re.compile(rf"^근속 (\d+)년 \(입사일 ({_DATE}), (입사일|회계연도) 기준\), 기준일 ({_DATE})$", re.M)
_GRANT = re.compile(
    rf"^(현재|다음) 연차: ({_DATE}) 발생 ([\d.]+)일(?: \((\d+)시간\))?, ({_DATE})까지 사용 가능 \(다음 날 소멸\)"
    r" — (monthly|annual|prorated|manual), 근속 (\d+)년: (.*)$",
    re.M,
)
_NONE = re.compile(r"^연차 없음: (.*)$", re.M)
_UNUSED = re.compile(rf"^미사용: ([\d.]+)일, ({_DATE})까지 사용 가능 \(이후 소멸\)$", re.M)


def parse_result(content: str) -> Entitlement | None:
    """The figures in a successful result's text, or None if the text is not one."""
    head = _HEAD.search(content)
    if head is None:
        return None
    basis: Basis = "hire_date" if head[3] == "입사일" else "fiscal_year"
    try:
        current: list[StatutoryGrant] = []
        upcoming: list[StatutoryGrant] = []
        for m in _GRANT.finditer(content):
            grant = StatutoryGrant(
                arises_on=date.fromisoformat(m[2]),
                days=Decimal(m[3]),
                kind=cast(Kind, m[6]),
                service_years=int(m[7]),
                expires_on=date.fromisoformat(m[5]),
                why=m[8],
                hours=int(m[4]) if m[4] else None,
            )
            (current if m[1] == "현재" else upcoming).append(grant)
        none = _NONE.search(content)
        unused = tuple((date.fromisoformat(m[2]), Decimal(m[1])) for m in _UNUSED.finditer(content))
        return Entitlement(
            on=date.fromisoformat(head[4]),
            hire_date=date.fromisoformat(head[2]),
            basis=basis,
            service_years=int(head[1]),
            current=tuple(current),
            upcoming=tuple(upcoming),
            none_because=none[1] if none else None,
            unused=unused,
            act_only=_ACT_ONLY in content,
        )
    except (ValueError, InvalidOperation):
        return None


class LeaveEntitlementTool:
    name = NAME
    declaration = DECLARATION
    uses_policy = True  # the Toolbox reads the company's leave policy for it, as it is at that moment

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        with reading_hr(None):
            inputs = await ctx.leave.ledger_inputs(ctx.caller.employee_id)
        employment = employment_of(inputs.employee)
        held = holding_of(inputs, ctx.rules, ctx.today)
        try:
            ent = standing_of(held, employment, ctx.rules)
        except EntitlementInputError as exc:
            raise ToolError(f"the HR data cannot give the statutory leave: {exc}", "no_record") from None
        return ToolOutput(format_result(ent), figures=(ent,), detail={})
