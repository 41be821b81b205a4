"""`/healthz`, `/readyz` and `/metrics`: beside `/slack/events` in HTTP mode, on OFFICEBOT_HEALTH_PORT in
Socket Mode; ready means connected to Slack and to a database that takes writes."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3

import aiohttp

from tests.support.database import cut_off, make_test_database, read_only, release_test_database
from tests.support.slack import MINSU, brisk


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _settled_metrics(url: str) -> str:
    """The metrics once no answer is in flight and both questions are counted. An answer's counts move
    just after its last post (its slot is freed before the answer is posted), so wait for them too."""
    for _ in range(100):
        _, text = await _get(url)
        counted = 'answered_total{surface="dm"}' in text and 'answered_total{surface="slash"}' in text
        if "officebot_answers_in_flight 0.0" in text and counted:
            return text
        await asyncio.sleep(0.05)
    raise AssertionError("answers still in flight after 5 s")


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def test_socket_mode_serves_health_and_counts_what_it_answers(slack, start_bot):
    bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()))
    base = f"http://127.0.0.1:{bot.health_port}"
    assert await _get(f"{base}/healthz") == (200, "ok\n")
    status, body = await _get(f"{base}/readyz")
    assert status == 200 and '"ready": true' in body
    await slack.slash(MINSU)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method in ("response_url", "chat.update"), count=2)
    metrics = await _settled_metrics(f"{base}/metrics")
    assert 'officebot_questions_received_total{surface="slash"} 1.0' in metrics
    assert 'officebot_questions_answered_total{surface="dm"} 1.0' in metrics
    assert "officebot_model_calls_total 2.0" in metrics  # the DM's two calls; /leave alone made none
    assert 'officebot_tool_calls_total{outcome="ok",tool="get_leave_balance"} 2.0' in metrics
    assert 'officebot_answer_seconds_count{surface="dm"} 1.0' in metrics
    assert "officebot_answers_in_flight 0.0" in metrics


async def test_http_mode_serves_health_beside_the_events(slack, start_bot):
    bot = await start_bot(SLACK_APP_TOKEN="", SLACK_SIGNING_SECRET="secret")
    status, _ = await _get(f"http://127.0.0.1:{bot.port}/healthz")
    assert status == 200
    assert (await _get(f"http://127.0.0.1:{bot.port}/readyz"))[0] == 200


async def test_not_ready_while_the_database_is_gone(slack, start_bot, tmp_path):
    db = await make_test_database("postgresql", tmp_path, seeded=True)
    try:
        bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()), OFFICEBOT_DATABASE_URL=db.url)
        readyz = f"http://127.0.0.1:{bot.health_port}/readyz"
        assert (await _get(readyz))[0] == 200
        async with cut_off(db):
            status, body = await _get(readyz)
        assert status == 503 and "database unreachable" in body
        assert (await _get(readyz))[0] == 200  # back by itself
    finally:
        await bot.stop()
        await release_test_database(db)


async def test_not_ready_while_postgresql_refuses_writes(slack, start_bot, tmp_path):
    # A failover to a standby: reads still work, so `SELECT 1` alone would call this ready.
    db = await make_test_database("postgresql", tmp_path, seeded=True)
    try:
        bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()), OFFICEBOT_DATABASE_URL=db.url)
        readyz = f"http://127.0.0.1:{bot.health_port}/readyz"
        assert (await _get(readyz))[0] == 200
        async with read_only(db):
            status, body = await _get(readyz)
        assert status == 503
        assert json.loads(body)["problems"] == {"database": "database refuses writes (read-only)"}
        assert (await _get(readyz))[0] == 200  # writable again
    finally:
        await bot.stop()
        await release_test_database(db)


async def test_not_ready_while_another_connection_holds_the_sqlite_write_lock(slack, start_bot):
    bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()), pacing=brisk(write_check_timeout=0.2))
    readyz = f"http://127.0.0.1:{bot.health_port}/readyz"
    assert (await _get(readyz))[0] == 200
    holder = sqlite3.connect(bot.settings.database.file, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # the write lock, held until ROLLBACK
        status, body = await _get(readyz)
        assert status == 503
        assert json.loads(body)["problems"] == {"database": "database refuses writes (locked)"}
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (await _get(readyz))[0] == 200
