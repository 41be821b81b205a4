"""Leave requests' Slack surfaces (docs/requests.md): the form opened from `/leave request` or the Home
tab's button, its submission, and the approver's Approve / Decline (with the decline's small form).

Thin: each listener acknowledges and hands the work to the answer loop (`bot/slack/requests/requesting.py`). A
form's submission is the one that waits for its work before acking, since its field errors travel in the
ack (`response_action: errors`); the check is a few reads, well inside Slack's 3 seconds."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp
from slack_sdk.errors import SlackApiError

from bot.domain.requests import Action, Actor, note_problem, refusal
from bot.hr.directory import NotAnEmployee
from bot.slack.answering.draft_views import DRAFT_CHANGE, DRAFT_DISCARD, DRAFT_SUBMIT
from bot.slack.answering.drafts import change_draft, discard_draft, submit_draft
from bot.slack.answering.intake import Intake
from bot.slack.deps import Deps
from bot.slack.home.hr_views import HR_APPROVE_ACTION, HR_CANCEL_ACTION, HR_DECLINE_ACTION, HR_DECLINE_FORM
from bot.slack.home.roles import viewer_or_refused
from bot.slack.identity import prefers_korean
from bot.slack.listeners.home import publish_home
from bot.slack.requests.request_views import (
    APPROVE_ACTION,
    CANCEL_ACTION,
    DECLINE_ACTION,
    DECLINE_FORM,
    OPEN_FORM_ACTION,
    REQUEST_FORM,
    VALUE,
    decline_form,
    decline_target,
)
from bot.slack.requests.requesting import decide, deliver, form_for, refuse, submit_form
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)

FORM_TIMEOUT = 2.5  # seconds the form's check may take before the ack must go without it
# A draft card's button's work: (deps, the clicker, the button's value, the card clicked).
DraftWork = Callable[[Deps, str, str, tuple[str, str] | None], Coroutine[Any, Any, None]]
_TRY_AGAIN = "잠시 후 다시 신청해 주세요. Please submit again in a moment."


def open_request_form(intake: Intake, user_id: str, trigger_id: str) -> None:
    """Opens the form for `user_id` at once (a trigger_id is good for 3 seconds)."""

    async def job(deps: Deps) -> None:
        try:
            view = await form_for(deps, user_id)
        except NotAnEmployee as refused:
            await deps.client.chat_postMessage(channel=user_id, text=str(refused))
            return
        try:
            await deps.client.views_open(trigger_id=trigger_id, view=view)
        except SlackApiError as failed:
            log.warning("could not open the leave request form (%s)", error_of(failed))

    intake.later(lambda deps: _quietly(job(deps)))


def _card_of(body: dict[str, Any]) -> tuple[str, str] | None:
    container = body.get("container") or {}
    channel, ts = container.get("channel_id"), container.get("message_ts")
    return (str(channel), str(ts)) if channel and ts else None


def _request_id(action: dict[str, Any]) -> int | None:
    value = str(action.get("value") or "")
    return int(value) if value.isdigit() and len(value) < 19 else None


def register(app: AsyncApp, intake: Intake) -> None:
    @app.action(OPEN_FORM_ACTION)
    async def on_open(ack: AsyncAck, body: dict[str, Any]) -> None:
        await ack()
        user, trigger_id = (body.get("user") or {}).get("id"), body.get("trigger_id")
        if user and trigger_id:
            open_request_form(intake, user, trigger_id)

    @app.view(REQUEST_FORM)
    async def on_submit(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        user = str((body.get("user") or {}).get("id") or "")
        try:
            errors, submitted = await asyncio.wait_for(
                intake.run(lambda deps: submit_form(deps, user, view)), FORM_TIMEOUT
            )
        except Exception as exc:  # too slow, or the database failed: nothing the person can fix but retry
            log.warning("could not check a leave request form (%s)", exc.__class__.__name__)
            await ack(response_action="errors", errors={"reason": _TRY_AGAIN})
            return
        if errors:
            await ack(response_action="errors", errors=errors)
            return
        await ack()
        if submitted is not None and submitted.request is not None:
            request_id = submitted.request.id
            intake.later(lambda deps: deliver(deps, request_id))

    def clicked(action_name: Action, *, as_hr: bool = False) -> Callable[..., Coroutine[Any, Any, None]]:
        """A one-click decision, acked, then applied once: approve (the approver's card) and cancel (the
        requester's DM), from their message or the Home tab; with `as_hr`, the HR Home tab's buttons: the
        clicker acts as HR only if the policy's `hr_admins` holds them at this click (`decide(as_hr=True)`),
        anyone else's click is refused and audited. What differs stays here: a click on a message must be
        on a card of this request (refusals said in its channel) and brings the Home tab up to date only
        when made there; HR's buttons are on the Home tab only, never a card, and always bring it up to date."""

        async def on_click(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
            await ack()
            user = (body.get("user") or {}).get("id")
            if not user:
                return
            request_id = _request_id(action)
            card = None if as_hr else _card_of(body)
            reply_in = card[0] if card else None
            on_home = as_hr or (body.get("container") or {}).get("type") == "view"

            async def job(deps: Deps) -> None:
                await _quietly(
                    decide(deps, user, request_id, action_name, card=card, reply_in=reply_in, as_hr=as_hr)
                )
                if on_home:  # the Home tab shows the request's new state
                    await publish_home(deps, user)

            intake.later(job)

        return on_click

    def on_draft_card(work: DraftWork) -> Callable[..., Coroutine[Any, Any, None]]:
        """A draft card's Submit or Discard: acked, then done on the card clicked."""

        async def on_click(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
            await ack()
            user, value = (body.get("user") or {}).get("id"), str(action.get("value") or "")
            card = _card_of(body)
            if user:
                intake.later(lambda deps: _quietly(work(deps, user, value, card)))

        return on_click

    app.action(DRAFT_SUBMIT)(on_draft_card(submit_draft))
    app.action(DRAFT_DISCARD)(on_draft_card(discard_draft))

    @app.action(DRAFT_CHANGE)
    async def on_draft_change(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        user, trigger_id = (body.get("user") or {}).get("id"), body.get("trigger_id")
        value = str(action.get("value") or "")
        if user and trigger_id:
            intake.later(lambda deps: _quietly(change_draft(deps, user, value, trigger_id)))

    app.action(APPROVE_ACTION)(clicked("approve"))
    app.action(CANCEL_ACTION)(clicked("cancel"))
    app.action(HR_APPROVE_ACTION)(clicked("approve", as_hr=True))
    app.action(HR_CANCEL_ACTION)(clicked("cancel", as_hr=True))

    @app.action(HR_DECLINE_ACTION)
    async def on_hr_decline(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        """HR's Decline asks why first (the form), like an approver's; someone not HR at this click gets
        the refusal (audited) instead of the form."""
        await ack()
        user, trigger_id = (body.get("user") or {}).get("id"), body.get("trigger_id")
        if not user or not trigger_id:
            return
        request_id = _request_id(action)

        async def job(deps: Deps) -> None:
            if (who := await viewer_or_refused(deps, user, user)) is None:
                return
            if not who.roles.hr or request_id is None:
                await _quietly(decide(deps, user, request_id, "decline", as_hr=True))  # refused, audited
                return
            form = decline_form(request_id, who.korean) | {"callback_id": HR_DECLINE_FORM}
            await _quietly(deps.client.views_open(trigger_id=trigger_id, view=form))

        intake.later(job)

    @app.view(HR_DECLINE_FORM)
    async def on_hr_decline_submitted(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        await _declined(ack, body, view, as_hr=True)

    @app.action(DECLINE_ACTION)
    async def on_decline(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        user, trigger_id = (body.get("user") or {}).get("id"), body.get("trigger_id")
        if user and trigger_id:
            intake.later(lambda deps: _ask_why(deps, user, trigger_id, _request_id(action), _card_of(body)))

    @app.view(DECLINE_FORM)
    async def on_decline_submitted(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        await _declined(ack, body, view, as_hr=False)

    async def _declined(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any], *, as_hr: bool) -> None:
        """A decline form submitted (the approver's, or HR's from the Home tab): its reason checked on the
        field before the form closes, then the decision made as the person who clicked."""
        user = (body.get("user") or {}).get("id")
        request_id = decline_target(str(view.get("private_metadata") or ""))
        reason = str(
            (((view.get("state") or {}).get("values") or {}).get("reason") or {}).get(VALUE, {}).get("value")
            or ""
        )
        # Said on the field before the form closes (the form's max_length is the same limit, but a payload
        # need not respect it); both languages, as nothing about the person is read before the ack.
        if (wrong := note_problem(reason)) is not None:
            await ack(response_action="errors", errors={"reason": " ".join(wrong)})
            return
        await ack()
        if user:

            async def job(deps: Deps) -> None:
                await _quietly(
                    decide(deps, user, request_id, "decline", note=reason.strip() or None, as_hr=as_hr)
                )
                await publish_home(deps, user)  # the Home tab shows the request gone

            intake.later(job)


async def _ask_why(
    deps: Deps, user: str, trigger_id: str, request_id: int | None, card: tuple[str, str] | None
) -> None:
    """The decline's small form, for someone who may decline this request; else why not, and no form."""
    try:
        korean = prefers_korean(await deps.identity.profile(user))
        caller = await deps.identity.caller(user, "home")
        request = None if request_id is None else await deps.services.requests.get(request_id)
        policy = await deps.services.policy.current()
        today = deps.services.toolbox.today_for(caller)
        reply_in = card[0] if card else None
        if request is None:
            await refuse(deps, user, "unknown_request", None, reply_in)
            return
        actor = Actor(caller.employee_id, user)
        if card is not None and not await deps.delivery.is_card_of(request.id, *card):
            await deps.services.requests.record_refusal(request.id, "decline", actor, "card_mismatch", "card")
            await refuse(deps, user, "not_allowed", request, reply_in, "decline")
            return
        why = refusal("decline", request, actor, policy.approvers, today)
        if why is not None:
            await deps.services.requests.record_refusal(request.id, "decline", actor, why, "card")
            await refuse(deps, user, why, request, reply_in, "decline")
            return
        await deps.client.views_open(trigger_id=trigger_id, view=decline_form(request.id, korean))
    except NotAnEmployee as refused:
        await deps.client.chat_postMessage(channel=user, text=str(refused))
    except Exception:
        log.warning("could not open the decline form", exc_info=True)


async def _quietly(work: Any) -> None:
    try:
        await work
    except Exception:
        log.warning("a leave request's click could not be handled", exc_info=True)
