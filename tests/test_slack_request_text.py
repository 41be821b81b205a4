"""Issue 35, text people type, over the wire (the Slack stand-in, the real Bolt app, both databases): a
reason or a decline note with a character that cannot be used, or too long, or a date out of any sane
range, comes back as an error on its field, the same on SQLite and PostgreSQL, and nothing is stored; a
reason full of Slack markup reaches the approver's card as text, never as a mention or a link."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update

from bot.db.tables import employees, leave_requests
from bot.slack.requests.request_views import DECLINE_ACTION, DECLINE_FORM, REQUEST_FORM
from tests.support.database import ScratchDatabase
from tests.support.slack import MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn

BAD_CHARACTER_KO = "이 글자는 쓸 수 없어요"


async def _with_manager(db: ScratchDatabase) -> None:
    async with db.engine.begin() as connection:  # Minsu (E1001) reports to Seoyeon (E1002)
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )


async def _stored(db: ScratchDatabase) -> list[tuple[str, str, str | None]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(leave_requests.c.state, leave_requests.c.reason, leave_requests.c.decision_note)
        )
        return [(row.state, row.reason, row.decision_note) for row in rows]


async def _form(slack: SlackStandIn, user: str) -> dict[str, Any]:
    sent = await slack.slash(user, "request")
    await slack.wait_for_ack(sent.envelope_id)
    await slack.wait_for(lambda c: c.method == "views.open")
    [view] = slack.open_views(user, REQUEST_FORM)
    return view


async def _submit(slack: SlackStandIn, user: str, view: dict[str, Any], **answers: str | None) -> Any:
    sent = await slack.submit_view(user, view, answers)
    return (await slack.wait_for_ack(sent.envelope_id)).payload


async def test_a_reason_with_a_control_character_is_a_field_error_on_both_databases(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    view = await _form(slack, MINSU)
    for reason in ("가족\x00여행", "\x1b[31m빨간 글씨", "방향\u202e바꿈"):
        refused = await _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-21", reason=reason)
        assert refused["response_action"] == "errors", reason
        assert list(refused["errors"]) == ["reason"]
        assert refused["errors"]["reason"].startswith(BAD_CHARACTER_KO)
    assert await _stored(seeded_database) == []
    # A reason of two lines is still a reason: it is stored as typed.
    assert (
        await _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-21", reason="병원\n검진") is None
    )
    assert await _stored(seeded_database) == [("pending", "병원\n검진", None)]


async def test_a_year_out_of_any_sane_range_is_a_field_error(slack: SlackStandIn, start_bot, seeded_database):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    view = await _form(slack, MINSU)
    for start, end, field in (
        ("9999-12-30", "9999-12-31", "start"),
        ("0001-01-01", "0001-01-02", "start"),
        ("2026-12-21", "9999-12-31", "end"),
    ):
        refused = await _submit(slack, MINSU, view, start=start, end=end)
        assert refused["response_action"] == "errors", (start, end)
        assert field in refused["errors"], refused
        assert "다시 신청" not in " ".join(refused["errors"].values())  # not "submit again in a moment"
    assert await _stored(seeded_database) == []


async def test_a_bad_decline_note_is_a_field_error_and_nothing_is_stored(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    await _submit(slack, MINSU, await _form(slack, MINSU), start="2026-12-24", end="2026-12-24")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON)
    [card] = [m for m in slack.history[f"D{SEOYEON}"] if m.get("bot_id") and m.get("blocks")]
    await slack.press(SEOYEON, f"D{SEOYEON}", card, DECLINE_ACTION)
    await slack.wait_for(lambda c: c.method == "views.open" and c.args["view"]["callback_id"] == DECLINE_FORM)
    [form] = slack.open_views(SEOYEON, DECLINE_FORM)
    assert form["blocks"][0]["element"]["max_length"] == 500
    for note, says in (("마감\x00주간", BAD_CHARACTER_KO), ("가" * 501, "500"), ("   ", "사유를 적어")):
        refused = await _submit(slack, SEOYEON, form, reason=note)
        assert refused["response_action"] == "errors", note
        assert list(refused["errors"]) == ["reason"] and says in refused["errors"]["reason"]
    assert await _stored(seeded_database) == [("pending", "", None)]
    assert not slack.calls_to("chat.update")
    # A good note still declines.
    assert await _submit(slack, SEOYEON, form, reason="연말 마감 주간") is None
    await slack.wait_for(lambda c: c.method == "chat.update")
    assert await _stored(seeded_database) == [("declined", "", "연말 마감 주간")]


async def test_markup_in_a_reason_reaches_the_approver_as_text(
    slack: SlackStandIn, start_bot, seeded_database
):
    await _with_manager(seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    reason = "<https://evil.example/login|click here to confirm> <!channel>\n*✅ 팀장 사전 승인됨*"
    view = await _form(slack, MINSU)
    assert await _submit(slack, MINSU, view, start="2026-12-21", end="2026-12-21", reason=reason) is None
    [to_approver] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON
    )
    summary = to_approver.args["blocks"][0]["text"]["text"]
    for shown in (summary, to_approver.args["text"]):
        assert "<http" not in shown and "<!" not in shown
        assert "&lt;https://evil.example/login|click here to confirm&gt; &lt;!channel&gt;" in shown
        assert not any(line.startswith("*✅") for line in shown.splitlines())  # no line of its own
