"""How many of a manager's team would be out on each working day of a request if it were approved, for
the approval card's warning (the policy's `max_out_per_day`, off at 0). Pure: from the request's dates
and the team's absences on them (`RequestStore.team_away`).

Counted: the requester, and each teammate off that day by approved leave or an imported record; a
teammate's pending request is not counted (it may yet be declined; the card names it anyway)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from bot.calendar import day
from bot.domain.requests import Away, LeaveRequest


def crowded_days(request: LeaveRequest, away: Iterable[Away], most: int) -> list[tuple[date, int]]:
    """The working days of `request` on which more than `most` would be out, with how many (most=0: off)."""
    if most <= 0:
        return []
    settled = [a for a in away if a.state in ("approved", "recorded")]
    crowded = []
    on = request.start
    while on <= request.end:
        if day(on).working:
            out = 1 + len({a.name for a in settled if a.start <= on <= a.end})
            if out > most:
                crowded.append((on, out))
        on += timedelta(days=1)
    return crowded


def crowding_line(crowded: list[tuple[date, int]], most: int, korean: bool) -> str | None:
    """The warning, or None: `⚠ 승인하면 12/24에 팀원 4명이 부재 (최대 3명)`."""
    if not crowded:
        return None
    days = ", ".join(
        f"{on.month}/{on.day}" + ("" if len(crowded) == 1 else f" {out}") for on, out in crowded[:5]
    )
    if len(crowded) > 5:
        days += " …"
    peak = max(out for _, out in crowded)
    if korean:
        return f"⚠ 승인하면 {days}에 팀원 최대 {peak}명이 부재예요 (정책상 하루 {most}명까지)."
    return f"⚠ Approving leaves up to {peak} of the team out on {days} (the policy's limit: {most} a day)."
