"""The grounding check: every leave amount an answer states must come from a tool result.

Tool use removes the reason to make a number up, not the possibility. After the loop's final answer and
before it is posted, this check finds the amounts the answer states in numerals (`7.5일`, `8 days`) and
compares each, as a Decimal, with the granted / used / remaining figures of the conversation's successful
tool_results (this turn's and earlier turns' still in the messages). Error results are not evidence.

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
from typing import Any, Literal

from anthropic.types import MessageParam

from bot.core.lookup import look_up_by_code
from bot.core.loop import AskAgain, Draft
from bot.core.prompt import is_korean
from bot.core.question import asks_for_balance, years_in
from bot.core.trace import Note, ToolResult, Trace
from bot.hr.directory import Caller
from bot.hr.store import format_days
from bot.tools import Toolbox
from bot.tools.leave_balance import LeaveFigures, parse_result

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

# Answers the loop wrote itself (model down, refusal) carry no model-made number and are not rewritten.
_NOT_CHECKED = ("model_error", "refusal")


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


def figures_in(messages: Sequence[MessageParam]) -> list[LeaveFigures]:
    """The figures of every successful leave lookup whose tool_result is in the conversation."""
    figures = []
    for message in messages:
        if message["role"] != "user" or isinstance(message["content"], str):
            continue
        for block in message["content"]:
            if _field(block, "type") != "tool_result" or _field(block, "is_error"):
                continue
            parsed = parse_result(_result_text(_field(block, "content")))
            if parsed is not None:
                figures.append(parsed)
    return figures


def ungrounded(amounts: Iterable[Amount], figures: Iterable[LeaveFigures]) -> list[Amount]:
    """Amounts no tool result backs. An amount whose role the answer names ("남은 15일") must match a
    figure of that role: quoting the granted 15 as what remains is a misquote, not a grounded number."""
    figures = list(figures)
    # A negative remaining (overdrawn leave) may be stated as its size: "1일 초과 사용" for −1.
    by_role: dict[Role, set[Decimal]] = {
        "remaining": {abs(f.remaining) for f in figures},
        "used": {f.used for f in figures},
        "granted": {f.granted for f in figures},
    }
    anything = set().union(*by_role.values())
    return [a for a in amounts if a.value not in (by_role[a.role] if a.role else anything)]


@dataclass(frozen=True)
class _Language:
    korean: bool

    def balance(self, f: LeaveFigures) -> str:
        remaining, granted, used = (format_days(v) for v in (f.remaining, f.granted, f.used))
        if self.korean:
            return f"{f.year}년 남은 연차는 {remaining}일이에요 (부여 {granted}일, 사용 {used}일)."
        return (
            f"You have {remaining} days of annual leave left for {f.year} ({granted} granted, {used} used)."
        )

    def failure(self, reason: str) -> str:
        if self.korean:
            return (
                f"연차 정보를 조회하지 못했어요 ({reason}). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요."
            )
        return f"I couldn't look up your leave ({reason}). Please try again later or contact HR."

    def nothing_found(self) -> str:
        if self.korean:
            return "연차 정보를 확인하지 못했어요. 다시 물어봐 주세요."
        return "I couldn't confirm your leave balance. Please ask again."


def plain_answer(results: Sequence[ToolResult], korean: bool) -> str:
    """An answer built only from tool results: every amount in it is one the tool returned."""
    language = _Language(korean)
    lines: list[str] = []
    for result in results:
        figures = None if result.is_error else parse_result(result.content)
        line = language.balance(figures) if figures else language.failure(result.content)
        if line not in lines:
            lines.append(line)
    return "\n".join(lines) or language.nothing_found()


def correction(stray: Sequence[Amount], figures: Sequence[LeaveFigures]) -> str:
    """The one extra message the model gets: what was ungrounded, and the evidence it must use."""
    named = _names(stray)
    if figures:
        facts = "; ".join(
            f"{f.year}: granted {format_days(f.granted)}, used {format_days(f.used)}, "
            f"remaining {format_days(f.remaining)}"
            for f in _unique(figures)
        )
        evidence = f"The tool results in this conversation say: {facts}."
    else:
        evidence = "No lookup in this conversation succeeded, so no amount may be stated."
    return (
        f"[grounding check] Your answer states {named}, which no tool result in this conversation "
        f"contains. {evidence} Answer my last question again, stating only amounts exactly as a tool "
        "result gave them (call get_leave_balance if you need another year). Reply in my language and "
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
        if draft.ended in _NOT_CHECKED:
            trace.add(Note(f"grounding: skipped ({draft.ended})"))
            return draft
        korean = is_korean(question)
        amounts = amounts_in(draft.text)
        figures = figures_in(draft.messages)
        asked_years = years_in(question, self.toolbox.today(caller))

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
        still = ungrounded(amounts_in(second.text), figures_in(second.messages))
        if second.ended not in _NOT_CHECKED and not still:
            trace.add(Note("grounding: ok after correction"))
            return second
        what = f"still ungrounded {_names(still)}" if still else f"no usable second answer ({second.ended})"
        trace.add(Note(f"grounding: {what} → replaced with a plain answer from the tool results"))
        text = plain_answer(second.evidence, korean)
        return replace(second, text=text, messages=_with_answer(second.messages, text))

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
        years = list(asked_years) or [self.toolbox.today(caller).year]
        trace.add(Note(f"grounding: {reason} → looked up {', '.join(map(str, years))} by code"))
        results = await asyncio.gather(*(look_up_by_code(self.toolbox, caller, y, trace) for y in years))
        looked_up = plain_answer(results, korean)
        # The model's own words survive only when they state no amount at all (e.g. "확인해 볼게요").
        text = looked_up if amounts else f"{draft.text}\n{looked_up}".strip()
        return replace(
            draft,
            text=text,
            messages=_with_answer(draft.messages, text),
            evidence=[*draft.evidence, *results],
        )


def _why_look_up(
    amounts: Sequence[Amount], figures: Sequence[LeaveFigures], asked_years: Sequence[int], question: str
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


def _unique(figures: Sequence[LeaveFigures]) -> list[LeaveFigures]:
    return list(dict.fromkeys(figures))


def _with_answer(messages: list[MessageParam], text: str) -> list[MessageParam]:
    """The conversation with the posted answer as its last assistant message, so a follow-up never
    sees (and repeats) an amount that was not posted."""
    kept = messages[:-1] if messages and messages[-1]["role"] == "assistant" else messages
    return [*kept, {"role": "assistant", "content": text}]


def _field(block: Any, name: str) -> Any:
    return block.get(name) if isinstance(block, dict) else getattr(block, name, None)


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(_field(b, "text") or "") for b in content if _field(b, "type") == "text")
    return ""
