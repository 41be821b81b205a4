"""The calendar feed: `GET /calendar/<token>.ics` on the bot's HTTP port (beside `/slack/events` in HTTP
mode, on OFFICEBOT_HEALTH_PORT in Socket Mode), an iCalendar file any calendar app can subscribe to.

Whose leave it holds follows the token owner's roles when it is read (bot/slack/home/roles.py): their own; a
manager's adds their reports'; HR's is everyone's, as one event per working day listing who is out (a
company's worth of separate events buries a calendar, and renders in seconds instead of milliseconds).
Approved leave only (and HR's imported records); a leave's type only when the policy's `show_leave_type`
allows. Whole days are all-day events; a half day is a timed event in the company's time zone (오전
09:00–13:00, 오후 14:00–18:00). A quarter day (반반차) has no fixed hours, so it is all-day, labelled.

Anything but a well-formed, current token is 404, and the log gets only the path's shape, never the
token: the URL is the secret."""

from __future__ import annotations

import asyncio
import logging
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from aiohttp import web
from icalendar import Calendar, Event, vDuration

from bot.calendar import day as calendar_day
from bot.domain.requests import Part
from bot.ports.team import Absence
from bot.services import Services
from bot.slack.home.roles import roles_of
from bot.text.phrases import leave_type_name

log = logging.getLogger(__name__)

FEED_PREFIX = "/calendar/"
_FEED_PATH = re.compile(r"/calendar/([A-Za-z0-9_-]{43})\.ics")  # secrets.token_urlsafe(32): 43 characters
DAYS_BACK = 60  # what a calendar app shows of the past: the last two months
DAYS_AHEAD = 366  # and the year ahead (a request may start at most `request_ahead_days` away)
# A half day's hours, the company's local time: a Korean office's 09:00–18:00 with its 13:00–14:00 lunch.
HALF_DAY_HOURS: dict[Part, tuple[time, time]] = {"am": (time(9), time(13)), "pm": (time(14), time(18))}
_PART_WORDS: dict[Part, str] = {"full": "휴가", "am": "오전 반차", "pm": "오후 반차", "quarter": "반반차"}
# Names listed in one day's event of HR's feed: a calendar's pop-up, not a report (the Home tab and
# `officebot` have every name); past it, "외 N명". A 300-person company never reaches it.
DAY_NAMES = 150
REFRESH = timedelta(hours=1)  # how often a subscribed app is asked to read it again


@dataclass(frozen=True)
class Feed:
    title: str
    absences: list[Absence]
    everyone: bool  # HR's: one event per working day
    show_types: bool
    zone: str  # the company's time zone
    stamp: datetime  # when it was read (every event's DTSTAMP)


def path_shape(path: str) -> str:
    """What the log may say of a feed path: its length and ending, never its characters."""
    rest = path[len(FEED_PREFIX) :] if path.startswith(FEED_PREFIX) else path
    ending = ".ics" if rest.endswith(".ics") else "no .ics"
    return f"{FEED_PREFIX}<{len(rest)} characters, {ending}>"


def token_in(path: str) -> str | None:
    match = _FEED_PATH.fullmatch(path)
    return match.group(1) if match else None


async def feed_for(services: Services, token: str) -> Feed | None:
    """The feed `token` opens now, or None. Runs on the answer loop, where the services live."""
    owner = await services.calendar_feeds.owner(token)
    roles = None if owner is None else await roles_of(services, owner)
    if roles is None:
        return None
    now = services.calendar.clock()
    today = now.astimezone(ZoneInfo(services.calendar.timezone)).date()  # the company's today
    first, last = today - timedelta(days=DAYS_BACK), today + timedelta(days=DAYS_AHEAD)
    name = roles.employee.name
    if roles.hr:
        ids, title = None, "OfficeBot · 전사 휴가 (HR)"
    elif roles.manager:
        ids = [roles.employee.employee_id, *(r.employee_id for r in roles.reports)]
        title = f"OfficeBot · {name} 팀 휴가"
    else:
        ids, title = [roles.employee.employee_id], f"OfficeBot · {name} 휴가"
    absences = await services.team.absences(ids, first, last)
    return Feed(
        title,
        absences,
        roles.hr,
        roles.policy.show_leave_type,
        services.calendar.timezone,
        now.astimezone(UTC),
    )


