"""The Home tab as a Block Kit `home` view, from lookups our code ran (no model, so nothing to ground):
each year's remaining, granted and used days with the as-of date, the recent leave records, and a hint to
ask in the DM. Every amount shown is one a tool returned."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from bot import text
from bot.domain.leave import Balance, LeaveRecord, format_days
from bot.policy.standing import Entitlement
from bot.slack.blocks import HEADER_TEXT, button, context, plain, section, view_blocks
from bot.slack.requests.request_views import OPEN_FORM_ACTION
from bot.slack.user_text import TEXT_LIMIT, TYPE_LIMIT, shown

RECENT_RECORDS = 5  # enough to recognise your last days off; the DM has the full list


@dataclass(frozen=True)
class YearOnHome:
    """One year's balance, or why it could not be read (already in the person's language)."""

    year: int
    balance: Balance | None
    failure: str | None = None
    pending: Decimal = Decimal(0)  # annual days in pending requests: "신청 중"


def home_view(
    years: list[YearOnHome],
    records: list[LeaveRecord],
    today: date,
    korean: bool,
    statutory: Entitlement | None = None,
    requests: list[dict[str, Any]] | None = None,
    roles: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """`roles`: the sections of whoever is looking (the calendar link, a manager's team, HR's), already
    within their share of the view's 100 blocks (bot/slack/home/role_views.py)."""
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": plain(text.HOME_TITLE.pick(korean), HEADER_TEXT)},
        request_button(korean),
    ]
    for entry in years:
        if entry.balance is None:
            blocks.append(section(f"*{entry.year}* · {shown(entry.failure or '', TEXT_LIMIT)}"))
            continue
        b = entry.balance
        remaining = text.HOME_REMAINING.pick(korean).format(year=b.year, remaining=format_days(b.remaining))
        figures = text.HOME_FIGURES.pick(korean).format(
            granted=format_days(b.granted), used=format_days(b.used)
        )
        if b.lapsed:  # left past its last usable day: said, so granted − used − lapsed is the remaining shown
            figures += (
                f" · 소멸 {format_days(b.lapsed)}일" if korean else f" · {format_days(b.lapsed)} lapsed"
            )
        if entry.pending:  # requested, not yet approved: shown apart, never as used
            figures += (
                f" · 신청 중 {format_days(entry.pending)}일"
                if korean
                else f" · {format_days(entry.pending)} pending"
            )
        blocks.append(section(f"{remaining}\n{figures}"))
    if statutory is not None and (lines := _statutory_lines(statutory, korean)):
        blocks.append(section("\n".join(lines)))
    blocks.append(context(text.HOME_AS_OF.pick(korean).format(today=today.isoformat())))
    blocks.append({"type": "divider"})
    if requests:
        blocks += [*requests, {"type": "divider"}]
    if roles:
        blocks += [*roles, {"type": "divider"}]
    recent = sorted(records, key=lambda r: r.taken_on, reverse=True)[:RECENT_RECORDS]
    lines = [
        f"• {r.taken_on.isoformat()} · {format_days(r.days)}{'일' if korean else 'd'} · "
        f"{shown(text.leave_type_name(r.leave_type, korean), TYPE_LIMIT)}"
        for r in recent
    ]
    blocks.append(
        section(
            text.HOME_RECENT.pick(korean) + "\n" + ("\n".join(lines) or text.HOME_NO_RECORDS.pick(korean))
        )
    )
    blocks.append({"type": "divider"})
    blocks.append(context(text.HOME_ASK.pick(korean)))
    return {"type": "home", "blocks": view_blocks(blocks)}


def request_button(korean: bool) -> dict[str, Any]:
    """Opens the leave request form (bot/slack/listeners/requests.py)."""
    label = "휴가 신청" if korean else "Request leave"
    return {
        "type": "actions",
        "block_id": "home_request",
        "elements": [button(OPEN_FORM_ACTION, label, "open", "primary")],
    }


def _statutory_lines(ent: Entitlement, korean: bool) -> list[str]:
    """The next grant and the nearest expiry with what is left of it, as the entitlement lookup gives them
    (from the holding the balance reads)."""
    lines = []
    if ent.next_on is not None:
        days = format_days(ent.next_days)
        phrase = text.HOME_NEXT_GRANT_ACT if ent.act_only else text.HOME_NEXT_GRANT
        lines.append(phrase.pick(korean).format(days=days, date=ent.next_on.isoformat()))
    if ent.unused:  # the next lapse: what is left of the grants that lapse first (none left: no line)
        expiry, left = ent.unused[0]
        lines.append(text.HOME_EXPIRY.pick(korean).format(days=format_days(left), date=expiry.isoformat()))
    return lines


def refused_view(refusal: str) -> dict[str, Any]:
    """What someone who may not read any balance sees: why, and nothing else."""
    return {"type": "home", "blocks": [section(shown(refusal, TEXT_LIMIT))]}
