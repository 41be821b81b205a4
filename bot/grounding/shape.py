"""The final answer's shape (structured outputs: `output_config.format` with `ANSWER_SCHEMA`, strict):
the question's parts, each quoted, with the statements from a closed catalogue that answer it, each
written whole by code (`bot/grounding/statements.py`).

    {"parts": [{"asks": "올해 연차 며칠 남았어?", "say": ["remaining(2026)"]}]}  →  2026년 남은 연차는 7.5일이에요.

The quotes are the model's reading of the question, shown (in the trace; the offline model's own check holds
each part's statements to the part's words: bot/llm/choice/quotes.py). `{"say": […]}` (the shape
before parts, kept in the held-out answer sets) reads as one part that quotes the whole question.

A final answer that is not this JSON (a model or server without structured outputs) is plain text: it
takes the conservative fallback (`bot/grounding/check.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeGuard

from anthropic.types import OutputConfigParam

# Short on purpose: it is re-sent (cached) with every call; what it cannot say, the correction names.
# The catalogue is bot/grounding/statements.py's; each statement is written by code (bot/text/sentences.py).
_STATEMENTS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string"},
    "description": "Statements that answer this part, written by code in the person's language; "
    "no free text. Each is one of: remaining(Y), used(Y), granted(Y), balance(Y) (all three, with "
    "expiry and pending), pending(Y), expiring(Y), share_used(Y), hours_left(Y), "
    'compare("used"|"remaining"|"granted", Y, Y2), what_if(Y, q(n)) (taking the person\'s n days; '
    'q(n) * 0.5 for n half days), what_if_days("YYYY-MM-DD", "YYYY-MM-DD") (taking those working '
    'days), records(Y), taken(Y, "sick"), record("YYYY-MM-DD"), day("YYYY-MM-DD") (weekday, '
    'holiday, working day), working_days("YYYY-MM-DD", "YYYY-MM-DD"), days_until("YYYY-MM-DD"), '
    'in_a_row("D1", "D2"), '
    "today(), service_years(), current_days(), next_grant(), grows_to(q(n)) (reaching n days), "
    'act_rule("first_year"|"base"|"extra"|"max") (§60), drafted() (after draft_leave_request), '
    "lookup_failed() (say what a failed tool said), how_to_request(), ask_hr() (carry-over, payout, "
    "company rules), cannot_answer(), only_own_leave(), which_year(), greeting(), thanks(), "
    "what_i_can_do(), leap_year(Y), lookups_capped(), draft_refused(), claimed(Y, q(n)), enough(Y), "
    'parts_taken(Y, 0.5), half_days_left(Y), total("used", Y, Y2), latest(Y), month(Y, M), '
    'no_monthly_totals(), plan(["D1", "D2", 0.5], …), lapsing(), why_grant(q(n)), no_act_leave(), '
    "ask_a_date(), not_in_hours(). "
    "Y is a year such as 2026; q(n) is a number n the question states.",
}
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "parts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "asks": {
                        "type": "string",
                        "description": "The question's words this part answers, copied (every ask gets a part)",
                    },
                    "say": _STATEMENTS,
                },
                "required": ["asks", "say"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["parts"],
    "additionalProperties": False,
}
OUTPUT_CONFIG: OutputConfigParam = {"format": {"type": "json_schema", "schema": ANSWER_SCHEMA}}


# How the check's request to answer again begins (a model reading the wire can tell it from a question).
CORRECTION_OPENING = "Some figures in your answer do not hold:"


@dataclass(frozen=True)
class Part:
    """One thing the question asks, as the model quoted it, and the statements that answer it."""

    asks: str | None  # None: the whole question (the shape before parts)
    say: tuple[str, ...]


def parse_answer(raw: str) -> list[Part] | None:
    """The parts of a final text block; None when it is not this shape."""
    try:
        return parts_of(json.loads(raw)) if raw.strip().startswith("{") else None
    except ValueError:
        return None


def parts_of(data: object) -> list[Part] | None:
    """The parts of an answer's JSON, either shape; None for any other."""
    if not isinstance(data, dict):
        return None
    if _statements(said := data.get("say")):
        return [Part(None, tuple(said))]
    parts = data.get("parts")
    if not (isinstance(parts, list) and parts and all(isinstance(p, dict) for p in parts)):
        return None
    if not all(isinstance(p.get("asks"), str) and _statements(p.get("say")) for p in parts):
        return None
    return [Part(p["asks"], tuple(p["say"])) for p in parts]


def _statements(said: object) -> TypeGuard[list[str]]:
    return isinstance(said, list) and all(isinstance(s, str) for s in said)


def parse_named(raw: str) -> str | None:
    """The answer's JSON as sent; None for plain text or any other shape."""
    return raw.strip() if parse_answer(raw) is not None else None
