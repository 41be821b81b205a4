"""What each message a leave request owes looks like (bot/domain/request_messages.py), for one reader, from
the request as the database holds it now: never from a click's payload. Pure: values in, text and blocks
out. A message rendered again later (a card brought up to date) shows the request's state then, and
keeps a Cancel or Approve / Decline button only while that move is still open."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from bot.domain.request_messages import MessageKind
from bot.domain.requests import Away, Checked, LeaveRequest
from bot.slack.request_views import (
    announcement,
    approver_card,
    decided_card,
    decision_line,
    request_summary,
    requester_card,
    team_line,
)

Rendered = tuple[str, list[dict[str, Any]]]

_SENT = ("승인을 요청했어요.", "Sent for approval.")
_EXPIRED = (
    "승인되지 않은 채 기한이 지나 만료됐어요. 필요하면 다시 신청해 주세요.",
    "It expired without a decision. Request it again if you still need it.",
)


@dataclass(frozen=True)
class Reader:
    """Who reads the message and what it shows them, resolved by the deliverer."""

    korean: bool
    requester_name: str
    decider: str  # who decided, as Slack shows them (a mention, "HR", "OfficeBot")
    today: date  # the company's today: whether a Cancel is still open
    balance: Checked | None = None  # the balance before and after, while the request is pending
    away: tuple[Away, ...] = ()  # the team's absences on those days, for the approver


def cancellable(request: LeaveRequest, today: date) -> bool:
    """Whether the requester may still cancel it here: pending, or approved and not yet started."""
    return request.state == "pending" or (request.state == "approved" and request.start > today)


def rendered(kind: MessageKind, request: LeaveRequest, reader: Reader) -> Rendered | None:
    """The message of `kind` as it reads now; None when there is nothing to say (an announcement of a
    move that is not announced). `card_update` is not a message: it renders the cards it edits."""
    korean = reader.korean
    pick = 0 if korean else 1
    line = decision_line(request, reader.decider, korean)
    if kind == "approver_card":
        summary = request_summary(
            request, reader.requester_name, korean, reader.balance if request.state == "pending" else None
        )
        if (team := team_line(list(reader.away), korean)) is not None and request.state == "pending":
            summary += f"\n{team}"
        if request.state == "pending":
            return summary, approver_card(summary, request.id, korean)
        return summary, decided_card(summary, request, reader.decider, korean)
    if kind == "requester_sent":
        summary = request_summary(
            request, reader.requester_name, korean, reader.balance if request.state == "pending" else None
        )
        told = f"{summary}\n{_SENT[pick]}"
        if request.state != "pending":
            told += f"\n{line}"
        return told, _with_cancel(told, request, reader)
    if kind == "requester_decision":
        details = request_summary(request, reader.requester_name, korean, None).split("\n", 1)[1]
        heading = f"휴가 신청 #{request.id}: {line}" if korean else f"Leave request #{request.id}: {line}"
        told = f"{heading}\n{details}"
        if request.state == "expired":
            told += f"\n{_EXPIRED[pick]}"
        return told, _with_cancel(told, request, reader)
    if kind == "approver_cancel":
        told = f"{request_summary(request, reader.requester_name, korean, None)}\n{line}"
        return told, [_section(told)]
    if kind == "announcement":
        said = announcement(request, reader.requester_name)
        return None if said is None else (said, [_section(said)])
    return None


def _with_cancel(text: str, request: LeaveRequest, reader: Reader) -> list[dict[str, Any]]:
    if cancellable(request, reader.today):
        return requester_card(text, request.id, reader.korean)
    return [_section(text)]


def _section(text: str) -> dict[str, Any]:
    return {"type": "section", "block_id": "request_summary", "text": {"type": "mrkdwn", "text": text}}
