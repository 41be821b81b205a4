"""The final answer's shape (structured outputs: `output_config.format` with `ANSWER_SCHEMA`, strict):
a list of statements from a closed catalogue, each written whole by code (`bot/grounding/statements.py`).

    {"say": ["remaining(2026)"]}  →  2026년 남은 연차는 7.5일이에요.

A final answer that is not this JSON (a model or server without structured outputs) is plain text: it
takes the conservative fallback (`bot/grounding/check.py`).
"""

from __future__ import annotations

import json
from typing import Any

from anthropic.types import OutputConfigParam

# Short on purpose: it is re-sent (cached) with every call; what it cannot say, the correction names.
# The catalogue is bot/grounding/statements.py's; each statement is written by code (bot/text/sentences.py).
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "say": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The answer as statements that code writes in the person's language, in order; "
            "no free text. Each is one of: remaining(Y), used(Y), granted(Y), balance(Y) (all three, with "
            "expiry and pending), pending(Y), expiring(Y), share_used(Y), hours_left(Y), "
            'compare("used"|"remaining"|"granted", Y, Y2), what_if(Y, q(n)) (taking the person\'s n days; '
            'q(n) * 0.5 for n half days), what_if_days("YYYY-MM-DD", "YYYY-MM-DD") (taking those working '
            'days), records(Y), taken(Y, "sick"), record("YYYY-MM-DD"), day("YYYY-MM-DD") (weekday, '
            'holiday, working day), working_days("YYYY-MM-DD", "YYYY-MM-DD"), days_until("YYYY-MM-DD"), '
            "today(), service_years(), current_days(), next_grant(), "
            'act_rule("first_year"|"base"|"extra"|"max") (§60), drafted() (after draft_leave_request), '
            "lookup_failed() (say what a failed tool said), how_to_request(), ask_hr() (carry-over, payout, "
            "company rules), cannot_answer(), only_own_leave(), which_year(), greeting(), thanks(), "
            "what_i_can_do(), leap_year(Y), lookups_capped(), draft_refused(), claimed(Y, q(n)), enough(Y), "
            'parts_taken(Y, 0.5), half_days_left(Y), total("used", Y, Y2), latest(Y), month(Y, M), '
            'no_monthly_totals(), plan(["D1", "D2", 0.5], …), lapsing(), why_grant(q(n)), no_act_leave(), '
            "ask_a_date(), not_in_hours(). "
            "Y is a year such as 2026; q(n) is a number n the question states.",
        },
    },
    "required": ["say"],
    "additionalProperties": False,
}
OUTPUT_CONFIG: OutputConfigParam = {"format": {"type": "json_schema", "schema": ANSWER_SCHEMA}}


# How the check's request to answer again begins (a model reading the wire can tell it from a question).
CORRECTION_OPENING = "Some figures in your answer do not hold:"


def parse_statements(raw: str) -> list[str] | None:
    """The statements of a final text block; None when it is not this shape."""
    stripped = raw.strip()
    if not stripped.startswith("{"):
        return None
    try:
        data = json.loads(stripped)
    except ValueError:
        return None
    said = data.get("say") if isinstance(data, dict) else None
    if not isinstance(said, list) or not all(isinstance(s, str) for s in said):
        return None
    return said


def parse_named(raw: str) -> str | None:
    """The statements' JSON of a final text block as sent (`{"say": […]}`); None for plain text or any
    other shape."""
    return raw.strip() if parse_statements(raw) is not None else None
