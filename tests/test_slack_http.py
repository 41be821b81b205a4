"""HTTP mode (no SLACK_APP_TOKEN): Bolt verifies every request's signature and timestamp."""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

import aiohttp
from slack_sdk.signature import SignatureVerifier

from tests.support.slack import MINSU
from tests.support.slack_api import SlackStandIn

SECRET = "stand-in-signing-secret"


async def _start_http_bot(start_bot):
    bot = await start_bot(SLACK_APP_TOKEN="", SLACK_SIGNING_SECRET=SECRET)
    return f"http://127.0.0.1:{bot.port}/slack/events"


def _signed(body: str, *, secret: str = SECRET, age: int = 0, content_type: str) -> dict[str, str]:
    timestamp = str(int(time.time()) - age)
    signature = str(SignatureVerifier(secret).generate_signature(timestamp=timestamp, body=body))
    return {
        "X-Slack-Request-Timestamp": timestamp,
        "X-Slack-Signature": signature,
        "Content-Type": content_type,
    }


async def _post(url: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=body.encode(), headers=headers) as resp,
    ):
        return resp.status, await resp.text()


FORM = "application/x-www-form-urlencoded"


async def test_a_signed_slash_command_is_acked_and_answered(slack: SlackStandIn, start_bot):
    url = await _start_http_bot(start_bot)
    body = urlencode(slack.slash_payload(MINSU, ""))
    status, _ = await _post(url, body, _signed(body, content_type=FORM))
    assert status == 200
    [reply] = await slack.wait_for(lambda c: c.method == "response_url")
    assert reply.args["text"].startswith("2026년 남은 연차: 7.5일")


async def test_a_bad_signature_is_rejected(slack, start_bot):
    url = await _start_http_bot(start_bot)
    body = urlencode(slack.slash_payload(MINSU, ""))
    status, _ = await _post(url, body, _signed(body, secret="not-the-secret", content_type=FORM))
    assert status == 401
    assert slack.calls_to("response_url", "users.info") == []


async def test_a_stale_signature_is_rejected(slack, start_bot):
    url = await _start_http_bot(start_bot)
    body = urlencode(slack.slash_payload(MINSU, ""))
    status, _ = await _post(url, body, _signed(body, age=10 * 60, content_type=FORM))  # replayed 10 min later
    assert status == 401
    assert slack.calls_to("response_url", "users.info") == []


async def test_events_over_http_with_a_retry_header_are_answered_once(slack, start_bot):
    url = await _start_http_bot(start_bot)
    ts = slack.new_ts()
    message = {"type": "message", "user": MINSU, "text": "올해 연차 며칠 남았어?", "ts": ts}
    slack.history[f"D{MINSU}"].append(message)
    event = message | {"channel": f"D{MINSU}", "channel_type": "im", "event_ts": ts}
    body = json.dumps(
        {
            "type": "event_callback",
            "team_id": "T0STANDIN",
            "api_app_id": "A0STANDIN",
            "event_id": "EvHTTP1",
            "event": event,
        }
    )
    status, _ = await _post(url, body, _signed(body, content_type="application/json"))
    assert status == 200
    await slack.wait_for(lambda c: c.method == "chat.update")
    retry_headers = _signed(body, content_type="application/json") | {
        "X-Slack-Retry-Num": "1",
        "X-Slack-Retry-Reason": "http_timeout",
    }
    status, _ = await _post(url, body, retry_headers)
    assert status == 200
    # A later, distinct event is answered; by then a mistaken second answer would have shown up too.
    later = body.replace("EvHTTP1", "EvHTTP2")
    await _post(url, later, _signed(later, content_type="application/json"))
    await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert len(slack.calls_to("chat.postMessage")) == 2


async def test_url_verification_challenge(slack, start_bot):
    url = await _start_http_bot(start_bot)
    body = json.dumps({"type": "url_verification", "challenge": "abc123", "token": "x"})
    status, text = await _post(url, body, _signed(body, content_type="application/json"))
    assert status == 200 and "abc123" in text


async def test_unsigned_or_malformed_requests_get_4xx_never_500_and_no_body_is_logged(
    slack, start_bot, caplog
):
    url = await _start_http_bot(start_bot)
    secret_text = "비밀 질문: 김민수 연차"
    body = urlencode(slack.slash_payload(MINSU, secret_text))
    cases = [
        ({"Content-Type": FORM}, body, 401),  # no signature at all
        (
            {"Content-Type": FORM, "X-Slack-Request-Timestamp": "soon", "X-Slack-Signature": "v0=abc"},
            body,
            401,
        ),
        (_signed("{not json", content_type="application/json"), "{not json", 400),  # signed, unparseable
        (_signed(body, age=10 * 60, content_type=FORM), body, 401),  # signed, but late
    ]
    with caplog.at_level("INFO"):
        for headers, payload, expected in cases:
            status, _ = await _post(url, payload, headers)
            assert status == expected, (headers, status)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert (
        secret_text not in logged and urlencode({"t": secret_text})[2:] not in logged and MINSU not in logged
    )
    assert slack.calls_to("response_url", "users.info") == []
