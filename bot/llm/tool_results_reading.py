"""What the offline model reads in the tool results, the way a model reads them (as text, with the tools'
own parsers): each kind of failure and the facts it states, the calendar's count of working days, the
draft tool's count and its refusal for the balance, a balance, and the lookups' figures its own answer
is named against (`declared_text`). Apart from the answering (offline.py): this is what the results
say, not what the model makes of them.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from bot import text
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.outcomes import FailureFacts, FailureReason
from bot.llm.conversation import question_index
from bot.llm.offline_naming import Known, named_text
from bot.llm.wire import result_text, tool_results
from bot.policy.standing import Entitlement
from bot.tools import entitlement, leave_balance, leave_taken

# How the tool's error texts read, the way a model reads them, so the answer can say each kind of failure
# in the asker's language with its own advice. Anything else is reported without a kind. Only this
# model reads them: it sees nothing but the wire. Our own code gets the kind and facts as values.
_FAILURE_WORDS: tuple[tuple[re.Pattern[str], FailureReason], ...] = (
    (re.compile(r"unavailable", re.I), "store_unavailable"),
    (re.compile(r"out of range", re.I), "out_of_range"),
    (re.compile(r"no annual leave record", re.I), "no_record"),
    (re.compile(r"no leave record", re.I), "unknown_employee"),
    (re.compile(r"must be|missing required|unexpected input|input must", re.I), "invalid_input"),
    (re.compile(r"unknown tool", re.I), "unknown_tool"),
)


# The facts a failure text states (bot/tools/hr_reads.py writes them): the year asked about, the years
# that do exist, the range that may be asked.
_FAILED_YEAR = re.compile(r"(?:record for|year) (\d{4,5})\b")


_EXISTING = re.compile(r"records exist for ([\d, ]+)")


_RANGE = re.compile(r"ask about (\d{4})–(\d{4})")


def failure_read(content: str) -> text.LookupFailed:
    kind = next((k for pattern, k in _FAILURE_WORDS if pattern.search(content)), None)
    year = _FAILED_YEAR.search(content)
    existing = _EXISTING.search(content)
    span = _RANGE.search(content)
    facts = FailureFacts(
        int(year.group(1)) if year else None,
        tuple(int(y) for y in re.findall(r"\d{4}", existing.group(1))) if existing else (),
        (int(span.group(1)), int(span.group(2))) if span else None,
    )
    return text.LookupFailed(kind, content, facts)


WORKING_DAYS_RESULT = re.compile(r"^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}): (\d+) working days?", re.M)


def working_days_in(results: list[dict[str, Any]], span: tuple[date, date]) -> int | None:
    """The calendar tool's count of working days over `span`, read from its result text."""
    for block in results:
        if block.get("is_error"):
            continue
        for first, last, count in WORKING_DAYS_RESULT.findall(result_text(block)):
            if (date.fromisoformat(first), date.fromisoformat(last)) == span:
                return int(count)
    return None


# The draft tool's own count (bot/tools/draft_request.py writes it): its span and working days.
DRAFT_COUNT = re.compile(r"Draft leave request \(not submitted\): (\S+?)(?:~(\S+))? .*?, (\d+) working day")


# The draft tool's refusal for the balance (bot/requests/validation.py words it).
OVER_BALANCE = re.compile(r"More than your balance")


def refused_for_the_balance(messages: list[dict[str, Any]]) -> bool:
    """Whether a draft was refused for the balance in this question's turn."""
    return any(
        block.get("is_error") and OVER_BALANCE.search(result_text(block))
        for message in messages[question_index(messages) :]
        for block in tool_results(message)
    )


def balance_in(block: dict[str, Any]) -> Balance | None:
    if block.get("is_error"):
        return None
    found = leave_balance.parse_result(result_text(block))
    return found if isinstance(found, Balance) else None


def declared_text(answer: str, messages: list[dict[str, Any]], question: str, today: date) -> str:
    """`answer` in the answer shape ({"text": …} with its figures named), its figures read against the
    lookups whose results are in `messages` (the wire, as this peer sees it)."""
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    statutory: Entitlement | None = None
    working: dict[tuple[date, date], int] = {}
    for message in messages:
        for block in tool_results(message):
            if block.get("is_error"):
                continue
            content = result_text(block)
            figures = leave_balance.parse_result(content) or leave_taken.parse_result(content)
            if isinstance(figures, Balance):
                balances[figures.year] = figures
            elif isinstance(figures, LeaveTaken):
                taken[figures.year] = figures
            statutory = entitlement.parse_result(content) or statutory
            for first, last, count in WORKING_DAYS_RESULT.findall(content):
                working[(date.fromisoformat(first), date.fromisoformat(last))] = int(count)
            if (draft := DRAFT_COUNT.search(content)) is not None:  # a draft's working days
                first_day = date.fromisoformat(draft.group(1))
                working[(first_day, date.fromisoformat(draft.group(2) or draft.group(1)))] = int(
                    draft.group(3)
                )
    return named_text(answer, Known(balances, taken, question, today, statutory, working))
