"""A leave request's message put in Slack: a post (tried only after the try is recorded, so a later try
looks for it before posting again; an announcement, whose channel cannot be read back, tried once when
its outcome is unknown), and the cards whose buttons no longer apply edited as the request stands now."""

from __future__ import annotations

import logging

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.request_messages import WITH_BUTTONS, RequestMessage
from bot.domain.requests import LeaveRequest
from bot.ports.request_messages import RequestOutbox
from bot.slack.answering.render import REQUEST_EVENT_TYPE
from bot.slack.requests.delivery_retries import DeliveryRetries, TryLater
from bot.slack.requests.request_message_lookup import posted_before
from bot.slack.requests.request_messages import cancellable, rendered
from bot.slack.requests.request_people import RequestPeople
from bot.slack.transport.rate_limits import error_of, outcome_unknown

log = logging.getLogger(__name__)


class RequestPosting:
    """Posts and edits of leave requests' messages, each rendered for its reader from the request as the
    database holds it when it goes."""

    def __init__(
        self, outbox: RequestOutbox, people: RequestPeople, client: AsyncWebClient, retries: DeliveryRetries
    ) -> None:
        self._outbox, self._people, self._client, self._retries = outbox, people, client, retries

    async def post(self, message: RequestMessage, request: LeaveRequest) -> bool:
        """Posts the message (or records it, found where an earlier try put it); True when it was found."""
        to_person = message.kind != "announcement"
        user = await self._people.slack_user(message.recipient) if to_person else message.recipient
        if user is None:
            await self._outbox.failed(message.id, "no_slack_account")
            return False
        if message.kind in ("approver_card", "approver_cancel") and not await self._people.can_act(
            user, message.recipient
        ):
            # Nothing with a person's leave goes to someone who cannot act on it (a guest, a deactivated or
            # foreign account).
            await self._outbox.failed(message.id, "approver_cannot_act")
            return False
        said = rendered(
            message.kind, request, await self._people.reader(request, user if to_person else None)
        )
        if said is None:
            await self._outbox.sent(message.id, None, None)
            return False
        if message.attempts and not to_person:
            # An announcement whose earlier try may have been posted: the channel cannot be read back
            # (no channels:history), and a second announcement is worse than a missing one.
            await self._outbox.failed(message.id, "outcome_unknown")
            return False
        if message.attempts and (found := await posted_before(self._client, message, user)):
            await self._outbox.sent(message.id, *found)
            return True
        await self._outbox.trying(message.id)
        text, blocks = said
        metadata = {
            "event_type": REQUEST_EVENT_TYPE,
            "event_payload": {"message": message.id, "request": request.id, "kind": message.kind},
        }
        try:
            posted = await self._client.chat_postMessage(
                channel=user, text=text, blocks=blocks, metadata=metadata
            )
        except Exception as exc:
            if not outcome_unknown(exc) or not to_person:
                raise
            found = await posted_before(self._client, message, user)
            if found is None:
                raise TryLater(self._retries.backoff) from exc
            await self._outbox.sent(message.id, *found)
            return True
        await self._outbox.sent(message.id, str(posted["channel"]), str(posted["ts"]))
        return False

    async def edit_cards(self, request: LeaveRequest) -> None:
        """Each posted message of ours whose buttons no longer apply, rendered again as the request stands
        now: the approvers' cards once it is decided, the requester's Cancel once it cannot be cancelled
        (a Cancel still open is left as it is: an edit is a Tier 3 call)."""
        today = self._people.today()
        for card in await self._outbox.posted(request.id):
            if card.kind not in WITH_BUTTONS or not card.channel or not card.ts:
                continue
            pending = request.state == "pending"
            if pending if card.kind == "approver_card" else cancellable(request, today):
                continue  # its buttons still apply
            said = rendered(
                card.kind,
                request,
                await self._people.reader(request, await self._people.slack_user(card.recipient)),
            )
            if said is None:
                continue
            text, blocks = said
            try:
                await self._client.chat_update(channel=card.channel, ts=card.ts, text=text, blocks=blocks)
            except SlackApiError as exc:
                if self._retries.wait_after(exc) is not None:
                    raise  # a 429 or no answer: the whole edit is tried again
                # Deleted, or no longer ours to edit: nothing left to bring up to date.
                log.info("leave request %s: a card could not be edited (%s)", request.id, error_of(exc))
