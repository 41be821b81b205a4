"""What the offline model reads in the tool results, the way a model reads them: as the JSON data on the
wire (bot/tools/result_data.py reads it back into the domain's values, no patterns): each kind of failure
and the facts it states, the calendar's count of working days, the draft tool's count and its refusal for
the balance, a balance, and the lookups' figures its own answer is named against (`declared_text`). Apart
from the answering (offline.py): this is what the results say, not what the model makes of them.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from bot import text
from bot.calendar import WorkingDays
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.requests import Checked, Problem
from bot.llm.conversation import question_index
from bot.llm.offline_naming import Known, named_text
from bot.llm.wire import result_text, tool_results
from bot.policy.standing import Entitlement
from bot.tools.result_data import Read, failure_in, figure_in


def figure_read(block: dict[str, Any]) -> Read | None:
    """The figure a successful result states; None for a failure or a content that is not one."""
    return None if block.get("is_error") else figure_in(result_text(block))


def failure_read(block: dict[str, Any]) -> text.LookupFailed:
    kind, reason, facts, _ = failure_in(result_text(block))
    return text.LookupFailed(kind, reason, facts)


def problems_read(block: dict[str, Any]) -> tuple[str, tuple[Problem, ...]]:
    """A refused result's reason and, for a draft, the problems that stop it."""
    _, reason, _, problems = failure_in(result_text(block))
    return reason, problems


def counted(figure: Read | None) -> tuple[tuple[date, date], int] | None:
    """A count of working days a result states: the calendar's, or a draft's (its span and working days)."""
    if isinstance(figure, WorkingDays):
        return (figure.start, figure.end), figure.working
    if isinstance(figure, Checked):
        return (figure.draft.start, figure.draft.end), len(figure.working_dates)
    return None


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


def declared_text(answer: str, messages: list[dict[str, Any]], question: str, today: date) -> str:
    """`answer` in the answer shape ({"text": …} with its figures named), its figures read against the
    lookups whose results are in `messages` (the wire, as this peer sees it)."""
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    statutory: Entitlement | None = None
    working: dict[tuple[date, date], int] = {}
    for index, message in enumerate(messages):
        for block in tool_results(message):
            figure = figure_read(block)
            if isinstance(figure, Balance):
                balances[figure.year] = figure
            elif isinstance(figure, LeaveTaken):
                taken[figure.year] = figure
            elif isinstance(figure, Entitlement):
                statutory = figure
            elif (count := counted(figure)) is not None and index >= question_index(messages):  # this turn's
                working[count[0]] = count[1]
    return named_text(answer, Known(balances, taken, question, today, statutory, working))
