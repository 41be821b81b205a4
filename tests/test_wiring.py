"""build_core honours OFFICEBOT_GROUNDING and OFFICEBOT_AUDIT: the check is on by default, off when asked,
and every lookup lands in the configured audit file."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from bot.config import Settings
from bot.hr.store import FailingStore
from bot.llm.client import make_client
from bot.wiring import build_core
from standins.messages_api import text_reply
from tests.conftest import fixed_clock, tracked


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."),
        ({"OFFICEBOT_GROUNDING": "on"}, "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."),
        ({"OFFICEBOT_GROUNDING": "off"}, "올해 남은 연차는 12일이에요."),
    ],
)
async def test_grounding_setting_decides_whether_an_unlooked_number_is_posted(
    messages_api, minsu, tmp_path, env, expected
):
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl"), **env})
    api = await messages_api([text_reply("올해 남은 연차는 12일이에요.")])
    core = build_core(
        settings, client=tracked(make_client("test-key", api.base_url, max_retries=0)), clock=fixed_clock
    )
    turn = await core.assistant.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    assert turn.answer == expected


async def test_lookups_are_written_to_the_configured_audit_file(messages_api, minsu, tmp_path):
    path = tmp_path / "audit.jsonl"
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(path)})
    api = await messages_api([text_reply("12일"), text_reply("12일")])
    core = build_core(
        settings, client=tracked(make_client("test-key", api.base_url, max_retries=0)), clock=fixed_clock
    )
    await core.assistant.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    await core.with_store(FailingStore()).run_turn([{"role": "user", "content": "올해 연차?"}], minsu)

    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [(r["year"], r["outcome"], r["requested_by"]) for r in records] == [
        (2026, "ok", "code"),
        (2026, "store_unavailable", "code"),
    ]
    # The model's "today" is pinned; the audit keeps the real time of each lookup.
    for record in records:
        written = datetime.fromisoformat(record["time"].replace("Z", "+00:00"))
        assert abs((datetime.now(tz=UTC) - written).total_seconds()) < 600
