"""Leave requests in Slack, on the answer loop: the form's contents, a submission checked and stored, the
approver's card, a decision applied once and shown on the card, and the people told by DM
(docs/requests.md). Who acts is always the Slack identity of the click, mapped by the directory; a
payload's request id is only a claim, which the store checks against the request's own people.

Listeners (`bot/slack/listeners/requests.py`) acknowledge; these run after, or, for a form's field errors,
before the ack through `Intake.run`."""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk.errors import SlackApiError

from bot import text
from bot.domain.requests import Action, Actor, Draft, LeaveRequest, Refusal
from bot.hr.directory import NotAnEmployee
from bot.ports.requests import Moved, Submitted
from bot.slack.deps import Deps
from bot.slack.identity import prefers_korean, slack_user_of_employee
from bot.slack.rate_limits import error_of
from bot.slack.render import REQUEST_METADATA
from bot.slack.request_views import (
    Decider,
    announcement,
    approver_card,
    decided_card,
    decision_line,
    draft_from,
    request_form,
    request_summary,
    requester_card,
    team_line,
)

log = logging.getLogger(__name__)

_REFUSALS: dict[Refusal, tuple[str, str]] = {
    "unknown_request": ("그런 휴가 신청은 없어요.", "There is no such leave request."),
    "not_allowed": ("이 휴가 신청은 내가 처리할 수 없어요.", "This leave request is not yours to act on."),
    "own_request": ("내 휴가 신청은 직접 승인할 수 없어요.", "You cannot decide your own leave request."),
    "not_pending": ("이미 처리된 휴가 신청이에요.", "This leave request was already decided."),
    "already_started": (
        "이미 시작된 휴가는 취소할 수 없어요. HR에 문의해 주세요.",
        "Leave that has started cannot be cancelled here: ask HR.",
    ),
}


async def form_for(deps: Deps, user_id: str) -> dict[str, Any]:
    """The blank form for this person, in their language, today's date in their time zone."""
    profile = await deps.identity.profile(user_id)
    korean = prefers_korean(profile)
    caller = await deps.identity.caller(user_id, "home")
    policy = await deps.services.policy.current()
    today = deps.services.toolbox.today_for(caller)
    leave_types = await deps.services.requests.leave_types()
    return request_form(leave_types, policy.quarter_days, today, korean)


async def submit_form(
    deps: Deps, user_id: str, view: dict[str, Any]
) -> tuple[dict[str, str], Submitted | None]:
    """The form's field errors (empty: stored), and the submission when one was stored or found again."""
    draft = draft_from(((view.get("state") or {}).get("values")) or {})
    if isinstance(draft, dict):
        return draft, None
    korean = prefers_korean(await deps.identity.profile(user_id))
    try:
        caller = await deps.identity.caller(user_id, "home")
    except NotAnEmployee as refusal:
        return {"leave_type": str(refusal)}, None
    policy = await deps.services.policy.current()
    submitted = await deps.services.requests.submit(
        Actor(caller.employee_id, user_id),
        draft,
        policy,
        deps.services.toolbox.today_for(caller),
        "modal",
        submission_key=f"view:{view.get('id')}" if view.get("id") else None,
    )
    if submitted.request is None:
        return submitted.checked.errors(korean), None
    if submitted.again and not _same_leave(submitted.request, draft):
        # Stored by an earlier sending that timed out before the form heard back; changed since: say so
        # rather than close the form as if the change had been stored.
        request = submitted.request
        return {"start": text.REQUEST_ALREADY_SENT.pick(korean).format(id=request.id)}, None
    return {}, submitted


def _same_leave(request: LeaveRequest, draft: Draft) -> bool:
    return (request.leave_type, request.start, request.end, request.part) == (
        draft.leave_type,
        draft.start,
        draft.end,
        draft.part,
    )


