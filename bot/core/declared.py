"""The final answer as Claude declares it: the text the person reads, and an account of every number in
it (structured outputs: `output_config.format` with `ANSWER_SCHEMA`). The person only ever sees `text`;
`figures` is what code verifies (`bot/core/figures.py`).

    {"text": "올해 남은 연차는 7.5일이에요.",
     "figures": [{"span": "7.5일", "value": "7.5", "basis": "fact", "expr": "remaining(2026)", "as": null}]}

A final answer that is not this JSON (a model or server without structured outputs) is plain text: it
takes the fallback check (`bot/core/grounding.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from anthropic.types import OutputConfigParam

Basis = Literal["fact", "calendar", "statute", "question", "incidental"]
Incidental = Literal["date", "date_range", "time", "year", "list", "ordinal", "extension", "count"]

BASES: tuple[str, ...] = get_args(Basis)
INCIDENTALS: tuple[str, ...] = get_args(Incidental)

# Strict structured outputs: every property required (null where it does not apply), nothing extra.
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "description": "The answer exactly as the person reads it."},
        "figures": {
            "type": "array",
            "description": "One entry for every number in text (digits, number words, fraction words).",
            "items": {
                "type": "object",
                "properties": {
                    "span": {
                        "type": "string",
                        "description": "The exact substring of text holding the number.",
                    },
                    "value": {
                        "type": "string",
                        "description": "The number as a decimal ('7.5'); a date YYYY-MM-DD, a range "
                        "YYYY-MM-DD/YYYY-MM-DD, a time HH:MM, a year YYYY.",
                    },
                    "basis": {"type": "string", "enum": list(BASES)},
                    "expr": {
                        "type": ["string", "null"],
                        "description": "fact / calendar / statute: the expression that gives value, e.g. "
                        "remaining(2026) - 3, used(2026) / granted(2026) * 100, "
                        'expiring(2026, "2027-03-03") (of the remaining, the days usable until then), '
                        'working_days("2026-12-21", "2026-12-23"), STATUTE.max_days; the Act\'s leave '
                        "from get_leave_entitlement: next_grant_days(), service_years(), current_days(), "
                        'grant_days("2027-03-04"), grant_years("2027-03-04"), expiring_days("2027-03-03"), '
                        'unused_days("2027-03-03") (the dates themselves are incidental dates); a '
                        "draft_leave_request's balance after: "
                        'remaining(2026) - pending(2026) - working_days("2026-12-21", "2026-12-23") '
                        "(a half day: - 0.5).",
                    },
                    "as": {"type": ["string", "null"], "enum": [*INCIDENTALS, None]},
                },
                "required": ["span", "value", "basis", "expr", "as"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["text", "figures"],
    "additionalProperties": False,
}
OUTPUT_CONFIG: OutputConfigParam = {"format": {"type": "json_schema", "schema": ANSWER_SCHEMA}}


# How the check's request to answer again begins (a model reading the wire can tell it from a question).
CORRECTION_OPENING = "Some numbers in your answer do not hold:"


@dataclass(frozen=True)
class DeclaredFigure:
    span: str
    value: str
    basis: Basis
    expr: str | None = None
    as_: Incidental | None = None


@dataclass(frozen=True)
class DeclaredAnswer:
    text: str
    figures: tuple[DeclaredFigure, ...]

    def to_json(self) -> str:
        figures = [
            {"span": f.span, "value": f.value, "basis": f.basis, "expr": f.expr, "as": f.as_}
            for f in self.figures
        ]
        return json.dumps({"text": self.text, "figures": figures}, ensure_ascii=False)


def parse_declared(raw: str) -> DeclaredAnswer | None:
    """The declared answer in a final text block; None when it is plain text (or not this shape)."""
    stripped = raw.strip()
    if not stripped.startswith("{"):
        return None
    try:
        data = json.loads(stripped)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        return None
    figures = data.get("figures")
    if not isinstance(figures, list):
        return None
    parsed: list[DeclaredFigure] = []
    for item in figures:
        figure = _figure(item)
        if figure is None:
            return None
        parsed.append(figure)
    return DeclaredAnswer(data["text"], tuple(parsed))


def _figure(item: Any) -> DeclaredFigure | None:
    if not isinstance(item, dict):
        return None
    span, value, basis = item.get("span"), item.get("value"), item.get("basis")
    expr, as_ = item.get("expr"), item.get("as")
    if not (isinstance(span, str) and isinstance(value, str | int | float) and basis in BASES):
        return None
    if expr is not None and not isinstance(expr, str):
        return None
    if as_ is not None and as_ not in INCIDENTALS:
        return None
    return DeclaredFigure(span, str(value), cast(Basis, basis), expr, cast(Incidental | None, as_))
