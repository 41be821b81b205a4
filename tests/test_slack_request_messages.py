"""Issue 35 over the wire: who is told of a leave request, from the database, never from a click's payload.
An approver who cannot act in Slack (a guest) is passed over; a decision HR makes at the terminal reaches
Slack while the bot runs; a click whose value names another request than its card is refused and
audited; the decline form carries the request's id only."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, select, update

from bot.db.policy import SqlPolicyStore
from bot.db.requests import SqlRequestStore
from bot.db.tables import audit_log, employees, leave_records, leave_requests
from bot.domain.requests import Actor
from bot.slack.answering.draft_views import DRAFT_DISCARD
from bot.slack.requests.request_views import APPROVE_ACTION, DECLINE_ACTION, DECLINE_FORM, REQUEST_FORM
from tests.support.database import ScratchDatabase
from tests.support.slack import JIHOON, MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


async def _manager(db: ScratchDatabase, employee: str, manager: str | None) -> None:
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == employee).values(manager_id=manager)
        )


async def _states(db: ScratchDatabase) -> list[tuple[int, str]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(leave_requests.c.id, leave_requests.c.state).order_by(leave_requests.c.id)
        )
        return [(row.id, row.state) for row in rows]


async def _request(slack: SlackStandIn, start: str, end: str) -> Any:
    """Minsu fills in the form from `/leave request`; the ack's payload (None: stored)."""
    before = len(slack.open_views(MINSU, REQUEST_FORM))
    await slack.slash(MINSU, "request")
    await slack.wait_for(lambda c: c.method == "views.open", count=before + 1)
    view = slack.open_views(MINSU, REQUEST_FORM)[-1]
    sent = await slack.submit_view(MINSU, view, {"start": start, "end": end})
    return (await slack.wait_for_ack(sent.envelope_id)).payload


async def _one_request_and_its_card(
    slack: SlackStandIn, start_bot: Any, db: ScratchDatabase
) -> tuple[int, dict[str, Any]]:
    """Minsu (reporting to Seoyeon) requests one day through the form; his request's id and Seoyeon's card."""
    await _manager(db, "E1001", "E1002")
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    assert await _request(slack, "2026-12-21", "2026-12-21") is None
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU)
    [(request_id, _)] = await _states(db)
    [card] = _cards(slack, SEOYEON)
    return request_id, card


def _cards(slack: SlackStandIn, user: str) -> list[dict[str, Any]]:
    return [
        m for m in slack.history.get(f"D{user}", []) if m.get("bot_id") and "님의 휴가 신청 #" in m["text"]
    ]


async def test_a_guest_manager_is_passed_over_for_the_policy_s_approvers(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    await _manager(seeded_database, "E1001", "E1003")  # Minsu's manager is Jihoon…
    slack.users[JIHOON]["is_restricted"] = True  # …whose Slack account is a guest's
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    # No one else may approve: refused at the door, nothing stored, no card to the guest.
    refused = await _request(slack, "2026-12-21", "2026-12-21")
    assert "HR" in refused["errors"]["leave_type"]
    assert await _states(seeded_database) == []
    # With an HR approver, the request goes to them, as if Minsu had no manager.
    await SqlPolicyStore(seeded_database.engine).change(
        lambda policy: replace(policy, approvers=("E1002",)), "hr-kim"
    )
    assert await _request(slack, "2026-12-21", "2026-12-21") is None
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU)
    [card] = _cards(slack, SEOYEON)
    assert _cards(slack, JIHOON) == []  # nothing of Minsu's leave went to the guest
    await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)
    await slack.wait_for(lambda c: c.method == "chat.update" and c.args["channel"] == f"D{SEOYEON}")
    [(_, state)] = await _states(seeded_database)
    assert state == "approved"


async def test_a_decision_made_at_the_terminal_reaches_slack_while_the_bot_runs(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    await _manager(seeded_database, "E1001", "E1002")
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    assert await _request(slack, "2026-12-21", "2026-12-22") is None
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU)
    [(request_id, _)] = await _states(seeded_database)
    # `officebot requests decline ID --reason …`: another process, with no Slack client.
    store = SqlRequestStore(seeded_database.engine)
    policy = await SqlPolicyStore(seeded_database.engine).current()
    hr = Actor(None, hr_user="hr-kim")
    moved = await store.move(request_id, "decline", hr, policy, date(2026, 11, 29), "cli", "인원 부족")
    assert moved.moved
    [edit] = await slack.wait_for(lambda c: c.method == "chat.update" and c.args["channel"] == f"D{SEOYEON}")
    assert "반려됨 (인원 부족) · HR" in str(edit.args["blocks"])
    [told] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU and "반려됨" in c.args["text"]
    )
    assert told.args["text"].startswith(f"휴가 신청 #{request_id}: 반려됨 (인원 부족) · HR")
    [card] = _cards(slack, SEOYEON)
    assert "actions" not in [block["type"] for block in card["blocks"]]


