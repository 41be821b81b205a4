"""An employee id typed on the command line (`audit --employee`, `requests list --employee`,
`policy set approvers=`), read as the HR data spells it: ids match whatever their case, as `chat --as`
always did, and an id nobody has is one line saying so (exit 2), never an empty listing."""

from __future__ import annotations

from typing import Protocol

from bot.errors import ConfigError


class NoSuchEmployee(ConfigError):
    """Bad input: one line, exit 2 (a `StartupError`, as `main` reports it)."""


class IdSpellings(Protocol):
    """What reading a typed id needs of the HR store (`SqlHrStore`)."""

    async def ids_spelled(self, typed: str, *, active_only: bool = False) -> list[str]: ...

    async def some_employee_ids(self, limit: int) -> tuple[list[str], int]: ...


async def employee_id_in(hr: IdSpellings, typed: str, *, active_only: bool = False) -> str:
    """The stored spelling of `typed`: the id itself, else the one id equal to it ignoring case."""
    wanted = typed.strip()
    found = await hr.ids_spelled(wanted, active_only=active_only)
    if wanted in found:
        return wanted
    if len(found) == 1:
        return found[0]
    some, _ = await hr.some_employee_ids(5)
    hint = (
        f"try one of: {', '.join(some)}"
        if some
        else "the HR data has no employees yet (load them with `officebot data import`)"
    )
    who = "no such active employee" if active_only else "no such employee"
    raise NoSuchEmployee(f"{who}: {typed!r} ({hint})")
