"""Delivers what leave requests owe people, exactly once, through crashes and across processes
(docs/requests.md, "Who is told").

A submission or a move records the messages it owes in its own transaction (`request_messages`). Whoever
made it then calls `deliver(request_id)` at once; the caretaker's sweep (every `Pacing.request_sweep`)
delivers what nobody did: a process that died mid-delivery, a decision HR made at the terminal. One
process at a time holds a request (a lease in the database), so no two post the same message. Each message
is rendered from the request as the database holds it when it goes: a card posted late already shows a
decision made meanwhile.

A post is tried only after the try is recorded (`attempts`): a later try whose predecessor may have been
carried out by Slack (the process died, the answer was lost) first looks for the message by its
metadata (`{"message": id}`) in the conversation, and records the one it finds instead of posting again.
Edits (a card brought up to date) are repeated freely. Slack's refusals that no retry can change (the
person left, blocks refused) end the message as `failed`, named by Slack's error code; a 429 or a lost
connection waits (Retry-After, or a backoff) and is tried again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.leave import ANNUAL
from bot.domain.request_messages import WITH_BUTTONS, RequestMessage
from bot.domain.requests import Checked, Draft, LeaveRequest
from bot.hr.directory import NotAnEmployee
from bot.ports.hr import Directory
from bot.ports.policy import PolicyStore
from bot.ports.request_messages import RequestOutbox
from bot.ports.requests import RequestStore
from bot.slack.identity import SlackIdentity, prefers_korean, slack_user_of_employee
from bot.slack.rate_limits import WaitTooLong, error_of, outcome_unknown
from bot.slack.render import REQUEST_EVENT_TYPE
from bot.slack.request_messages import Reader, cancellable, rendered
from bot.slack.request_views import Decider

log = logging.getLogger(__name__)

ROUNDS = 5  # a request's deliveries in a row, when more is owed meanwhile (the sweep does the rest)
LOOK_BACK = timedelta(minutes=1)  # how far before a message was owed its post may be (clocks differ)


class RequestDelivery:
    def __init__(
        self,
        outbox: RequestOutbox,
        requests: RequestStore,
        policy: PolicyStore,
        directory: Directory,
        client: AsyncWebClient,
        identity: SlackIdentity,
        owner: str,
        clock: Callable[[], datetime],
        timezone: str,
        backoff: float = 30.0,
    ) -> None:
        self._outbox, self._requests, self._policy = outbox, requests, policy
        self._backoff = timedelta(seconds=backoff)  # Pacing.request_backoff
        self._retries: set[asyncio.Task[None]] = set()
        self._directory, self._client, self._identity = directory, client, identity
        self._owner, self._clock, self._zone = owner, clock, ZoneInfo(timezone)
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
                try:
                    await self._deliver_owed(request_id)
                finally:
                    await self._outbox.release(request_id, self._owner)
                # Owed after our last look, by this process (flagged) or another (which saw our lease and
                # left it to us): released first, then looked for, so one of us always sees it.
                again, self._busy[request_id] = self._busy[request_id], False
                if not again and not await self._outbox.owed(request_id):
                    return
        finally:
            del self._busy[request_id]

    async def close(self) -> None:
        """Drops the retries this process scheduled (the sweep of whichever process runs next does them)."""
        for retry in list(self._retries):
            retry.cancel()
        await asyncio.gather(*self._retries, return_exceptions=True)

    async def sweep(self, *, sole_process: bool = False) -> int:
        """Delivers every request with a message owed and due; returns how many requests it went through.
        `sole_process`: no other process can be running (SQLite's run lock), so a lease left by a process
        that died is taken at once."""
        due = await self._outbox.due()
        for request_id in due:
            await self.deliver(request_id, steal=sole_process)
        return len(due)

    async def refresh_cards(self, request_id: int) -> None:
        """Every card of ours for the request shown as it stands now (a click on a card that was decided
        meanwhile: the card catches up)."""
        request = await self._requests.get(request_id)
        if request is not None:
            await self._edit_cards(request)

    async def is_card_of(self, request_id: int, channel: str, ts: str) -> bool:
        """Whether (channel, ts) is a message we posted about this request: a click's card and its value
        must agree. A message not recorded yet counts while one of the request's posts is in flight (Slack
        showed it before our record of it was written)."""
        if any((m.channel, m.ts) == (channel, ts) for m in await self._outbox.posted(request_id)):
            return True
        if await self._outbox.message_at(channel, ts) is not None:
            return False  # another request's message
        return any(m.attempts for m in await self._outbox.owed(request_id))

    # --- one request ----------------------------------------------------------------------------------

    async def _deliver_owed(self, request_id: int) -> None:
        request = await self._requests.get(request_id)
        if request is None:
            return  # deleted with its employee: its messages went with it
        for message in await self._outbox.owed(request_id):
            await self._outbox.claim(request_id, self._owner)  # renewed for each message
            try:
                if message.kind == "card_update":
                    await self._edit_cards(request)
                    await self._outbox.sent(message.id, None, None)
                else:
                    await self._post(message, request)
            except Exception as exc:
                if isinstance(exc, SlackApiError) and not outcome_unknown(exc):
                    log.warning("Slack refused a leave request's message (%s)", error_of(exc))
                    await self._outbox.failed(message.id, error_of(exc) or "refused")
                    continue
                wait = exc.wait if isinstance(exc, _Later) else self._backoff
                if not isinstance(exc, _Later):
                    log.warning("could not deliver a leave request's message (%s)", exc.__class__.__name__)
                # The others go on: each is rendered from the request as it stands when it goes, so a card
                # posted after a decision's edit already shows the decision.
                await self._outbox.postpone(message.id, wait)
                self._retry_in(request_id, wait)

    def _retry_in(self, request_id: int, wait: timedelta) -> None:
        async def retry() -> None:
            await asyncio.sleep(wait.total_seconds())
            try:
                await self.deliver(request_id)
            except Exception as exc:  # the sweep tries again
                log.warning("could not deliver a leave request's messages (%s)", exc.__class__.__name__)

        task = asyncio.get_running_loop().create_task(retry())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _post(self, message: RequestMessage, request: LeaveRequest) -> None:
        to_person = message.kind != "announcement"
        user = await self._slack_user(message.recipient) if to_person else message.recipient
        if user is None:
            await self._outbox.failed(message.id, "no_slack_account")
            return
        if message.kind in ("approver_card", "approver_cancel") and not await self._can_act(
            user, message.recipient
        ):
            # No card with a person's leave goes to someone who cannot act on it (a guest, a deactivated
            # or foreign account).
            log.warning("an approver cannot act in Slack; their leave request message is not sent")
            await self._outbox.failed(message.id, "approver_cannot_act")
            return
        said = rendered(message.kind, request, await self._reader(request, user if to_person else None))
        if said is None:
            await self._outbox.sent(message.id, None, None)
            return
        text, blocks = said
        if message.attempts and (found := await self._posted_before(message, user)):
            await self._outbox.sent(message.id, *found)
            return
        await self._outbox.trying(message.id)
        metadata = {"event_type": REQUEST_EVENT_TYPE, "event_payload": {"message": message.id}}
        try:
            posted = await self._client.chat_postMessage(
                channel=user, text=text, blocks=blocks, metadata=metadata
            )
        except WaitTooLong as held:
            raise _Later(timedelta(seconds=held.seconds)) from held
        except Exception as exc:
            if not outcome_unknown(exc):
                raise
            found = await self._posted_before(message, user)
            if found is None:
                raise _Later(self._backoff) from exc
            await self._outbox.sent(message.id, *found)
            return
        await self._outbox.sent(message.id, str(posted["channel"]), str(posted["ts"]))

    async def _edit_cards(self, request: LeaveRequest) -> None:
        """Each posted message of ours whose buttons no longer apply, rendered again as the request stands
        now: the approvers' cards once it is decided, the requester's Cancel once it cannot be cancelled
        (a Cancel still open is left as it is: an edit is a Tier 3 call)."""
        today = self._clock().astimezone(self._zone).date()
        for card in await self._outbox.posted(request.id):
            if card.kind not in WITH_BUTTONS or not card.channel or not card.ts:
                continue
            still_open = (
                request.state == "pending" if card.kind == "approver_card" else cancellable(request, today)
            )
            if still_open:
                continue
            reader = await self._reader(request, await self._slack_user(card.recipient))
            said = rendered(card.kind, request, reader)
            if said is None:
                continue
            text, blocks = said
            try:
                await self._client.chat_update(channel=card.channel, ts=card.ts, text=text, blocks=blocks)
            except WaitTooLong as held:
                raise _Later(timedelta(seconds=held.seconds)) from held
            except SlackApiError as exc:
                if outcome_unknown(exc):
                    raise _Later(self._backoff) from exc
                # Deleted, or no longer ours to edit: nothing left to bring up to date.
                log.info("a leave request's card could not be edited (%s)", error_of(exc))

    async def _posted_before(self, message: RequestMessage, user: str) -> tuple[str, str] | None:
        """The message, if an earlier try posted it: found by its metadata in the conversation since it was
        owed. A conversation that cannot be read counts as not found (a second copy beats none)."""
        try:
            channel = user
            if user.startswith(("U", "W")):  # a person: their DM with the bot
                opened = await self._client.conversations_open(users=user)
                channel = str((opened.get("channel") or {}).get("id") or user)
            oldest = (message.created_at - LOOK_BACK).timestamp()
            history = await self._client.conversations_history(
                channel=channel, oldest=f"{oldest:.6f}", limit=200, include_all_metadata=True
            )
        except Exception as exc:
            log.warning("could not look for a leave request's message (%s)", exc.__class__.__name__)
            return None
        for found in history.get("messages") or []:
            metadata = found.get("metadata") or {}
            payload = metadata.get("event_payload") or {}
            if metadata.get("event_type") == REQUEST_EVENT_TYPE and payload.get("message") == message.id:
                return channel, str(found["ts"])
        return None

    # --- who reads it -----------------------------------------------------------------------------------

    async def _reader(self, request: LeaveRequest, user: str | None) -> Reader:
        korean, zone = True, self._zone
        if user is not None:
            with contextlib.suppress(SlackApiError, NotAnEmployee):  # else Korean, the company's language
                profile = await self._identity.profile(user)
                korean = prefers_korean(profile)
                zone = ZoneInfo(profile.timezone) if profile.timezone else self._zone
        requester = await self._directory.employee_by_id(request.employee_id)
        today = self._clock().astimezone(self._zone).date()
        pending = request.state == "pending"
        return Reader(
            korean=korean,
            requester_name=requester.name if requester else request.employee_id,
            decider=await self.decider(request),
            today=today,
            zone=zone,
            balance=await self._balance(request, today) if pending else None,
            away=tuple(await self._requests.team_away(request)) if pending else (),
        )

    async def _balance(self, request: LeaveRequest, today: date) -> Checked | None:
        """The balance before and after this request, as the check counted it at submission: annual leave
        only; `pending` holds the requester's other pending requests."""
        if request.leave_type != ANNUAL:
            return None
        policy = await self._policy.current()
        draft = Draft(request.leave_type, request.start, request.end, request.part, request.reason)
        balance = await self._requests.balance_on(request.employee_id, request.start.year, policy, today)
        if balance is None:
            return None
        all_pending = await self._requests.pending_days(request.employee_id, request.start.year)
        others = all_pending - request.days if request.state == "pending" else all_pending
        return Checked(
            draft,
            days=request.days,
            balance_before=balance,
            pending=max(others, Decimal(0)),
            balance_after=balance - all_pending,
        )

    async def decider(self, request: LeaveRequest) -> Decider:
        """Who decided, as Slack shows them: a mention of their account (built by the renderer from the id we
        looked up), "HR" (at the terminal), "OfficeBot" (expiry)."""
        by = request.decided_by or "-"
        if by == "system":
            return Decider("OfficeBot")
        if by.startswith("hr:"):
            return Decider("HR")
        return Decider(by, await self._slack_user(by))

    async def _slack_user(self, employee_id: str) -> str | None:
        return await slack_user_of_employee(self._directory, self._client, employee_id)

    async def _can_act(self, user: str, employee_id: str) -> bool:
        try:
            caller = await self._identity.caller(user, "home")
        except NotAnEmployee:
            return False
        return caller.employee_id == employee_id


class _Later(Exception):
    def __init__(self, wait: timedelta) -> None:
        super().__init__(f"try again in {wait.total_seconds():.0f} s")
        self.wait = wait