def render(feed: Feed) -> bytes:
    """The feed as iCalendar (RFC 5545), written by `icalendar`."""
    calendar = Calendar()
    calendar.add("prodid", "-//OfficeBot//Leave calendar//KO")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", feed.title)
    calendar.add("x-wr-timezone", feed.zone)
    calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    calendar["X-PUBLISHED-TTL"] = vDuration(REFRESH)  # add() would write it as text, not a DURATION
    zone = ZoneInfo(feed.zone)
    if feed.everyone:
        for event in _days_out(feed):
            calendar.add_component(event)
    else:
        for absence in feed.absences:
            calendar.add_component(_event(absence, feed, zone))
    calendar.add_missing_timezones()  # a VTIMEZONE for the half days' TZID
    return calendar.to_ical()


def _label(absence: Absence, show_types: bool) -> str:
    if absence.source == "recorded" and absence.days < 1:  # imported: which half is not in the data
        words = "반차" if absence.days == 0.5 else f"{absence.days}일"
    else:
        words = _PART_WORDS[absence.part]
    if show_types:
        words += f" ({leave_type_name(absence.leave_type, True)})"
    return words


def _event(absence: Absence, feed: Feed, zone: ZoneInfo) -> Event:
    event = Event()
    event.add("uid", f"{absence.key}@officebot")
    event.add("dtstamp", feed.stamp)
    event.add("summary", f"{absence.name} {_label(absence, feed.show_types)}")
    hours = HALF_DAY_HOURS.get(absence.part) if absence.start == absence.end else None
    if hours is not None:
        event.add("dtstart", datetime.combine(absence.start, hours[0], zone))
        event.add("dtend", datetime.combine(absence.start, hours[1], zone))
    else:  # all-day: DTEND is the day after the last (exclusive), as RFC 5545 counts it
        event.add("dtstart", absence.start)
        event.add("dtend", absence.end + timedelta(days=1))
    event.add("transp", "TRANSPARENT")  # the subscriber's own free/busy is not theirs to block
    return event


def _days_out(feed: Feed) -> list[Event]:
    """HR's feed: one all-day event per working day someone is out, naming them."""
    first = feed.stamp.date() - timedelta(days=DAYS_BACK + 1)
    out: dict[date, list[str]] = defaultdict(list)
    # Sorted by name once, so each day's list comes out in name order without a sort per day.
    for absence in sorted(feed.absences, key=lambda a: (a.name, a.start)):
        line = f"{absence.name} · {_label(absence, feed.show_types)}"
        on = max(absence.start, first)
        while on <= absence.end:
            out[on].append(line)
            on += timedelta(days=1)
    events = []
    for on in sorted(out):
        if not calendar_day(on).working:
            continue
        names = out[on]
        listed = names[:DAY_NAMES] + ([f"외 {len(names) - DAY_NAMES}명"] if len(names) > DAY_NAMES else [])
        event = Event()
        event.add("uid", f"out-{on.isoformat()}@officebot")
        event.add("dtstamp", feed.stamp)
        event.add("summary", f"부재 {len(names)}명")
        event.add("description", "\n".join(listed))
        event.add("dtstart", on)
        event.add("dtend", on + timedelta(days=1))
        event.add("transp", "TRANSPARENT")
        events.append(event)
    return events


FeedReader = Callable[[str], Awaitable[Feed | None]]


def add_calendar_route(app: web.Application, read: FeedReader) -> None:
    """`GET /calendar/…`: every path under the prefix comes here, so a malformed one is answered (404)
    and logged by its shape like a wrong token, not by aiohttp."""

    async def calendar_feed(request: web.Request) -> web.Response:
        token = token_in(request.path)
        if token is None:
            log.info("calendar feed: malformed path %s", path_shape(request.path))
            raise web.HTTPNotFound(text="not found\n")
        try:
            feed = await read(token)
        except Exception as exc:
            log.warning("calendar feed: could not be read (%s)", exc.__class__.__name__)
            raise web.HTTPServiceUnavailable(text="try again later\n") from None
        if feed is None:
            log.info("calendar feed: no such token %s", path_shape(request.path))
            raise web.HTTPNotFound(text="not found\n")
        body = await asyncio.to_thread(render, feed)  # a big company's feed is CPU: off the event loop
        return web.Response(
            body=body,
            content_type="text/calendar",
            charset="utf-8",
            headers={"Cache-Control": "private, max-age=300"},
        )

    app.router.add_get(FEED_PREFIX + "{rest:.*}", calendar_feed)
