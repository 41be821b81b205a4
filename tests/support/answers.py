"""An answer in the parts shape written against lookups, as the number check writes it: the tests of the
check's readings say a question, its parts and their statements, and read what holds."""

from __future__ import annotations

from typing import Any

from benchmarks.named_answers import evidence_of
from bot.grounding.shape import parts_of
from bot.grounding.statements import Written, write

BALANCE_2026: dict[str, Any] = {
    "tool": "get_leave_balance",
    "input": {"year": 2026},
    "result": {"year": 2026, "granted": "15", "used": "7.5"},
}


def written(
    question: str, answer: list[tuple[str, list[str]]], *, today: str = "2026-11-29", lookups: Any = None
) -> Written:
    """`answer` (each part's quote and statements) written for `question`, asked on `today`, over `lookups`
    (this year's balance, 15 granted and 7.5 used, when none are given)."""
    case = {
        "question": question,
        "today": today,
        "lookups": [BALANCE_2026] if lookups is None else lookups,
        "answer": {"parts": [{"asks": asks, "say": say} for asks, say in answer]},
    }
    return write(parts_of(case["answer"]) or [], evidence_of(case), any("가" <= c <= "힣" for c in question))


def holds(question: str, *say: str, **kwargs: Any) -> bool:
    """Whether statements answering the whole `question` as one part are posted (`written`'s keywords)."""
    return written(question, [(question, list(say))], **kwargs).holds
