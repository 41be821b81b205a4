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

import re
from collections.abc import Sequence
from dataclasses import replace

from bot import text
from bot.calendar import Day, WorkingDays
from bot.core.accounting import Known, declare
from bot.core.conversation import Conversation
from bot.core.declared_review import evidence_for, plain_with_note, review_declared
from bot.core.facts import WorkingDayCount
from bot.core.figures import verify
from bot.core.lookup import look_up_years, plain_answer, years_asked
from bot.core.loop import CANNED_ENDINGS, AskAgain, Draft
from bot.core.question import asks_for_balance
from bot.core.rules import Assessment, Verdict, assess, check, facts_from
from bot.core.trace import Grounded, Note, ToolResult, Trace
from bot.domain.leave import Balance, format_days
from bot.domain.people import Caller
from bot.domain.requests import Checked
from bot.policy.standing import Entitlement
from bot.tools.registry import Figures, Toolbox

_SENTENCE_END = re.compile(r"(?<!\d)[.!?](?!\d)\s*|\n")
_TRAILING_SPACE = re.compile(r"[ \t]+\n")
_BLANK_LINES = re.compile(r"\n{3,}")


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
        unused = "".join(f"; {format_days(d)} unused, usable through {on}" for on, d in figure.unused)
        return (
            f"{figure.service_years} years of service since {figure.hire_date}: {grants or 'no grants'}"
            f"{unused}"
        )
    if isinstance(figure, Balance):
        expiring = "".join(f"; {format_days(days)} of it usable until {on}" for on, days in figure.expiring)
        pending = f"; {format_days(figure.pending)} pending approval" if figure.pending else ""
        return (
            f"{figure.year}: granted {format_days(figure.granted)}, used {format_days(figure.used)}, "
            f"remaining {format_days(figure.remaining)}{expiring}{pending}"
        )
    if isinstance(figure, Checked):
        after = (
            f", balance {format_days(figure.balance_before)} before and {format_days(figure.balance_after)} after"
            if figure.balance_before is not None and figure.balance_after is not None
            else ""
        )
        draft = figure.draft
        return f"a draft leave request {draft.start} to {draft.end} ({draft.part}): {format_days(figure.days)} days{after}"
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
        trace.add(Grounded("plain", draft=draft.text))
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
            years = years_asked(self.toolbox, caller, question)
            looked = await look_up_years(self.toolbox, caller, years, trace)
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
        results = await look_up_years(self.toolbox, caller, years, trace)
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
