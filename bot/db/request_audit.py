"""A leave request's audit rows, written in the transaction of what they record: each move made (outcome
`ok`: from which state to which), and each refused attempt (outcome `refused`: who, which request, what,
why; never a text), at most `REFUSALS_AUDITED` a minute per person, so a script of forged clicks is not a
flood."""

from __future__ import annotations

import logging
import time
from collections import deque
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db.tables import audit_log
from bot.domain.requests import Actor
from bot.ports.requests import RequestSurface

log = logging.getLogger(__name__)

AUDIT_TOOL = "leave_request"  # the audit log's `tool` for a request's state changes
REFUSALS_AUDITED = 20  # refused attempts audited per person a minute


async def audit_move(
    connection: AsyncConnection,
    at: datetime,
    actor: Actor,
    employee_id: str,
    request_id: int,
    action: str,
    before: str,
    after: str,
    surface: RequestSurface,
) -> None:
    """The state change's row: who (`by`), which request, from which state to which, when, from where."""
    detail = {"request": request_id, "action": action, "from": before, "to": after, "by": actor.label}
    await _row(connection, at, actor, employee_id, detail, "ok", surface)


class RefusalAudit:
    """One process's record of refused attempts, bounded per person and minute."""

    def __init__(self) -> None:
        self._recent: dict[str, deque[float]] = {}  # per actor: when their last refusals were audited

    async def record(
        self,
        connection: AsyncConnection,
        at: datetime,
        actor: Actor,
        employee_id: str,
        request_id: int,
        action: str,
        why: str,
        surface: RequestSurface,
    ) -> None:
        """The refusal's row, unless this person's refusals this minute are past `REFUSALS_AUDITED` (then
        one warning says more went unrecorded). The caretaker losing a race is nobody's attempt."""
        if actor.system:
            return
        recent = self._recent.setdefault(actor.label, deque())
        moment = time.monotonic()
        while recent and recent[0] < moment - 60:
            recent.popleft()
        if len(recent) >= REFUSALS_AUDITED:
            if len(recent) == REFUSALS_AUDITED:
                log.warning("more refused leave request clicks this minute than are audited; not recording")
                recent.append(moment)
            return
        recent.append(moment)
        detail = {"request": request_id, "action": action, "refused": why, "by": actor.label}
        await _row(connection, at, actor, employee_id, detail, "refused", surface)


async def _row(
    connection: AsyncConnection,
    at: datetime,
    actor: Actor,
    employee_id: str,
    detail: dict[str, Any],
    outcome: str,
    surface: RequestSurface,
) -> None:
    await connection.execute(
        insert(audit_log).values(
            at=at,
            slack_user_id=actor.slack_user_id,
            employee_id=employee_id,
            tool=AUDIT_TOOL,
            detail=detail,
            outcome=outcome,
            surface=surface,
            requested_by="code",
        )
    )
