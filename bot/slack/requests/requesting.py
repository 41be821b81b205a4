"""Leave requests in Slack, on the answer loop: the form's contents, a submission checked and stored, a
click applied once, and what each owes people handed to the deliverer (`bot/slack/requests/request_delivery.py`,
docs/requests.md). Who acts is always the Slack identity of the click, mapped by the directory; a
payload's request id is only a claim, which the store checks against the request's own people.

Listeners (`bot/slack/listeners/requests.py`) acknowledge; these run after, or, for a form's field errors,
before the ack through `Intake.run`."""

from __future__ import annotations

import logging
from typing import Any
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError

from bot import text
from bot.domain.people import Caller
from bot.domain.requests import Action, Actor, Draft, LeaveRequest, Refusal
from bot.hr.directory import NotAnEmployee
from bot.ports.requests import Moved, RequestSurface, Submitted
from bot.slack.answering.render import REQUEST_METADATA
from bot.slack.deps import Deps
from bot.slack.home.roles import roles_of
from bot.slack.identity import prefers_korean, slack_user_of_employee
from bot.slack.requests.request_views import decision_line, draft_from, request_form
from bot.slack.transport.rate_limits import error_of
from bot.slack.user_text import NAME_LIMIT, shown

log = logging.getLogger(__name__)

_REFUSALS: dict[Refusal, tuple[str, str]] = {
    "unknown_request": ("그런 휴가 신청은 없어요.", "There is no such leave request."),
    # Without the request at hand; with it, `_not_yours` says who may act instead.
    "not_allowed": ("이 휴가 신청은 내가 처리할 수 없어요.", "This leave request is not yours to act on."),
    "own_request": ("내 휴가 신청은 직접 승인할 수 없어요.", "You cannot decide your own leave request."),
    "not_pending": ("이미 처리된 휴가 신청이에요.", "This leave request was already decided."),
    "already_started": (
        "이미 시작된 휴가는 취소할 수 없어요. HR에 문의해 주세요.",
        "Leave that has started cannot be cancelled here: ask HR.",
    ),
}


_NOT_HR = ("HR만 할 수 있는 일이에요.", "Only HR can do this.")


async def form_for(deps: Deps, user_id: str) -> dict[str, Any]:
    """The blank form for this person, in their language, today's date in their time zone."""
    profile = await deps.identity.profile(user_id)
    korean = prefers_korean(profile)
    caller = await deps.identity.caller(user_id, "home")
    policy = await deps.services.policy.current()
    today = deps.services.toolbox.today_for(caller)
    leave_types = await deps.services.requests.leave_types()
    nobody = not await has_approver(deps, caller.employee_id, policy.approvers)
    return request_form(leave_types, policy.quarter_days, today, korean, no_approver=nobody)


async def has_approver(deps: Deps, employee_id: str, hr_approvers: tuple[str, ...]) -> bool:
    """Whether the data names anyone who could approve this person's requests (a manager, or the policy's
    approvers besides them): the form says so at its top when not. Whether they can act in Slack is checked
    on submission (`approvers_in_slack`: Slack calls, too slow for a form that must open within 3 s)."""
    employee = await deps.services.directory.employee_by_id(employee_id)
    return bool(employee and employee.manager_id) or bool(set(hr_approvers) - {employee_id})


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
    key = f"view:{view.get('id')}" if view.get("id") else None
    submitted = await submit_as(deps, caller, user_id, draft, "modal", key)
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


async def submit_as(
    deps: Deps, caller: Caller, user_id: str, draft: Draft, surface: RequestSurface, key: str | None
) -> Submitted:
    """`draft` submitted as the person who clicked (the form's Submit, a draft card's), under the policy of
    now: a `key` seen before finds that submission again; the approvers who cannot act in Slack are passed
    over."""
    return await deps.services.requests.submit(
        Actor(caller.employee_id, user_id),
        draft,
        await deps.services.policy.current(),
        deps.services.toolbox.today_for(caller),
        surface,
        key,
        approvers_in_slack=await approvers_in_slack(deps, caller.employee_id),
    )


async def approvers_in_slack(deps: Deps, employee_id: str) -> frozenset[str]:
    """Of the people who could approve this employee's request (their manager, the policy's approvers),
    those who can act in Slack: their account maps back to them as an employee (no guest, no deactivated
    or foreign account). One whose account cannot be read now counts as able: the deliverer checks
    again before a card goes out."""
    employee = await deps.services.directory.employee_by_id(employee_id)
    policy = await deps.services.policy.current()
    candidates = {*policy.approvers, *([employee.manager_id] if employee and employee.manager_id else [])}
    able: set[str] = set()
    for candidate in candidates - {employee_id}:
        try:
            user = await slack_user_of(deps, candidate)
            if user is not None and await deps.delivery.can_act(user, candidate):
                able.add(candidate)
        except Exception:
            able.add(candidate)
    return frozenset(able)


