"""The grounding check: every figure a posted answer states was written by code.

    statements (structured output, bot/grounding/shape.py): each written by code over this
        conversation's lookups (bot/grounding/statements.py), then judged: whether they answer the
        question is a model's judgement (bot/grounding/judge.py, one call)
        holds ─▶ posted as written
        a statement needs a lookup nobody made ─▶ looked up by code (no model call), written again
        still fails, or the judge finds a miss ─▶ the model is asked once more, told what failed ─▶ posted
        fails again ─▶ the plain looked-up figures with a short note
        the judge gives no verdict ─▶ the plain looked-up figures with a short note (no verdict is no pass)
        no judge: the offline model, which checks its own choice (bot/llm/choice/), or a judge turned off
    plain text (a server without structured outputs): conservative
        no digit and no quantity word in it ─▶ posted as written
        any ─▶ the plain looked-up figures with a short note (a typed number is never posted)

A plain-text balance answer with no lookup and no figure gets the lookup by code, its figures added.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal

import anthropic
from anthropic.types import OutputConfigParam

from bot import text
from bot.agent.endings import CANNED_ENDINGS
from bot.agent.lookup import look_up_years, plain_answer, years_asked
from bot.agent.loop import AskAgain, Unchecked
from bot.agent.trace import Grounded, Note, ToolResult, Trace
from bot.calendar import WorkingDays
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.people import Caller
from bot.domain.requests import Checked
from bot.grounding.facts import Evidence, WorkingDayCount
from bot.grounding.judge import Judge, case_of
from bot.grounding.shape import CORRECTION_OPENING, OUTPUT_CONFIG, parse_answer, parse_named
from bot.grounding.statements import Problem, Written, write
from bot.language.quantities import stray_quantities
from bot.language.questions import asks_for_balance
from bot.policy.standing import Entitlement
from bot.tools.toolbox import Toolbox

log = logging.getLogger(__name__)


def evidence_for(draft: Unchecked, question: str, today: date, calendar: WorkingDayCount | None) -> Evidence:
    """The figures an answer may name: every successful lookup still in the conversation."""
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    working: dict[tuple[date, date], int] = {}
    entitlement: Entitlement | None = None
    pending: dict[int, Decimal] = {}
    drafts: list[Checked] = []
    for result in [*draft.conversation.evidence(), *(r for r in draft.evidence if not r.is_error)]:
        for figure in result.figures:
            if isinstance(figure, Balance):
                balances[figure.year] = figure
                if figure.pending is not None:  # the balance says what is pending, as a draft does
                    pending.setdefault(figure.year, figure.pending)
            elif isinstance(figure, LeaveTaken):
                taken[figure.year] = figure
            elif isinstance(figure, WorkingDays):
                working[(figure.start, figure.end)] = figure.working
            elif isinstance(figure, Entitlement):
                entitlement = figure
            elif isinstance(figure, Checked):
                pending[figure.draft.start.year] = figure.pending
                drafts.append(figure)
    failed = tuple(r for r in draft.evidence if r.is_error)
    # The years earlier turns looked up, found or not (a follow-up's "the year before" is next to them).
    this_turn = {r.tool_use_id for r in draft.evidence}
    earlier = frozenset(
        year
        for r in draft.results.values()
        if r.tool_use_id not in this_turn
        for year in (
            [r.facts.year]
            if r.is_error
            else [f.year for f in r.figures if isinstance(f, Balance | LeaveTaken)]
        )
        if year is not None
    )
    return Evidence(
        balances,
        taken,
        working,
        question,
        calendar,
        today,
        entitlement,
        pending,
        tuple(drafts),
        failed,
        earlier,
        follows_up=any(r.tool_use_id not in this_turn and not r.is_error for r in draft.results.values()),
    )


def correction(problems: Sequence[Problem]) -> str:
    """The message that asks the model once more: each figure that failed, and why."""
    lines = "\n".join(f"- {p.figure} {p.reason}" for p in problems)
    return f"{CORRECTION_OPENING}\n{lines}\nAnswer again in the same JSON form."


def plain_with_note(evidence: Sequence[ToolResult], korean: bool) -> str:
    """The figures looked up, said plainly, and why the model's own words were not posted."""
    found = [r for r in evidence if not r.is_error]
    if not found:
        failed = [r for r in evidence if r.is_error]
        return plain_answer(failed, korean) if failed else text.UNVERIFIED.pick(korean)
    return f"{plain_answer(found, korean)}\n{text.VERIFIED_ONLY.pick(korean)}"


