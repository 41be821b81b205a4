"""Whether an answer answers the question: judged by a model, not by rules.

Code writes every figure (bot/grounding/statements.py), so what is left to decide is whether the
statements chosen answer what was asked: the right kind of figure, year and day, every part, the asker's
own leave. Reading that out of free text with rules stopped about one correct answer in ten and let one
wrong answer in ten through on sets written after the code was frozen, round after round
(docs/grounding.md). The same question put to a model, with this prompt, agreed with the sets' own
judgements on about 97 % of answers both ways (docs/decisions.md, "A model judges the choice").

The judge sees only what the asker may see: the question, the conversation before it, the asker's own
lookups this conversation made, and the answer as code wrote it. It answers in one structured output
(`verdict`, `missing`), never a tool call, and no data changes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal, Protocol

import anthropic
from anthropic.types import MessageParam, OutputConfigParam, TextBlockParam

from bot.agent.conversation import message_text
from bot.agent.trace import ModelCall, ToolResult
from bot.grounding.shape import parse_answer

# What the person could have been told, for the judge to know a decline that was not needed. The list
# is the statements' catalogue (bot/grounding/shape.py) in the words a reader uses.
JUDGE_PROMPT = """\
You check an HR bot's answer before it is posted in Slack. Employees ask the bot about their own annual
leave, in Korean or English. The bot looked up the asker's own data with tools (`lookups`), and its answer
(`answer`) was written by code from those lookups, so every figure in it is a true fact about the asker.
Your only job: does the answer answer the question?

Say `answers` when it answers what the question asks, every part of it, for the right year, day or period
(resolve 올해/작년/재작년, this/last year, next Monday, 25일 and the like from `today`), about the asker's own
leave. Extra true context is fine. A decline is right when the question truly cannot be answered from the
bot's data: another person's leave (a name, a title such as 팀장님, a colleague), a company rule
(carry-over, payout, approval policy), or something HR data cannot know.

Say `misses` when it answers another question (the balance when a what-if, a comparison, hours, a day or a
date was asked), another year or day, only some of the parts asked, gives the asker's figures for a
question about someone else, or declines, says "ask HR" or "can't answer" when the question is about the
asker's own leave and the bot could have answered it. The bot can state: remaining, used, granted, pending
and expiring days and when they expire; what taking N days or given dates would leave; comparisons and
totals across years; the share used; hours left at 8 hours a day; half days left; the records and dates of
days taken; a date's weekday, holiday or working-day status; working days between dates; days until a
date; days off in a row; years of service; the statutory entitlement, the next grant's date and size, and
the Labour Standards Act §60 rules; how to request leave; a draft of a leave request for the asker to
submit.

