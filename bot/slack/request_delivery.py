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

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.request_messages import WITH_BUTTONS, Owed, RequestMessage
from bot.domain.requests import LeaveRequest
from bot.ports.request_messages import RequestOutbox
from bot.ports.requests import RequestStore
from bot.slack.client import retry_after
from bot.slack.rate_limits import error_of, outcome_unknown, status_of
from bot.slack.render import REQUEST_EVENT_TYPE
from bot.slack.request_messages import cancellable, rendered
from bot.slack.request_people import RequestPeople
from bot.slack.request_views import Decider

log = logging.getLogger(__name__)

ROUNDS = 5  # a request's deliveries in a row, when more is owed meanwhile (the sweep does the rest)
MAX_ATTEMPTS = 10  # tries of one message before it is given up
LOOK_BACK = timedelta(minutes=1)  # how far before a message was owed its post may be (clocks differ)


class RequestDelivery:
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
        self._outbox, self._requests, self._people, self._client = outbox, requests, people, client
        self._owner = owner
        self._backoff = timedelta(seconds=backoff)  # Pacing.request_backoff
        self._renew_every = renew_every  # a third of the lease
        self._retries: set[asyncio.Task[None]] = set()
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
                if not await self._outbox.claim(request_id, self._owner, steal=steal):
                    return  # another process holds it: it delivers, then looks again before letting go
                lost = asyncio.Event()
                heartbeat = asyncio.get_running_loop().create_task(self._renew(request_id, lost))
                try:
                    await self._deliver_owed(request_id, lost)
                finally:
                    heartbeat.cancel()
                    await asyncio.gather(heartbeat, return_exceptions=True)
                    await self._outbox.release(request_id, self._owner)
                # Owed after our last look, by this process (flagged) or another (which saw our lease and
                # left it to us): released first, then looked for, so one of us always sees it.
                again, self._busy[request_id] = self._busy[request_id], False
                if lost.is_set() or (not again and not await self._outbox.owed(request_id)):
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
        for retry in list(self._retries):
            retry.cancel()
        await asyncio.gather(*self._retries, return_exceptions=True)

    async def refresh_cards(self, request_id: int) -> None:
        """Every card of ours for the request shown as it stands now (a click on a card that was decided
        meanwhile: the card catches up)."""
        request = await self._requests.get(request_id)
        if request is not None:
            await self._edit_cards(request)

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

    async def _renew(self, request_id: int, lost: asyncio.Event) -> None:
        """Keeps the lease while a delivery runs, however long one call takes (a budget's wait, a 429)."""
        while True:
            await asyncio.sleep(self._renew_every)
            if not await self._outbox.claim(request_id, self._owner):
                lost.set()  # another process took it: stop after the call in flight
                return

    async def _deliver_owed(self, request_id: int, lost: asyncio.Event) -> None:
        request = await self._requests.get(request_id)
        if request is None:
            return  # deleted with its employee: its messages went with it
        found_any = False
        for message in await self._outbox.owed(request_id):
            if lost.is_set():
                return
            try:
                if message.kind == "card_update":
                    await self._edit_cards(request)
                    await self._outbox.sent(message.id, None, None)
                else:
                    found_any |= await self._post(message, request)
            except Exception as exc:
                await self._failed_try(request, message, exc)
        if found_any:  # a card found after a decision was made meanwhile shows it
            await self._edit_cards(request)
        await self._unrouted(request)

    async def _failed_try(self, request: LeaveRequest, message: RequestMessage, exc: Exception) -> None:
        """A try that did not deliver: given up when Slack refused for good (or after `MAX_ATTEMPTS`), else
        tried again after Slack's Retry-After or the backoff. Logged with ids, never a text."""
        wait = self._wait_after(exc)
        why = (error_of(exc) if isinstance(exc, SlackApiError) else None) or exc.__class__.__name__
        if wait is None or message.attempts + 1 >= MAX_ATTEMPTS:
            log.warning(
                "leave request %s: message %s (%s) given up (%s)", request.id, message.id, message.kind, why
            )
            await self._outbox.failed(message.id, why if wait is None else "gave_up")
            return
        log.info(
            "leave request %s: message %s (%s) tried again later (%s)",
            request.id,
            message.id,
            message.kind,
            why,
        )
        await self._outbox.postpone(message.id, wait)
        self._retry_in(request.id, wait)

    def _wait_after(self, exc: Exception) -> timedelta | None:
        if isinstance(exc, _Later):
            return exc.wait
        if isinstance(exc, SlackApiError):
            if status_of(exc) == 429 or error_of(exc) == "ratelimited":
                seconds = retry_after(exc.response.headers, default=self._backoff.total_seconds())
                return timedelta(seconds=max(seconds, 1.0))
            return self._backoff if outcome_unknown(exc) else None
        return self._backoff  # no answer, a look-up or the database failing: none of it is final

    def _retry_in(self, request_id: int, wait: timedelta) -> None:
        async def retry() -> None:
            await asyncio.sleep(wait.total_seconds())
            try:
                await self.deliver(request_id)
            except Exception as exc:  # the sweep tries again
                log.warning("leave request %s: delivery failed (%s)", request_id, exc.__class__.__name__)

        task = asyncio.get_running_loop().create_task(retry())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _post(self, message: RequestMessage, request: LeaveRequest) -> bool:
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
        if message.attempts and (found := await self._posted_before(message, user)):
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
            found = await self._posted_before(message, user)
            if found is None:
                raise _Later(self._backoff) from exc
            await self._outbox.sent(message.id, *found)
            return True
        await self._outbox.sent(message.id, str(posted["channel"]), str(posted["ts"]))
        return False

    async def _edit_cards(self, request: LeaveRequest) -> None:
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
                if self._wait_after(exc) is not None:
                    raise  # a 429 or no answer: the whole edit is tried again
                # Deleted, or no longer ours to edit: nothing left to bring up to date.
                log.info("leave request %s: a card could not be edited (%s)", request.id, error_of(exc))

    async def _posted_before(self, message: RequestMessage, user: str) -> tuple[str, str] | None:
        """The message, if an earlier try posted it: found by its metadata in the DM since it was owed. A DM
        that cannot be read counts as not found (a second copy beats none)."""
        try:
            opened = await self._client.conversations_open(users=user)
            channel = str((opened.get("channel") or {}).get("id") or user)
            oldest = (message.created_at - LOOK_BACK).timestamp()
            history = await self._client.conversations_history(
                channel=channel, oldest=f"{oldest:.6f}", limit=200, include_all_metadata=True
            )
        except Exception as exc:
            log.warning("could not look for a leave request's message (%s)", exc.__class__.__name__)
            return None
        wanted = {"message": message.id, "request": message.request_id, "kind": message.kind}
        for found in history.get("messages") or []:
            metadata = found.get("metadata") or {}
            payload = metadata.get("event_payload") or {}
            if metadata.get("event_type") == REQUEST_EVENT_TYPE and all(
                payload.get(k) == v for k, v in wanted.items()
            ):
                return channel, str(found["ts"])
        return None

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


class _Later(Exception):
    def __init__(self, wait: timedelta) -> None:
        super().__init__(f"try again in {wait.total_seconds():.0f} s")
        self.wait = wait
