"""The leave store: one small interface, a JSON-file implementation, and wrappers for demos and benchmarks.

Amounts are Decimal end to end so half days (반차, 0.5) and quarter days (반반차, 0.25) stay exact.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol

BUNDLED_DATA = Path(__file__).resolve().parents[2] / "fixtures" / "employees.json"
_EMPLOYEE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class LeaveStoreError(Exception):
    """A lookup failed in a way the tool may explain to the model (the message is safe to show)."""


class UnknownEmployee(LeaveStoreError):
    pass


class NoRecordForYear(LeaveStoreError):
    pass


class StoreUnavailable(LeaveStoreError):
    pass


class DataFileError(Exception):
    """The HR data file is unusable; the message is one line naming the file and the bad entry."""


def format_days(amount: Decimal) -> str:
    """7.50 -> '7.5', 15 -> '15', 0.25 -> '0.25' (never '7.500000001' or '1.5E+1')."""
    text = format(amount.normalize(), "f")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Balance:
    employee_id: str
    year: int
    granted: Decimal
    used: Decimal

    @property
    def remaining(self) -> Decimal:
        return self.granted - self.used


@dataclass(frozen=True)
class Employee:
    employee_id: str
    name: str
    email: str
    slack_user_id: str | None
    annual_leave: Mapping[int, tuple[Decimal, Decimal]]  # year -> (granted, used)


class LeaveStore(Protocol):
    """What the tool needs from HR. A real HR API implements this one method."""

    async def get_balance(self, employee_id: str, year: int) -> Balance: ...


class EmployeeDirectoryData(Protocol):
    """What identity mapping needs from HR."""

    def employee_by_id(self, employee_id: str) -> Employee | None: ...

    def employee_by_slack_user_id(self, slack_user_id: str) -> Employee | None: ...

    def employee_by_email(self, email: str) -> Employee | None: ...


class JsonHrData:
    """Employees and balances from a JSON file, validated once at start and then served from memory."""

    def __init__(self, employees: list[Employee]) -> None:
        self._by_id = {e.employee_id: e for e in employees}
        self._by_slack = {e.slack_user_id: e for e in employees if e.slack_user_id}
        self._by_email = {e.email.casefold(): e for e in employees}

    @classmethod
    def load(cls, path: Path | str) -> JsonHrData:
        path = Path(path)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
        except FileNotFoundError:
            raise DataFileError(f"{path}: file not found (set OFFICEBOT_DATA to your HR data file)") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataFileError(f"{path}: cannot read file ({exc.__class__.__name__})") from None
        except json.JSONDecodeError as exc:
            raise DataFileError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
        return cls(_parse_employees(path, raw))

    @property
    def employees(self) -> list[Employee]:
        return list(self._by_id.values())

    def employee_by_id(self, employee_id: str) -> Employee | None:
        return self._by_id.get(employee_id)

    def employee_by_slack_user_id(self, slack_user_id: str) -> Employee | None:
        return self._by_slack.get(slack_user_id)

    def employee_by_email(self, email: str) -> Employee | None:
        return self._by_email.get(email.strip().casefold())

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        employee = self._by_id.get(employee_id)
        if employee is None:
            raise UnknownEmployee("employee not found in HR data")
        record = employee.annual_leave.get(year)
        if record is None:
            raise NoRecordForYear(f"no annual leave record for {year}")
        granted, used = record
        return Balance(employee_id=employee_id, year=year, granted=granted, used=used)


def _parse_employees(path: Path, raw: Any) -> list[Employee]:
    def fail(where: str, why: str) -> DataFileError:
        return DataFileError(f"{path}: {where}: {why}")

    if not isinstance(raw, dict) or not isinstance(raw.get("employees"), list):
        raise fail("top level", 'expected {"employees": [...]}')
    employees: list[Employee] = []
    seen_ids: set[str] = set()
    seen_slack: set[str] = set()
    seen_email: set[str] = set()
    for index, entry in enumerate(raw["employees"]):
        where = f"employees[{index}]"
        if not isinstance(entry, dict):
            raise fail(where, "expected an object")
        employee_id = entry.get("employee_id")
        if not isinstance(employee_id, str) or not _EMPLOYEE_ID.match(employee_id):
            raise fail(where, "employee_id must be a short string of letters, digits, '-' or '_'")
        where = f"employees[{index}] ({employee_id})"
        if employee_id in seen_ids:
            raise fail(where, "duplicate employee_id")
        name, email = entry.get("name"), entry.get("email")
        if not isinstance(name, str) or not name.strip():
            raise fail(where, "name must be a non-empty string")
        if not isinstance(email, str) or "@" not in email:
            raise fail(where, "email must be an email address")
        if email.casefold() in seen_email:
            raise fail(where, "duplicate email")
        slack_user_id = entry.get("slack_user_id")
        if slack_user_id is not None and (not isinstance(slack_user_id, str) or not slack_user_id):
            raise fail(where, "slack_user_id must be a string when present")
        if slack_user_id in seen_slack:
            raise fail(where, "duplicate slack_user_id")
        leave = entry.get("annual_leave")
        if not isinstance(leave, dict):
            raise fail(where, 'annual_leave must be an object like {"2026": {"granted": 15, "used": 7.5}}')
        years: dict[int, tuple[Decimal, Decimal]] = {}
        for year_key, record in leave.items():
            if not (isinstance(year_key, str) and year_key.isdigit() and len(year_key) == 4):
                raise fail(where, f"annual_leave key {year_key!r} must be a four-digit year")
            if not isinstance(record, dict):
                raise fail(where, f"annual_leave[{year_key!r}] must be an object with granted and used")
            amounts = []
            for field in ("granted", "used"):
                value = record.get(field)
                if isinstance(value, bool) or not isinstance(value, int | Decimal) or value < 0:
                    raise fail(where, f"annual_leave[{year_key!r}].{field} must be a number >= 0")
                amounts.append(Decimal(value))
            years[int(year_key)] = (amounts[0], amounts[1])
        seen_ids.add(employee_id)
        seen_email.add(email.casefold())
        if slack_user_id:
            seen_slack.add(slack_user_id)
        employees.append(Employee(employee_id, name.strip(), email.strip(), slack_user_id, years))
    return employees


class FailingStore:
    """A store whose backend is down: the demo's scenario ④ and the failure tests use it."""

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        raise StoreUnavailable("HR system is not responding")


class SlowStore:
    """Adds a fixed latency to every lookup, as a remote HR API would (benchmark and concurrency tests)."""

    def __init__(self, inner: LeaveStore, delay_seconds: float) -> None:
        self._inner = inner
        self._delay = delay_seconds

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        await asyncio.sleep(self._delay)
        return await self._inner.get_balance(employee_id, year)
