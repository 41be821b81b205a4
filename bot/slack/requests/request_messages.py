"""What each message a leave request owes looks like (bot/domain/request_messages.py), for one reader, from
the request as the database holds it now: never from a click's payload. Pure: values in, text and blocks
out. A message rendered again later (a card brought up to date) shows the request's state then, and
keeps a Cancel or Approve / Decline button only while that move is still open."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, tzinfo
from typing import Any

from bot.domain.request_messages import MessageKind
from bot.domain.requests import Away, Checked, LeaveRequest
from bot.requests.crowding import crowded_days, crowding_line
from bot.slack.blocks import context, section
from bot.slack.requests.request_views import (
    Decider,
    announcement,
    approver_card,
    decided_card,
    decision_line,
    request_summary,
    requester_card,
    team_line,
)

Rendered = tuple[str, list[dict[str, Any]]]
SUMMARY = "request_summary"  # the block id of a request's summary, as on every card

_SENT = ("승인을 요청했어요.", "Sent for approval.")
_UNROUTED = (
    "승인할 사람에게 알리지 못했어요. HR에 문의해 주세요.",
    "None of the approvers could be told of it. Please ask HR.",
)
_EXPIRED = (
    "승인되지 않은 채 기한이 지나 만료됐어요. 필요하면 다시 신청해 주세요.",
    "It expired without a decision. Request it again if you still need it.",
)


@dataclass(frozen=True)
class Reader:
    """Who reads the message and what it shows them, resolved by the deliverer."""

    korean: bool
    requester_name: str
    decider: Decider  # who decided: a mention of their account, "HR", "OfficeBot"
    today: date  # the company's today: whether a Cancel is still open
    zone: tzinfo  # when it was decided is shown in it: the reader's Slack time zone, else the company's
    balance: Checked | None = None  # the balance before and after, while the request is pending
    away: tuple[Away, ...] = ()  # the team's absences on those days, for the approver
    max_out: int = 0  # the policy's `max_out_per_day` (0: no warning)


def cancellable(request: LeaveRequest, today: date) -> bool:
    """Whether the requester may still cancel it here: pending, or approved and not yet started."""
    return request.state == "pending" or (request.state == "approved" and request.start > today)


def rendered(kind: MessageKind, request: LeaveRequest, reader: Reader) -> Rendered | None:
    """The message of `kind` as it reads now; None when there is nothing to say (an announcement of a
    move that is not announced). `card_update` is not a message: it renders the cards it edits. What the
    person or HR typed goes through the renderers of `request_views`, each bounded; who decided and when go
    in a context block of their own, so a long reason can never push them out."""
    korean = reader.korean
    pick = 0 if korean else 1
    pending = request.state == "pending"
    line = decision_line(request, reader.decider, korean, zone=reader.zone)
    decided = [] if pending else [context(line)]
    if kind == "approver_card":
        summary = request_summary(request, reader.requester_name, korean, reader.balance if pending else None)
        if pending:
            if (team := team_line(list(reader.away), korean)) is not None:
                summary += f"\n{team}"
            crowded = crowded_days(request, reader.away, reader.max_out)
            if (warning := crowding_line(crowded, reader.max_out, korean)) is not None:
                summary += f"\n{warning}"
            return summary, approver_card(summary, request.id, korean)
        return summary, decided_card(summary, request, reader.decider, korean, zone=reader.zone)
    if kind == "requester_sent":
        summary = request_summary(request, reader.requester_name, korean, reader.balance if pending else None)
        told = f"{summary}\n{_SENT[pick]}"
        return told, _with_cancel(told, decided, request, reader)
    if kind == "requester_decision":
        details = request_summary(request, reader.requester_name, korean, None).split("\n", 1)[1]
        heading = f"휴가 신청 #{request.id}" if korean else f"Leave request #{request.id}"
        told = f"{heading}\n{details}" + (f"\n{_EXPIRED[pick]}" if request.state == "expired" else "")
        return f"{heading}: {line}", _with_cancel(told, decided, request, reader)
    if kind == "requester_unrouted":
        details = request_summary(request, reader.requester_name, korean, None).split("\n", 1)[1]
        heading = f"휴가 신청 #{request.id}" if korean else f"Leave request #{request.id}"
        told = f"{heading}: {_UNROUTED[pick]}\n{details}"
        return told, _with_cancel(told, decided, request, reader)
    if kind == "approver_cancel":
        summary = request_summary(request, reader.requester_name, korean, None)
        return f"{summary}\n{line}", [section(summary, block_id=SUMMARY), *decided]
    if kind == "announcement":
        said = announcement(request, reader.requester_name)
        return None if said is None else (said, [section(said)])
    return None


def _with_cancel(
    text: str, decided: list[dict[str, Any]], request: LeaveRequest, reader: Reader
) -> list[dict[str, Any]]:
    """The requester's message: its text, who decided (once decided), and Cancel while it can be used."""
    if cancellable(request, reader.today):
        summary, cancel = requester_card(text, request.id, reader.korean)
        return [summary, *decided, cancel]
    return [section(text, block_id=SUMMARY), *decided]