async def announce(deps: Deps, submitted: Submitted, requester_slack: str) -> None:
    """The approver's card (to each HR approver when the person has no manager), and the requester told."""
    request = submitted.request
    # A form sent twice is announced once, by whichever sending claims it: the first, or the one after a
    # first that timed out before the form heard back (and so never announced it).
    if request is None or not await deps.services.requests.claim_announcement(request.id):
        return
    try:
        requester = await deps.services.directory.employee_by_id(request.employee_id)
        name = requester.name if requester else request.employee_id
        policy = await deps.services.policy.current()
        approvers = [request.approver_id] if request.approver_id else list(policy.approvers)
        away = await deps.services.requests.team_away(request)
    except Exception:
        # The request is stored whatever happens here: the approver sees it on their Home tab, and is reminded.
        log.warning("could not send a leave request's cards", exc_info=True)
        return
    # Each card on its own: one that Slack refuses (a post is not repeated blindly) must not keep the
    # other approvers, or the requester, from being told.
    card_noted = False
    for approver_id in approvers:
        if approver_id == request.employee_id:
            continue
        try:
            slack_id = await slack_user_of(deps, approver_id)
            if slack_id is None:
                log.warning("an approver has no Slack account the bot can find")
                continue
            korean = prefers_korean(await deps.identity.profile(slack_id))
            summary = request_summary(request, name, korean, submitted.checked)
            if (team := team_line(away, korean)) is not None:
                summary += f"\n{team}"
            posted = await deps.client.chat_postMessage(
                metadata=REQUEST_METADATA,
                channel=slack_id,
                text=summary,
                blocks=approver_card(summary, request.id, korean),
            )
            if not card_noted:  # the first card sent is the one a decision updates
                await deps.services.requests.set_card(request.id, str(posted["channel"]), str(posted["ts"]))
                card_noted = True
        except Exception:
            log.warning("could not send an approver a leave request's card", exc_info=True)
    try:
        korean = prefers_korean(await deps.identity.profile(requester_slack))
        mine = request_summary(request, name, korean, submitted.checked)
        told = f"{mine}\n{'승인을 요청했어요.' if korean else 'Sent for approval.'}"
        await deps.client.chat_postMessage(
            metadata=REQUEST_METADATA,
            channel=requester_slack,
            text=told,
            blocks=requester_card(told, request.id, korean),
        )
    except Exception:
        log.warning("could not tell a requester their leave request was sent", exc_info=True)


async def decide(
    deps: Deps,
    user_id: str,
    request_id: int | None,
    action: Action,
    *,
    note: str | None = None,
    card: tuple[str, str] | None = None,
    card_blocks: list[dict[str, Any]] | None = None,
    reply_in: str | None = None,
) -> Moved | None:
    """Applies the click once; tells the clicker privately when it changed nothing, brings the card up to
    date, and tells the requester. `reply_in`: the channel for an ephemeral refusal."""
    korean = prefers_korean(await deps.identity.profile(user_id))
    try:
        caller = await deps.identity.caller(user_id, "home")
    except NotAnEmployee as refusal:
        await _ephemeral(deps, reply_in, user_id, str(refusal))
        return None
    if request_id is None:
        await _ephemeral(deps, reply_in, user_id, _REFUSALS["unknown_request"][0 if korean else 1])
        return None
    policy = await deps.services.policy.current()
    moved = await deps.services.requests.move(
        request_id,
        action,
        Actor(caller.employee_id, user_id),
        policy,
        deps.services.toolbox.today_for(caller),
        "card",
        note,
    )
    if not moved.moved:
        await refuse(deps, user_id, moved.refusal or "not_allowed", moved.request, reply_in)
        if moved.refusal == "not_pending" and moved.request is not None:  # the card catches up
            await _update_card(deps, moved.request, card, card_blocks, korean)
        return moved
    request = moved.request
    assert request is not None
    await _update_card(deps, request, card, card_blocks, korean)  # the message clicked
    if action == "cancel":
        if card is not None and card != (request.card_channel, request.card_ts):
            await _update_card(deps, request, None, None, korean)  # the approver's card too
        await _tell_approvers(deps, request)
    else:
        await _tell_requester(deps, request)
    if policy.announce_channel:
        await _announce_absence(deps, request, policy.announce_channel)
    return moved


async def refuse(
    deps: Deps, user_id: str, why: Refusal, request: LeaveRequest | None, reply_in: str | None
) -> None:
    """Tells the clicker, privately, why their click changed nothing (and how it was decided, if it was)."""
    korean = prefers_korean(await deps.identity.profile(user_id))
    message = _REFUSALS[why][0 if korean else 1]
    if why == "not_pending" and request is not None:
        message += f" ({decision_line(request, await _decider(deps, request), korean)})"
    await _ephemeral(deps, reply_in, user_id, message)


