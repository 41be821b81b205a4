"""HR data from a JSON file (`OFFICEBOT_DATA`, or the bundled demo data): validated once when opened,
then served from memory through the async `Directory` and `LeaveStore` ports."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

from bot.hr.ports import Balance, Employee, NoRecordForYear, StoreUnavailable, UnknownEmployee

_EMPLOYEE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def bundled_data_path() -> Path:
    """The demo data shipped in the package (from the checkout's fixtures/ folder)."""
    return Path(str(resources.files("bot.fixtures").joinpath("employees.json")))


# The bundled data holds 2024–2026 and its examples ("올해" = 2026) read as written on this date, so demo
# and chat on it keep this date (unless OFFICEBOT_TODAY says otherwise) and still work in later years.
BUNDLED_DATA_TODAY = date(2026, 11, 29)


class DataFileError(Exception):
    """The HR data file is unusable; the message is one line naming the file and the bad entry."""


@dataclass(frozen=True)
class _Record:
    employee: Employee
    annual_leave: Mapping[int, Balance]


class JsonHrData:
    """Employees and balances from one JSON file. Implements both `Directory` and `LeaveStore`."""

    def __init__(self, records: list[_Record]) -> None:
        self._by_id = {r.employee.employee_id: r for r in records}
        self._by_slack = {r.employee.slack_user_id: r.employee for r in records if r.employee.slack_user_id}
        self._by_email = {r.employee.email.casefold(): r.employee for r in records}

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
        return cls(_parse_records(path, raw))

    @property
    def employees(self) -> list[Employee]:
        return [r.employee for r in self._by_id.values()]

    async def employee_by_id(self, employee_id: str) -> Employee | None:
        record = self._by_id.get(employee_id)
        return record.employee if record else None

    async def employee_by_slack_user_id(self, slack_user_id: str) -> Employee | None:
        return self._by_slack.get(slack_user_id)

    async def employee_by_email(self, email: str) -> Employee | None:
        return self._by_email.get(email.strip().casefold())

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        record = self._by_id.get(employee_id)
        if record is None:
            raise UnknownEmployee("employee not found in HR data")
        balance = record.annual_leave.get(year)
        if balance is None:
            raise NoRecordForYear(f"no annual leave record for {year}")
        return balance


class UnavailableStore:
    """A leave store whose backend is down: the demo's scenario ④ (an override of `open_services`)."""

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        raise StoreUnavailable("HR system is not responding")


def _parse_records(path: Path, raw: Any) -> list[_Record]:
    def fail(where: str, why: str) -> DataFileError:
        return DataFileError(f"{path}: {where}: {why}")

    if not isinstance(raw, dict) or not isinstance(raw.get("employees"), list):
        raise fail("top level", 'expected {"employees": [...]}')
    records: list[_Record] = []
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
        years: dict[int, Balance] = {}
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
            years[int(year_key)] = Balance(int(year_key), amounts[0], amounts[1])
        seen_ids.add(employee_id)
        seen_email.add(email.casefold())
        if slack_user_id:
            seen_slack.add(slack_user_id)
        employee = Employee(employee_id, name.strip(), email.strip(), slack_user_id)
        records.append(_Record(employee, years))
    return records
