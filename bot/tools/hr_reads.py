"""What the HR tools share: which years may be asked about, and how the store's failures are told to the
model (one `is_error` reason each, never a stack trace). A failure's kind and facts (`FailureFacts`) are
values: our code reads them as they are, and the model reads them as the JSON data of the `is_error`
result (bot/tools/result_data.py), beside the short reason."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from typing import Any

from bot.domain.leave import YEARS_AHEAD, YEARS_BACK
from bot.domain.outcomes import FailureFacts
from bot.policy.grants import EntitlementInputError, LeaveRules, employment_from
from bot.policy.holding import Holding, holding
from bot.ports.hr import LeaveStoreError, LedgerInputs, NoRecordForYear, UnknownEmployee
from bot.tools.registry import ToolError


def validate_year(tool_input: Mapping[str, Any], today: date) -> int:
    """The toolbox has checked the shape; what the year means is checked here."""
    year = tool_input["year"]
    if isinstance(year, bool) or not isinstance(year, int):
        raise ToolError("'year' must be an integer such as 2026")
    low, high = today.year - YEARS_BACK, today.year + YEARS_AHEAD
    if not low <= year <= high:
        raise ToolError(
            f"year {year} is out of range; ask about {low}–{high}",
            "out_of_range",
            facts=FailureFacts(year, range=(low, high)),
        )
    return year


@contextmanager
def reading_hr(year: int | None) -> Iterator[None]:
    """Turns the store's failures into the ToolErrors the model is told about, with the year audited (a
    read of no one year, such as the hire date, has none)."""
    detail = {"year": year} if year is not None else {}
    facts = FailureFacts(year)
    try:
        yield
    except NoRecordForYear as exc:
        exist = f"; records exist for {', '.join(map(str, exc.years))}" if exc.years else ""
        raise ToolError(
            f"no annual leave record for {year}{exist}",
            "no_record",
            detail,
            FailureFacts(year, existing=tuple(exc.years)),
        ) from None
    except UnknownEmployee:
        raise ToolError(
            "the asking user has no leave record in the HR data", "unknown_employee", detail, facts
        ) from None
    except LeaveStoreError:
        raise ToolError(
            "the HR system is unavailable right now; try again later", "store_unavailable", detail, facts
        ) from None


def holding_of(
    inputs: LedgerInputs,
    rules: LeaveRules,
    on: date,
    pending: Mapping[int, Decimal] | None = None,
    only_year: int | None = None,
) -> Holding:
    """What the person has on `on` (bot/policy/holding.py), the one source of every figure a tool states.
    Employment data the calculator cannot use is a ToolError."""
    try:
        return holding(
            inputs.stored,
            inputs.records,
            employment_from(inputs.employee),
            rules,
            on,
            pending,
            only_year=only_year,
        )
    except EntitlementInputError as exc:
        raise ToolError(f"the HR data cannot give the statutory leave: {exc}", "no_record") from None
