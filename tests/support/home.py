"""What the Home-tab, upload and feed tests share: the policy changed as HR would, a leave request row put
straight into the database, and a Home tab opened and read as text."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import insert

from bot.db.policy import SqlPolicyStore
from bot.db.tables import leave_requests
from bot.policy.company import with_changes
from tests.support.database import ScratchDatabase
from tests.support.slack_api import SlackStandIn


async def set_policy(db: ScratchDatabase, **values: str) -> None:
    await SqlPolicyStore(db.engine).change(lambda p: with_changes(p, values.items())[0], "hr-test")


async def request_row(
    db: ScratchDatabase, employee_id: str, on: str, *, state: str, part: str = "full", **extra: Any
) -> int:
    """A leave request of one day (or up to `end=`), approved by E1002; its id."""
    row = {
        "employee_id": employee_id,
        "approver_id": "E1002",
        "leave_type": "annual",
        "start_on": date.fromisoformat(on),
        "end_on": date.fromisoformat(extra.pop("end", on)),
        "part": part,
        "days": Decimal("0.5") if part in ("am", "pm") else Decimal(1),
        "reason": "",
        "state": state,
        "created_at": datetime(2026, 11, 20, tzinfo=UTC),
    } | extra
    async with db.engine.begin() as connection:
        inserted = (await connection.execute(insert(leave_requests).values(**row))).inserted_primary_key
    assert inserted is not None
    return int(inserted[0])


def home_text(view: dict[str, Any]) -> str:
    parts = []
    for block in view["blocks"]:
        if block.get("text"):
            parts.append(block["text"]["text"])
        parts += [e["text"] for e in block.get("elements") or [] if isinstance(e.get("text"), str)]
    return "\n".join(parts)


async def open_home(slack: SlackStandIn, user: str, count: int = 1) -> str:
    """`user` opens the Home tab; its text once the `count`-th publish for them arrived."""
    await slack.open_app_home(user)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == user, count=count)
    return home_text(slack.home_views[user])
