"""Delivers what leave requests owe people, exactly once, through crashes and across processes
(docs/requests.md, "Who is told").

A submission or a move records the messages it owes in its own transaction (`request_messages`). Whoever
made it then calls `deliver(request_id)` at once; the caretaker's sweep (every `Pacing.request_sweep`)
delivers what nobody did: a process that died mid-delivery, a decision HR made at the terminal. One
process at a time holds a request (a lease in the database, renewed while it works), so no two post the
same message. Each message is rendered from the request as the database holds it when it goes: a card
posted late already shows a decision made meanwhile.

A post is tried only after the try is recorded (`attempts`): a later try whose predecessor may have been
carried out by Slack (the process died, the answer was lost) first looks for the message by its metadata
(`{"message": id, "request": …, "kind": …}`) in the person's DM, and records the one it finds instead of
posting again. An announcement is tried once when its outcome is unknown (the channel cannot be read back).
Edits (a card brought up to date) are repeated freely. A 429 waits its Retry-After, a lost answer or a
failed look-up the backoff; Slack's refusals that no retry can change end the message as `failed`, named
by Slack's error code; so does a message still failing after `MAX_ATTEMPTS` tries. When no approver's card
could be sent, the requester is told to ask HR.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.request_messages import Owed
from bot.domain.requests import LeaveRequest
from bot.ports.request_messages import RequestOutbox
from bot.ports.requests import RequestStore
from bot.slack.requests.delivery_retries import DeliveryRetries
from bot.slack.requests.request_lease import RequestLease
from bot.slack.requests.request_people import RequestPeople
from bot.slack.requests.request_posting import RequestPosting
from bot.slack.requests.request_views import Decider

log = logging.getLogger(__name__)

ROUNDS = 5  # a request's deliveries in a row, when more is owed meanwhile (the sweep does the rest)


class RequestDelivery:
    """What is owed for each request delivered under its lease (`bot/slack/requests/request_lease.py`), posted and
    edited by `bot/slack/requests/request_posting.py`, failed tries retried by `bot/slack/requests/delivery_retries.py`."""

    def __init__(
        self,
        outbox: RequestOutbox,
        requests: RequestStore,
        people: RequestPeople,
        client: AsyncWebClient,
        owner: str,
        *,
        backoff: float = 30.0,
        renew_every: float = 10.0,
    ) -> None:
        self._outbox, self._requests, self._people = outbox, requests, people
        self._lease = RequestLease(outbox, owner, renew_every)  # renewed every third of the lease
        self._retries = DeliveryRetries(outbox, timedelta(seconds=backoff), self.deliver)
        self._posting = RequestPosting(outbox, people, client, self._retries)
        # Requests this process is delivering now → whether more was owed meanwhile (then it goes round
        # again): two deliveries of one request in one process would share its lease.
        self._busy: dict[int, bool] = {}

    async def deliver(self, request_id: int, *, steal: bool = False) -> None:
        """Everything owed for the request and due, unless another process is delivering it."""
        if request_id in self._busy:
            self._busy[request_id] = True
            return
        self._busy[request_id] = False
        try:
            for _ in range(ROUNDS):
                if not await self._lease.claim(request_id, steal=steal):
                    return  # another process holds it: it delivers, then looks again before letting go
                async with self._lease.held(request_id) as lost:
                    await self._deliver_owed(request_id, lost)
                # Owed after our last look, by this process (flagged) or another (which saw our lease and
                # left it to us): released first, then looked for, so one of us always sees it.
                again, self._busy[request_id] = self._busy[request_id], False
                if lost.is_set():
                    return
                # A call made while we look (its transition committed after the look read) flags it.
                if not again and not await self._outbox.owed(request_id) and not self._busy[request_id]:
                    return
        finally:
            del self._busy[request_id]

    async def sweep(self, *, sole_process: bool = False) -> int:
        """Delivers every request with a message owed and due; returns how many requests it went through.
        `sole_process`: no other process can be running (SQLite's run lock), so a lease left by a process
        that died is taken at once."""
        due = await self._outbox.due()
        for request_id in due:
            await self.deliver(request_id, steal=sole_process)
        return len(due)

    async def close(self) -> None:
        """Drops the retries this process scheduled (the sweep of whichever process runs next does them)."""
        await self._retries.close()

    async def refresh_cards(self, request_id: int) -> None:
        """Every card of ours for the request shown as it stands now (a click on a card that was decided
        meanwhile: the card catches up)."""
        request = await self._requests.get(request_id)
        if request is not None:
            await self._posting.edit_cards(request)

    async def is_card_of(self, request_id: int, channel: str, ts: str) -> bool:
        """False when (channel, ts) is a message we posted about another request: a click's card and its
        value disagree. A message we have no record of is left to the store's own check of who may act."""
        found = await self._outbox.message_at(channel, ts)
        return found is None or found.request_id == request_id

    async def is_request_message(self, channel: str, ts: str) -> bool:
        """Whether (channel, ts) is one of the leave requests' messages (never to be edited as a draft)."""
        return await self._outbox.message_at(channel, ts) is not None

    async def decider(self, request: LeaveRequest) -> Decider:
        return await self._people.decider(request)

    async def can_act(self, user: str, employee_id: str) -> bool:
        return await self._people.can_act(user, employee_id)

    # --- one request ----------------------------------------------------------------------------------

    async def _deliver_owed(self, request_id: int, lost: asyncio.Event) -> None:
        # What is owed first, then the request: a transition writes its state and what it owes in one
        # transaction, so the request read after its messages is at least as new as every one of them. Read
        # the other way round, a decision committed between the two reads would be delivered from the
        # request as it stood before it (the requester told it is still pending, no card edited), and each
        # message recorded as sent.
        owed = await self._outbox.owed(request_id)
        request = await self._requests.get(request_id)
        if request is None:
            return  # deleted with its employee: its messages went with it
        found_any = False
        for message in owed:
            if lost.is_set():
                return
            try:
                if message.kind == "card_update":
                    await self._posting.edit_cards(request)
                    await self._outbox.sent(message.id, None, None)
                else:
                    found_any |= await self._posting.post(message, request)
            except Exception as exc:
                await self._retries.failed_try(request, message, exc)
        if found_any:  # a card found after a decision was made meanwhile shows it
            await self._posting.edit_cards(request)
        await self._unrouted(request)

    async def _unrouted(self, request: LeaveRequest) -> None:
        """A pending request none of whose approvers' cards could be sent: its requester is told to ask HR
        (once), rather than wait for a decision nobody was asked for."""
        if request.state != "pending":
            return
        messages = await self._outbox.messages(request.id)
        cards = [m for m in messages if m.kind == "approver_card"]
        told = any(m.kind == "requester_unrouted" for m in messages)
        if cards and all(m.state == "failed" for m in cards) and not told:
            log.warning(
                "leave request %s: no approver could be sent its card; the requester is told", request.id
            )
            await self._outbox.add(request.id, Owed("requester_unrouted", request.employee_id))
            self._busy[request.id] = True  # delivered in this delivery's next round
