"""The Home tab over the wire: one views.publish per open, with the caller's figures for this year and last
year read by code (audited, no model call), the recent records, a hint to ask in the DM; a refused person
sees the refusal and no figure."""

from __future__ import annotations

from sqlalchemy import select

from bot import text
from bot.db.tables import audit_log
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack import CONNECT_GUEST, GUEST, MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


def _home_text(view: dict) -> str:
    parts = []
    for block in view["blocks"]:
        if block.get("text"):
            parts.append(block["text"]["text"])
        texts = [e["text"] for e in block.get("elements") or [] if "text" in e]
        parts += [t if isinstance(t, str) else t["text"] for t in texts]  # a button's label is an object
    return "\n".join(parts)


async def test_home_shows_this_and_last_years_leave_and_recent_records(
    slack: SlackStandIn, start_bot, messages_api, seeded_database
):
    model: MessagesAPIStandIn = await messages_api()
    await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url)
    sent = await slack.open_app_home(MINSU)
    [publish] = await slack.wait_for(lambda c: c.method == "views.publish")
    assert (await slack.wait_for_ack(sent.envelope_id)).payload is None
    assert publish.args["user_id"] == MINSU
    shown = _home_text(slack.home_views[MINSU])
    assert "2026년 남은 연차 *7.5일*\n부여 15일 · 사용 7.5일" in shown
    assert "2025년 남은 연차 *0일*\n부여 15일 · 사용 11.5일 · 소멸 3.5일" in shown
    assert "기준일 2026-11-29" in shown
    # `grants=imported`: what is left of HR's 2026 row lapses after December 31 (the balance's 7.5); HR
    # holds no 2027 grant, so the next one is the Act's (hire date 2024-03-04), said as the Act's.
    assert "근로기준법상 다음 연차 *16일* · 2027-03-04 발생 (인사 데이터에는 아직 없음)" in shown
    assert "가장 가까운 소멸 · 7.5일은 2026-12-31까지 (다음 날 소멸)" in shown
    recent = shown.split(text.HOME_RECENT.ko)[1].split("\n")[1:6]
    assert recent == [
        "• 2026-10-09 · 1일 · 연차",
        "• 2026-09-15 · 1일 · 병가",
        "• 2026-07-27 · 2일 · 연차",
        "• 2026-05-04 · 3일 · 연차",
        "• 2026-03-02 · 0.5일 · 연차",
    ]
    assert "메시지" in shown  # the hint to ask in the DM
    assert model.requests == []  # computed by code: no model call
    columns = (audit_log.c.tool, audit_log.c.surface, audit_log.c.requested_by)
    async with seeded_database.engine.connect() as connection:
        rows = [tuple(row) for row in (await connection.execute(select(*columns))).all()]
    assert sorted(rows) == sorted(
        [(t, "home", "code") for t in ("get_leave_balance", "list_leave_taken") for _ in (2026, 2025)]
        + [("get_leave_entitlement", "home", "code")]
    )
    await slack.open_app_home(MINSU)
    await slack.wait_for(lambda c: c.method == "views.publish", count=2)
    assert len(slack.calls_to("views.publish")) == 2  # one per open


async def test_home_speaks_the_persons_language(slack: SlackStandIn, start_bot):
    slack.users[SEOYEON]["locale"] = "en-US"
    await start_bot()
    await slack.open_app_home(SEOYEON)
    await slack.wait_for(lambda c: c.method == "views.publish")
    shown = _home_text(slack.home_views[SEOYEON])
    assert shown.startswith(text.HOME_TITLE.en) and "As of 2026-11-29" in shown and "left" in shown


async def test_a_guest_or_another_organisation_sees_the_refusal_and_no_figure(slack: SlackStandIn, start_bot):
    await start_bot()
    for user in (GUEST, CONNECT_GUEST):  # both carry an employee's email
        await slack.open_app_home(user)
    await slack.wait_for(lambda c: c.method == "views.publish", count=2)
    for user, refusal in ((GUEST, text.REFUSED_GUEST), (CONNECT_GUEST, text.REFUSED_OTHER_WORKSPACE)):
        view = slack.home_views[user]
        assert _home_text(view) == refusal
        assert not any(ch.isdigit() for ch in _home_text(view))