async def test_a_click_whose_value_names_another_request_is_refused_and_audited(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    await _manager(seeded_database, "E1001", "E1002")
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    for day in ("2026-12-21", "2026-12-23"):
        assert await _request(slack, day, day) is None
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU, count=2)
    [(first, _), (second, _)] = await _states(seeded_database)
    first_card = next(c for c in _cards(slack, SEOYEON) if f"#{first}" in c["text"])
    # Seoyeon may decide both; a click on the first card naming the second is still refused.
    await slack.press(SEOYEON, f"D{SEOYEON}", first_card, APPROVE_ACTION, value=str(second))
    await slack.wait_for(
        lambda c: (
            c.method == "chat.postEphemeral"
            and c.args["user"] == SEOYEON
            and "처리할 수 없어요" in c.args["text"]
        )
    )
    assert await _states(seeded_database) == [(first, "pending"), (second, "pending")]
    assert not slack.calls_to("chat.update")
    async with seeded_database.engine.connect() as connection:
        refused = (
            await connection.execute(
                select(audit_log.c.detail, audit_log.c.slack_user_id).where(audit_log.c.outcome == "refused")
            )
        ).all()
    assert [(r.detail, r.slack_user_id) for r in refused] == [
        ({"request": second, "action": "approve", "refused": "card_mismatch", "by": "E1002"}, SEOYEON)
    ]


async def test_the_decline_form_carries_the_request_id_only_and_a_forged_one_changes_nothing(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    request_id, card = await _one_request_and_its_card(slack, start_bot, seeded_database)
    await slack.press(SEOYEON, f"D{SEOYEON}", card, DECLINE_ACTION)
    await slack.wait_for(lambda c: c.method == "views.open" and c.args["view"]["callback_id"] == DECLINE_FORM)
    [form] = slack.open_views(SEOYEON, DECLINE_FORM)
    assert form["private_metadata"] == str(request_id)  # no card, no channel, no ts
    # Jihoon submits a decline form he forged for Minsu's request: refused; the card is not touched.
    forged = {**form, "id": "VFORGED", "user": JIHOON}
    await slack.submit_view(JIHOON, forged, {"reason": "<!channel> 가짜 반려"})
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == JIHOON)
    assert await _states(seeded_database) == [(request_id, "pending")]
    assert not slack.calls_to("chat.update")


async def test_a_refused_decline_click_is_audited_and_a_forged_discard_never_edits_a_request_message(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    request_id, card = await _one_request_and_its_card(slack, start_bot, seeded_database)
    await slack.press(JIHOON, f"D{SEOYEON}", card, DECLINE_ACTION)  # not Jihoon's to decline
    await slack.wait_for(lambda c: c.method == "chat.postEphemeral" and c.args["user"] == JIHOON)
    async with seeded_database.engine.connect() as connection:
        refused = (
            await connection.execute(select(audit_log.c.detail).where(audit_log.c.outcome == "refused"))
        ).scalars()
    assert list(refused) == [
        {"request": request_id, "action": "decline", "refused": "not_allowed", "by": "E1003"}
    ]
    # Minsu's own "sent for approval" note, named by a hand-made Discard click as if it were a draft's card.
    [note] = [m for m in slack.history[f"D{MINSU}"] if m.get("bot_id") and "승인을 요청했어요" in m["text"]]
    forged = {
        **note,
        "blocks": [
            {
                "type": "actions",
                "elements": [
                    {
                        "type": "button",
                        "action_id": DRAFT_DISCARD,
                        "value": '["annual", "2026-12-21", "2026-12-21", "full", ""]',
                    }
                ],
            }
        ],
    }
    await slack.press(MINSU, f"D{MINSU}", forged, DRAFT_DISCARD)
    await slack.wait_for(lambda c: c.method == "conversations.open" and c.args.get("users") == MINSU)
    await slack.user_message(MINSU, "고마워")  # a later question is answered: the click's work is done
    await slack.wait_for(
        lambda c: c.method in ("chat.update", "chat.postMessage") and "천만에" in str(c.args)
    )
    assert not [c for c in slack.calls_to("chat.update") if c.args.get("ts") == note["ts"]]


async def test_the_approval_card_warns_when_approving_would_put_more_than_max_out_per_day_out(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await _manager(db, "E1003", "E1002")  # Jihoon, Minsu's teammate, is off on the 21st already
    async with db.engine.begin() as connection:
        await connection.execute(
            insert(leave_records).values(
                employee_id="E1003", taken_on=date(2026, 12, 21), days=Decimal(1), leave_type="annual"
            )
        )
    await SqlPolicyStore(db.engine).change(lambda p: replace(p, max_out_per_day=1), "hr-test")
    _, card = await _one_request_and_its_card(slack, start_bot, db)
    assert "⚠ 승인하면 12/21에 팀원 최대 2명이 부재예요 (정책상 하루 1명까지)." in card["text"]