`earlier` is the conversation before the question, for follow-ups ("and last year?"). Judge the text as the
asker would read it. Do not re-check arithmetic (code wrote it); check that what is said is what was asked.
In `missing`, say in one short sentence what the answer lacks or gets wrong (empty when it answers)."""

VERDICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "verdict": {"type": "string", "enum": ["answers", "misses"]},
        "missing": {"type": "string", "description": "What the answer lacks or gets wrong; empty if none."},
    },
    "required": ["verdict", "missing"],
    "additionalProperties": False,
}
OUTPUT_CONFIG: OutputConfigParam = {"format": {"type": "json_schema", "schema": VERDICT_SCHEMA}}


def asks_for_a_verdict(body: dict[str, Any]) -> bool:
    """Whether a Messages API request body is the judge's: its output is the verdict schema (how a stand-in
    on the wire tells the judge's calls from the answering conversation's)."""
    return ((body.get("output_config") or {}).get("format") or {}).get("schema") == VERDICT_SCHEMA


# The same for every answer, but shorter (about 600 tokens) than the smallest prefix the API caches (1,024):
# billed in full each time. benchmarks/prompt_cost.py counts it.
SYSTEM: list[TextBlockParam] = [{"type": "text", "text": JUDGE_PROMPT}]
MAX_TOKENS = 2048  # room for the model's thinking and a one-line verdict
JUDGE_TIMEOUT = 10.0  # seconds a call; with one retry, about 20 s of the question's 60


@dataclass(frozen=True)
class Verdict:
    answers: bool
    missing: str = ""
    call: ModelCall | None = None  # the judge's call, for the trace, the metrics and the bill


@dataclass(frozen=True)
class Case:
    """What the judge reads: nothing of anyone but the asker."""

    today: date
    question: str
    answer: str
    lookups: tuple[tuple[str, str], ...] = ()  # (tool name, the tool_result content the model read)
    earlier: tuple[tuple[Literal["user", "assistant"], str], ...] = ()

    def as_json(self) -> str:
        return json.dumps(
            {
                "today": f"{self.today.isoformat()} ({self.today.strftime('%A')})",
                "earlier": [{"role": role, "text": said} for role, said in self.earlier],
                "question": self.question,
                "lookups": [{"tool": tool, "result": _parsed(content)} for tool, content in self.lookups],
                "answer": self.answer,
            },
            ensure_ascii=False,
        )


class Judge(Protocol):
    async def judge(self, case: Case) -> Verdict: ...


class ModelJudge:
    """The judge as one Messages API call. A failed call raises (`anthropic.APIError`): the check then
    posts the plain looked-up figures, so a judge outage never posts an unjudged answer as judged."""

    def __init__(self, client: anthropic.AsyncAnthropic, model: str) -> None:
        # Its own time limit, one retry: a judge that hangs must leave the question time for the plain
        # figures within its deadline (a turn may ask the judge twice; the answering calls keep theirs).
        self.client = client.with_options(timeout=JUDGE_TIMEOUT, max_retries=1)
        self.model = model

    async def judge(self, case: Case) -> Verdict:
        messages: list[MessageParam] = [{"role": "user", "content": case.as_json()}]
        started = time.perf_counter()
        reply = await self.client.messages.create(
            model=self.model,
            max_tokens=MAX_TOKENS,
            system=SYSTEM,
            messages=messages,
            output_config=OUTPUT_CONFIG,
        )
        if reply.stop_reason != "end_turn":  # a refusal, or cut off at max_tokens: no verdict
            raise ValueError(f"the judge stopped with {reply.stop_reason}")
        said = "".join(block.text for block in reply.content if block.type == "text")
        return replace(verdict_of(said), call=ModelCall.of(reply, 0, started, judge=True))


def verdict_of(said: str) -> Verdict:
    """The structured output read; anything else is a malformed reply (ValueError)."""
    data = json.loads(said)
    if not isinstance(data, dict) or data.get("verdict") not in ("answers", "misses"):
        raise ValueError(f"not a verdict: {said[:80]!r}")
    return Verdict(data["verdict"] == "answers", str(data.get("missing") or ""))


def case_of(
    question: str,
    answer: str,
    today: date,
    evidence: Sequence[ToolResult],
    earlier: Sequence[MessageParam],
) -> Case:
    """The judge's case from a turn: its lookups (successful or not: a failure said is an answer too) and
    the text of the turns before the question (`earlier`: the messages before it)."""
    return Case(
        today,
        question,
        answer,
        tuple((r.name, r.content) for r in evidence),
        tuple(_said(earlier)[-4:]),
    )


def _said(messages: Sequence[MessageParam]) -> list[tuple[Literal["user", "assistant"], str]]:
    """The plain text of each message; an answer kept as the model's statements ({"parts": …}) is shown as
    the statements it chose, which is what its written text said."""
    said: list[tuple[Literal["user", "assistant"], str]] = []
    for message in messages:
        text, role = message_text(message) or "", message["role"]
        if not text.strip() or role not in ("user", "assistant"):
            continue
        if role == "assistant" and (parts := parse_answer(text)) is not None:
            statements = [statement for part in parts for statement in part.say]
            text = f"(answered with the statements: {', '.join(statements)})"
        said.append(("user" if role == "user" else "assistant", text.strip()))
    return said


def _parsed(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return content