async def deliver(deps: Deps, request_id: int) -> None:
    """What the request's last transition owes people, sent now (the caretaker's sweep retries)."""
    try:
        await deps.delivery.deliver(request_id)
    except Exception as exc:
        log.warning("could not deliver a leave request's messages now (%s)", exc.__class__.__name__)


async def decide(
    deps: Deps,
    user_id: str,
    request_id: int | None,
    action: Action,
    *,
    note: str | None = None,
    card: tuple[str, str] | None = None,
    reply_in: str | None = None,
    as_hr: bool = False,
) -> Moved | None:
    """Applies the click once, or tells the clicker privately why it changed nothing; what the move owes
    people (the cards brought up to date, the requester told) is delivered from the database. `card`: the
    message clicked (None: the Home tab or a form), which must be one of ours for this request.
    `reply_in`: the channel for an ephemeral refusal. `as_hr`: the HR Home tab's buttons: the clicker acts
    as HR only if the policy's `hr_admins` holds them now (their Slack identity, read at this click); else
    the click is refused and audited (`not_hr`)."""
    korean = prefers_korean(await deps.identity.profile(user_id))
    try:
        caller = await deps.identity.caller(user_id, "home")
    except NotAnEmployee as refusal:
        await _ephemeral(deps, reply_in, user_id, str(refusal))
        return None
    if request_id is None:
        await _ephemeral(deps, reply_in, user_id, _REFUSALS["unknown_request"][0 if korean else 1])
        return None
    actor = Actor(caller.employee_id, user_id)
    if as_hr:
        roles = await roles_of(deps.services, caller.employee_id)
        if roles is None or not roles.hr:
            await deps.services.requests.record_refusal(request_id, action, actor, "not_hr", "home")
            await _ephemeral(deps, reply_in, user_id, _NOT_HR[0 if korean else 1])
            return None
        actor = Actor(caller.employee_id, user_id, hr_admin=True)
    if card is not None and not await deps.delivery.is_card_of(request_id, *card):
        # The click's value names another request than the card it was made on (a forged payload), or one
        # that does not exist: refused, and audited.
        why: Refusal = "not_allowed" if await deps.services.requests.get(request_id) else "unknown_request"
        await deps.services.requests.record_refusal(request_id, action, actor, "card_mismatch", "card")
        # The generic line: who approves a request the clicker never saw is not theirs to learn.
        await _ephemeral(deps, reply_in, user_id, _REFUSALS[why][0 if korean else 1])
        return None
    policy = await deps.services.policy.current()
    moved = await deps.services.requests.move(
        request_id,
        action,
        actor,
        policy,
        deps.services.toolbox.today_for(caller),
        "home" if as_hr else "card",
        note,
    )
    if not moved.moved:
        await refuse(deps, user_id, moved.refusal or "not_allowed", moved.request, reply_in, action)
        if moved.refusal == "not_pending" and moved.request is not None:  # the card catches up
            await deps.delivery.refresh_cards(request_id)
        return moved
    await deliver(deps, request_id)
    return moved


async def refuse(
    deps: Deps,
    user_id: str,
    why: Refusal,
    request: LeaveRequest | None,
    reply_in: str | None,
    action: Action | None = None,
) -> None:
    """Tells the clicker, privately, why their click changed nothing: how it was decided, if it was; who
    may act on it, if they may not (else it read as the bot failing)."""
    profile = await deps.identity.profile(user_id)
    korean = prefers_korean(profile)
    message = _REFUSALS[why][0 if korean else 1]
    if why == "not_pending" and request is not None:
        zone = ZoneInfo(profile.timezone or deps.settings.timezone)  # theirs in Slack, else the company's
        message += f" ({decision_line(request, await deps.delivery.decider(request), korean, zone=zone)})"
    if why == "not_allowed" and request is not None:
        message = await _not_yours(deps, request, action, korean)
    await _ephemeral(deps, reply_in, user_id, message)


async def _not_yours(deps: Deps, request: LeaveRequest, action: Action | None, korean: bool) -> str:
    """The clicker is not the one who may do this: says who is, by name from the HR data."""
    if action == "cancel":
        who = await _names(deps, (request.employee_id,))
        return (
            f"이 휴가 신청은 신청한 사람({who})만 취소할 수 있어요."
            if korean
            else f"Only the person who asked for this leave ({who}) can cancel it."
        )
    approvers = (
        (request.approver_id,) if request.approver_id else (await deps.services.policy.current()).approvers
    )
    who = await _names(deps, approvers) if approvers else "HR"
    return (
        f"이 휴가 신청의 승인자가 아니라서 처리할 수 없어요 (승인자: {who})."
        if korean
        else f"You are not this leave request's approver, so you cannot decide it (its approver: {who})."
    )


async def _names(deps: Deps, employee_ids: tuple[str, ...]) -> str:
    names = []
    for employee_id in employee_ids:
        employee = await deps.services.directory.employee_by_id(employee_id)
        names.append(shown(employee.name if employee else employee_id, NAME_LIMIT))
    return ", ".join(names)


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
