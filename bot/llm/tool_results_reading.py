"""What the offline model reads in the tool results, the way a model reads them: as the JSON data on the
wire (bot/tools/result_data.py reads it back into the domain's values, no patterns): each figure, a
draft's problems and its refusal for the balance, a balance, and the evidence its answer's statements are
written from when it writes them out itself (`final_text`). Apart
from the answering (offline.py): this is what the results say, not what the model makes of them.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from typing import Any

from bot import text
from bot.agent.trace import ToolResult
from bot.calendar import WorkingDays, working_days
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.requests import Checked, Problem
from bot.grounding.facts import Evidence
from bot.llm.choice.check import write_checked
from bot.llm.conversation import earlier_in, question_index
from bot.llm.offline_lines import CANNOT
from bot.llm.wire import blocks, result_text, tool_results
from bot.policy.standing import Entitlement
from bot.tools.result_data import Read, failure_in, figure_in


def figure_read(block: dict[str, Any]) -> Read | None:
    """The figure a successful result states; None for a failure or a content that is not one."""
    return None if block.get("is_error") else figure_in(result_text(block))


def problems_read(block: dict[str, Any]) -> tuple[str, tuple[Problem, ...]]:
    """A refused result's reason and, for a draft, the problems that stop it."""
    _, reason, _, problems = failure_in(result_text(block))
    return reason, problems


def refused_for_the_balance(messages: list[dict[str, Any]]) -> bool:
    """Whether a draft was refused for the balance in this question's turn."""
    return any(
        block.get("is_error") and any(p.over_balance for p in problems_read(block)[1])
        for message in messages[question_index(messages) :]
        for block in tool_results(message)
    )


def balance_in(block: dict[str, Any]) -> Balance | None:
    found = figure_read(block)
    return found if isinstance(found, Balance) else None


def wire_evidence(messages: list[dict[str, Any]], question: str, today: date) -> Evidence:
    """What the lookups whose results are in `messages` (the wire, as this peer sees it) give an answer:
    every success in the conversation, and this turn's failures and counts."""
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    statutory: Entitlement | None = None
    working: dict[tuple[date, date], int] = {}
    drafts: list[Checked] = []
    failed: list[ToolResult] = []
    names = {
        b.get("id"): str(b.get("name")) for m in messages for b in blocks(m) if b.get("type") == "tool_use"
    }
    for index, message in enumerate(messages):
        this_turn = index >= question_index(messages)
        for block in tool_results(message):
            figure = figure_read(block)
            if isinstance(figure, Balance):
                balances[figure.year] = figure
            elif isinstance(figure, LeaveTaken):
                taken[figure.year] = figure
            elif isinstance(figure, Entitlement):
                statutory = figure
            elif isinstance(figure, WorkingDays) and this_turn:
                working[(figure.start, figure.end)] = figure.working
            elif isinstance(figure, Checked) and this_turn:
                drafts.append(figure)
            elif block.get("is_error") and this_turn:
                kind, reason, facts, _ = failure_in(result_text(block))
                name = names.get(block.get("tool_use_id"), "")
                content = result_text(block)
                failed.append(
                    ToolResult(
                        str(block.get("tool_use_id")),
                        name,
                        content,
                        True,
                        0.0,
                        kind or "invalid_input",
                        (),
                        facts,
                        reason,
                    )
                )
    pending = {d.draft.start.year: d.pending for d in drafts}
    pending |= {y: b.pending for y, b in balances.items() if b.pending is not None and y not in pending}
    return Evidence(
        balances, taken, working, question, None, today, statutory, pending, tuple(drafts), tuple(failed)
    )


def final_text(
    statements: list[str],
    messages: list[dict[str, Any]],
    question: str,
    today: date,
    declaring: bool,
    *,
    colleague: str | None = None,
) -> str:
    """The final answer: the statements in the answer shape (structured outputs asked for: one part, quoting
    the whole question, for the offline model answers a message whole or declines it), or else (a plain-text
    peer) as code writes them, from the lookups on the wire."""
    # as the check reads it: with the calendar, and the years the turns before looked up (a follow-up's)
    before = earlier_in(messages[: question_index(messages)])
    evidence = replace(
        wire_evidence(messages, question, today),
        calendar=_working_days,
        earlier_years=frozenset(before.years),
        follows_up=bool(before.tools),
        colleague=colleague,
    )
    written = write_checked(statements, evidence, text.is_korean(question))
    if not written.holds:
        # What its own reading chose does not answer the question as its own check reads it (bot/llm/choice/):
        # it says it cannot answer offline rather than post a figure for another question.
        statements = list(CANNOT)
        written = write_checked(statements, evidence, text.is_korean(question))
    if declaring:
        return json.dumps({"parts": [{"asks": question, "say": statements}]}, ensure_ascii=False)
    return written.text


def _working_days(first: date, last: date) -> int:
    return working_days(first, last).working
