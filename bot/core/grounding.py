"""The grounding check: every leave amount an answer states must come from a tool result.

Tool use removes the reason to make a number up, not the possibility. After the loop's final answer and
before it is posted, this check finds the amounts the answer states in numerals (`7.5일`, `8 days`) and
compares each, as a Decimal, with the granted / used / remaining figures of the conversation's successful
tool results (this turn's and earlier turns' still in the messages), taken from the tools' structured
outputs, never re-parsed from their text. Error results are not evidence.

    no lookup ran this turn, and the answer states an amount the evidence lacks (or a year never looked
    up), or it answers a balance question without any amount
        → run the lookup by code (same Toolbox.dispatch, same Caller) and answer from that result
    a lookup ran, and an amount is not in the evidence
        → ask the model once more with a short correction; still wrong → a plain answer from the results
    otherwise → the answer passes untouched, with no extra model call
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from bot import text
from bot.core.conversation import Conversation
from bot.core.lookup import look_up_by_code
from bot.core.loop import CANNED_ENDINGS, AskAgain, Draft
from bot.core.question import asks_for_balance, years_in
from bot.core.trace import Note, ToolResult, Trace
from bot.hr.ports import Balance, Caller, format_days
from bot.tools.registry import Figures, Toolbox

# Every numeral in an answer is treated as a leave amount unless it is a year or part of a date or time:
# "12 vacation days", "연차 12개" and "잔여: 12" state amounts as surely as "12일" does, and an answer
# about leave has no other reason to carry a number. Erring this way costs at most one correction.
_NUMBER = re.compile(
    r"(?<![A-Za-z\d.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*-?\s*(?:일|days?\b|개))?", re.I
)
_NOT_AMOUNTS = re.compile(
    r"\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}"  # 2026-11-29, 2026.11.29
    r"|\d{1,2}\s*월\s*\d{1,2}\s*일"  # 11월 29일
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
    r"|\b\d{1,2}:\d{2}\b",  # times
    re.I,
)
_YEAR = re.compile(r"(?:19|20|21)\d{2}")

Role = Literal["remaining", "used", "granted"]
# Words that say which figure a number is ("남은 15일" claims 15 is what remains, not what was granted).
_ROLE_WORDS: dict[Role, re.Pattern[str]] = {
    "remaining": re.compile(r"남은|남았|남아|잔여|left|remain", re.I),
    "used": re.compile(r"사용|썼|쓴|used|taken|spent", re.I),
    "granted": re.compile(r"부여|발생|받은|granted|entitle|total|allowance", re.I),
}
_ROLE_REACH = 24  # characters on either side of a number, never past a neighbouring number
_CLAUSE_BREAK = re.compile(r"[(),;:.!?\n]")  # a role word only describes numbers in its own clause


@dataclass(frozen=True)
class Amount:
    text: str  # as written in the answer, e.g. "8일"
    value: Decimal
    role: Role | None = None  # what the answer says the number is, when a word next to it says so


def amounts_in(text: str) -> list[Amount]:
    """Leave amounts stated in numerals: every number but years, dates and times."""
    blanked = _NOT_AMOUNTS.sub(lambda m: " " * len(m.group(0)), text)
    spans: list[tuple[int, int, str]] = []
    for match in _NUMBER.finditer(blanked):
        number = match.group(1)
        if _YEAR.fullmatch(number) and not match.group(0)[len(number) :].strip():
            continue  # a bare four-digit year; "2026일" would still be an amount
        spans.append((match.start(), match.end(), number))
    found = []
    for index, (start, end, number) in enumerate(spans):
        left_edge = max(spans[index - 1][1] if index else 0, start - _ROLE_REACH)
        right_edge = min(spans[index + 1][0] if index + 1 < len(spans) else len(text), end + _ROLE_REACH)
        before, after = text[left_edge:start], text[end:right_edge]
        breaks_before = list(_CLAUSE_BREAK.finditer(before))
        before = before[breaks_before[-1].end() :] if breaks_before else before
        break_after = _CLAUSE_BREAK.search(after)
        after = after[: break_after.start()] if break_after else after
        role = _nearest_role(before, after)
        found.append(Amount(text[start:end].strip(), Decimal(number.replace(",", "")), role))
    return found


def _nearest_role(before: str, after: str) -> Role | None:
    best: tuple[int, Role] | None = None
    for role, words in _ROLE_WORDS.items():
        for match in words.finditer(before):
            distance = len(before) - match.end()
            best = min(best, (distance, role)) if best else (distance, role)
        for match in words.finditer(after):
            best = min(best, (match.start(), role)) if best else (match.start(), role)
    return best[1] if best else None


def figures_in(conversation: Conversation) -> list[Figures]:
    """The figures of every successful lookup whose tool_result is in the conversation."""
    return [figure for result in conversation.evidence() for figure in result.figures]


def _by_role(figures: Iterable[Figures]) -> dict[Role, set[Decimal]]:
    """Every amount the evidence states, by what it is. Leave taken is "used": each record's days and
    each type's total (dates are not amounts)."""
    by_role: dict[Role, set[Decimal]] = {"remaining": set(), "used": set(), "granted": set()}
    for figure in figures:
        if isinstance(figure, Balance):
            # A negative remaining (overdrawn leave) may be stated as its size: "1일 초과 사용" for −1.
            by_role["remaining"].add(abs(figure.remaining))
            by_role["used"].add(figure.used)
            by_role["granted"].add(figure.granted)
        else:
            by_role["used"].update(record.days for record in figure.records)
            by_role["used"].update(figure.totals.values())
            if figure.undated:
                by_role["used"].add(figure.undated)
    return by_role


