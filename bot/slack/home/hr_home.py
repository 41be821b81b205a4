"""HR's Home section read, on the answer loop, for someone the policy's `hr_admins` holds (checked by the
caller, bot/slack/listeners/home.py, at every render): what bot/slack/home/hr_views.py shows. Every leave figure
is the ledger's (`holding()`, through `Team.lapsing`); the notices and the data check are the same reads
`officebot notices` and `officebot data check` make."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from bot.policy.company import as_text
from bot.services.hr_data import check_data
from bot.slack.deps import Deps
from bot.slack.home.hr_chart import chart_file
from bot.slack.home.hr_views import HrOverview, Lapsing
from bot.slack.home.roles import Roles
from bot.slack.user_text import NAME_LIMIT, TEXT_LIMIT, shown

LAPSING_WITHIN = 60  # days


async def hr_overview(deps: Deps, roles: Roles, today: date) -> HrOverview:
    services = deps.services
    policy = roles.policy
    pending = list(reversed(await services.requests.listed(state="pending", limit=100_000)))
    named = []
    for request in pending[:10]:
        requester = await services.directory.employee_by_id(request.employee_id)
        named.append((request, requester.name if requester else request.employee_id))
    monday = today - timedelta(days=today.weekday())
    week = await services.team.absences(None, monday, monday + timedelta(days=6))
    out_today = [a for a in week if a.start <= today <= a.end]
    lapsing = await services.team.lapsing(policy.rules, today, LAPSING_WITHIN)
    notices_due, notices_sent = 0, 0
    if policy.notices:
        log = services.stores.notices
        recorded = await log.recorded()
        notices_due = len([n for n in await log.due(policy, today) if n.key not in recorded])
        notices_sent = len([sent for sent in recorded.values() if sent is not None])
    total_lapsing = sum((days for _, days, _ in lapsing), Decimal(0))
    by_month = [Decimal(0)] * 12
    for _, days, last_day in lapsing:
        if last_day.year == today.year:
            by_month[last_day.month - 1] += days
    chart = await chart_file(
        deps,
        today.year,
        await services.team.taken_per_month(today.year),
        await services.team.taken_per_month(today.year - 1),
        total_lapsing,
        by_month,
    )
    last = await services.stores.uploads.last_imported()
    last_import = None
    if last is not None:
        at, by, names, terminal = last
        person = None if terminal else await services.directory.employee_by_id(by)
        when = at.astimezone(ZoneInfo(services.calendar.timezone)).strftime("%Y-%m-%d %H:%M")
        where = "`officebot data import`" if terminal else "Slack"
        who = shown(person.name if person else by, NAME_LIMIT)
        last_import = f"{when} · {who} · {where} · {shown(', '.join(names), TEXT_LIMIT)}"
    return HrOverview(
        pending=named,
        pending_total=len(pending),
        out_today=out_today,
        out_week=week,
        lapsing=[Lapsing(name, days, last_day) for name, days, last_day in lapsing],
        notices_on=policy.notices,
        notices_due=notices_due,
        notices_sent=notices_sent,
        findings=await check_data(services.engine),
        policy=as_text(policy),
        show_type=policy.show_leave_type,
        chart_file=chart,
        last_import=last_import,
    )
