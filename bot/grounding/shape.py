"""The final answer's shape (structured outputs: `output_config.format` with `ANSWER_SCHEMA`, strict):
one `text` whose figures are named, never typed, and written by code (`bot/grounding/named.py`).

    {"text": "올해 남은 연차는 {remaining(2026)}이에요."}  →  올해 남은 연차는 7.5일이에요.

A final answer that is not this JSON (a model or server without structured outputs) is plain text: it
takes the conservative fallback (`bot/grounding/check.py`).
"""

from __future__ import annotations

import json
from typing import Any

from anthropic.types import OutputConfigParam

# Short on purpose: it is re-sent (cached) with every call; what it cannot say, the correction names.
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {
            "type": "string",
            "description": "The answer, with no digits or number words: write every number as a "
            "placeholder that code fills in, e.g. {remaining(2026)}, {used(2025)}, {granted(2026)}, "
            "{remaining(2026) - q(3)} (q(n): a number from the question), {used(2026) / granted(2026) "
            '* 100}, {working_days("2026-12-21", "2026-12-23")}, {pending(2026)}, '
            '{expiring(2026, "2027-03-03")}, {records(2026, "annual", 0.5)}, {next_grant_days()}, '
            '{grant_days("2027-03-04")}, {service_years()}, {STATUTE.max_days}, {date("2026-12-24")}, '
            '{year(2025)}, {time("09:00")}. Day figures come with their unit (7.5일 / 7.5 days). '
            '{date(…)} writes the weekday and {day("2026-12-25")} what the day is (a holiday with its '
            "name, a weekend, a working day): type no weekday or holiday name.",
        },
    },
    "required": ["text"],
    "additionalProperties": False,
}
OUTPUT_CONFIG: OutputConfigParam = {"format": {"type": "json_schema", "schema": ANSWER_SCHEMA}}


# How the check's request to answer again begins (a model reading the wire can tell it from a question).
CORRECTION_OPENING = "Some figures in your answer do not hold:"


def parse_named(raw: str) -> str | None:
    """The named text of a final text block; None when it is plain text (or not this shape)."""
    stripped = raw.strip()
    if not stripped.startswith("{"):
        return None
    try:
        data = json.loads(stripped)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        return None
    return data["text"]
