"""Issue 21 over the wire, through the Slack stand-in and the real Bolt app: `/leave request` and the Home
tab's button open the form at once, a bad form comes back with its errors on their fields, a good one is
stored and the manager gets a card; Approve applies once however often it is clicked (the card shows who
decided, the requester is told, the leave records are written); Decline asks why; forged and foreign
clicks change nothing and are told so privately."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Any

from sqlalchemy import select, update

from bot.db.policy import SqlPolicyStore
from bot.db.tables import audit_log, employees, leave_records, leave_requests
from bot.slack.answering.draft_views import DRAFT_CHANGE, DRAFT_DISCARD, DRAFT_SUBMIT
from bot.slack.requests.request_views import (
    APPROVE_ACTION,
    CANCEL_ACTION,
    DECLINE_ACTION,
    DECLINE_FORM,
    OPEN_FORM_ACTION,
    REQUEST_FORM,
)
from tests.support.database import ScratchDatabase
from tests.support.slack import JIHOON, MINSU, SEOYEON
from tests.support.slack_api import Call, SlackStandIn


async def _with_manager(db: ScratchDatabase) -> None:
    async with db.engine.begin() as connection:  # Minsu (E1001) reports to Seoyeon (E1002)
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )


async def _requests(db: ScratchDatabase) -> list[tuple[int, str, str | None]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(leave_requests.c.id, leave_requests.c.state, leave_requests.c.decision_note).order_by(
                leave_requests.c.id
            )
        )
        return [(row.id, row.state, row.decision_note) for row in rows]


async def _records(db: ScratchDatabase) -> list[tuple[date, str]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(leave_records.c.taken_on, leave_records.c.note).where(
                leave_records.c.request_id.is_not(None)
            )
        )
        return sorted((row.taken_on, row.note) for row in rows)


async def _open_form(slack: SlackStandIn, user: str) -> dict[str, Any]:
    sent = await slack.slash(user, "request")
    assert (await slack.wait_for_ack(sent.envelope_id)).payload is None  # acked at once, nothing to say
    [opened] = await slack.wait_for(lambda c: c.method == "views.open")
    assert opened.args["view"]["callback_id"] == REQUEST_FORM
    [view] = slack.open_views(user, REQUEST_FORM)
    return view


async def _submit(slack: SlackStandIn, user: str, view: dict[str, Any], **answers: str | None) -> Any:
    sent = await slack.submit_view(user, view, answers)
    return (await slack.wait_for_ack(sent.envelope_id)).payload


def _ephemeral_to(user: str, says: str) -> Callable[[Call], bool]:
    return lambda c: c.method == "chat.postEphemeral" and c.args["user"] == user and c.args["text"] == says


def _card(slack: SlackStandIn, approver: str) -> dict[str, Any]:
    [card] = [m for m in slack.history[f"D{approver}"] if m.get("bot_id") and m.get("blocks")]
    return card


async def test_request_errors_submit_card_and_one_approval(slack: SlackStandIn, start_bot, seeded_database):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    view = await _open_form(slack, MINSU)
    field_ids = [block["block_id"] for block in view["blocks"]]
    assert field_ids == ["leave_type", "start", "end", "part", "reason"]
    assert view["blocks"][1]["element"]["initial_date"] == "2026-11-29"  # today, in Seoul

    # The errors come back in the ack, each on its field; nothing is stored.
    refused = await _submit(slack, MINSU, view, start="2026-12-04", end="2026-12-03")
    assert refused == {"response_action": "errors", "errors": {"end": "종료일이 시작일보다 빨라요."}}
    refused = await _submit(slack, MINSU, view, start="2026-12-03", end="2026-12-04", part="am")
    assert list(refused["errors"]) == ["part"]
    assert await _requests(seeded_database) == []

    accepted = await _submit(
        slack, MINSU, view, start="2026-12-21", end="2026-12-25", reason="연말 가족 여행"
    )
    assert accepted is None  # the ack closes the form
    [to_approver] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON
    )
    summary = to_approver.args["blocks"][0]["text"]["text"]
    assert summary.startswith("*김민수* 님의 휴가 신청 #")
    assert "2026-12-21 ~ 2026-12-25 (4일, 연차)" in summary  # 12-25 is a holiday: four working days
    assert "사유: 연말 가족 여행" in summary and "남은 연차 7.5일 → 승인 후 3.5일" in summary
    [to_requester] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU
    )
    assert "승인을 요청했어요." in to_requester.args["text"]
    [(request_id, state, _)] = await _requests(seeded_database)
    assert state == "pending"

    # A double click: two block_actions at once, one outcome.
    card = _card(slack, SEOYEON)
    clicks = await asyncio.gather(
        *(slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION) for _ in range(2))
    )
    for click in clicks:
        assert (await slack.wait_for_ack(click.envelope_id)).payload is None
    [told] = await slack.wait_for(lambda c: c.method == "chat.postEphemeral" and c.args["user"] == SEOYEON)
    assert told.args["text"].startswith("이미 처리된 휴가 신청이에요. (승인됨 · <@U0456EFGH> · 20")
    updates = await slack.wait_for(lambda c: c.method == "chat.update", count=1)
    assert "actions" not in [block["type"] for block in updates[0].args["blocks"]]
    decided = updates[0].args["blocks"][-1]["elements"][0]["text"]
    assert re.fullmatch(
        r"승인됨 · <@U0456EFGH> · \d{4}-\d{2}-\d{2} \d{2}:\d{2} KST", decided
    )  # when: a real moment
    [decision] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "승인됨" in c.args["text"]
    )
    assert decision.args["text"].startswith(f"휴가 신청 #{request_id}: 승인됨")
    assert await _requests(seeded_database) == [(request_id, "approved", None)]
    note = f"request #{request_id}"
    assert await _records(seeded_database) == [(date(2026, 12, d), note) for d in (21, 22, 23, 24)]


async def test_decline_asks_why_and_forged_clicks_change_nothing(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(
        slack, MINSU, await _open_form(slack, MINSU), start="2026-12-24", end="2026-12-24", part="pm"
    )
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    card = _card(slack, SEOYEON)
    [(request_id, _, _)] = await _requests(seeded_database)

    # Minsu's own request, Jihoon (not the approver), and an id that does not exist: told, nothing changes.
    for user, value, says in (
        (MINSU, None, "내 휴가 신청은 직접 승인할 수 없어요."),
        (JIHOON, None, "이 휴가 신청의 승인자가 아니라서 처리할 수 없어요 (승인자: 이서연)."),
        (SEOYEON, "987654", "그런 휴가 신청은 없어요."),
        (SEOYEON, "E1001; DROP TABLE", "그런 휴가 신청은 없어요."),
    ):
        await slack.press(user, f"D{SEOYEON}", card, APPROVE_ACTION, value=value)
        await slack.wait_for(_ephemeral_to(user, says))
    assert await _requests(seeded_database) == [(request_id, "pending", None)]
    assert not slack.calls_to("chat.update")

    # Decline: the small form first, the reason kept, the card and the requester told.
    await slack.press(SEOYEON, f"D{SEOYEON}", card, DECLINE_ACTION)
    await slack.wait_for(lambda c: c.method == "views.open" and c.args["view"]["callback_id"] == DECLINE_FORM)
    [form] = slack.open_views(SEOYEON, DECLINE_FORM)
    assert await _submit(slack, SEOYEON, form, reason="연말 마감 주간") is None
    [updated] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert updated.args["blocks"][-1]["elements"][0]["text"].startswith(
        "반려됨 (연말 마감 주간) · <@U0456EFGH>"
    )
    await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "반려됨" in c.args["text"]
    )
    assert await _requests(seeded_database) == [(request_id, "declined", "연말 마감 주간")]
    assert await _records(seeded_database) == []


async def test_the_home_tab_button_opens_the_form_and_a_form_sent_twice_is_one_request(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await slack.open_app_home(MINSU)
    await slack.wait_for(lambda c: c.method == "views.publish")
    home = slack.home_views[MINSU]
    [button] = [b for b in home["blocks"] if b.get("type") == "actions"]
    assert button["elements"][0]["action_id"] == OPEN_FORM_ACTION
    await slack.press(MINSU, f"D{MINSU}", {"ts": "0", "blocks": home["blocks"]}, OPEN_FORM_ACTION)
    await slack.wait_for(lambda c: c.method == "views.open")
    [view] = slack.open_views(MINSU, REQUEST_FORM)
    first, second = await asyncio.gather(
        _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-21"),
        _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-21"),
    )
    assert (first, second) == (None, None)  # the second is the first again: both close the form
    assert len(await _requests(seeded_database)) == 1  # one view: one request
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    # The same form sent once more with other dates (as after a sending that timed out): not closed as if
    # the change were stored; it names the request that was.
    [(request_id, _, _)] = await _requests(seeded_database)
    changed = await _submit(slack, MINSU, view, start="2026-12-22", end="2026-12-22")
    assert changed["response_action"] == "errors" and f"#{request_id}" in changed["errors"]["start"]
    assert len(await _requests(seeded_database)) == 1
    assert len(_cards_to(slack, SEOYEON)) == 1  # announced once, whichever sending claimed it


def _cards_to(slack: SlackStandIn, approver: str) -> list[dict[str, Any]]:
    return [m for m in slack.history[f"D{approver}"] if m.get("bot_id") and m.get("blocks")]


async def test_the_requester_cancels_and_the_approver_is_told(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await SqlPolicyStore(seeded_database.engine).change(
        lambda policy: replace(policy, announce_channel="C0ABSENCE"), "hr-kim"
    )
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(slack, MINSU, await _open_form(slack, MINSU), start="2026-12-21", end="2026-12-22")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU)
    card = _card(slack, SEOYEON)
    await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)
    await slack.wait_for(lambda c: c.method == "chat.update")
    await slack.wait_for(  # the requester told, after the card: the DM with Cancel
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "승인됨" in c.args["text"]
    )
    [(request_id, _, _)] = await _requests(seeded_database)
    assert len(await _records(seeded_database)) == 2

    # Seoyeon cannot cancel Minsu's leave; Minsu can, from the DM that told him it was approved.
    [approved] = [
        m
        for m in slack.history[f"D{MINSU}"]
        if m.get("bot_id") and "승인됨" in m.get("text", "") and m.get("blocks")
    ]
    await slack.press(SEOYEON, f"D{MINSU}", approved, CANCEL_ACTION)
    await slack.wait_for(_ephemeral_to(SEOYEON, "이 휴가 신청은 신청한 사람(김민수)만 취소할 수 있어요."))
    await slack.press(MINSU, f"D{MINSU}", approved, CANCEL_ACTION)
    # Every message of ours about it whose buttons no longer apply: the approver's card, and both of
    # Minsu's DMs with a Cancel (the one clicked, and "sent for approval"). Each says who cancelled.
    [_, *changed] = await slack.wait_for(lambda c: c.method == "chat.update", count=4)
    assert sorted(c.args["channel"] for c in changed) == sorted([f"D{MINSU}", f"D{MINSU}", f"D{SEOYEON}"])
    for edit in changed:
        assert "취소됨 · <@U0123ABCD> · " in json.dumps(edit.args["blocks"], ensure_ascii=False)
        assert "actions" not in [block["type"] for block in edit.args["blocks"]]
    [told] = await slack.wait_for(
        lambda c: (
            c.method == "chat.postMessage" and c.args["channel"] == SEOYEON and "취소됨" in c.args["text"]
        )
    )
    assert told.args["text"].startswith("*김민수* 님의 휴가 신청 #")
    assert await _requests(seeded_database) == [(request_id, "cancelled", None)]
    assert await _records(seeded_database) == []
    # The announcement channel: who and when, never the type or the reason; and the cancellation.
    announced = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == "C0ABSENCE", count=2
    )
    assert [c.args["text"] for c in announced] == [
        "김민수 부재 12/21~12/22",
        "~김민수 부재 12/21~12/22~ (취소)",
    ]


async def test_the_model_drafts_and_only_the_persons_submit_stores_it(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await slack.user_message(MINSU, "12월 24일 오후 반차 쓸래")
    [card_post] = await slack.wait_for(
        lambda c: (
            c.method == "chat.postMessage"
            and any(b.get("block_id") == "draft_actions" for b in c.args.get("blocks") or [])
        )
    )
    summary = card_post.args["blocks"][0]["text"]["text"]
    assert "2026-12-24 (0.5일, 오후 반차, 연차)" in summary and "남은 연차 7.5일 → 신청 후 7일" in summary
    assert await _requests(seeded_database) == []  # a draft changes nothing
    answers = [m for m in slack.history[f"D{MINSU}"] if m.get("bot_id") and "초안" in m.get("text", "")]
    assert any("'신청'을 눌러야 신청돼요" in m["text"] for m in answers)
    [card] = [
        m
        for m in slack.history[f"D{MINSU}"]
        if m.get("blocks") and m["blocks"][-1].get("block_id") == "draft_actions"
    ]

    # Change opens the form filled in from the draft; Submit stores it (twice: still one request).
    await slack.press(MINSU, f"D{MINSU}", card, DRAFT_CHANGE)
    await slack.wait_for(lambda c: c.method == "views.open")
    [form] = slack.open_views(MINSU, REQUEST_FORM)
    assert form["blocks"][1]["element"]["initial_date"] == "2026-12-24"
    assert form["blocks"][3]["element"]["initial_option"]["value"] == "pm"
    await asyncio.gather(*(slack.press(MINSU, f"D{MINSU}", card, DRAFT_SUBMIT) for _ in range(2)))
    [closed] = await slack.wait_for(lambda c: c.method == "chat.update" and c.args["ts"] == card["ts"])
    assert closed.args["blocks"][-1]["elements"][0]["text"].startswith("신청했어요 · #")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    [(_, state, _)] = await _requests(seeded_database)
    assert state == "pending"
    async with seeded_database.engine.connect() as connection:
        tools = (
            await connection.execute(select(audit_log.c.tool, audit_log.c.surface).order_by(audit_log.c.id))
        ).all()
    assert ("draft_leave_request", "dm") in [tuple(t) for t in tools]  # the draft is audited as a draft


async def test_a_draft_discarded_or_forged_stores_nothing(slack: SlackStandIn, start_bot, seeded_database):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await slack.user_message(MINSU, "next Thursday and Friday off")
    await slack.wait_for(
        lambda c: (
            c.method == "chat.postMessage"
            and any(b.get("block_id") == "draft_actions" for b in c.args.get("blocks") or [])
        )
    )
    [card] = [
        m
        for m in slack.history[f"D{MINSU}"]
        if m.get("blocks") and m["blocks"][-1].get("block_id") == "draft_actions"
    ]
    assert "2026-12-03 ~ 2026-12-04 (2 days, Annual leave)" in card["blocks"][0]["text"]["text"]
    await slack.press(MINSU, f"D{MINSU}", card, DRAFT_SUBMIT, value='["annual", "2026-13-01"]')
    await slack.wait_for(_ephemeral_to(MINSU, "그런 초안은 없어요. There is no such draft."))
    await slack.press(MINSU, f"D{MINSU}", card, DRAFT_DISCARD)
    [closed] = await slack.wait_for(lambda c: c.method == "chat.update" and c.args["ts"] == card["ts"])
    assert closed.args["blocks"][-1]["elements"][0]["text"] == "초안을 버렸어요."
    assert await _requests(seeded_database) == []


def _home_text(view: dict[str, Any]) -> str:
    return "\n".join(b["text"]["text"] for b in view["blocks"] if isinstance(b.get("text"), dict))


async def test_the_home_tab_lists_my_requests_and_those_waiting_for_me(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(slack, MINSU, await _open_form(slack, MINSU), start="2026-12-21", end="2026-12-22")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    [(request_id, _, _)] = await _requests(seeded_database)

    await slack.open_app_home(MINSU)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == MINSU)
    mine = _home_text(slack.home_views[MINSU])
    assert (
        "부여 15일 · 사용 7.5일 · 신청 중 2일" in mine or "신청 중 2일" in mine
    )  # pending apart, not as used
    assert f"#{request_id} 2026-12-21 ~ 2026-12-22 (2일, 연차) · 승인 대기" in mine
    await slack.open_app_home(SEOYEON)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == SEOYEON)
    theirs = _home_text(slack.home_views[SEOYEON])
    assert f"*김민수* · #{request_id} 2026-12-21 ~ 2026-12-22" in theirs

    # Approving from the Home tab: the DM card catches up, the tab is published again, Minsu is told.
    await slack.press(SEOYEON, "", slack.home_views[SEOYEON], APPROVE_ACTION)
    [card_update] = await slack.wait_for(
        lambda c: c.method == "chat.update" and c.args["channel"] == f"D{SEOYEON}"
    )
    assert card_update.args["blocks"][-1]["elements"][0]["text"].startswith("승인됨 · <@U0456EFGH>")
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == SEOYEON, count=2)
    assert "승인을 기다리는 신청" not in _home_text(slack.home_views[SEOYEON])
    await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "승인됨" in c.args["text"]
    )
    assert await _requests(seeded_database) == [(request_id, "approved", None)]

    # Minsu cancels it from his Home tab (before it starts): records gone, Seoyeon told.
    await slack.open_app_home(MINSU)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == MINSU, count=2)
    assert "· 승인됨" in _home_text(slack.home_views[MINSU])
    await slack.press(MINSU, "", slack.home_views[MINSU], CANCEL_ACTION)
    await slack.wait_for(
        lambda c: (
            c.method == "chat.postMessage" and c.args["channel"] == SEOYEON and "취소됨" in c.args["text"]
        )
    )
    assert await _requests(seeded_database) == [(request_id, "cancelled", None)]
    assert await _records(seeded_database) == []


async def test_a_card_slack_would_not_update_catches_up_on_the_next_click(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(slack, MINSU, await _open_form(slack, MINSU), start="2026-12-21", end="2026-12-21")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU)
    card = _card(slack, SEOYEON)
    slack.failing["chat.update"] = "internal_error"  # Slack fails after the decision is stored
    await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)
    await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "승인됨" in c.args["text"]
    )
    [(request_id, state, _)] = await _requests(seeded_database)
    assert state == "approved"  # the decision stands
    del slack.failing["chat.update"]
    await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)  # the card still shows its buttons
    await slack.wait_for(lambda c: c.method == "chat.postEphemeral" and c.args["user"] == SEOYEON)
    updates = await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert updates[-1].args["blocks"][-1]["elements"][0]["text"].startswith("승인됨 · <@U0456EFGH>")
    assert "actions" not in [b["type"] for b in slack.history[f"D{SEOYEON}"][0]["blocks"]]
    assert await _requests(seeded_database) == [(request_id, "approved", None)]


async def test_the_balance_answer_says_what_is_pending_apart_from_used(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(slack, MINSU, await _open_form(slack, MINSU), start="2026-12-21", end="2026-12-22")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [answer] = await slack.wait_for(
        lambda c: (
            c.method in ("chat.update", "chat.postMessage") and "남은 연차는" in (c.args.get("text") or "")
        )
    )
    # 7.5 left, as before the request: the 2 pending days are said apart, never as used; and grounded.
    assert "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)." in answer.args["text"]
    assert "신청 중 2일은 승인되면 빠져요." in answer.args["text"]


async def test_one_approver_s_card_failing_still_sends_the_others_and_tells_the_requester(
    slack: SlackStandIn, start_bot, seeded_database
):
    # No manager: the policy's HR approvers, Seoyeon then Jihoon. Seoyeon's card is refused (a 500 Slack
    # did not act on: a post is not repeated blindly, so it stays failed).
    await SqlPolicyStore(seeded_database.engine).change(
        lambda policy: replace(policy, approvers=("E1002", "E1003")), "hr-test"
    )
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    view = await _open_form(slack, MINSU)
    slack.server_error_once("chat.postMessage", status=500)
    assert await _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-22") is None
    [to_requester] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU
    )
    assert "승인을 요청했어요." in to_requester.args["text"]
    cards = [c.args["channel"] for c in slack.calls_to("chat.postMessage") if c.args["channel"] != MINSU]
    assert cards == [SEOYEON, JIHOON]  # Seoyeon's refused, Jihoon's sent after it
    assert _card(slack, JIHOON)["text"].startswith("*김민수* 님의 휴가 신청 #")
