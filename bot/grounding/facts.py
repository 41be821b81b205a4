"""The facts a statement states, resolved against the evidence of this conversation: its successful
lookups (leave, records, pending requests, the statutory entitlement), the calendar, the question and
today. A fact that was not looked up raises `Unresolved` with a reason the correction can name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import cached_property

from bot.agent.loop import MAX_TOOL_USES_PER_ROUND
from bot.agent.trace import ToolResult
from bot.domain.leave import ANNUAL, Balance, LeaveTaken
from bot.domain.requests import Checked
from bot.grounding.expressions import Argument, Unresolved
from bot.language.dates import blank, blank_dates
from bot.language.number_tokens import amounts_in
from bot.language.quantities import COUNTS_OF_OTHER_THINGS
from bot.policy.standing import Entitlement

HOURS_PER_DAY = Decimal(8)
# How many lookups one question may run (the loop's cap), for an answer that says so.
LOOKUPS_PER_QUESTION = Decimal(MAX_TOOL_USES_PER_ROUND)  # the loop's cap, as a figure an answer may name
LEAVE_ROLES = ("granted", "used", "remaining")

WorkingDayCount = Callable[[date, date], int]


@dataclass(frozen=True)
class Evidence:
    """What the figures of an answer may rest on: this conversation's successful lookups, the
    question, and the calendar."""

    balances: Mapping[int, Balance] = field(default_factory=dict)
    taken: Mapping[int, LeaveTaken] = field(default_factory=dict)
    working_days: Mapping[tuple[date, date], int] = field(default_factory=dict)  # calendar tool results
    question: str = ""
    calendar: WorkingDayCount | None = None  # the calendar itself, for counts no tool result gave
    today: date | None = None  # in the asker's time zone
    entitlement: Entitlement | None = None  # the Act's leave for the asker (get_leave_entitlement)
    pending: Mapping[int, Decimal] = field(default_factory=dict)  # days in pending requests, by year
    drafts: tuple[Checked, ...] = ()  # the drafts made (draft_leave_request), in order
    failed: tuple[ToolResult, ...] = ()  # the lookups that failed, for an answer that says why
    earlier_years: frozenset[int] = frozenset()  # the years earlier turns looked up (for "the year before")
    # earlier turns looked something up: a short follow-up ("몇 개 나옴?" after "내년 연차 언제 생겨요?") asks
    # again what the turn before asked, in words this turn does not hold
    follows_up: bool = False
    colleague: str | None = None  # a name in the HR directory the question uses, not the asker's

    @cached_property
    def looked_up_days(self) -> frozenset[date]:
        """The days the lookups gave: when leave expires, when a grant arises or ends (a statement about
        one names no year the model chose)."""
        days = {until for balance in self.balances.values() for until, _ in balance.expiring}
        if self.entitlement is not None:
            grants = (*self.entitlement.current, *self.entitlement.upcoming)
            days |= {g.arises_on for g in grants} | {g.expires_on for g in grants}
        return frozenset(days)

    @property
    def question_numbers(self) -> set[Decimal]:
        """The amounts the person wrote (`q(n)`); never the digits of a date, a time or a year in it, nor a
        count of something else ("our 3 kids")."""
        return amounts_in(blank(blank_dates(self.question), COUNTS_OF_OTHER_THINGS))


class Resolver:
    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence

    def call(self, name: str, arguments: Sequence[Argument]) -> Decimal:
        evidence = self._evidence
        if name in LEAVE_ROLES:
            year = _year(arguments)
            balance = evidence.balances.get(year)
            if balance is None:
                raise Unresolved(f"states {name}({year}), but no lookup of {year} succeeded")
            return {"granted": balance.granted, "used": balance.used, "remaining": balance.remaining}[name]
        if name == "taken":
            year, kind = _year(arguments[:1]), _kind(arguments[1:])
            taken = evidence.taken.get(year)
            if taken is not None:
                return taken.totals.get(kind, Decimal(0)) + (taken.undated if kind == ANNUAL else 0)
            if kind == ANNUAL and year in evidence.balances:
                return evidence.balances[year].used
            raise Unresolved(f"states leave taken in {year}, but no lookup of {year}'s records succeeded")
        if name == "working_days":
            first, last = _date(arguments, 0), _date(arguments, 1)
            if (first, last) in evidence.working_days:
                return Decimal(evidence.working_days[(first, last)])
            if evidence.calendar is None:
                raise Unresolved(f"counts working days {first}–{last}, which the calendar did not give")
            return Decimal(evidence.calendar(first, last))
        if name == "pending":  # days in the asker's pending requests (a draft's or a balance's)
            year = _year(arguments)
            if year not in evidence.pending:
                raise Unresolved(f"states pending({year}), but no lookup of its pending requests succeeded")
            return evidence.pending[year]
        raise Unresolved(f"names {name}(…), which is not a known figure")


def _year(arguments: Sequence[Argument]) -> int:
    if len(arguments) != 1 or not str(arguments[0]).isdigit():
        raise Unresolved("a leave figure takes one year, e.g. remaining(2026)")
    return int(arguments[0])


def _kind(arguments: Sequence[Argument]) -> str:
    return str(arguments[0]) if arguments else ANNUAL


def _date(arguments: Sequence[Argument], index: int) -> date:
    try:
        return date.fromisoformat(str(arguments[index]))
    except (IndexError, ValueError):
        raise Unresolved('a date must be written "YYYY-MM-DD"') from None
