"""Slack user → `Caller`: the member's Slack profile (cached with a TTL) feeds the HR directory's rules.

Profiles come in pages of 200 from `users.list`, refreshed every TTL by the caretaker (`refresh_members`),
so that a company's Monday morning costs one Tier 2 call per 200 people rather than one `users.info`
(Tier 4, 100 a minute) per person asking; someone not in the last list (a new member) is looked up with
`users.info`, as before."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot import text
from bot.agent.clock import is_known_timezone
from bot.domain.people import Caller, Surface
from bot.hr.directory import NotAnEmployee, SlackProfile, caller_for_slack_user
from bot.ports.hr import Directory
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)

# Long enough that a burst of questions costs one users.info per person (Tier 4 rate limit), short enough
# that a deactivated or demoted account loses access within minutes: 5 for a profile from users.info, 10 for
# one from the list (kept two TTLs, refreshed every TTL).
DEFAULT_PROFILE_TTL = 300.0
MEMBERS_PAGE = 200  # users.list's page: Slack recommends no more than 200
# The longest a lookup waits for the first `users.list` (pages of 200, Tier 2) before asking alone.
FIRST_LIST_WAIT = 5.0


def _known_timezone(name: Any) -> str | None:
    """Slack's `tz` if zoneinfo knows it; otherwise None, and OFFICEBOT_TIMEZONE applies."""
    if is_known_timezone(name):
        return str(name)
    if name:
        log.warning("unknown Slack timezone %r; using the default", name)
    return None


def _is_foreign(user: dict[str, Any], home: dict[str, Any]) -> bool:
    """Slack Connect users belong to another organisation: `is_stranger`, or a team (and enterprise)
    other than the one the bot is installed in (from `auth.test`)."""
    if user.get("is_stranger"):
        return True
    home_team, home_enterprise = home.get("team_id"), home.get("enterprise_id")
    if not home_team or not user.get("team_id") or user.get("team_id") == home_team:
        return False
    enterprise = (user.get("enterprise_user") or {}).get("enterprise_id") or user.get("enterprise_id")
    return not (home_enterprise and enterprise == home_enterprise)


def profile_from_users_info(user: dict[str, Any], home: dict[str, Any] | None = None) -> SlackProfile:
    profile = user.get("profile") or {}
    return SlackProfile(
        user_id=user["id"],
        email=profile.get("email") or None,
        timezone=_known_timezone(user.get("tz")),
        is_bot=bool(user.get("is_bot")) or user.get("id") == "USLACKBOT",
        deleted=bool(user.get("deleted")),
        is_restricted=bool(user.get("is_restricted")),
        is_ultra_restricted=bool(user.get("is_ultra_restricted")),
        from_another_workspace=_is_foreign(user, home or {}),
        locale=user.get("locale") or None,
    )


def prefers_korean(profile: SlackProfile) -> bool:
    """The language to greet someone in before they have written anything: their Slack locale, else a
    Korean time zone, else English."""
    if profile.locale:
        return profile.locale.lower().startswith("ko")
    return profile.timezone in ("Asia/Seoul", "Asia/Pyongyang")


class SlackIdentity:
    """Resolves who is asking. Concurrent questions from one person share a single `users.info` call."""

    def __init__(
        self,
        client: AsyncWebClient,
        directory: Directory,
        *,
        home: dict[str, Any] | None = None,
        ttl: float = DEFAULT_PROFILE_TTL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._home = home or {}  # the bot's own `auth.test`: team_id, enterprise_id
        self._directory = directory
        self._ttl = ttl
        self._clock = clock
        self._cache: dict[str, tuple[float, SlackProfile]] = {}
        self._pending: dict[str, asyncio.Task[SlackProfile]] = {}
        # Set once the first `users.list` has ended (or failed): until then a lookup waits for it rather
        # than spend a `users.info` on someone the list is about to bring (a burst of questions at start).
        self._first_list: asyncio.Event | None = None

    async def caller(self, user_id: str, surface: Surface) -> Caller:
        """Raises `NotAnEmployee` (with a message safe to show) when this person may not read a balance."""
        profile = await self.profile(user_id)
        return await caller_for_slack_user(self._directory, profile, surface)

    async def profile(self, user_id: str) -> SlackProfile:
        cached = self._cache.get(user_id)
        if cached and cached[0] > self._clock():
            return cached[1]
        task = self._pending.get(user_id)
        if task is None:
            task = asyncio.ensure_future(self._fetch(user_id))
            self._pending[user_id] = task
            task.add_done_callback(lambda _: self._pending.pop(user_id, None))
        return await asyncio.shield(task)

    async def refresh_members(self) -> int:
        """Every member's profile from `users.list`, page by page; returns how many. A profile from the
        list is kept for two TTLs, so it stays fresh until the next refresh (every TTL) replaces it."""
        first = self._first_list is None
        if first:
            self._first_list = asyncio.Event()
        cursor: str | None = None
        count = 0
        try:
            while True:
                response = await self._client.users_list(
                    limit=MEMBERS_PAGE, cursor=cursor, include_locale=True
                )
                until = self._clock() + 2 * self._ttl
                for user in response.get("members") or []:
                    self._cache[user["id"]] = (until, profile_from_users_info(user, self._home))
                    count += 1
                cursor = (response.get("response_metadata") or {}).get("next_cursor") or None
                if cursor is None:
                    return count
        finally:
            if first and self._first_list is not None:
                self._first_list.set()

    async def reads_english(self, user_id: str) -> bool:
        """Whether a message nobody asked for (a §61 notice, a request's reminder) goes out in English: when
        the person's Slack locale is English; Korean otherwise, and when it cannot be read. From the cached
        profile, like every other reading of who someone is."""
        try:
            profile = await self.profile(user_id)
        except (SlackApiError, NotAnEmployee):
            return False
        return (profile.locale or "").lower().startswith("en")

    @property
    def ttl(self) -> float:
        return self._ttl

    async def _fetch(self, user_id: str) -> SlackProfile:
        if self._first_list is not None and not self._first_list.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._first_list.wait(), FIRST_LIST_WAIT)
        # Looked at again whether or not this waited: the list may have come in between `profile` finding
        # no entry and this task starting, and then it holds the person already.
        cached = self._cache.get(user_id)
        if cached and cached[0] > self._clock():
            return cached[1]
        try:
            response = await self._client.users_info(user=user_id, include_locale=True)
        except SlackApiError as exc:
            if error_of(exc) in ("user_not_found", "user_not_visible"):
                raise NotAnEmployee(text.REFUSED_UNKNOWN_SLACK_USER) from None
            raise
        profile = profile_from_users_info(response["user"], self._home)
        self._cache[user_id] = (self._clock() + self._ttl, profile)
        return profile


async def slack_user_of_employee(
    directory: Directory, client: AsyncWebClient, employee_id: str
) -> str | None:
    """An employee's Slack account, to DM them: pinned in the HR data, else found by their email."""
    employee = await directory.employee_by_id(employee_id)
    if employee is None:
        return None
    if employee.slack_user_id:
        return employee.slack_user_id
    try:
        found = await client.users_lookupByEmail(email=employee.email)
    except SlackApiError as exc:
        if error_of(exc) in ("users_not_found", "user_not_found"):
            return None
        raise  # Slack could not be asked now (a 429, an outage): not "they have no account"
    user = found.get("user") or {}
    return str(user["id"]) if user.get("id") else None
