"""What happens to a declared answer before it is posted (the grounding check's first path).

    every figure verified, every number covered ─▶ posted as written, no extra model call
    something does not hold ─▶ the model is asked once more, told each failed figure and, where known, its
        right value ─▶ verified ─▶ posted
    still not ─▶ the plain lookup answer (the looked-up figures in the phrasebook's words) with a short note;
        never a number rewritten inside the model's sentence

An answer that states leave figures with no lookup behind them gets the lookup by code (no model call) and
is checked against it. An answer with no figure stands as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal

from bot import text
from bot.calendar import WorkingDays
from bot.core.declared import CORRECTION_OPENING, DeclaredAnswer
from bot.core.facts import Evidence, WorkingDayCount
from bot.core.figures import FigureProblem, verify
from bot.core.lookup import look_up_years, plain_answer, years_asked
from bot.core.loop import CANNED_ENDINGS, AskAgain, Draft
from bot.core.question import asks_for_balance
from bot.core.trace import Grounded, Note, ToolResult, Trace
from bot.domain.leave import Balance, LeaveTaken, format_days
from bot.domain.people import Caller
from bot.domain.requests import Checked
from bot.policy.standing import Entitlement
from bot.tools.registry import Toolbox


def evidence_for(draft: Draft, question: str, today: date, calendar: WorkingDayCount | None) -> Evidence:
    """The figures an answer may rest on: every successful lookup still in the conversation."""
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    working: dict[tuple[date, date], int] = {}
    entitlement: Entitlement | None = None
    pending: dict[int, Decimal] = {}
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
    return Evidence(
        balances=balances,
        taken=taken,
        working_days=working,
        question=question,
        calendar=calendar,
        today=today,
        entitlement=entitlement,
        pending=pending,
    )


def correction(problems: Sequence[FigureProblem]) -> str:
    """The message that asks the model once more: each figure that failed, and why."""
    lines = []
    for problem in problems:
        right = f" (it is {format_days(problem.right)})" if problem.right is not None else ""
        lines.append(f"- {problem.span!r} {problem.reason}{right}")
    return (
        CORRECTION_OPENING
        + "\n"
        + "\n".join(lines)
        + "\nAnswer again in the same JSON form. State only figures your lookups, arithmetic on them, the "
        "calendar or the Labour Standards Act give, and declare every number in the text."
    )


async def review_declared(
    draft: Draft,
    declared: DeclaredAnswer,
    *,
    question: str,
    caller: Caller,
    trace: Trace,
    ask_again: AskAgain,
    toolbox: Toolbox,
    calendar: WorkingDayCount | None,
) -> Draft:
    today = toolbox.today_for(caller)
    korean = text.is_korean(question)
    verdict = verify(declared, evidence_for(draft, question, today, calendar))
    if verdict.holds:
        # An answer stating no figure stands as written (asking which year is meant, say): there is no
        # number in it to be wrong, and a balance nobody asked for is not added to it.
        trace.add(Grounded("declared", len(declared.figures), 0, draft.text))
        trace.add(Note("grounding: ok"))
        return draft
    problems = verdict.problems
    trace.add(Grounded("declared", len(declared.figures), len(problems), draft.text))
    if not draft.evidence and (asks_for_balance(question) or _states_a_fact(declared)):
        # Nothing was looked up, yet leave figures were stated or asked for: look up by code (no model
        # call), then check the answer against that.
        looked_up = await _looked_up_by_code(draft, question, caller, trace, toolbox, keep_text=False)
        again = verify(declared, evidence_for(looked_up, question, today, calendar))
        if again.holds:
            trace.add(Note("grounding: ok against the looked-up figures"))
            return replace(looked_up, text=draft.text)
        trace.add(Note(f"grounding: {_reasons(again.problems)} → the plain lookup answer"))
        return replace(looked_up, text=plain_with_note(looked_up.evidence, korean))
    trace.add(Note(f"grounding: {_reasons(problems)} → asking the model once more"))
    second = await ask_again(correction(problems))
    if second.ended not in CANNED_ENDINGS and second.declared is not None:
        again = verify(second.declared, evidence_for(second, question, today, calendar))
        if again.holds:
            trace.add(Note("grounding: ok after correction"))
            return second
        trace.add(Note(f"grounding: still {_reasons(again.problems)} → the plain lookup answer"))
    else:
        trace.add(Note(f"grounding: no usable second answer ({second.ended}) → the plain lookup answer"))
    evidence = [*draft.evidence, *(r for r in second.evidence if r not in draft.evidence)]
    if not any(not r.is_error for r in evidence) and asks_for_balance(question):
        looked_up = await _looked_up_by_code(second, question, caller, trace, toolbox, keep_text=False)
        return replace(looked_up, text=plain_with_note(looked_up.evidence, korean))
    return replace(second, text=plain_with_note(evidence, korean))


def plain_with_note(evidence: Sequence[ToolResult], korean: bool) -> str:
    """The figures looked up, said plainly, and why the model's own words were not posted."""
    found = [r for r in evidence if not r.is_error]
    if not found:
        failed = [r for r in evidence if r.is_error]
        return plain_answer(failed, korean) if failed else text.UNVERIFIED.pick(korean)
    return f"{plain_answer(found, korean)}\n{text.VERIFIED_ONLY.pick(korean)}"


def _states_a_fact(declared: DeclaredAnswer) -> bool:
    return any(figure.basis == "fact" for figure in declared.figures)


async def _looked_up_by_code(
    draft: Draft, question: str, caller: Caller, trace: Trace, toolbox: Toolbox, *, keep_text: bool = True
) -> Draft:
    korean = text.is_korean(question)
    years = years_asked(toolbox, caller, question)
    trace.add(Note(f"grounding: no lookup ran → looked up {', '.join(map(str, years))} by code"))
    results = await look_up_years(toolbox, caller, years, trace)
    said = draft.text if keep_text else ""
    answer = f"{said}\n{plain_answer(results, korean)}".strip()
    return replace(draft, text=answer, evidence=[*draft.evidence, *results])


def _reasons(problems: Sequence[FigureProblem]) -> str:
    return "; ".join(f"{p.span!r} {p.reason}" for p in problems[:4]) + (" …" if len(problems) > 4 else "")
