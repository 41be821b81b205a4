"""The Home tab (`app_home_opened` with `tab == "home"`): the caller's leave for this year and last year,
the next grant and the nearest expiry under the Act (get_leave_entitlement), and their recent records, looked up by code through the toolbox (validated and audited like any lookup,
`requested_by="code"`, surface `home`), with no model call. Who the caller is follows the DM's rules
(`SlackIdentity`): a refused person sees the refusal and no data. One `views.publish` per open.

Not a question: it does not go through the inbox. The listener hands the work to the answer loop and
Bolt acks at once; if the process dies meanwhile, the next open publishes the tab again."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import date
from typing import Any

from slack_bolt.async_app import AsyncApp

from bot import text
from bot.agent.loop import run_tool
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.domain.people import Caller
from bot.hr.directory import NotAnEmployee
from bot.policy.standing import Entitlement
from bot.ports.audit import AuditUnavailable
from bot.requests.crowding import crowded_days, crowding_line
from bot.slack.answering.intake import Intake
from bot.slack.blocks import section
from bot.slack.deps import Deps
from bot.slack.home.home_view import YearOnHome, home_view, refused_view
from bot.slack.home.hr_home import hr_overview
from bot.slack.home.hr_views import hr_section
from bot.slack.home.role_views import calendar_section
from bot.slack.home.roles import Viewer, viewer
from bot.slack.home.team_views import fortnight, team_section
from bot.slack.requests.request_views import MAX_ON_HOME, home_requests
from bot.tools.registry import LEAVE_BALANCE, LEAVE_ENTITLEMENT, LEAVE_TAKEN

log = logging.getLogger(__name__)


async def publish_home(deps: Deps, user_id: str) -> None:
    """Renders the tab for `user_id` as they are now: their roles are read afresh (bot/slack/home/roles.py)."""
    try:
        try:
            who = await viewer(deps, user_id)
        except NotAnEmployee as refusal:
            view = refused_view(str(refusal))
        else:
            view = await _leave_view(deps, who.caller, who.korean, await _role_sections(deps, who))
        await deps.client.views_publish(user_id=user_id, view=view)
    except Exception:
        log.warning("could not publish the Home tab", exc_info=True)


async def _role_sections(deps: Deps, who: Viewer) -> list[dict[str, Any]]:
    sections: list[dict[str, Any]] = []
    roles = who.roles
    today = deps.services.toolbox.today_for(who.caller)
    if roles.hr:
        try:
            sections += hr_section(await hr_overview(deps, roles, today), who.korean)
        except Exception:  # HR's reads failing must not take the person's own tab with them
            log.warning("could not read HR's Home section", exc_info=True)
            failed = (
                "HR 정보를 지금 읽지 못했어요. 잠시 후 다시 열어 주세요."
                if who.korean
                else "HR's section could not be read now; open the tab again later."
            )
            sections.append(section(failed, block_id="hr_pending"))
    if roles.manager:
        first, last = fortnight(today)
        ids = [r.employee_id for r in roles.reports]
        absences = await deps.services.team.absences(ids, first, last, pending=True)
        show_type = roles.policy.show_leave_type
        sections += team_section(absences, len(ids), today, show_type, who.korean)
    if deps.settings.public_url is not None:  # without a public address, no link could be opened
        issued = await deps.services.calendar_feeds.issued_at(who.caller.employee_id)
        sections += calendar_section(who.roles, issued, deps.settings.timezone, who.korean)
    return sections


async def _leave_view(
    deps: Deps, caller: Caller, korean: bool, roles: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    toolbox = deps.services.toolbox
    today = toolbox.today_for(caller)
    years = (today.year, today.year - 1)
    requests = [(LEAVE_BALANCE, year) for year in years] + [(LEAVE_TAKEN, year) for year in years]
    try:
        *results, statutory_result = await asyncio.gather(
            *(
                run_tool(toolbox, f"home_{name}_{year}", name, {"year": year}, caller, requested_by="code")
                for name, year in requests
            ),
            run_tool(toolbox, "home_entitlement", LEAVE_ENTITLEMENT, {}, caller, requested_by="code"),
        )
    except AuditUnavailable:
        # Fail closed, as everywhere: a lookup whose audit record was not written is never shown.
        failure = text.NOT_RECORDED.pick(korean)
        return home_view([YearOnHome(y, None, failure) for y in years], [], today, korean, roles=roles)
    shown: list[YearOnHome] = []
    records: list[LeaveRecord] = []
    for (name, year), result in zip(requests, results, strict=True):
        if name == LEAVE_BALANCE:
            balances = [f for f in result.figures if isinstance(f, Balance)]
            if balances:
                shown.append(YearOnHome(year, balances[0]))
            else:
                failed = text.lookup_failed(result.failure, result.shown, korean, facts=result.facts)
                shown.append(YearOnHome(year, None, failed))
        else:
            records += [r for f in result.figures if isinstance(f, LeaveTaken) for r in f.records]
    # The next grant and the nearest expiry, when the HR data has a hire date (else the card leaves them out).
    statutory = next((f for f in statutory_result.figures if isinstance(f, Entitlement)), None)
    store = deps.services.requests
    shown = [replace(y, pending=await store.pending_days(caller.employee_id, y.year)) for y in shown]
    requests_blocks = await _requests(deps, caller, today, korean)
    return home_view(shown, records, today, korean, statutory, requests_blocks, roles)


async def _requests(deps: Deps, caller: Caller, today: date, korean: bool) -> list[dict[str, Any]]:
    """My pending and upcoming leave, and the requests waiting for my decision."""
    store, directory = deps.services.requests, deps.services.directory
    mine = [
        r
        for r in reversed(await store.listed(employee_id=caller.employee_id, limit=50))
        if r.state == "pending" or (r.state == "approved" and r.end >= today)
    ]
    policy = await deps.services.policy.current()
    waiting = []
    warnings: dict[int, str] = {}
    for request in await store.waiting_for(caller.employee_id, policy.approvers, limit=MAX_ON_HOME):
        requester = await directory.employee_by_id(request.employee_id)
        waiting.append((request, requester.name if requester else request.employee_id))
        if policy.max_out_per_day:  # off by default: no read then
            crowded = crowded_days(request, await store.team_away(request), policy.max_out_per_day)
            if (warning := crowding_line(crowded, policy.max_out_per_day, korean)) is not None:
                warnings[request.id] = warning
    return home_requests(mine, waiting, korean, warnings)


def register(app: AsyncApp, intake: Intake) -> None:
    async def home_tab(event: dict[str, Any]) -> bool:
        return event.get("tab") == "home"

    @app.event("app_home_opened", matchers=[home_tab])
    async def on_home_opened(event: dict[str, Any]) -> None:
        user = event.get("user")
        if user:
            intake.later(lambda deps: publish_home(deps, user))
