"""What the calendar tools share: reading an ISO date from the input, and which dates may be asked about
(the years the HR tools allow: this year −`YEARS_BACK` … +`YEARS_AHEAD`). Each failure is a `ToolError`
whose message is safe to give the model."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from bot.domain.leave import YEARS_AHEAD, YEARS_BACK
from bot.tools.registry import AuditDetail, ToolError

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def read_date(
    tool_input: Mapping[str, Any], field: str, today: date, detail: AuditDetail | None = None
) -> date:
    """The toolbox has checked the shape; what the date means is checked here. `detail`: what was
    validated before (audited with a failure)."""
    value = tool_input[field]
    if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
        raise ToolError(f"{field!r} must be an ISO date string such as {today.isoformat()}", detail=detail)
    try:
        parsed = date.fromisoformat(value)
    except ValueError:
        raise ToolError(f"{field!r} is not a real date: {value}", detail=detail) from None
    first, last = today.year - YEARS_BACK, today.year + YEARS_AHEAD
    if not first <= parsed.year <= last:
        # "ask about 2016–2027" is read back by bot/domain/outcomes.py (the range that may be asked).
        raise ToolError(
            f"date {value} is out of range; ask about {first}–{last} "
            f"({date(first, 1, 1).isoformat()} to {date(last, 12, 31).isoformat()})",
            "out_of_range",
            detail,
        )
    return parsed
