"""What a leave request's transition owes the people it concerns, as values: the messages recorded with the
transition, in its transaction, and delivered afterwards exactly once (docs/requests.md, "Who is told").

A message is owed, not sent: the store writes these rows with the submission or the move that owes them
(a transactional outbox, `bot/db/request_messages.py`), and the deliverer (`bot/slack/requests/request_delivery.py`)
sends each once across crashes and processes. Nothing here knows Slack.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, get_args

from bot.domain.requests import Action, Actor, LeaveRequest

MessageKind = Literal[
    "approver_card",  # an approver's card with Approve / Decline (one per approver)
    "requester_sent",  # the requester: "sent for approval", with Cancel
    "card_update",  # every card of ours for the request brought up to date (no post: edits)
    "requester_decision",  # the requester told of a decision they did not make themselves
    "approver_cancel",  # an approver told the request was cancelled
    "announcement",  # the policy's announcement channel: approved leave, or approved leave cancelled
    "requester_unrouted",  # the requester told no approver could be sent the card: ask HR
]
MESSAGE_KINDS: tuple[MessageKind, ...] = get_args(MessageKind)

# The kinds that are posted messages carrying buttons, which a later `card_update` edits.
WITH_BUTTONS: frozenset[MessageKind] = frozenset(
    {"approver_card", "requester_sent", "requester_decision", "requester_unrouted"}
)

MessageState = Literal["owed", "sent", "failed"]


@dataclass(frozen=True)
class Owed:
    """One message a transition owes: its kind and whom it goes to (an employee id, or for an
    announcement the channel)."""

    kind: MessageKind
    recipient: str


@dataclass(frozen=True)
class RequestMessage:
    """An owed or delivered message as the outbox holds it."""

    id: int
    request_id: int
    kind: MessageKind
    recipient: str
    state: MessageState
    attempts: int  # tries begun: above 0, an earlier try may have posted it before its process died
    created_at: datetime
    channel: str | None = None  # where it was posted (the DM's channel), once sent
    ts: str | None = None


def approvers_of(request: LeaveRequest, hr_approvers: tuple[str, ...]) -> list[str]:
    """Who decides a request: its manager, else each of the policy's HR approvers (never the requester)."""
    chosen = [request.approver_id] if request.approver_id else list(hr_approvers)
    return [approver for approver in chosen if approver != request.employee_id]


def owed_on_submit(request: LeaveRequest, hr_approvers: tuple[str, ...]) -> list[Owed]:
    return [Owed("approver_card", approver) for approver in approvers_of(request, hr_approvers)] + [
        Owed("requester_sent", request.employee_id)
    ]


def owed_on_move(
    action: Action,
    moved: LeaveRequest,
    actor: Actor,
    hr_approvers: tuple[str, ...],
    announce_channel: str | None,
) -> list[Owed]:
    """What a move owes: the cards brought up to date always; the requester told unless they made the move
    (a cancellation they clicked); the approvers told of a cancellation; the announcement channel told of
    approved leave, and of approved leave cancelled."""
    owed = [Owed("card_update", moved.employee_id)]
    if actor.employee_id != moved.employee_id:
        owed.append(Owed("requester_decision", moved.employee_id))
    if action == "cancel":
        owed += [Owed("approver_cancel", approver) for approver in approvers_of(moved, hr_approvers)]
    announced = moved.state == "approved" or (moved.state == "cancelled" and moved.moved_from == "approved")
    if announce_channel and announced:
        owed.append(Owed("announcement", announce_channel))
    return owed