def ungrounded(amounts: Iterable[Amount], figures: Iterable[Figures]) -> list[Amount]:
    """Amounts no tool result backs. An amount whose role the answer names ("남은 15일") must match a
    figure of that role: quoting the granted 15 as what remains is a misquote, not a grounded number."""
    by_role = _by_role(figures)
    anything = set().union(*by_role.values())
    return [a for a in amounts if a.value not in (by_role[a.role] if a.role else anything)]


def plain_answer(results: Sequence[ToolResult], korean: bool) -> str:
    """An answer built only from tool results: every amount in it is one the tool returned."""
    found: list[Figures | text.LookupFailed] = []
    for result in results:
        if result.is_error:
            found.append(text.LookupFailed(result.failure, result.content))
        else:
            found.extend(result.figures)
    return text.results_answer(found, korean)


def _fact(figure: Figures) -> str:
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


def correction(stray: Sequence[Amount], figures: Sequence[Figures]) -> str:
    """The one extra message the model gets: what was ungrounded, and the evidence it must use."""
    named = _names(stray)
    if figures:
        facts = "; ".join(_fact(f) for f in _unique(figures))
        evidence = f"The tool results in this conversation say: {facts}."
    else:
        evidence = "No lookup in this conversation succeeded, so no amount may be stated."
    return (
        f"[grounding check] Your answer states {named}, which no tool result in this conversation "
        f"contains. {evidence} Answer my last question again, stating only amounts exactly as a tool "
        "result gave them (call a tool again if you need another year). Reply in my language and "
        "do not mention this check."
    )


class Grounding:
    """The check, as an `AnswerCheck` for the Assistant. Lookups it runs itself go through the same
    Toolbox.dispatch as the model's, so they are validated and audited the same way."""

    def __init__(self, toolbox: Toolbox) -> None:
        self.toolbox = toolbox

    async def review(
        self, draft: Draft, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Draft:
        if draft.ended in CANNED_ENDINGS:
            trace.add(Note(f"grounding: skipped ({draft.ended})"))
            return draft
        korean = text.is_korean(question)
        amounts = amounts_in(draft.text)
        figures = figures_in(draft.conversation)
        asked_years = years_in(question, self.toolbox.today_for(caller))

        if not draft.evidence:
            reason = _why_look_up(amounts, figures, asked_years, question)
            if reason is None:
                trace.add(Note("grounding: ok"))
                return draft
            return await self._look_up_by_code(draft, reason, amounts, asked_years, caller, trace, korean)

        stray = ungrounded(amounts, figures)
        if not stray:
            trace.add(Note("grounding: ok"))
            return draft
        trace.add(Note(f"grounding: ungrounded {_names(stray)} → asking the model once more"))
        second = await ask_again(correction(stray, figures))
        still = ungrounded(amounts_in(second.text), figures_in(second.conversation))
        if second.ended not in CANNED_ENDINGS and not still:
            trace.add(Note("grounding: ok after correction"))
            return second
        what = f"still ungrounded {_names(still)}" if still else f"no usable second answer ({second.ended})"
        trace.add(Note(f"grounding: {what} → replaced with a plain answer from the tool results"))
        return replace(second, text=plain_answer(second.evidence, korean))

    async def _look_up_by_code(
        self,
        draft: Draft,
        reason: str,
        amounts: Sequence[Amount],
        asked_years: Sequence[int],
        caller: Caller,
        trace: Trace,
        korean: bool,
    ) -> Draft:
        years = list(asked_years) or [self.toolbox.today_for(caller).year]
        trace.add(Note(f"grounding: {reason} → looked up {', '.join(map(str, years))} by code"))
        results = await asyncio.gather(*(look_up_by_code(self.toolbox, caller, y, trace) for y in years))
        looked_up = plain_answer(results, korean)
        # The model's own words survive only when they state no amount at all (e.g. "확인해 볼게요").
        answer = looked_up if amounts else f"{draft.text}\n{looked_up}".strip()
        return replace(draft, text=answer, evidence=[*draft.evidence, *results])


def _why_look_up(
    amounts: Sequence[Amount], figures: Sequence[Figures], asked_years: Sequence[int], question: str
) -> str | None:
    """Why an answer given with no lookup this turn cannot stand, or None if it can."""
    stray = ungrounded(amounts, figures)
    if stray:
        return f"no lookup ran and the answer states {_names(stray)}"
    known_years = {f.year for f in figures}
    unlooked = [y for y in asked_years if y not in known_years]
    if amounts and unlooked:
        return f"the answer states amounts for {', '.join(map(str, unlooked))}, which was never looked up"
    if not amounts and asks_for_balance(question):
        return "a balance question was answered without a lookup"
    return None


def _names(amounts: Sequence[Amount]) -> str:
    return ", ".join(dict.fromkeys(a.text for a in amounts))


def _unique(figures: Sequence[Figures]) -> list[Figures]:
    return list(dict.fromkeys(figures))
