"""An employee id typed on the command line (`audit --employee`, `requests list --employee`,
`policy set approvers=`), read as the HR data spells it: ids match whatever their case, as `chat --as`
always did, and an id nobody has is one line saying so (exit 2), never an empty listing."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.tables import employees
from bot.errors import ConfigError


class NoSuchEmployee(ConfigError):
    """Bad input: one line, exit 2 (a `StartupError`, as `main` reports it)."""


async def employee_id_in(engine: AsyncEngine, typed: str, *, active_only: bool = False) -> str:
    """The stored spelling of `typed`: the id itself, else the one id equal to it ignoring case."""
    wanted = typed.strip()
    query = select(employees.c.employee_id).where(func.upper(employees.c.employee_id) == wanted.upper())
    if active_only:
        query = query.where(employees.c.active.is_(True))
    async with engine.connect() as connection:  # two reads; nothing written
        found = [row.employee_id for row in await connection.execute(query.limit(3))]
        if wanted in found:
            return wanted
        if len(found) == 1:
            return str(found[0])
        some = (
            await connection.execute(
                select(employees.c.employee_id)
                .where(employees.c.active.is_(True))
                .order_by(employees.c.employee_id)
                .limit(5)
            )
        ).all()
    hint = (
        f"try one of: {', '.join(row.employee_id for row in some)}"
        if some
        else "the HR data has no employees yet (load them with `officebot data import`)"
    )
    who = "no such active employee" if active_only else "no such employee"
    raise NoSuchEmployee(f"{who}: {typed!r} ({hint})")
