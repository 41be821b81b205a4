"""The grounding check: every leave amount an answer states must be one a tool gave, for the year and
the figure it is stated as.

Tool use removes the reason to make a number up, not the possibility. After the loop's final answer and
before it is posted, `claims_in` (claims.py) reads the amounts the answer states, each with its role
(remaining / used / granted), its year and whether it is a what-if. Each is checked against the *facts*:
the figures of the conversation's successful tool results (this turn's and earlier turns' still in the
messages), from the tools' structured outputs, never re-parsed from their text.

A claim stands when its value is a fact of its year (and role, when the answer names one); or a number
from the question; or simple arithmetic on those (7.5 − 3 = 4.5 after "3일 쓰면 며칠 남아?", two years'
remaining added up); or, stated on a record's date, that record's days. A year no lookup succeeded for can
carry no figure. Incidental numbers (dates, times, weeks, percentages, list numbering, …) are not claims.

    no lookup ran this turn, and a claim does not stand, or a balance question got no amount
        → run the lookup by code (same Toolbox.dispatch, same Caller), then check again; what still
          does not stand is repaired in place (or, when it cannot be, replaced by the looked-up figures)
    a lookup ran, and a claim does not stand
        → ask the model once more, naming the wrong figure and the right one; still wrong → repair
    otherwise → the answer passes untouched, with no extra model call
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from bot import text
from bot.calendar import Day, WorkingDays
from bot.core.accounting import Known, declare
from bot.core.claims import ROLES, Claim, Role, claims_in
from bot.core.conversation import Conversation
from bot.core.declared_review import evidence_for, plain_with_note, review_declared
from bot.core.facts import WorkingDayCount
from bot.core.figures import verify
from bot.core.lookup import look_up_by_code, plain_answer
from bot.core.loop import CANNED_ENDINGS, AskAgain, Draft
from bot.core.question import asks_for_balance
from bot.core.trace import Grounded, Note, ToolResult, Trace
from bot.domain.leave import Balance, LeaveTaken, format_days
from bot.domain.people import Caller
from bot.language.dates import blank_dates
from bot.language.numbers import NUMERAL, amounts_in_words
from bot.language.years import years_in
from bot.policy.standing import Entitlement
from bot.tools.registry import Figures, Toolbox

_SENTENCE_END = re.compile(r"(?<!\d)[.!?](?!\d)\s*|\n")
_TRAILING_SPACE = re.compile(r"[ \t]+\n")
_BLANK_LINES = re.compile(r"\n{3,}")


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
        elif isinstance(figure, Entitlement):
            # The Act's grants count as granted leave of the year each arises in.
            for grant in (*figure.current, *figure.upcoming):
                add(grant.arises_on.year, "granted", grant.days)
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


def _fact(figure: Figures) -> str:
    if isinstance(figure, WorkingDays):
        return (
            f"{figure.start} to {figure.end}: {figure.working} working days ({figure.days} calendar days, "
            f"{figure.weekend} weekend days, {figure.weekday_holidays} weekday holidays)"
        )
    if isinstance(figure, Day):
        state = "a working day" if figure.working else "not a working day"
        named = f" ({figure.holiday.name_en})" if figure.holiday else ""
        return f"{figure.on} is a {figure.weekday_en}, {state}{named}"
    if isinstance(figure, Entitlement):
        grants = "; ".join(
            f"{g.days} days arising {g.arises_on}, usable through {g.expires_on}"
            for g in (*figure.current, *figure.upcoming)
        )
        return f"{figure.service_years} years of service since {figure.hire_date}: {grants or 'no grants'}"
    if isinstance(figure, Balance):
        return (
            f"{figure.year}: granted {format_days(figure.granted)}, used {format_days(figure.used)}, "
            f"remaining {format_days(figure.remaining)}"
        )
    taken = ", ".join(f"{r.taken_on} {format_days(r.days)} {r.leave_type}" for r in figure.records)
    totals = ", ".join(f"{kind} {format_days(days)}" for kind, days in figure.totals.items())
    undated = f"; used without dates: {format_days(figure.undated)}" if figure.undated else ""
    return (
        f"{figure.year} leave taken: {taken or 'none'}" + (f" (in all: {totals})" if totals else "") + undated
    )


def correction(wrong: Sequence[Verdict], figures: Sequence[Figures]) -> str:
    """The one extra message the model gets: each wrong figure and the right one, and the evidence."""
    named = "; ".join(_named(v) for v in wrong)
    if figures:
        facts = "; ".join(_fact(f) for f in _unique(figures))
        evidence = f"The tool results in this conversation say: {facts}."
    else:
        evidence = "No lookup in this conversation succeeded, so no amount may be stated."
    return (
        f"[grounding check] In your answer, {named}. {evidence} Answer my last question again, stating "
        "only amounts exactly as a tool result gave them, for the year they belong to (call a tool again "
        "if you need another year). Reply in my language and do not mention this check."
    )


def _named(verdict: Verdict) -> str:
    if verdict.right is not None:
        return f"{verdict.reason} (it should be {format_days(verdict.right)})"
    return verdict.reason


def repair(answer: str, wrong: Sequence[Verdict], results: Sequence[ToolResult], korean: bool) -> str:
    """The answer with each wrong figure replaced by the right one where that is certain; a sentence
    whose wrong figure has no certain replacement is dropped, and the looked-up figures are added once,
    so the rest of the answer (the steps, the advice) is kept."""
    fixed = answer
    dropped = False
    for verdict in sorted(wrong, key=lambda v: v.claim.start, reverse=True):
        claim = verdict.claim
        if verdict.right is not None:
            fixed = fixed[: claim.start] + format_days(verdict.right) + fixed[claim.end :]
        else:
            start, end = _sentence_span(fixed, claim.start)
            fixed = fixed[:start] + fixed[end:]
            dropped = True
    fixed = _TRAILING_SPACE.sub("\n", _BLANK_LINES.sub("\n\n", fixed)).strip()
    if dropped or not fixed:
        fixed = f"{fixed}\n{plain_answer(results, korean)}".strip()
    return fixed


def _sentence_span(text_: str, at: int) -> tuple[int, int]:
    start = max((m.end() for m in _SENTENCE_END.finditer(text_, 0, at)), default=0)
    after = _SENTENCE_END.search(text_, at)
    return start, after.end() if after else len(text_)


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


class Grounding:
    """The check, as an `AnswerCheck` for the Assistant. Lookups it runs itself go through the same
    Toolbox.dispatch as the model's, so they are validated and audited the same way."""

    def __init__(self, toolbox: Toolbox, calendar: WorkingDayCount | None = None) -> None:
        self.toolbox = toolbox
        self.calendar = calendar  # working days, for calendar figures no tool result gave

    async def review(
        self, draft: Draft, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Draft:
        if draft.ended in CANNED_ENDINGS:
            trace.add(Note(f"grounding: skipped ({draft.ended})"))
            return draft
        if draft.declared is not None:
            return await review_declared(
                draft,
                draft.declared,
                question=question,
                caller=caller,
                trace=trace,
                ask_again=ask_again,
                toolbox=self.toolbox,
                calendar=self.calendar,
            )
        trace.add(Grounded("plain"))
        by_rules = await self._review_by_rules(
            draft, question=question, caller=caller, trace=trace, ask_again=ask_again
        )
        return await self._accounted(by_rules, question, caller, trace)

    async def _accounted(self, result: Draft, question: str, caller: Caller, trace: Trace) -> Draft:
        """The fallback is conservative: after its rules, it accounts for every number of the text itself
        (as the offline model declares its own) and verifies that account like a declared one. A number it
        cannot account for is not posted: the plain lookup answer is, with a note."""
        if result.ended in CANNED_ENDINGS:
            return result
        korean = text.is_korean(question)
        today = self.toolbox.today_for(caller)
        evidence = evidence_for(result, question, today, self.calendar)
        account = declare(
            result.text, Known(evidence.balances, evidence.taken, question, today, evidence.entitlement)
        )
        verdict = verify(account, evidence)
        if verdict.holds:
            return result
        reasons = "; ".join(f"{p.span!r} {p.reason}" for p in verdict.problems[:3])
        trace.add(Note(f"grounding: cannot account for {reasons} → the plain lookup answer"))
        if not any(not r.is_error for r in result.evidence) and asks_for_balance(question):
            years = years_in(question, today) or [today.year]
            looked = await asyncio.gather(*(look_up_by_code(self.toolbox, caller, y, trace) for y in years))
            result = replace(result, evidence=[*result.evidence, *looked])
        return replace(result, text=plain_with_note(result.evidence, korean))

    async def _review_by_rules(
        self, draft: Draft, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Draft:
        korean = text.is_korean(question)
        today = self.toolbox.today_for(caller)
        looked_up = bool(draft.evidence)
        first = assess(draft.text, question, figures_in(draft.conversation), today, looked_up=looked_up)
        if first.stands:
            trace.add(Note("grounding: ok"))
            return draft
        if not looked_up:
            return await self._look_up_by_code(draft, first, question, caller, trace)

        wrong = first.wrong
        trace.add(Note(f"grounding: {_reasons(wrong)} → asking the model once more"))
        second = await ask_again(correction(wrong, figures_in(draft.conversation)))
        if second.ended in CANNED_ENDINGS:
            trace.add(Note(f"grounding: no usable second answer ({second.ended}) → repaired the first"))
            return replace(draft, text=repair(draft.text, wrong, draft.evidence, korean))
        still = assess(second.text, question, figures_in(second.conversation), today, looked_up=True).wrong
        if not still:
            trace.add(Note("grounding: ok after correction"))
            return second
        trace.add(Note(f"grounding: still {_reasons(still)} → repaired"))
        return replace(second, text=repair(second.text, still, second.evidence, korean))

    async def _look_up_by_code(
        self,
        draft: Draft,
        first: Assessment,
        question: str,
        caller: Caller,
        trace: Trace,
    ) -> Draft:
        korean = text.is_korean(question)
        claims, wrong, asked_years = first.claims, first.wrong, first.asked_years
        stated = [v.claim.year for v in wrong if v.claim.year is not None]
        years = list(dict.fromkeys([*asked_years, *stated])) or [self.toolbox.today_for(caller).year]
        why = _reasons(wrong) if wrong else "a balance question was answered without a lookup"
        trace.add(Note(f"grounding: no lookup ran; {why} → looked up {', '.join(map(str, years))} by code"))
        results = await asyncio.gather(*(look_up_by_code(self.toolbox, caller, y, trace) for y in years))
        looked_up = replace(draft, evidence=[*draft.evidence, *results])
        if not claims:  # the model's words stand (e.g. "확인해 볼게요"), followed by the figures
            answer = f"{draft.text}\n{plain_answer(results, korean)}".strip()
            return replace(looked_up, text=answer)
        found = [figure for result in results if not result.is_error for figure in result.figures]
        facts = facts_from([*figures_in(draft.conversation), *found], question)
        still = check(claims, facts, asked_years=asked_years)
        if not still:
            trace.add(Note("grounding: ok against the looked-up figures"))
            return looked_up
        trace.add(Note(f"grounding: {_reasons(still)} → repaired"))
        return replace(looked_up, text=repair(draft.text, still, results, korean))


def figures_in(conversation: Conversation) -> list[Figures]:
    """The figures of every successful lookup whose tool_result is in the conversation."""
    return [figure for result in conversation.evidence() for figure in result.figures]


def _reasons(wrong: Sequence[Verdict]) -> str:
    return "; ".join(_named(v) for v in wrong)


def _unique(figures: Sequence[Figures]) -> list[Figures]:
    return list(dict.fromkeys(figures))
