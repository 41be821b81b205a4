"""An answer in the parts shape written against lookups, as the number check writes it: the tests of the
check's readings say a question, its parts and their statements, and read what holds."""

from __future__ import annotations

from typing import Any

from benchmarks.named_answers import evidence_of
from bot.grounding.shape import parts_of
from bot.grounding.statements import Written
from bot.llm.choice.check import write_checked

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
    return write_checked(
        parts_of(case["answer"]) or [], evidence_of(case), any("가" <= c <= "힣" for c in question)
    )


def holds(question: str, *say: str, **kwargs: Any) -> bool:
    """Whether statements answering the whole `question` as one part are posted (`written`'s keywords)."""
    return written(question, [(question, list(say))], **kwargs).holds


def entitlement_lookup(hired: str, years: int, current: str, next_on: str, next_days: str) -> dict[str, Any]:
    """A get_leave_entitlement lookup as the kit writes it: hire date, whole years, the days arisen now and
    the next grant's day and size."""
    return {
        "tool": "get_leave_entitlement",
        "input": {},
        "result": {
            "hire_date": hired,
            "service_years": years,
            "current_days": current,
            "next_grant_date": next_on,
            "next_grant_days": next_days,
        },
    }


def records_lookup(year: int, *records: tuple[str, str, str]) -> dict[str, Any]:
    """A list_leave_taken lookup of `year`: each record's date, days and type."""
    listed = [{"date": on, "days": days, "type": kind} for on, days, kind in records]
    return {"tool": "list_leave_taken", "input": {"year": year}, "result": {"year": year, "records": listed}}