class Grounding:
    """The check, as an `AnswerCheck` for the Assistant. Lookups it runs itself go through the same
    Toolbox.dispatch as the model's, so they are validated and audited the same way."""

    # The final answer names its figures (bot/grounding/shape.py), for the check to write them out.
    output_config: OutputConfigParam | None = OUTPUT_CONFIG

    def __init__(
        self,
        toolbox: Toolbox,
        calendar: WorkingDayCount | None = None,
        judge: Judge | None = None,
    ) -> None:
        self.toolbox = toolbox
        self.calendar = calendar  # working days, for calendar figures no tool result gave
        # Whether the statements answer the question: a model's judgement. None: the offline model (which
        # holds its choice to its own rules before it answers) or OFFICEBOT_JUDGE_MODEL=off.
        self.judge = judge

    def shaped(self, answer: str) -> str | None:
        return parse_named(answer)

    async def _render(
        self, draft: Unchecked, named: str, question: str, caller: Caller, trace: Trace
    ) -> Written:
        today = self.toolbox.today_for(caller)
        evidence = evidence_for(draft, question, today, self.calendar)
        written = write(parse_answer(named) or [], evidence, text.is_korean(question))
        # A statement that cannot be written is the code's to say, not a judge's. A greeting is judged too:
        # "안녕하세요~ 올해 연차 며칠 남았어요?" answered with a greeting alone is a miss.
        if self.judge is None or not written.holds:
            return written
        # every lookup the answer may be written from: the conversation's, and this turn's (also those code
        # made itself, which are in no message, and the failures)
        lookups = {r.tool_use_id: r for r in [*draft.conversation.evidence(), *draft.evidence]}
        earlier = draft.messages[: draft.asked_at]
        case = case_of(question, written.text, today, list(lookups.values()), earlier)
        try:
            verdict = await self.judge.judge(case)
        except (anthropic.APIError, ValueError) as exc:
            # No judgement is no pass: the plain looked-up figures instead (review, below).
            trace.add(Note(f"grounding: the judge failed ({type(exc).__name__})"))
            _warn_once(exc)
            return replace(written, problems=(UNJUDGED,))
        if verdict.call is not None:
            trace.add(verdict.call)
        trace.add(Note(f"grounding: judged {'answers' if verdict.answers else 'misses: ' + verdict.missing}"))
        if verdict.answers:
            return written
        reason = f"does not answer the question: {verdict.missing or 'answer what it asks'}"
        return replace(written, problems=(Problem("say", reason),))

    async def review(
        self, draft: Unchecked, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Unchecked:
        if draft.ended in CANNED_ENDINGS:
            trace.add(Note(f"grounding: skipped ({draft.ended})"))
            return draft
        korean = text.is_korean(question)
        if draft.named is None:
            return await self._plain(draft, question, caller, trace)
        first = await self._render(draft, draft.named, question, caller, trace)
        trace.add(Grounded("named", first.statements, len(first.problems), first.text))
        if first.holds:
            # An answer naming no figure stands as written (asking which year is meant, say): there is no
            # number in it to be wrong, and a balance nobody asked for is not added to it.
            trace.add(Note("grounding: ok"))
            return replace(draft, text=first.text, rendered=True)
        if first.problems == (UNJUDGED,):  # asking the model again would meet the same judge
            trace.add(Note("grounding: no verdict → the plain lookup answer"))
            # the figures looked up in earlier turns too ("그럼 3일 쓰면?" after this year's balance)
            earlier = draft.conversation.evidence()
            return await self._plain_figures(draft, question, caller, trace, earlier=earlier)
        choice_failed = any(p.figure == "say" for p in first.problems)
        if not draft.evidence and (asks_for_balance(question) or not choice_failed):
            # Statements with nothing looked up: look up by code (no model call), then render again; what
            # still fails gets the plain lookup answer. A choice that answers another question, asked of
            # no balance, asks the model again instead: a balance is no answer to a question of the law.
            looked_up = await self._with_lookup(draft, "", question, caller, trace)
            again = await self._render(looked_up, draft.named, question, caller, trace)
            if again.holds:
                trace.add(Note("grounding: ok against the looked-up figures"))
                return replace(looked_up, text=again.text)
            trace.add(Note(f"grounding: {_reasons(again.problems)} → the plain lookup answer"))
            return replace(looked_up, text=plain_with_note(looked_up.evidence, korean))
        trace.add(Note(f"grounding: {_reasons(first.problems)} → asking the model once more"))
        second = await ask_again(correction(first.problems))
        if second.ended not in CANNED_ENDINGS and second.named is not None:
            again = await self._render(second, second.named, question, caller, trace)
            if again.holds:
                trace.add(Note("grounding: ok after correction"))
                return replace(second, text=again.text)
            trace.add(Note(f"grounding: still {_reasons(again.problems)} → the plain lookup answer"))
        else:
            trace.add(Note(f"grounding: no usable second answer ({second.ended}) → the plain lookup answer"))
        evidence = [*draft.evidence, *(r for r in second.evidence if r not in draft.evidence)]
        return await self._plain_figures(replace(second, evidence=evidence), question, caller, trace)

    async def _plain_figures(
        self,
        draft: Unchecked,
        question: str,
        caller: Caller,
        trace: Trace,
        *,
        earlier: Sequence[ToolResult] = (),
    ) -> Unchecked:
        """The figures looked up (this turn's, and `earlier` turns'), said plainly with a note, in place of
        an answer that did not pass. Code looks the balance up only when no lookup was tried and none found
        before (one that failed is said, not run again)."""
        if not draft.evidence and not any(not r.is_error for r in earlier) and asks_for_balance(question):
            draft = await self._with_lookup(draft, "", question, caller, trace)
        shown = {r.tool_use_id: r for r in [*earlier, *draft.evidence]}
        return replace(draft, text=plain_with_note(list(shown.values()), text.is_korean(question)))

    async def _plain(self, draft: Unchecked, question: str, caller: Caller, trace: Trace) -> Unchecked:
        """A plain-text answer: posted only when it types no number at all."""
        trace.add(Grounded("plain", draft=draft.text))
        typed = stray_quantities(draft.text)
        if not typed:
            trace.add(Note("grounding: ok (no number in the text)"))
            if not draft.evidence and asks_for_balance(question):
                return await self._with_lookup(draft, draft.text, question, caller, trace)
            return draft
        trace.add(Note(f"grounding: plain text types {', '.join(typed[:4])} → the plain lookup answer"))
        return await self._plain_figures(draft, question, caller, trace)

    async def _with_lookup(
        self, draft: Unchecked, said: str, question: str, caller: Caller, trace: Trace
    ) -> Unchecked:
        """The years asked, looked up by code; `said` followed by the figures said plainly."""
        years = years_asked(self.toolbox, caller, question)
        trace.add(Note(f"grounding: no lookup ran → looked up {', '.join(map(str, years))} by code"))
        results = await look_up_years(self.toolbox, caller, years, trace)
        answer = f"{said}\n{plain_answer(results, text.is_korean(question))}".strip()
        return replace(draft, text=answer, evidence=[*draft.evidence, *results])


UNJUDGED = Problem("say", "could not be judged")
_WARNED: set[str] = set()


def _warn_once(exc: Exception) -> None:
    """A judge that fails says so in the log once per kind of failure (a wrong model name fails every
    answer; its trace notes alone would go unseen)."""
    kind = f"{type(exc).__name__} {getattr(exc, 'status_code', '')}".strip()
    if kind not in _WARNED:
        _WARNED.add(kind)
        log.warning(
            "the answer judge failed (%s: %s); its answer is not posted: the plain looked-up figures instead",
            kind,
            str(exc)[:200],
        )


def _reasons(problems: Sequence[Problem]) -> str:
    return "; ".join(f"{p.figure} {p.reason}" for p in problems[:4]) + (" …" if len(problems) > 4 else "")
