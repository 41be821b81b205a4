"""Issue 35: what a leave request owes people survives a process killed with SIGKILL in the middle of a
Slack call, on both databases: a real `officebot run` is killed while the stand-in holds its call, and the
bot started again delivers every owed message exactly once (a post Slack carried out before the kill is
found by its metadata, not posted again)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, update

from bot.db.tables import employees, leave_requests
from bot.slack.requests.request_views import APPROVE_ACTION, REQUEST_FORM
from tests.support.database import ScratchDatabase
from tests.support.process import start_officebot
from tests.support.slack import MINSU, SEOYEON, bot_env
from tests.support.slack_api import Call, SlackStandIn

# Both processes live on 2026-11-29, as the other Slack tests do (the killed one through OFFICEBOT_TODAY).
PINNED = {"OFFICEBOT_TODAY": "2026-11-29", "OFFICEBOT_TAKEOVER_AFTER": "1"}


async def _with_manager(db: ScratchDatabase) -> None:
    async with db.engine.begin() as connection:  # Minsu (E1001) reports to Seoyeon (E1002)
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )


def _postgres(db: ScratchDatabase) -> bool:
    return db.url.startswith("postgresql")


@asynccontextmanager
async def _killed_at_the_end(slack: SlackStandIn, db: ScratchDatabase, tmp_path: Path) -> AsyncIterator[None]:
    """A real `officebot run` for the block; SIGKILL at its end (no grace, no release), and then its lease
    on the request's delivery run out."""
    env = bot_env(slack, None, OFFICEBOT_DATABASE_URL=db.url, **PINNED)
    process = await start_officebot("run", cwd=tmp_path, **env)
    try:
        await slack.until_connected(timeout=60)  # a process starting on a busy machine can take a while
        yield
    finally:
        process.send_signal(signal.SIGKILL)
        await process.wait()
    if _postgres(db):  # SQLite's next process takes the lease at once (the run lock says it is alone)
        await _lease_run_out(db)


async def _lease_run_out(db: ScratchDatabase) -> None:
    """Until no delivery lease is still valid (OFFICEBOT_TAKEOVER_AFTER=1: a second at most)."""
    while True:
        async with db.engine.connect() as connection:
            until = (await connection.execute(select(func.max(leave_requests.c.deliver_until)))).scalar()
        if until is None or until.replace(tzinfo=until.tzinfo or UTC) < datetime.now(UTC):
            return
        await asyncio.sleep(0.1)


async def _request_leave(slack: SlackStandIn) -> None:
    sent = await slack.slash(MINSU, "request")
    await slack.wait_for_ack(sent.envelope_id, timeout=60)
    await slack.wait_for(lambda c: c.method == "views.open", timeout=60)
    [view] = slack.open_views(MINSU, REQUEST_FORM)
    submitted = await slack.submit_view(MINSU, view, {"start": "2026-12-21", "end": "2026-12-22"})
    assert (await slack.wait_for_ack(submitted.envelope_id, timeout=60)).payload is None  # stored


def _to(user: str, says: str | None = None) -> Callable[[Call], bool]:
    return lambda c: (
        c.method == "chat.postMessage"
        and c.args["channel"] == user
        and (says is None or says in str(c.args.get("text")))
    )


def _ours(slack: SlackStandIn, user: str, says: str) -> list[dict[str, Any]]:
    return [m for m in slack.history[f"D{user}"] if m.get("bot_id") and says in m.get("text", "")]


async def test_killed_between_submit_and_the_card_the_card_and_the_note_come_once_after_restart(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase, tmp_path: Path
):
    # One real process a database (each costs a start-up): on SQLite the card's post never reaches Slack;
    # on PostgreSQL Slack posts it and the answer is never read.
    slack_did_it = _postgres(seeded_database)
    await _with_manager(seeded_database)
    async with _killed_at_the_end(slack, seeded_database, tmp_path):
        (slack.do_then_hold_once if slack_did_it else slack.hold_once)("chat.postMessage")
        await _request_leave(slack)
        await slack.wait_for(_to(SEOYEON), timeout=60)  # the approver's card: held, the process killed
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)  # its first sweep runs at start
    await slack.wait_for(_to(MINSU, "승인을 요청했어요."))
    [card] = _ours(slack, SEOYEON, "님의 휴가 신청 #")
    assert "actions" in [block["type"] for block in card["blocks"]]  # Approve / Decline, once
    assert len(_ours(slack, MINSU, "승인을 요청했어요.")) == 1
    posts_to_seoyeon = [c for c in slack.calls_to("chat.postMessage") if c.args["channel"] == SEOYEON]
    # Posted by the killed process and found again by its metadata, or posted once after the restart.
    assert len(posts_to_seoyeon) == (1 if slack_did_it else 2)


async def test_killed_after_a_decision_everyone_is_told_once_after_restart(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase, tmp_path: Path
):
    # On SQLite the card's edit never reaches Slack; on PostgreSQL Slack tells Minsu, the process never knows.
    lost = "requester_note" if _postgres(seeded_database) else "card_edit"
    await _with_manager(seeded_database)
    async with _killed_at_the_end(slack, seeded_database, tmp_path):
        await _request_leave(slack)
        await slack.wait_for(_to(MINSU, "승인을 요청했어요."), timeout=60)  # the card went before it
        if lost == "card_edit":
            slack.hold_once("chat.update")  # never reaches Slack: the card keeps its buttons
        else:
            slack.do_then_hold_once("chat.postMessage")  # Slack tells Minsu; the process never knows
        [card] = _ours(slack, SEOYEON, "님의 휴가 신청 #")
        await slack.press(SEOYEON, f"D{SEOYEON}", card, APPROVE_ACTION)
        held: Callable[[Call], bool] = (
            (lambda c: c.method == "chat.update") if lost == "card_edit" else _to(MINSU, "승인됨")
        )
        await slack.wait_for(held, timeout=60)
    async with seeded_database.engine.connect() as connection:
        [state] = (await connection.execute(select(leave_requests.c.state))).scalars()
    assert state == "approved"  # stored before the kill
    edits_before = len(slack.calls_to("chat.update"))  # the killed process's, held or done
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    if lost == "card_edit":  # the restarted bot makes the edit that never reached Slack
        await slack.wait_for(lambda c: c.method == "chat.update", count=edits_before + 1)
    await slack.wait_for(_to(MINSU, "승인됨"))
    [card] = _ours(slack, SEOYEON, "님의 휴가 신청 #")
    assert "actions" not in [block["type"] for block in card["blocks"]]  # no live Approve / Decline
    assert len(_ours(slack, MINSU, "승인됨")) == 1  # told once, whichever process told him
