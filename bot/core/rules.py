"""The plain-text fallback's rules: the claims an answer makes (bot/core/claims.py) held against the facts of
the conversation's lookups by year and role, with the question's numbers and simple what-if arithmetic allowed.
`assess` is the one decision `Grounding.review` makes before it acts on a plain-text answer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from bot.calendar import WorkingDays
from bot.core.claims import ROLES, Claim, Role, claims_in
from bot.core.question import asks_for_balance
from bot.domain.leave import Balance, LeaveTaken
from bot.language.dates import blank_dates
from bot.language.numbers import NUMERAL, amounts_in_words
from bot.language.years import years_in
from bot.policy.standing import Entitlement
from bot.tools.registry import Figures


@dataclass
class Facts:
    """What the tool results say, by year and figure, plus the numbers the person gave."""

    figures: dict[tuple[int, Role], set[Decimal]] = field(default_factory=dict)
    records: dict[int, set[tuple[int, int, Decimal]]] = field(default_factory=dict)  # (month, day, days)
    by_type: dict[tuple[int, str], set[Decimal]] = field(default_factory=dict)  # records' days and total
    given: set[Decimal] = field(default_factory=set)  # numbers in the question
    # Counts the calendar tools gave (working days, weekend days, weekday holidays): an amount of days
    # stated with no role ("근무일 4일", "연차 4일 필요") may be one of them. Not the range's length in
    # calendar days: "연차 5일 필요" for Monday to Friday with a holiday is the mistake to catch.
    calendar: set[Decimal] = field(default_factory=set)
    # Days in pending requests (the balance says them apart, "신청 중 2일"): an amount with no role may be one.
    pending: set[Decimal] = field(default_factory=set)

    @property
    def years(self) -> set[int]:
        return {year for year, _ in self.figures}

    def values(self, year: int, role: Role | None) -> set[Decimal]:
        roles = (role,) if role else ROLES
        return set().union(*(self.figures.get((year, r), set()) for r in roles))

    def right_value(self, year: int, role: Role) -> Decimal | None:
        """The one figure a (year, role) has, for a correction or a repair; None if not exactly one."""
        values = self.figures.get((year, role), set())
        return next(iter(values)) if len(values) == 1 else None


def facts_from(figures: Iterable[Figures], question: str = "") -> Facts:
    plain = blank_dates(question)  # "12월에 1일씩 3번": 1 and 3, not 12
    # The person's numbers, and the amounts they say in words: "하루 쓰면", "이틀", "a half day".
    given = {Decimal(n) for n in NUMERAL.findall(plain)} | set(amounts_in_words(question))
    facts = Facts(given=given)

    def add(year: int, role: Role, value: Decimal) -> None:
        facts.figures.setdefault((year, role), set()).add(value)

    for figure in figures:
        if isinstance(figure, Balance):
            # A negative remaining (overdrawn leave) may be stated as its size: "1일 초과 사용" for −1.
            add(figure.year, "remaining", abs(figure.remaining))
            add(figure.year, "used", figure.used)
            add(figure.year, "granted", figure.granted)
            if figure.pending:
                facts.pending.add(figure.pending)
        elif isinstance(figure, Entitlement):
            # The Act's grants count as granted leave of the year each arises in.
            for grant in (*figure.current, *figure.upcoming):
                add(grant.arises_on.year, "granted", grant.ledger_days)
        elif isinstance(figure, WorkingDays):
            counts = (figure.working, figure.weekend, figure.weekday_holidays)
            facts.calendar.update(Decimal(n) for n in counts)
        elif isinstance(figure, LeaveTaken):
            facts.figures.setdefault((figure.year, "used"), set())
            for record in figure.records:
                add(figure.year, "used", record.days)
                facts.records.setdefault(figure.year, set()).add(
                    (record.taken_on.month, record.taken_on.day, record.days)
                )
            for kind, total in figure.totals.items():
                add(figure.year, "used", total)
                facts.by_type[(figure.year, kind)] = {total} | {
                    r.days for r in figure.records if r.leave_type == kind
                }
            if figure.totals or figure.undated:
                add(figure.year, "used", sum(figure.totals.values(), Decimal(0)) + figure.undated)
            if figure.undated:
                add(figure.year, "used", figure.undated)
    return facts


@dataclass(frozen=True)
class Verdict:
    claim: Claim
    reason: str  # why it does not stand, for the trace and the correction
    right: Decimal | None = None  # the figure it should have been, when one is certain


def check(claims: Sequence[Claim], facts: Facts, *, asked_years: Sequence[int] = ()) -> list[Verdict]:
    """The claims that do not stand, each with why (and the right figure when there is exactly one)."""
    what_ifs = {c.value for c in claims if c.hypothetical and c.role != "remaining" and not c.definition}
    operands = facts.given | what_ifs | facts.calendar
    wrong = []
    for claim in claims:
        reason = _why_not(claim, facts, operands, asked_years)
        if reason is not None:
            year = claim.year or (asked_years[0] if len(asked_years) == 1 else None)
            right = facts.right_value(year, claim.role) if year and claim.role else None
            wrong.append(Verdict(claim, reason, right if right != claim.value else None))
    return wrong


def _why_not(claim: Claim, facts: Facts, operands: set[Decimal], asked_years: Sequence[int]) -> str | None:
    if claim.definition or (claim.hypothetical and claim.role != "remaining"):
        return None  # what a half day is; the what-if itself ("3일 쓰면"): not figures of the records
    if claim.value in facts.given:
        return None  # the person's own number, repeated or answered
    if claim.value in facts.calendar and (claim.role is None or claim.hypothetical):
        return None  # a count of days the calendar tools gave
    if claim.value in facts.pending and claim.role is None:
        return None  # days asked for and not yet decided
    if claim.year is not None and claim.year not in facts.years:
        return f"{claim.text} is stated for {claim.year}, which no lookup returned"
    years = [claim.year] if claim.year is not None else _default_years(facts, asked_years)
    if not years:
        return f"{claim.text} is stated with no lookup to back it"
    allowed = set().union(*(facts.values(y, claim.role) for y in years))
    if claim.on is not None and claim.role in (None, "used"):
        records = set().union(*(facts.records.get(y, set()) for y in years))
        on_that_day = {days for month, day, days in records if (month, day) == claim.on}
        if on_that_day and claim.value not in on_that_day:
            month, day = claim.on
            return f"{claim.text} on {month}/{day} is not what that record says"
    if claim.leave_type is not None and any(
        y in facts.records or (y, "used") in facts.figures for y in years
    ):
        of_kind = set().union(*(facts.by_type.get((y, claim.leave_type), set()) for y in years))
        taken_known = any((y, k) in facts.by_type for y in years for k in ("annual", "sick", "special"))
        if taken_known and claim.value not in of_kind:
            return f"{claim.text} is not a {claim.leave_type} leave figure of {', '.join(map(str, years))}"
    if claim.value in allowed:
        return None
    if claim.hypothetical and _derived(claim.value, allowed, operands):
        return None  # what is left after the what-if: "3일 쓰면 4.5일 남아요"
    if _sum_of_years(claim, facts, years):
        return None
    where = f"{years[0]}" if len(years) == 1 else "any year looked up"
    what = f"{claim.role} " if claim.role else ""
    return f"{claim.text} is not a {what}figure of {where}"


def _default_years(facts: Facts, asked_years: Sequence[int]) -> list[int]:
    asked = [y for y in asked_years if y in facts.years]
    return asked if len(asked) == 1 else sorted(facts.years)


def _derived(value: Decimal, allowed: set[Decimal], operands: set[Decimal]) -> bool:
    """Arithmetic on a figure with the person's numbers: what is left after taking some days, etc."""
    return any(value in (figure - n, figure + n, n - figure) for figure in allowed for n in operands)


