"""A Slack stand-in on 127.0.0.1: the Web API, `response_url`s and the Socket Mode WebSocket, in one aiohttp
server.

It keeps just enough state to be a faithful peer: users for `users.info`, per-channel message history for
`conversations.history` / `conversations.replies` (the user messages the tests "send" and the bot's own
posts), and a record of every call with its arguments. Tests and the benchmark push Socket Mode envelopes
and read back the acks with the time they arrived.

Point the bot at it with `SLACK_API_URL=slack.api_url`; `apps.connections.open` returns a ws:// URL to this
same server, so Socket Mode needs nothing else. Each URL carries its own ticket and, like Slack's temporary
URLs, is good for one connection attempt: a client that retries an old URL is turned away. `refuse_links`
and `close_after_hello` make the WebSocket misbehave; `link_attempts` records every attempt's ticket and
`link_attempted_at` its time.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.support.loopback import serve_on_loopback
from tests.support.slack_files import Files, UploadedFile
from tests.support.slack_modals import Modals

BOT_USER_ID = "UOFFICEBOT"
BOT_ID = "BOFFICEBOT"
TEAM_ID = "T0STANDIN"
APP_ID = "A0STANDIN"


@dataclass(frozen=True)
class Call:
    """One Web API call (or `response_url` POST) as the bot sent it."""

    method: str
    args: dict[str, Any]
    at: float  # time.perf_counter()


@dataclass(frozen=True)
class Ack:
    envelope_id: str
    payload: dict[str, Any] | None
    at: float  # time.perf_counter()


@dataclass(frozen=True)
class Sent:
    """What a pushed envelope carried, so a test can wait for its ack or match replies to it."""

    envelope_id: str
    sent_at: float
    event_id: str | None = None
    ts: str | None = None
    channel: str | None = None


@dataclass
class _Waiter:
    predicate: Callable[[Call], bool]
    count: int
    found: list[Call]
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


def _truthy(value: Any) -> bool:
    return value in (True, 1) or str(value).lower() in ("true", "1")


def _decode_json_fields(args: dict[str, Any]) -> dict[str, Any]:
    """Form-encoded calls carry `blocks` and `metadata` as JSON strings; store them as Slack would."""
    for key in ("blocks", "metadata", "attachments"):
        if isinstance(args.get(key), str):
            with contextlib.suppress(ValueError):
                args[key] = json.loads(args[key])
    return args


def blocks_error(blocks: Any) -> str | None:
    """Slack's limits on a message's blocks: at most 50, a section's text at most 3000 characters, a
    `context_actions` block at most 5 elements."""
    if blocks is None:
        return None
    if not isinstance(blocks, list) or len(blocks) > 50:
        return "invalid_blocks"
    for block in blocks:
        if block.get("type") == "section" and len((block.get("text") or {}).get("text", "")) > 3000:
            return "invalid_blocks"
        if block.get("type") == "context_actions" and not 0 < len(block.get("elements") or []) <= 5:
            return "invalid_blocks"
    return None


# Slack's limits as Slack publishes them (per app per workspace, calls a minute), for `enforce_limits`:
# written from Slack's method reference, not from the bot's own table, so a test compares the two.
SLACK_TIERS: dict[str, int] = {
    "chat.startStream": 20,
    "chat.stopStream": 20,
    "users.list": 20,
    "users.lookupByEmail": 50,
    "chat.update": 50,
    "conversations.history": 50,
    "conversations.replies": 50,
    "conversations.open": 50,
    "chat.appendStream": 100,
    "chat.postEphemeral": 100,
    "users.info": 100,
    "views.publish": 100,
    "views.open": 100,
    "views.update": 100,
    "chat.postMessage": 600,  # and 1 a second per channel
    "assistant.threads.setStatus": 600,  # and 1 a second per channel
}
_PER_CHANNEL = {"chat.postMessage", "assistant.threads.setStatus"}


class SlackLimits:
    """Token buckets as Slack describes its tiers: a minute's calls in a burst, refilled over the minute;
    per channel, a burst of 3 then one a second (`posts_per_second`)."""

    def __init__(self, per_minute: dict[str, int], posts_per_second: float = 1.0) -> None:
        self.per_minute = per_minute
        self.posts_per_second = posts_per_second
        self._buckets: dict[tuple[str, str | None], tuple[float, float]] = {}  # -> (tokens, at)

    def _spend(
        self, key: tuple[str, str | None], capacity: float, per_second: float, now: float
    ) -> float | None:
        tokens, at = self._buckets.get(key, (capacity, now))
        tokens = min(capacity, tokens + (now - at) * per_second)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / per_second
        self._buckets[key] = (tokens - 1, now)
        return None

    def refuse(self, method: str, channel: str | None) -> int | None:
        """None: served (a token spent); else the Retry-After to answer with, in whole seconds."""
        now = time.monotonic()
        waits = []
        if method in self.per_minute:
            limit = self.per_minute[method]
            waits.append(self._spend((method, None), limit, limit / 60, now))
        if method in _PER_CHANNEL and channel:
            if channel.startswith("U"):  # a post to a user id goes to (and counts in) the DM with them
                channel = f"D{channel}"
            waits.append(self._spend((method, channel), 3, self.posts_per_second, now))
        worst = max((w for w in waits if w is not None), default=None)
        return None if worst is None else max(1, math.ceil(worst))


@dataclass
class SlackStandIn(Modals, Files):
    """`async with SlackStandIn() as slack:` then set `SLACK_API_URL=slack.api_url`."""

    latency: float = 0.0
    port: int = 0
    calls: list[Call] = field(default_factory=list)
    acks: dict[str, Ack] = field(default_factory=dict)
    users: dict[str, dict[str, Any]] = field(default_factory=dict)
    history: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    failing: dict[str, str] = field(default_factory=dict)  # method -> Slack error code to answer with
    # (method, args) -> a Slack error code to answer that one call with, or None to serve it
    failing_when: Callable[[str, dict[str, Any]], str | None] | None = None
    dropping: set[str] = field(default_factory=set)  # methods whose calls get the connection closed
    delays: dict[str, float] = field(default_factory=dict)  # method -> extra seconds before answering
    refuse_links: int = 0  # the next N WebSocket upgrades get HTTP 503
    close_after_hello: int = 0  # the next N WebSockets are closed by the server right after `hello`
    link_attempts: list[str] = field(default_factory=list)  # the ticket of every WebSocket upgrade asked for
    link_attempted_at: list[float] = field(default_factory=list)  # and when (time.monotonic(), as asyncio's)
    home_views: dict[str, dict[str, Any]] = field(default_factory=dict)  # user -> the Home tab last published
    files: dict[str, UploadedFile] = field(default_factory=dict)  # uploads (tests/support/slack_files)
    served: list[str] = field(default_factory=list)  # each Web API method, once carried out
    # chat.startStream / appendStream / stopStream. Off: Slack answers `unknown_method`, as it does where
    # streaming is not available, so the bot falls back to placeholders (what most tests describe).
    streaming: bool = False
    views: dict[str, dict[str, Any]] = field(
        default_factory=dict
    )  # modals opened (tests/support/slack_modals)
    triggers: dict[str, tuple[str, float]] = field(default_factory=dict)
    # Slack's rate limits, enforced when set (`enforce_limits`): a call over its budget is answered 429
    # with Retry-After, as Slack answers, and counted in `refused`.
    limits: SlackLimits | None = None
    refused: list[str] = field(default_factory=list)  # the method of each call answered 429 by the limits

    def enforce_limits(
        self, per_minute: dict[str, int] | None = None, *, posts_per_second: float = 1.0
    ) -> SlackLimits:
        """From now on, Slack's published limits (Slack's method reference): Tier 2 20, Tier 3 50, Tier 4
        100 calls a minute per workspace; chat.postMessage and assistant.threads.setStatus 1 a second per
        channel (bursts of 3) under 600 a minute. `per_minute` overrides a method's workspace limit, and
        `posts_per_second` the per-channel refill (a test that waits for it speeds the bot's up alike)."""
        self.limits = SlackLimits(dict(SLACK_TIERS, **(per_minute or {})), posts_per_second)
        return self.limits

    def __post_init__(self) -> None:
        self._runner: web.AppRunner | None = None
        self._sockets: list[web.WebSocketResponse] = []
        self._connected = asyncio.Event()
        self._waiters: list[_Waiter] = []
        self._ack_waiters: dict[str, asyncio.Future[None]] = {}
        self._rate_limited: dict[str, list[float]] = {}
        self._held_once: dict[str, asyncio.Event] = {}
        self._done_then_held: dict[str, asyncio.Event] = {}
        self._answered_late_once: dict[str, float] = {}
        self._server_errors: dict[str, int] = {}
        # method -> (the status answered after doing it, whether its body is garbled), or None: connection dropped
        self._lost_once: dict[str, tuple[int, bool] | None] = {}
        self._stopping = asyncio.Event()
        self._last_ts = 0  # microseconds
        self._ids = itertools.count(1)
        self._next_socket = itertools.count()
        self._used_tickets: set[str] = set()

    # ----- addresses -------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/"

    @property
    def connected(self) -> bool:
        """Whether a Socket Mode WebSocket is open (and stayed open past `hello`)."""
        return bool(self._sockets)

    async def until_connected(self, timeout: float = 10) -> None:
        """Until a Socket Mode WebSocket is open: a bot process still starting up connects when it is ready."""
        await asyncio.wait_for(self._connected.wait(), timeout)

    # ----- set-up helpers ----------------------------------------------------------------------------------

    def add_user(
        self,
        user_id: str,
        email: str | None = None,
        *,
        tz: str = "Asia/Seoul",
        is_bot: bool = False,
        deleted: bool = False,
        is_restricted: bool = False,
        is_ultra_restricted: bool = False,
        team_id: str = TEAM_ID,
        is_stranger: bool = False,
        locale: str = "ko-KR",
    ) -> None:
        profile: dict[str, Any] = {"real_name": user_id}
        if email:
            profile["email"] = email
        self.users[user_id] = {
            "id": user_id,
            "team_id": team_id,
            "name": user_id.lower(),
            "deleted": deleted,
            "is_bot": is_bot,
            "is_restricted": is_restricted,
            "is_ultra_restricted": is_ultra_restricted,
            "tz": tz,
            "locale": locale,  # Slack sends it only when asked (`include_locale`); see _m_users_info
            "profile": profile,
            **({"is_stranger": True} if is_stranger else {}),
        }

    def server_error_once(self, method: str, status: int = 503) -> None:
        """The next call to `method` gets an HTTP 5xx; the one after succeeds."""
        self._server_errors[method] = status

    def do_but_fail_once(self, method: str, status: int = 500, *, garbled: bool = False) -> None:
        """The next call to `method` is carried out, then answered with HTTP `status` and `ok: false,
        error: internal_error` instead of its result (a 5xx, or a 200 whose error says "maybe done"): the
        client cannot tell that it was done. `garbled`: the body, labelled JSON, is not (a proxy's page)."""
        self._lost_once[method] = (status, garbled)

    def do_but_drop_once(self, method: str) -> None:
        """The next call to `method` is carried out, then the connection is closed before any answer."""
        self._lost_once[method] = None

    def rate_limit_once(self, method: str, retry_after: float = 1, *, times: int = 1) -> None:
        """The next `times` calls to `method` get HTTP 429 with Retry-After; the one after succeeds. Slack
        sends whole seconds; a fraction (sent as written, "0.1") spares a test a whole second of waiting,
        and the bot reads it as it reads whole ones (`bot.slack.transport.client.retry_after`)."""
        self._rate_limited[method] = [retry_after] * times

    def hold_once(self, method: str) -> asyncio.Event:
        """The next call to `method` is carried out only once the returned event is set; never, if the
        stand-in stops first (as a call from a process killed mid-call may never reach Slack): a client that
        gives up first does not know whether it was, and the test chooses when it is."""
        self._held_once[method] = release = asyncio.Event()
        return release

    def do_then_hold_once(self, method: str) -> asyncio.Event:
        """The next call to `method` is carried out at once, and its answer held until the returned event
        is set (or the stand-in stops): a process killed meanwhile never learns it was done."""
        self._done_then_held[method] = release = asyncio.Event()
        return release

    def answer_late_once(self, method: str, seconds: float) -> None:
        """The next call to `method` is carried out at once, but its answer comes `seconds` later (a client
        that gives up first does not know it was done)."""
        self._answered_late_once[method] = seconds

    # ----- pushing events over Socket Mode -----------------------------------------------------------------

    def new_ts(self) -> str:
        """A message ts as Slack makes them: its clock's time, in microseconds, each one later than the last."""
        self._last_ts = max(self._last_ts + 1, time.time_ns() // 1000)
        return f"{self._last_ts // 1_000_000}.{self._last_ts % 1_000_000:06d}"

    def _record_message(self, channel: str, message: dict[str, Any]) -> None:
        self.history[channel].append(message)

    async def push(
        self,
        envelope_type: str,
        payload: dict[str, Any],
        *,
        retry_attempt: int = 0,
        retry_reason: str = "",
        envelope_id: str | None = None,
    ) -> Sent:
        await self.until_connected()
        envelope_id = envelope_id or f"env-{next(self._ids)}"
        envelope = {
            "envelope_id": envelope_id,
            "type": envelope_type,
            "payload": payload,
            "accepts_response_payload": envelope_type != "events_api",
            "retry_attempt": retry_attempt,
            "retry_reason": retry_reason,
        }
        socket = self._sockets[next(self._next_socket) % len(self._sockets)]
        sent_at = time.perf_counter()
        await socket.send_str(json.dumps(envelope))
        return Sent(envelope_id, sent_at, payload.get("event_id"))

    async def push_event(
        self, event: dict[str, Any], *, event_id: str | None = None, retry_attempt: int = 0
    ) -> Sent:
        event_id = event_id or f"Ev{next(self._ids):08d}"
        body = {
            "token": "verification-token-unused",
            "team_id": TEAM_ID,
            "api_app_id": APP_ID,
            "event": event,
            "type": "event_callback",
            "event_id": event_id,
            "event_time": int(time.time()),
            "authorizations": [
                {"team_id": TEAM_ID, "user_id": BOT_USER_ID, "is_bot": True, "is_enterprise_install": False}
            ],
        }
        sent = await self.push(
            "events_api",
            body,
            retry_attempt=retry_attempt,
            retry_reason="timeout" if retry_attempt else "",
        )
        return Sent(sent.envelope_id, sent.sent_at, event_id, event.get("ts"), event.get("channel"))

    async def user_message(
        self,
        user: str,
        text: str,
        *,
        channel: str | None = None,
        channel_type: str = "im",
        thread_ts: str | None = None,
        **extra: Any,
    ) -> Sent:
        """A person writes `text`: it lands in the channel's history and a `message` event is pushed."""
        channel = channel or f"D{user}"
        ts = self.new_ts()
        message: dict[str, Any] = {"type": "message", "user": user, "text": text, "ts": ts, **extra}
        if thread_ts:
            message["thread_ts"] = thread_ts
            # Slack names who wrote a thread's first message in each reply's event.
            parent = next((m for m in self.history.get(channel, []) if m["ts"] == thread_ts), None)
            if parent is not None and parent.get("user"):
                message["parent_user_id"] = parent["user"]
        self._record_message(channel, message)
        return await self.push_event(
            {**message, "channel": channel, "channel_type": channel_type, "event_ts": ts}
        )

    def bot_message(self, channel: str, text: str) -> str:
        """A message of the bot's already in `channel` (a greeting posted before the test); its ts."""
        ts = self.new_ts()
        self._record_message(
            channel, {"type": "message", "user": BOT_USER_ID, "bot_id": BOT_ID, "text": text, "ts": ts}
        )
        return ts

    async def edit_message(self, channel: str, ts: str, text: str) -> Sent:
        """The person edits a message of theirs: the history changes and `message_changed` is pushed."""
        message = next(m for m in self.history[channel] if m["ts"] == ts)
        before = dict(message)
        message["text"] = text
        message["edited"] = {"user": message.get("user"), "ts": self.new_ts()}
        event = {
            "type": "message",
            "subtype": "message_changed",
            "hidden": True,
            "channel": channel,
            "channel_type": "im",
            "message": dict(message),
            "previous_message": before,
            "ts": self.new_ts(),
        }
        return await self.push_event({**event, "event_ts": event["ts"]})

    async def delete_message(self, channel: str, ts: str) -> Sent:
        """A message is deleted: gone from the history, and `message_deleted` is pushed."""
        message = next(m for m in self.history[channel] if m["ts"] == ts)
        self.history[channel].remove(message)
        event = {
            "type": "message",
            "subtype": "message_deleted",
            "hidden": True,
            "channel": channel,
            "channel_type": "im",
            "deleted_ts": ts,
            "previous_message": message,
            "ts": self.new_ts(),
        }
        return await self.push_event({**event, "event_ts": event["ts"]})

    async def open_app_home(self, user: str, tab: str = "home") -> Sent:
        """The person opens the app: its Home tab (`home`) or its DM (`messages`)."""
        event: dict[str, Any] = {
            "type": "app_home_opened",
            "user": user,
            "tab": tab,
            "event_ts": self.new_ts(),
        }
        event["channel"] = f"D{user}"
        return await self.push_event(event)

    async def start_assistant_thread(self, user: str) -> Sent:
        """The legacy assistant view: the person starts a new assistant thread (Slack posts its root)."""
        channel, ts = f"D{user}", self.new_ts()
        root = {
            "type": "message",
            "subtype": "assistant_app_thread",
            "user": user,
            "text": "New chat",
            "ts": ts,
        }
        self._record_message(channel, {**root, "thread_ts": ts})
        thread = {"user_id": user, "channel_id": channel, "thread_ts": ts, "context": {}}
        return await self.push_event({"type": "assistant_thread_started", "assistant_thread": thread})

    async def click(self, user: str, channel: str, message: dict[str, Any], value: str) -> Sent:
        """The person clicks one of the feedback buttons under `message` (as stored in the history)."""
        [block] = [b for b in message.get("blocks") or [] if b.get("type") == "context_actions"]
        element = block["elements"][0]
        payload = {
            "type": "block_actions",
            "team": {"id": TEAM_ID},
            "user": {"id": user, "team_id": TEAM_ID},
            "api_app_id": APP_ID,
            "container": {"type": "message", "message_ts": message["ts"], "channel_id": channel},
            "channel": {"id": channel},
            "message": message,
            "trigger_id": self.new_trigger(user),
            "response_url": f"{self.base_url}/response/{next(self._ids)}",
            "actions": [
                {
                    "type": element["type"],
                    "action_id": element["action_id"],
                    "block_id": block.get("block_id", "b"),
                    "value": value,
                    "action_ts": self.new_ts(),
                }
            ],
        }
        return await self.push("interactive", payload)

    async def mention(
        self, user: str, text: str, *, channel: str = "CGENERAL", thread_ts: str | None = None
    ) -> Sent:
        """`<@bot> text` in a channel: the `app_mention` event (the channel's `message` event is not
        subscribed by the manifest, so it is not pushed)."""
        ts = self.new_ts()
        message: dict[str, Any] = {
            "type": "message",
            "user": user,
            "text": f"<@{BOT_USER_ID}> {text}",
            "ts": ts,
        }
        if thread_ts:
            message["thread_ts"] = thread_ts
        self._record_message(channel, message)
        return await self.push_event({**message, "type": "app_mention", "channel": channel, "event_ts": ts})

    def slash_payload(
        self, user: str, text: str, *, command: str = "/leave", channel: str = "CGENERAL"
    ) -> dict:
        response_id = next(self._ids)
        return {
            "token": "verification-token-unused",
            "team_id": TEAM_ID,
            "team_domain": "standin",
            "channel_id": channel,
            "channel_name": "general",
            "user_id": user,
            "user_name": user.lower(),
            "command": command,
            "text": text,
            "api_app_id": APP_ID,
            "response_url": f"{self.base_url}/response/{response_id}",
            "trigger_id": self.new_trigger(user),
        }

    async def slash(self, user: str, text: str = "", **kwargs: Any) -> Sent:
        payload = self.slash_payload(user, text, **kwargs)
        sent = await self.push("slash_commands", payload)
        return Sent(sent.envelope_id, sent.sent_at, channel=payload["response_url"])

    # ----- waiting for what the bot did -------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[Call], bool], *, count: int = 1, timeout: float = 30
    ) -> list[Call]:
        """The first `count` calls matching `predicate`, waiting for them if they have not happened yet.

        Each new call is checked once against each waiter, so many concurrent waiters stay cheap."""
        waiter = _Waiter(predicate, count, [c for c in self.calls if predicate(c)])
        if len(waiter.found) < count:
            self._waiters.append(waiter)
            try:
                await asyncio.wait_for(asyncio.shield(waiter.done), timeout)
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
        return waiter.found[:count]

    async def wait_for_ack(self, envelope_id: str, timeout: float = 15) -> Ack:
        if envelope_id not in self.acks:
            future = self._ack_waiters.setdefault(envelope_id, asyncio.get_running_loop().create_future())
            await asyncio.wait_for(asyncio.shield(future), timeout)
        return self.acks[envelope_id]

    def calls_to(self, *methods: str) -> list[Call]:
        return [c for c in self.calls if c.method in methods]

    def _record_call(self, call: Call) -> None:
        self.calls.append(call)
        for waiter in list(self._waiters):
            if waiter.predicate(call):
                waiter.found.append(call)
                if len(waiter.found) >= waiter.count and not waiter.done.done():
                    waiter.done.set_result(None)
                    self._waiters.remove(waiter)

    def _record_ack(self, ack: Ack) -> None:
        self.acks[ack.envelope_id] = ack
        future = self._ack_waiters.pop(ack.envelope_id, None)
        if future and not future.done():
            future.set_result(None)

    # ----- the Web API -------------------------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args: dict[str, Any] = dict(request.query)
        if request.method == "POST" and request.can_read_body:
            if request.content_type == "application/json":
                args.update(await request.json())
            else:
                args.update(await request.post())
        args = _decode_json_fields(args)
        self._record_call(Call(method, args, time.perf_counter()))
        delay = self.latency + self.delays.get(method, 0.0)
        if delay:
            await self._pause(delay)
        if method in self._held_once and not await self._until_released(self._held_once.pop(method)):
            return web.Response(status=500)  # stopped first: never carried out
        if method in self.dropping:
            assert request.transport is not None
            request.transport.close()  # the client sees the connection drop, not a Slack error
            return web.Response(status=500)
        status = self._server_errors.pop(method, None)
        if status is not None:
            return web.json_response({"ok": False, "error": "service_unavailable"}, status=status)
        retry_after = self._rate_limited[method].pop() if self._rate_limited.get(method) else None
        if retry_after is None and self.limits is not None:
            retry_after = self.limits.refuse(method, args.get("channel") or args.get("channel_id"))
            if retry_after is not None:
                self.refused.append(method)
        if retry_after is not None:
            return web.json_response(
                {"ok": False, "error": "ratelimited"}, status=429, headers={"Retry-After": str(retry_after)}
            )
        if method in self.failing:
            return web.json_response({"ok": False, "error": self.failing[method]})
        error = self.failing_when(method, args) if self.failing_when else None
        if error:
            return web.json_response({"ok": False, "error": error})
        handler = getattr(self, "_m_" + method.replace(".", "_"), None)
        body = handler(args) if handler else {"ok": True}
        self.served.append(method)
        if method in self._lost_once:
            lost = self._lost_once.pop(method)
            if lost is None:
                assert request.transport is not None
                request.transport.close()
                return web.Response(status=500)  # never reaches the client: the connection is gone
            status, garbled = lost
            if garbled:
                return web.Response(
                    status=status, text="<html>Service Unavailable</html>", content_type="application/json"
                )
            return web.json_response({"ok": False, "error": "internal_error"}, status=status)
        if method in self._answered_late_once:
            await self._pause(self._answered_late_once.pop(method))
        if method in self._done_then_held:
            await self._until_released(self._done_then_held.pop(method))
        return web.json_response(body)

    async def _until_released(self, release: asyncio.Event) -> bool:
        """True once released; False when the stand-in stops first, so a call never released does not
        hang teardown."""
        released = asyncio.ensure_future(release.wait())
        waits = {released, asyncio.ensure_future(self._stopping.wait())}
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
        return released.done() and not released.cancelled()

    async def _pause(self, seconds: float) -> None:
        # A pause ends early when the stand-in stops, so a test of a hung call does not hang teardown.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), seconds)

    def _m_auth_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "ok": True,
            "url": "https://standin.slack.invalid/",
            "team": "Stand-in",
            "user": "officebot",
            "team_id": TEAM_ID,
            "user_id": BOT_USER_ID,
            "bot_id": BOT_ID,
            "is_enterprise_install": False,
        }

    def _m_apps_connections_open(self, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "url": f"ws://127.0.0.1:{self.port}/link/?ticket={next(self._ids)}"}

    def _m_users_info(self, args: dict[str, Any]) -> dict[str, Any]:
        user = self.users.get(str(args.get("user")))
        if not user:
            return {"ok": False, "error": "user_not_found"}
        if not _truthy(args.get("include_locale")):
            user = {k: v for k, v in user.items() if k != "locale"}
        return {"ok": True, "user": user}

    def _m_users_list(self, args: dict[str, Any]) -> dict[str, Any]:
        # Paginated as Slack does: `limit` members from `cursor` (an opaque string), next_cursor "" at the end.
        limit = min(int(args.get("limit") or 200), 1000)
        start = int(str(args.get("cursor") or "0").removeprefix("c"))
        members = list(self.users.values())[start : start + limit]
        if not _truthy(args.get("include_locale")):
            members = [{k: v for k, v in user.items() if k != "locale"} for user in members]
        following = start + limit
        next_cursor = f"c{following}" if following < len(self.users) else ""
        return {"ok": True, "members": members, "response_metadata": {"next_cursor": next_cursor}}

    def _m_assistant_threads_setSuggestedPrompts(self, args: dict[str, Any]) -> dict[str, Any]:
        # Slack takes up to four prompts, each with a title and the message sent when it is clicked.
        prompts = args.get("prompts")
        if not args.get("channel_id") or not isinstance(prompts, list) or not 0 < len(prompts) <= 4:
            return {"ok": False, "error": "invalid_arguments"}
        if not all(isinstance(p, dict) and p.get("title") and p.get("message") for p in prompts):
            return {"ok": False, "error": "invalid_arguments"}
        return {"ok": True}

    def _m_assistant_threads_setStatus(self, args: dict[str, Any]) -> dict[str, Any]:
        loading = args.get("loading_messages")
        if not args.get("channel_id") or not args.get("thread_ts") or "status" not in args:
            return {"ok": False, "error": "invalid_arguments"}
        if loading is not None and (not isinstance(loading, list) or len(loading) > 10):
            return {"ok": False, "error": "invalid_arguments"}  # at most 10 loading messages
        return {"ok": True}

    @staticmethod
    def _visible(message: dict[str, Any], with_metadata: bool) -> dict[str, Any]:
        if with_metadata or "metadata" not in message:
            return message
        return {k: v for k, v in message.items() if k != "metadata"}

    def _m_conversations_history(self, args: dict[str, Any]) -> dict[str, Any]:
        latest = float(args.get("latest") or "inf")
        inclusive = _truthy(args.get("inclusive"))
        limit = int(args.get("limit") or 100)
        top_level = [
            m
            for m in self.history.get(str(args.get("channel")), [])
            if m.get("thread_ts") in (None, m["ts"])
            and (float(m["ts"]) < latest or (inclusive and float(m["ts"]) == latest))
            and float(m["ts"]) > float(args.get("oldest") or 0)
        ]
        newest_first = list(reversed(top_level))[:limit]
        meta = _truthy(args.get("include_all_metadata"))
        return {"ok": True, "messages": [self._visible(m, meta) for m in newest_first], "has_more": False}

    def _m_conversations_replies(self, args: dict[str, Any]) -> dict[str, Any]:
        parent = str(args.get("ts"))
        latest = float(args.get("latest") or "inf")
        inclusive = _truthy(args.get("inclusive"))
        limit = int(args.get("limit") or 1000)
        thread = [
            m
            for m in self.history.get(str(args.get("channel")), [])
            if (m["ts"] == parent or m.get("thread_ts") == parent)
            and (float(m["ts"]) < latest or (inclusive and float(m["ts"]) == latest))
            and float(m["ts"]) > float(args.get("oldest") or 0)
        ]
        meta = _truthy(args.get("include_all_metadata"))
        # Oldest first, a page at a time, like Slack: the cursor is where the next page starts.
        start = int(args.get("cursor") or 0)
        page = thread[start : start + limit]
        more = start + limit < len(thread)
        return {
            "ok": True,
            "messages": [self._visible(m, meta) for m in page],
            "has_more": more,
            "response_metadata": {"next_cursor": str(start + limit) if more else ""},
        }

    def _m_chat_postMessage(self, args: dict[str, Any]) -> dict[str, Any]:
        if error := blocks_error(args.get("blocks")):
            return {"ok": False, "error": error}
        channel = str(args["channel"])
        if channel.startswith("U"):  # posting to a user id opens the DM with them
            channel = f"D{channel}"
        message: dict[str, Any] = {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "text": args.get("text", ""),
            "ts": self.new_ts(),
        }
        for key in ("blocks", "thread_ts", "metadata"):
            if args.get(key):
                message[key] = args[key]
        self._record_message(channel, message)
        return {"ok": True, "channel": channel, "ts": message["ts"], "message": message}

    def _m_chat_update(self, args: dict[str, Any]) -> dict[str, Any]:
        if error := blocks_error(args.get("blocks")):
            return {"ok": False, "error": error}
        for message in self.history.get(str(args.get("channel")), []):
            if message["ts"] == args.get("ts"):
                message["text"] = args.get("text", "")
                for key in ("blocks", "metadata"):  # replaced when given; a stream stays streaming
                    if key in args:
                        message[key] = args[key]
                return {"ok": True, "channel": args["channel"], "ts": message["ts"], "text": message["text"]}
        return {"ok": False, "error": "message_not_found"}

    def _m_chat_postEphemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        if error := blocks_error(args.get("blocks")):
            return {"ok": False, "error": error}
        return {"ok": True, "message_ts": self.new_ts()}

    # ----- streaming (chat.startStream / appendStream / stopStream) ---------------------------------------

    def _stream_text(self, args: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | str:
        """The markdown text and chunks one call adds, or the error Slack answers for it."""
        chunks = args.get("chunks") or []
        if not isinstance(chunks, list):
            return "invalid_arguments"
        markdown = str(args.get("markdown_text") or "")
        markdown += "".join(str(c.get("text", "")) for c in chunks if c.get("type") == "markdown_text")
        if len(markdown) > 12_000:  # markdown_text: at most 12,000 characters per call
            return "msg_too_long"
        for chunk in chunks:
            kind = chunk.get("type")
            if kind == "task_update" and not (
                chunk.get("id")
                and chunk.get("title")
                and chunk.get("status") in ("pending", "in_progress", "complete", "error")
            ):
                return "invalid_chunks"
            if kind not in ("markdown_text", "task_update", "plan_update", "blocks"):
                return "invalid_chunks"
        return markdown, chunks

    def _streaming_message(self, args: dict[str, Any]) -> dict[str, Any] | str:
        for message in self.history.get(str(args.get("channel")), []):
            if message["ts"] == args.get("ts"):
                return message if message.get("streaming") else "message_not_in_streaming_state"
        return "message_not_found"

    def _m_chat_startStream(self, args: dict[str, Any]) -> dict[str, Any]:
        if not self.streaming:
            return {"ok": False, "error": "unknown_method"}
        channel = str(args.get("channel") or "")
        if not channel or (channel.startswith("D") and not args.get("thread_ts")):
            return {"ok": False, "error": "invalid_arguments"}  # in a DM a stream is a thread reply
        added = self._stream_text(args)
        if isinstance(added, str):
            return {"ok": False, "error": added}
        message: dict[str, Any] = {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "text": added[0],
            "ts": self.new_ts(),
            "thread_ts": args["thread_ts"],
            "streaming": True,
            "chunks": list(added[1]),
            "task_display_mode": args.get("task_display_mode", "timeline"),
        }
        self._record_message(channel, message)
        return {"ok": True, "channel": channel, "ts": message["ts"]}

    def _continue_stream(self, args: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, list[Any]]] | str:
        """What appendStream and stopStream share: the stream being continued and what this call adds,
        or the error Slack answers."""
        if not self.streaming:
            return "unknown_method"
        message = self._streaming_message(args)
        if isinstance(message, str):
            return message
        added = self._stream_text(args)
        return added if isinstance(added, str) else (message, added)

    def _m_chat_appendStream(self, args: dict[str, Any]) -> dict[str, Any]:
        found = self._continue_stream(args)
        if isinstance(found, str):
            return {"ok": False, "error": found}
        message, (text, chunks) = found
        message["text"] += text
        message["chunks"] += chunks
        return {"ok": True, "channel": args["channel"], "ts": message["ts"]}

    def _m_chat_stopStream(self, args: dict[str, Any]) -> dict[str, Any]:
        found = self._continue_stream(args)
        if isinstance(found, str):
            return {"ok": False, "error": found}
        if error := blocks_error(args.get("blocks")):
            return {"ok": False, "error": error}
        message, (text, chunks) = found
        message["text"] += text
        message["chunks"] += chunks
        message["streaming"] = False
        for key in ("blocks", "metadata"):
            if args.get(key):
                message[key] = args[key]
        return {"ok": True, "channel": args["channel"], "ts": message["ts"], "message": message}

    def _m_views_publish(self, args: dict[str, Any]) -> dict[str, Any]:
        view = args.get("view")
        if isinstance(view, str):
            view = json.loads(view)
        if not args.get("user_id") or not isinstance(view, dict) or view.get("type") != "home":
            return {"ok": False, "error": "invalid_arguments"}
        if len(view.get("blocks") or []) > 100:  # a view holds at most 100 blocks
            return {"ok": False, "error": "invalid_arguments"}
        if any(  # a section's text is at most 3,000 characters, in a view as in a message
            len((b.get("text") or {}).get("text", "")) > 3000
            for b in view["blocks"]
            if b.get("type") == "section"
        ):
            return {"ok": False, "error": "invalid_blocks"}
        if error := self.image_error(view["blocks"]):
            return {"ok": False, "error": error}
        self.home_views[str(args["user_id"])] = view
        return {"ok": True, "view": {"id": f"V{next(self._ids)}", **view}}

    def _m_conversations_open(self, args: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "channel": {"id": f"D{args.get('users')}"}}

    async def _response_url(self, request: web.Request) -> web.Response:
        body = await request.json()
        self._record_call(
            Call("response_url", {"response_id": request.match_info["id"], **body}, time.perf_counter())
        )
        return web.Response(text="ok")

    # ----- the Socket Mode WebSocket ----------------------------------------------------------------------

    async def drop_links(self) -> None:
        """Closes every open WebSocket from the server side, as Slack does when it moves a connection."""
        for socket in list(self._sockets):
            await socket.close()

    async def _link(self, request: web.Request) -> web.StreamResponse:
        ticket = request.query.get("ticket", "")
        self.link_attempts.append(ticket)
        self.link_attempted_at.append(time.monotonic())
        if ticket in self._used_tickets:
            return web.Response(status=401, text="this URL was used already: call apps.connections.open")
        self._used_tickets.add(ticket)
        if self.refuse_links > 0:
            self.refuse_links -= 1
            return web.Response(status=503, text="refused by the test")
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        await socket.send_str(
            json.dumps({"type": "hello", "num_connections": 1, "connection_info": {"app_id": APP_ID}})
        )
        if self.close_after_hello > 0:
            self.close_after_hello -= 1
            await socket.close()
            return socket
        self._sockets.append(socket)
        self._connected.set()
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                reply = json.loads(frame.data)
                if "envelope_id" in reply:
                    self._record_ack(Ack(reply["envelope_id"], reply.get("payload"), time.perf_counter()))
        finally:
            self._sockets.remove(socket)
            if not self._sockets:
                self._connected.clear()
        return socket

    # ----- lifecycle ---------------------------------------------------------------------------------------

    async def start(self) -> SlackStandIn:
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_post("/response/{id}", self._response_url)
        app.router.add_get("/link/", self._link)
        app.router.add_post("/upload/{file_id}", self._upload)
        app.router.add_get("/files-pri/{file_id}/{name}", self._download)
        self._runner, self.port = await serve_on_loopback(app, self.port)
        return self

    async def stop(self) -> None:
        self._stopping.set()
        await self.drop_links()
        if self._runner:
            await self._runner.cleanup()

    async def __aenter__(self) -> SlackStandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