async def _update_card(
    deps: Deps,
    request: LeaveRequest,
    card: tuple[str, str] | None,
    blocks: list[dict[str, Any]] | None,
    korean: bool,
) -> None:
    channel, ts = card or (request.card_channel, request.card_ts)
    if not channel or not ts:
        return
    summary = next((b["text"]["text"] for b in blocks or [] if b.get("block_id") == "request_summary"), None)
    if summary is None:
        requester = await deps.services.directory.employee_by_id(request.employee_id)
        summary = request_summary(request, requester.name if requester else request.employee_id, korean, None)
    decided = decided_card(summary, request, await _decider(deps, request), korean)
    try:
        await deps.client.chat_update(channel=channel, ts=ts, text=summary, blocks=decided)
    except SlackApiError as failed:
        # The decision stands: the card catches up on the next click.
        log.warning("could not update a leave request's card (%s)", error_of(failed))


async def _announce_absence(deps: Deps, request: LeaveRequest, channel: str) -> None:
    """Approved leave, or approved leave cancelled (bot/slack/request_views.py `announcement`); nothing else."""
    requester = await deps.services.directory.employee_by_id(request.employee_id)
    line = announcement(request, requester.name if requester else request.employee_id)
    if line is None:
        return
    try:
        await deps.client.chat_postMessage(channel=channel, text=line)
    except SlackApiError as failed:
        log.warning("could not announce approved leave (%s)", error_of(failed))


async def _tell_requester(deps: Deps, request: LeaveRequest) -> None:
    slack_id = await slack_user_of(deps, request.employee_id)
    if slack_id is None:
        return
    korean = prefers_korean(await deps.identity.profile(slack_id))
    summary = request_summary(request, request.employee_id, korean, None).split("\n", 1)[1]
    line = decision_line(request, await _decider(deps, request), korean)
    heading = f"휴가 신청 #{request.id}: {line}" if korean else f"Leave request #{request.id}: {line}"
    message = f"{heading}\n{summary}"
    blocks = requester_card(message, request.id, korean) if request.state == "approved" else None
    try:
        await deps.client.chat_postMessage(
            metadata=REQUEST_METADATA, channel=slack_id, text=message, blocks=blocks
        )
    except SlackApiError as failed:
        log.warning("could not tell a requester of a decision (%s)", error_of(failed))


async def _tell_approvers(deps: Deps, request: LeaveRequest) -> None:
    """A cancellation, told to whoever would have decided the request."""
    policy = await deps.services.policy.current()
    for approver_id in [request.approver_id] if request.approver_id else list(policy.approvers):
        slack_id = await slack_user_of(deps, approver_id)
        if slack_id is None or approver_id == request.employee_id:
            continue
        korean = prefers_korean(await deps.identity.profile(slack_id))
        requester = await deps.services.directory.employee_by_id(request.employee_id)
        name = requester.name if requester else request.employee_id
        summary = request_summary(request, name, korean, None)
        line = decision_line(request, await _decider(deps, request), korean)
        try:
            await deps.client.chat_postMessage(
                metadata=REQUEST_METADATA, channel=slack_id, text=f"{summary}\n{line}"
            )
        except SlackApiError as failed:
            log.warning("could not tell an approver of a cancellation (%s)", error_of(failed))


async def _decider(deps: Deps, request: LeaveRequest) -> Decider:
    """Who decided, as Slack shows a person: a mention when they have a Slack account."""
    by = request.decided_by or "-"
    if ":" in by or by == "system":  # HR at the terminal, or the caretaker
        return Decider(by)
    return Decider(by, await slack_user_of(deps, by))


async def slack_user_of(deps: Deps, employee_id: str) -> str | None:
    """An employee's Slack account: pinned in the HR data, else found by their email."""
    return await slack_user_of_employee(deps.services.directory, deps.client, employee_id)


async def _ephemeral(deps: Deps, channel: str | None, user_id: str, message: str) -> None:
    try:
        if channel:
            await deps.client.chat_postEphemeral(channel=channel, user=user_id, text=message)
        else:
            await deps.client.chat_postMessage(metadata=REQUEST_METADATA, channel=user_id, text=message)
    except SlackApiError as failed:
        log.warning("could not tell someone why a click changed nothing (%s)", error_of(failed))
