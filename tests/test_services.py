"""`open_services`: the one composition root. It honours OFFICEBOT_GROUNDING and OFFICEBOT_AUDIT, takes a
port as an override, closes what it opened, and registers tools through the same hook as the built-in
one (a test-only tool is driven through the loop here)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections.abc import Mapping
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import ToolParam
from sqlalchemy import func, select

from bot import text
from bot.agent.conversation import Conversation
from bot.cli.demo import UnavailableStore
from bot.config import Settings
from bot.db.import_export import import_files
from bot.db.request_audit import REFUSALS_AUDITED
from bot.db.tables import audit_log
from bot.domain.requests import Actor
from bot.hr.bundled import bundled_data_path
from bot.llm.client import make_client
from bot.services import open_services
from bot.tools import BUILTIN_TOOLS
from bot.tools.registry import ToolContext, ToolError, ToolOutput
from tests.support.assistant import tracked
from tests.support.clock import fixed_clock
from tests.support.messages_api import text_reply, tool_reply
from tests.support.ports import stored_balance
from tests.support.process import dead_pid

THIS_YEAR = "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        # Named figures (the default): the typed 12 is never posted; looked up by code, said plainly.
        ({}, f"{THIS_YEAR}\n{text.VERIFIED_ONLY.ko}"),
        ({"OFFICEBOT_GROUNDING": "on"}, f"{THIS_YEAR}\n{text.VERIFIED_ONLY.ko}"),
        # A plain-text answer typing a number: never posted; looked up by code, said plainly.
        ({"OFFICEBOT_DECLARED_FIGURES": "off"}, f"{THIS_YEAR}\n{text.VERIFIED_ONLY.ko}"),
        ({"OFFICEBOT_GROUNDING": "off"}, "올해 남은 연차는 12일이에요."),
    ],
)
async def test_grounding_setting_decides_whether_an_unlooked_number_is_posted(
    messages_api, minsu, tmp_path, env, expected
):
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl"), **env})
    api = await messages_api([text_reply("올해 남은 연차는 12일이에요.")])
    model = tracked(make_client("test-key", api.base_url, max_retries=0))
    async with open_services(settings, model=model, clock=fixed_clock) as services:
        turn = await services.assistant.run_turn(
            [{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu
        )
    assert turn.answer == expected


async def test_lookups_are_written_to_the_configured_audit_file(messages_api, minsu, tmp_path):
    path = tmp_path / "audit.jsonl"
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(path)})
    # Statements with no lookup behind them: the check looks the year up by code, audited as code's.
    guess = text_reply('{"say": ["remaining(2026)"]}')
    api = await messages_api([guess, guess])
    model = tracked(make_client("test-key", api.base_url, max_retries=0))
    async with open_services(settings, model=model, clock=fixed_clock) as services:
        await services.assistant.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    async with open_services(settings, model=model, clock=fixed_clock, leave=UnavailableStore()) as outage:
        await outage.assistant.run_turn([{"role": "user", "content": "올해 연차?"}], minsu)

    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [(r["detail"].get("year"), r["outcome"], r["requested_by"]) for r in records] == [
        (2026, "ok", "code"),
        (2026, "store_unavailable", "code"),
    ]
    # The model's "today" is pinned; the audit keeps the real time of each lookup.
    for record in records:
        written = datetime.fromisoformat(record["time"].replace("Z", "+00:00"))
        assert abs((datetime.now(tz=UTC) - written).total_seconds()) < 600


async def test_what_it_opens_it_closes_and_what_it_is_given_it_leaves_open(tmp_path):
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl")})
    given = make_client(None)
    async with open_services(settings) as services, open_services(settings, model=given) as borrowed:
        opened = services.model
        assert not opened.is_closed() and borrowed.model is given
    assert opened.is_closed()
    assert not given.is_closed()
    await given.close()


WEEKDAY: ToolParam = {
    "name": "get_weekday",
    "description": "The weekday of a date in the current year.",
    "input_schema": {
        "type": "object",
        "properties": {"month": {"type": "integer"}, "day": {"type": "integer"}},
        "required": ["month", "day"],
        "additionalProperties": False,
    },
    "strict": True,
}


class WeekdayTool:
    """A second tool, for this test only: what weekday a date falls on. Registered like the built-in one."""

    name = "get_weekday"
    declaration = WEEKDAY

    def __init__(self) -> None:
        self.seen: list[ToolContext] = []

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        self.seen.append(ctx)
        try:
            day = ctx.today.replace(month=tool_input["month"], day=tool_input["day"])
        except (TypeError, ValueError):
            raise ToolError("no such date") from None
        return ToolOutput(data={"weekday": day.strftime("%A")}, detail={"month": day.month, "day": day.day})


async def test_a_second_tool_is_one_object_and_one_registry_line(messages_api, minsu, tmp_path):
    weekday = WeekdayTool()
    settings = Settings.from_env({"OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl")})
    api = await messages_api(
        [
            tool_reply(("t1", {"month": 12, "day": 25}), name="get_weekday"),
            tool_reply(("t2", {"month": 2, "day": 30}), ("t3", {"year": 2026}), name="get_weekday"),
            text_reply('{"say": ["day(\\"2026-12-25\\")"]}'),  # code writes the weekday and the day
        ]
    )
    model = tracked(make_client("test-key", api.base_url, max_retries=0))
    async with open_services(
        settings, model=model, clock=fixed_clock, tools=(*BUILTIN_TOOLS, weekday)
    ) as services:
        turn = await services.assistant.run_turn(
            [{"role": "user", "content": "What day is Christmas?"}], minsu
        )

    assert [t["name"] for t in api.requests[0]["tools"]] == [
        "get_leave_balance",
        "list_leave_taken",
        "count_working_days",
        "get_day",
        "get_leave_entitlement",
        "draft_leave_request",
        "get_weekday",
    ]
    first_results = api.requests[1]["messages"][-1]["content"]
    assert first_results == [
        {"type": "tool_result", "tool_use_id": "t1", "content": '{"weekday":"Friday"}', "is_error": False}
    ]
    second_results = api.requests[2]["messages"][-1]["content"]
    assert [(r["tool_use_id"], r["is_error"], json.loads(r["content"])) for r in second_results] == [
        ("t2", True, {"error": "no such date", "kind": "invalid_input"}),
        (
            "t3",
            True,
            {
                "error": "unexpected input field(s): year; only 'month', 'day' are accepted",
                "kind": "injected_field",
            },
        ),
    ]
    assert [ctx.caller for ctx in weekday.seen] == [minsu, minsu]  # identity comes from us, not the input
    assert turn.answer == "Friday, December 25 is a public holiday (Christmas Day).", turn.trace
    audit = [json.loads(x) for x in (tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(a["tool"], a["detail"], a["outcome"]) for a in audit] == [
        ("get_weekday", {"month": 12, "day": 25}, "ok"),
        ("get_weekday", {}, "invalid_input"),
        ("get_weekday", {}, "injected_field"),
    ]


async def test_an_import_shows_in_the_next_answer_without_a_restart(newcomer, minsu):
    settings = Settings.from_env({})  # the embedded database in the working directory
    question = Conversation.start("올해 연차 며칠 남았어?")
    async with open_services(settings, clock=fixed_clock) as services:
        before = await services.assistant.run_turn(question, minsu)
        update = newcomer / "grants.csv"
        update.write_text("employee_id,year,granted\nE1001,2026,20\n", encoding="utf-8")
        await import_files(services.engine, [update])  # what `officebot data import grants.csv` runs
        after = await services.assistant.run_turn(question, minsu)
    assert "남은 연차는 7.5일" in before.answer
    assert "남은 연차는 12.5일" in after.answer  # 20 granted − 7.5 used, read afresh


async def test_a_data_file_is_served_exactly_and_leaves_the_embedded_database_alone(newcomer):
    own = newcomer / "ours.json"
    own.write_text(
        '{"employees": [{"employee_id": "Z1", "name": "정우성", "email": "woosung@example.com", '
        '"annual_leave": {"2026": {"granted": 12, "used": 2.5}}}]}',
        encoding="utf-8",
    )
    settings = Settings.from_env({"OFFICEBOT_DATA": str(own)})
    async with open_services(settings, clock=fixed_clock) as services:
        assert await services.directory.employee_by_id("E1001") is None  # no demo employees
        assert (await stored_balance(services.leave, "Z1", 2026)).remaining == Decimal("9.5")
    assert not (newcomer / "officebot.db").exists()


async def test_each_store_kind_is_opened_once_and_shared(newcomer):
    """One composition root: the ports `Services` answers with are the very stores `Services.stores` holds,
    so the requests' refusal-audit budget (and the audit's write queue) is one per process, not one per copy."""
    settings = Settings.from_env({})
    async with open_services(settings, clock=fixed_clock) as services:
        stores = services.stores
        assert services.requests is stores.requests
        assert services.directory is stores.hr and services.leave is stores.hr
        assert services.policy is stores.policy
        assert services.feedback is stores.feedback
        assert services.request_outbox is stores.request_outbox
        assert services.team is stores.team and services.calendar_feeds is stores.calendar_feeds
        # One budget: forged clicks through either path count against the same per-person minute.
        forger = Actor("E1003")
        for store in [services.requests, stores.requests] * REFUSALS_AUDITED:
            await store.record_refusal(424242, "approve", forger, "unknown_request", "card")
        async with services.engine.connect() as connection:
            audited = await connection.scalar(
                select(func.count()).select_from(audit_log).where(audit_log.c.outcome == "refused")
            )
    assert audited == REFUSALS_AUDITED


def _left_copy(temp: Path, name: str, marker: str | None) -> Path:
    """A folder as an OFFICEBOT_DATA process leaves it when killed: its database, and its marker."""
    folder = temp / name
    folder.mkdir()
    (folder / "officebot.db").write_bytes(b"HR data")
    if marker is not None:
        (folder / "officebot-data.pid").write_text(marker, encoding="ascii")
    return folder


async def test_a_data_copy_left_by_a_dead_process_is_removed_at_the_next_start(newcomer, monkeypatch):
    temp = newcomer / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    gone = dead_pid()
    alive = subprocess.Popen(["sleep", "60"])  # any running process; `sleep` starts at once
    try:
        stale = _left_copy(temp, f"officebot-data-{gone}-k9x2", f"{gone}\n")
        # Our pid, but not a folder this process made: an earlier process with the same pid (a restarted
        # container's pid 1) left it.
        same_pid_earlier = _left_copy(temp, f"officebot-data-{os.getpid()}-old1", f"{os.getpid()}\n")
        kept = [
            _left_copy(temp, f"officebot-data-{alive.pid}-live", f"{alive.pid}\n"),  # still running
            _left_copy(temp, f"officebot-data-{gone}-nomark", None),  # no marker: not known to be ours
            _left_copy(temp, f"officebot-data-{gone}-other", f"{alive.pid}\n"),  # marker disagrees
            _left_copy(temp, "officebot-data-export", f"{gone}\n"),  # not our name
            _left_copy(temp, f"something-else-{gone}-x", f"{gone}\n"),
        ]
        (temp / f"officebot-data-{gone}-file").write_text(f"{gone}\n")  # a file, not a folder
        kept.append(temp / f"officebot-data-{gone}-file")

        settings = Settings.from_env({"OFFICEBOT_DATA": str(bundled_data_path())})
        async with open_services(settings, clock=fixed_clock) as services:
            assert not stale.exists() and not same_pid_earlier.exists()
            [own] = temp.glob(f"officebot-data-{os.getpid()}-*")
            assert Path(str(services.engine.url.database)).parent == own.resolve()
            # A second one in the same process (as tests do) leaves the first alone.
            async with open_services(settings, clock=fixed_clock):
                assert own.exists()
        assert not own.exists()  # the normal exit removes its own
        assert all(path.exists() for path in kept)
    finally:
        alive.kill()
        alive.wait()
