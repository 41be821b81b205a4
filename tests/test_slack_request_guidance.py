"""Issue 32 in Slack: messages that say what to do. A person nobody could approve is told so at the top of
the form, before filling anything in; a click by someone who may not act says who may; when a request was
decided is shown in the reader's own Slack time zone, else the company's (OFFICEBOT_TIMEZONE), labelled;
English says "1 day"."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import update

from bot.db.tables import employees
from bot.domain.requests import Checked, Draft, LeaveRequest
from bot.slack.answering.draft_views import draft_card
from bot.slack.requests.request_views import APPROVE_ACTION, REQUEST_FORM, request_summary
from tests.support.database import ScratchDatabase
from tests.support.slack import JIHOON, MINSU, SEOYEON
from tests.support.slack_api import Call, SlackStandIn


async def _with_manager(db: ScratchDatabase) -> None:
    async with db.engine.begin() as connection:  # Minsu (E1001) reports to Seoyeon (E1002)
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )


async def _open_form(slack: SlackStandIn, user: str) -> dict[str, Any]:
    await slack.slash(user, "request")
    await slack.wait_for(lambda c: c.method == "views.open")
    [view] = slack.open_views(user, REQUEST_FORM)
    return view


def _ephemeral_to(user: str, says: str) -> Callable[[Call], bool]:
    return lambda c: c.method == "chat.postEphemeral" and c.args["user"] == user and c.args["text"] == says


async def test_a_person_nobody_could_approve_is_told_at_the_top_of_the_form(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)  # no manager, no approvers in the policy
    view = await _open_form(slack, MINSU)
    first = view["blocks"][0]
    assert (first["type"], first["block_id"]) == ("section", "no_approver")
    assert first["text"]["text"].endswith("HR에 관리자 지정을 요청해 주세요.")
    assert [b["block_id"] for b in view["blocks"][1:]] == ["leave_type", "start", "end", "part", "reason"]
    # Submitted anyway: the refusal, on the topmost field (Slack shows errors only under an input), says
    # what to ask for too.
    sent = await slack.submit_view(MINSU, view, {"start": "2026-12-21", "end": "2026-12-21"})
    refused = (await slack.wait_for_ack(sent.envelope_id)).payload
    assert refused is not None
    assert refused["errors"]["leave_type"].endswith("HR에 관리자 지정을 요청해 주세요.")


async def test_a_click_by_someone_else_says_who_may_act_and_times_are_in_the_readers_zone(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    await _with_manager(seeded_sqlite)
    slack.users[SEOYEON]["tz"] = "Europe/London"  # the approver reads Slack in London
    del slack.users[MINSU]["tz"]  # the requester's Slack says no zone: the company's is used
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url, OFFICEBOT_TIMEZONE="Asia/Tokyo")
    view = await _open_form(slack, MINSU)
    assert view["blocks"][0]["block_id"] == "leave_type"  # an approver exists: no notice
    sent = await slack.submit_view(MINSU, view, {"start": "2026-12-21", "end": "2026-12-21"})
    assert (await slack.wait_for_ack(sent.envelope_id)).payload is None
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    [card] = [m for m in slack.history[f"D{SEOYEON}"] if m.get("bot_id") and m.get("blocks")]

    await slack.press(JIHOON, f"D{SEOYEON}", card, APPROVE_ACTION)  # not the approver
    await slack.wait_for(
        _ephemeral_to(JIHOON, "이 휴가 신청의 승인자가 아니라서 처리할 수 없어요 (승인자: 이서연).")
    )

    await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)
    [updated] = await slack.wait_for(lambda c: c.method == "chat.update")
    decided = updated.args["blocks"][-1]["elements"][0]["text"]
    assert re.fullmatch(r"승인됨 · <@U0456EFGH> · \d{4}-\d{2}-\d{2} \d{2}:\d{2} GMT", decided)
    [told] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "승인됨" in c.args["text"]
    )
    assert re.search(r"승인됨 · <@U0456EFGH> · \d{4}-\d{2}-\d{2} \d{2}:\d{2} JST$", told.args["text"])


def test_english_cards_and_drafts_say_1_day():
    one = LeaveRequest(
        7, "E1001", "E1002", "annual", date(2026, 12, 24), date(2026, 12, 24), "full", Decimal(1), "", "pending",
        datetime(2026, 11, 29, 3, 0, tzinfo=UTC),
    )  # fmt: skip
    checked = Checked(
        Draft("annual", one.start, one.end, "full", ""),
        days=Decimal(1),
        balance_before=Decimal(2),
        pending=Decimal(1),
        balance_after=Decimal(1),
    )
    summary = request_summary(one, "Minsu Kim", False, checked)
    assert "2026-12-24 (1 day, " in summary
    assert "Balance 2 days (1 day in other pending requests) → 1 day after approval" in summary
    [card, *_] = draft_card(checked, False)
    assert "2026-12-24 (1 day, " in card["text"]["text"] and "→ 1 day after it" in card["text"]["text"]
    assert "1 days" not in summary + card["text"]["text"]
