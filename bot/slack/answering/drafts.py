"""A draft the model made (`draft_leave_request`), shown as a card under the answer with Submit / Change /
Cancel, and what each click does (docs/requests.md). The card is built by code from the tool's result,
never from the model's text; only the person's Submit stores the request, as the person who clicked.

The card goes where a trace would (a reply under the answer, left out of the conversation rebuilt for
follow-ups), so `bot/slack/answering/answer.py` needs one call, `offer_drafts`."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from slack_sdk.errors import SlackApiError

from bot.domain.requests import Checked
from bot.hr.directory import NotAnEmployee
from bot.slack.answering.draft_views import closed_card, draft_card, draft_of
from bot.slack.answering.render import Message
from bot.slack.deps import Deps
from bot.slack.identity import prefers_korean
from bot.slack.requests.request_views import request_form
from bot.slack.requests.requesting import deliver, has_approver, submit_as
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)


async def offer_drafts(
    post: Callable[[Message, str | None], Awaitable[None]],
    drafts: Sequence[Checked],
    anchor: str | None,
    korean: bool,
) -> None:
    """A card for each request the turn drafted (`Turn.figures(Checked)`). A card that cannot be posted is
    logged: the answer already says what was drafted, and the person can use `/leave request`."""
    for checked in drafts:
        try:
            await post(
                {"text": _summary_text(checked, korean), "blocks": draft_card(checked, korean)}, anchor
            )
        except Exception:
            log.warning("could not post a leave request draft's card", exc_info=True)


def _summary_text(checked: Checked, korean: bool) -> str:
    return str(draft_card(checked, korean)[0]["text"]["text"])


async def submit_draft(deps: Deps, user_id: str, value: str, card: tuple[str, str] | None) -> None:
    """Submit: the draft checked again and stored for the clicker; the card says so, the approver gets theirs."""
    korean = prefers_korean(await deps.identity.profile(user_id))
    draft = draft_of(value)
    try:
        caller = await deps.identity.caller(user_id, "dm")
    except NotAnEmployee as refused:
        await _tell(deps, card, user_id, str(refused))
        return
    if draft is None:
        await _tell(deps, card, user_id, "그런 초안은 없어요. There is no such draft.")
        return
    key = f"card:{card[0]}:{card[1]}" if card else None
    submitted = await submit_as(deps, caller, user_id, draft, "dm", key)
    request = submitted.request
    if request is None:
        problems = " ".join(p.pick(korean) for p in submitted.checked.problems)
        await _tell(deps, card, user_id, problems)
        return
    line = (
        f"신청했어요 · #{request.id} 승인 대기"
        if korean
        else f"Submitted · #{request.id} waiting for approval"
    )
    await _close(deps, user_id, card, _summary_of(submitted.checked, korean), line)
    await deliver(deps, request.id)


async def change_draft(deps: Deps, user_id: str, value: str, trigger_id: str) -> None:
    """Change: the form, filled in from the draft (the form's own Submit stores it)."""
    draft = draft_of(value)
    try:
        korean = prefers_korean(await deps.identity.profile(user_id))
        caller = await deps.identity.caller(user_id, "dm")
        policy = await deps.services.policy.current()
        leave_types = await deps.services.requests.leave_types()
        today = deps.services.toolbox.today_for(caller)
        nobody = not await has_approver(deps, caller.employee_id, policy.approvers)
        view = request_form(leave_types, policy.quarter_days, today, korean, draft, no_approver=nobody)
        await deps.client.views_open(trigger_id=trigger_id, view=view)
    except NotAnEmployee as refused:
        await deps.client.chat_postMessage(channel=user_id, text=str(refused))
    except SlackApiError as failed:
        log.warning("could not open the form from a draft (%s)", error_of(failed))


async def discard_draft(deps: Deps, user_id: str, value: str, card: tuple[str, str] | None) -> None:
    korean = prefers_korean(await deps.identity.profile(user_id))
    draft, summary = draft_of(value), ""
    if draft is not None:  # what was discarded, counted again by code
        caller = await deps.identity.caller(user_id, "dm")
        policy = await deps.services.policy.current()
        today = deps.services.toolbox.today_for(caller)
        checked = await deps.services.requests.check(caller.employee_id, draft, policy, today)
        summary = _summary_of(checked, korean)
    await _close(deps, user_id, card, summary, "초안을 버렸어요." if korean else "Draft discarded.")


def _summary_of(checked: Checked, korean: bool) -> str:
    """The card's summary, rendered again from the draft (never copied from the click's payload)."""
    return _summary_text(checked, korean)


async def _close(deps: Deps, user_id: str, card: tuple[str, str] | None, summary: str, line: str) -> None:
    """The draft's card with its buttons replaced by what happened: only a card in the clicker's own DM
    with the bot (a click's payload names the message; it may name another)."""
    if card is None or not await _in_own_dm(deps, user_id, card[0]):
        return
    if await deps.delivery.is_request_message(*card):
        return  # a request's card or note, never a draft's: a forged click names it
    try:
        await deps.client.chat_update(
            channel=card[0], ts=card[1], text=summary or line, blocks=closed_card(summary, line)
        )
    except SlackApiError as failed:
        log.warning("could not update a draft's card (%s)", error_of(failed))


async def _in_own_dm(deps: Deps, user_id: str, channel: str) -> bool:
    try:
        opened = await deps.client.conversations_open(users=user_id)
    except SlackApiError as failed:
        log.warning("could not find a person's DM with the bot (%s)", error_of(failed))
        return False
    return bool((opened.get("channel") or {}).get("id") == channel)


async def _tell(deps: Deps, card: tuple[str, str] | None, user_id: str, message: str) -> None:
    try:
        if card is not None:
            await deps.client.chat_postEphemeral(channel=card[0], user=user_id, text=message)
        else:
            await deps.client.chat_postMessage(channel=user_id, text=message)
    except SlackApiError as failed:
        log.warning("could not say why a draft was not submitted (%s)", error_of(failed))