def _sum_of_years(claim: Claim, facts: Facts, years: Sequence[int]) -> bool:
    """Two or more years' figures of one kind added up ("두 해 합쳐 11일")."""
    if claim.year is not None or len(facts.years) < 2:
        return False
    roles = (claim.role,) if claim.role else ROLES
    for role in roles:
        per_year = [facts.figures.get((y, role), set()) for y in sorted(facts.years)]
        single = all(len(values) == 1 for values in per_year)
        if single and sum((next(iter(v)) for v in per_year), Decimal(0)) == claim.value:
            return True
    return False


@dataclass(frozen=True)
class Assessment:
    """What the check makes of one answer: its claims, those that do not stand, and whether a balance
    question went unanswered (no lookup and no amount); the years the question asks about, which a
    lookup by code reads."""

    claims: list[Claim]
    wrong: list[Verdict]
    unanswered: bool
    asked_years: list[int]

    @property
    def stands(self) -> bool:
        return not self.wrong and not self.unanswered


def assess(
    answer: str, question: str, figures: Sequence[Figures], today: date, *, looked_up: bool
) -> Assessment:
    """The one decision, shared by `Grounding.review` and the corpus test. `looked_up`: a tool ran this
    turn (otherwise the answer leans on earlier turns' figures, if any)."""
    claims = claims_in(answer, today)
    asked_years = years_in(question, today)
    wrong = check(claims, facts_from(figures, question), asked_years=asked_years)
    unanswered = not looked_up and not claims and asks_for_balance(question)
    return Assessment(claims, wrong, unanswered, asked_years)
