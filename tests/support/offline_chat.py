"""Asking the offline model through the real loop and the real grounding check, as `officebot chat` does:
a previous turn (optional), then the question; and judging an answer against an expected behaviour."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from bot.agent.conversation import Conversation
from bot.agent.loop import Assistant, Turn
from bot.db.hr import SqlHrStore
from bot.domain.people import Caller
from bot.grounding.check import Grounding
from bot.hr.directory import roster
from bot.language.people import Roster
from bot.llm import offline_lines
from bot.llm.client import make_client
from bot.policy.grants import LeaveRules
from bot.ports.hr import LeaveStore
from tests.support.assistant import make_toolbox, tracked
from tests.support.clock import FIXED_CALENDAR


def offline_assistant(
    store: LeaveStore, rules: LeaveRules | None = None, roster: Roster | None = None
) -> Assistant:
    """The offline model (no key) behind the real loop, with the grounding check on, as chat runs it;
    `roster`: who is in the HR data (as `open_services` reads it from the directory)."""
    toolbox = make_toolbox(store, rules=rules)
    client = tracked(make_client(None, roster=roster))
    return Assistant(client, toolbox, model="offline", calendar=FIXED_CALENDAR, check=Grounding(toolbox))


async def ask(bot: Assistant, caller: Caller, question: str, previous: str | None = None) -> Turn:
    conversation = Conversation([])
    if previous is not None:
        conversation = (await bot.run_turn(Conversation.start(previous), caller)).conversation
    return await bot.run_turn(conversation.ask(question), caller)


# A line that is only a balance (text.balance_sentence), in either language.
_BALANCE_LINE = re.compile(
    r"^\d{4}년 남은 연차는 [^.]*\)\.$|^You have [\d.]+ days? of annual leave left for \d{4} \([^)]*\)\.$"
)


@dataclass(frozen=True)
class Verdict:
    right: bool
    why: str
    declined: bool = False  # not right, but an honest "I can't answer that offline", no lookup


# The offline model's honest declines: it can't answer that offline, or not in hours, or not the rules.
DECLINES = tuple(
    line
    for phrase in (offline_lines.OFFLINE_CANNOT, offline_lines.OFFLINE_HOURS, offline_lines.OFFLINE_RULES)
    for line in (phrase.ko, phrase.en)
)


def judge(turn: Turn, expect: Any, today: date) -> Verdict:
    """Whether the turn did what `expect` says (the held-out file's format)."""
    looked_up = sorted({call.input["year"] for call in turn.trace.tool_calls if "year" in call.input})
    grounded = any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)
    if not grounded:
        return Verdict(False, "the grounding check changed the answer")
    if (isinstance(expect, dict) or expect == "date") and not looked_up and turn.answer in DECLINES:
        return Verdict(False, f"declined: {turn.answer[:40]}", declined=True)
    if isinstance(expect, dict):
        want = sorted(expect["years"])
        return Verdict(looked_up == want, f"looked up {looked_up}, expected {want}")
    if expect == "declined":
        # someone else's: said so, or "I can't answer that offline" — either way no lookup
        declined = not looked_up and turn.answer in (
            offline_lines.OFFLINE_SOMEONE_ELSE.ko,
            offline_lines.OFFLINE_SOMEONE_ELSE.en,
            offline_lines.OFFLINE_CANNOT.ko,
            offline_lines.OFFLINE_CANNOT.en,
        )
        return Verdict(declined, f"looked up {looked_up}: {turn.answer[:60]}")
    if expect == "cannot":  # an honest "I can't answer that offline" (or not in hours, or not the rules)
        return Verdict(
            not looked_up and turn.answer in DECLINES, f"looked up {looked_up}: {turn.answer[:60]}"
        )
    if expect == "asks_back":  # it cannot tell which year is meant: it asks, and guesses none
        asks = "?" in turn.answer and any(w in turn.answer for w in ("연도", "몇 년", "year", "Year"))
        return Verdict(asks and not looked_up, f"looked up {looked_up}: {turn.answer[:60]}")
    if expect == "date":
        said = (
            f"{today.month}월 {today.day}일" in turn.answer
            or f"{today.strftime('%B')} {today.day}" in turn.answer
        )
        return Verdict(said and not looked_up, turn.answer[:60])
    bare = bool(looked_up) and all(_BALANCE_LINE.match(line) for line in turn.answer.splitlines())
    hint = turn.answer in (offline_lines.OFFLINE_WHAT_I_DO.ko, offline_lines.OFFLINE_WHAT_I_DO.en)
    return Verdict(
        not bare and not hint,
        f"{'bare balance' if bare else 'usage hint' if hint else 'ok'}: {turn.answer[:60]}",
    )


# The offline model's honest decline, in both languages.
CANNOT = (offline_lines.OFFLINE_CANNOT.ko, offline_lines.OFFLINE_CANNOT.en)


async def roster_bot(hr: SqlHrStore) -> Assistant:
    """The offline assistant over `hr`, with the directory's roster (who is a colleague)."""
    return offline_assistant(hr, roster=await roster(hr))


def lookups(turn: Turn) -> list[tuple[str, object]]:
    """Each tool call of the turn: its name and the year asked."""
    return [(call.name, call.input.get("year")) for call in turn.trace.tool_calls]


def rendered_first_time(turn: Turn) -> bool:
    """The check rendered the first answer as written: no correction round."""
    steps = [getattr(step, "text", "") for step in turn.trace.steps]
    return "grounding: ok" in steps and len(turn.trace.model_calls) == 2
