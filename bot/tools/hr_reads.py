"""What the HR tools share: which years may be asked about, and how the store's failures are told to the
model (one `is_error` reason each, never a stack trace)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any

from bot.hr.ports import LeaveStoreError, NoRecordForYear, UnknownEmployee
from bot.tools.registry import ToolError

# How far from the current year a question may reach. Wider than any real HR retention need, narrow
# enough that a model slip such as 20226 or 1026 is caught here instead of reaching the store.
YEARS_BACK = 10
YEARS_AHEAD = 1


def validate_year(tool_input: Mapping[str, Any], today: date) -> int:
    """The toolbox has checked the shape; what the year means is checked here."""
    year = tool_input["year"]
    if isinstance(year, bool) or not isinstance(year, int):
        raise ToolError("'year' must be an integer such as 2026")
    if not today.year - YEARS_BACK <= year <= today.year + YEARS_AHEAD:
        raise ToolError(
            f"year {year} is out of range; ask about {today.year - YEARS_BACK}–{today.year + YEARS_AHEAD}",
            "out_of_range",
        )
    return year


@contextmanager
def reading_hr(year: int) -> Iterator[None]:
    """Turns the store's failures into the ToolErrors the model is told about, with the year audited."""
    detail = {"year": year}
    try:
        yield
    except NoRecordForYear as exc:
        exist = f"; records exist for {', '.join(map(str, exc.years))}" if exc.years else ""
        raise ToolError(f"no annual leave record for {year}{exist}", "no_record", detail) from None
    except UnknownEmployee:
        raise ToolError(
            "the asking user has no leave record in the HR data", "unknown_employee", detail
        ) from None
    except LeaveStoreError:
        raise ToolError(
            "the HR system is unavailable right now; try again later", "store_unavailable", detail
        ) from None


# The failure texts above, read back (a model reading the wire, the phrasebook saying it in Korean): the
# year asked about, the years that do exist, the range that may be asked.
_FAILED_YEAR = re.compile(r"(?:record for|year) (\d{4,5})\b")
_EXISTING = re.compile(r"records exist for ([\d, ]+)")
_RANGE = re.compile(r"ask about (\d{4})–(\d{4})")


@dataclass(frozen=True)
class FailureFacts:
    year: int | None = None
    existing: tuple[int, ...] = ()
    range: tuple[int, int] | None = None


def failure_facts(reason: str) -> FailureFacts:
    year = _FAILED_YEAR.search(reason)
    existing = _EXISTING.search(reason)
    span = _RANGE.search(reason)
    return FailureFacts(
        int(year.group(1)) if year else None,
        tuple(int(y) for y in re.findall(r"\d{4}", existing.group(1))) if existing else (),
        (int(span.group(1)), int(span.group(2))) if span else None,
    )
