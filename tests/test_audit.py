"""The audit log: one record per tool request through the toolbox, failures and injected ids included;
the JSON Lines file stays intact under concurrent writers; `officebot audit` prints recent lookups."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import pytest

from bot.audit_file import JsonlAuditLog
from bot.cli import main
from bot.cli.demo import UnavailableStore
from bot.db.audit import SqlAuditLog
from bot.db.hr import SqlHrStore
from bot.hr.directory import SlackProfile, caller_for_employee_id, caller_for_slack_user
from bot.ports.audit import AuditUnavailable, LookupRecord
from bot.tools import BUILTIN_TOOLS
from bot.tools.toolbox import Toolbox
from tests.support.assistant import make_assistant
from tests.support.clock import FIXED_CALENDAR
from tests.support.ports import BUNDLED_EMPLOYEE_IDS, ExplodingStore, MemoryAuditLog

NOW = datetime(2026, 11, 29, 3, 0, 0, 250000, tzinfo=UTC)


def audited_toolbox(store, audit) -> Toolbox:
    return Toolbox(
        BUILTIN_TOOLS, leave=store, today_for=FIXED_CALENDAR.today_for, audit=audit, clock=lambda: NOW
    )


@pytest.mark.parametrize(
    ("store_name", "tool", "tool_input", "outcome", "recorded_tool", "year"),
    [
        ("hr", "get_leave_balance", {"year": 2026}, "ok", "get_leave_balance", 2026),
        ("hr", "get_leave_balance", {"year": "2026"}, "invalid_input", "get_leave_balance", None),
        ("hr", "get_leave_balance", {}, "invalid_input", "get_leave_balance", None),
        (
            "hr",
            "get_leave_balance",
            {"year": 2026, "employee_id": "E1002"},
            "injected_field",
            "get_leave_balance",
            None,
        ),
        ("hr", "get_leave_balance", {"year": 20226}, "out_of_range", "get_leave_balance", None),
        ("hr", "get_leave_balance", {"year": 2023}, "no_record", "get_leave_balance", 2023),
        ("failing", "get_leave_balance", {"year": 2026}, "store_unavailable", "get_leave_balance", 2026),
        ("exploding", "get_leave_balance", {"year": 2026}, "internal", "get_leave_balance", None),
        ("hr", "get_salary", {"year": 2026}, "unknown_tool", None, None),  # an invented name is not kept
    ],
)
async def test_every_lookup_is_recorded_once_with_its_outcome(
    hr, minsu, store_name, tool, tool_input, outcome, recorded_tool, year
):
    store = {"hr": hr, "failing": UnavailableStore(), "exploding": ExplodingStore()}[store_name]
    audit = MemoryAuditLog()
    result = await audited_toolbox(store, audit).dispatch(tool, tool_input, minsu)
    assert result.outcome == outcome
    assert audit.records == [
        LookupRecord(
            time="2026-11-29T03:00:00.250Z",
            slack_user_id=None,
            employee_id="E1001",
            tool=recorded_tool,
            detail={} if year is None else {"year": year},
            outcome=outcome,
            surface="terminal",
            requested_by="model",
        )
    ]


async def test_unknown_employee_is_recorded(hr, database):
    audit = MemoryAuditLog()
    ghost = await caller_for_employee_id(hr, "E1001")
    empty = SqlHrStore(database.engine)  # the directory knows the caller, this store does not
    await audited_toolbox(empty, audit).dispatch("get_leave_balance", {"year": 2026}, ghost)
    assert [r.outcome for r in audit.records] == ["unknown_employee"]
    assert audit.records[0].detail == {"year": 2026}


async def test_record_carries_slack_user_surface_and_requester(hr):
    audit = MemoryAuditLog()
    caller = await caller_for_slack_user(hr, SlackProfile("U0123ABCD"), surface="slash")
    await audited_toolbox(hr, audit).dispatch(
        "get_leave_balance", {"year": 2025}, caller, requested_by="code"
    )
    [entry] = audit.records
    assert (entry.slack_user_id, entry.employee_id, entry.surface, entry.requested_by) == (
        "U0123ABCD",
        "E1001",
        "slash",
        "code",
    )


async def test_jsonl_line_has_exactly_the_documented_fields(hr, minsu, tmp_path):
    path = tmp_path / "audit.jsonl"
    await audited_toolbox(hr, JsonlAuditLog(path)).dispatch(
        "get_leave_balance", {"year": 2026, "employee_id": "E1002"}, minsu
    )
    [line] = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(line) == {
        "time": "2026-11-29T03:00:00.250Z",
        "slack_user_id": None,
        "employee_id": "E1001",
        "tool": "get_leave_balance",
        "detail": {},
        "outcome": "injected_field",
        "surface": "terminal",
        "requested_by": "model",
    }
    assert "E1002" not in line  # the injected value is refused, not copied into the log
    assert path.stat().st_mode & 0o777 == 0o600


async def test_concurrent_lookups_write_intact_lines(hr, tmp_path):
    path = tmp_path / "audit.jsonl"
    box = audited_toolbox(hr, JsonlAuditLog(path))
    callers = [await caller_for_employee_id(hr, e) for e in BUNDLED_EMPLOYEE_IDS]
    requests = [(callers[i % len(callers)], {"year": 2025 + i % 2}) for i in range(500)]
    await asyncio.gather(*(box.dispatch("get_leave_balance", inp, c) for c, inp in requests))

    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 500
    parsed = [json.loads(line) for line in lines]
    assert sorted(p["employee_id"] for p in parsed) == sorted(c.employee_id for c, _ in requests)


async def test_an_unwritable_audit_log_fails_closed(hr, minsu, tmp_path):
    box = audited_toolbox(hr, JsonlAuditLog(tmp_path / "missing-dir" / "audit.jsonl"))
    with pytest.raises(AuditUnavailable):
        await box.dispatch("get_leave_balance", {"year": 2026}, minsu)


async def test_records_go_to_the_database_and_read_back(database, hr, minsu):
    sink = SqlAuditLog(database.engine)
    box = audited_toolbox(hr, sink)
    await box.dispatch("get_leave_balance", {"year": 2026}, minsu)
    await box.dispatch("get_leave_balance", {"year": 2026, "employee_id": "E1002"}, minsu)
    await box.dispatch("list_leave_taken", {"year": 2025}, minsu, requested_by="code")
    records = await sink.recent("E1001", limit=2)
    assert [(r.tool, r.detail, r.outcome, r.requested_by) for r in records] == [
        ("get_leave_balance", {}, "injected_field", "model"),
        ("list_leave_taken", {"year": 2025}, "ok", "code"),
    ]
    assert records[0].time == "2026-11-29T03:00:00.250Z"
    assert await sink.recent("E1002", limit=5) == []  # an injected id is never recorded as the subject


async def test_an_answer_whose_audit_row_cannot_be_written_is_not_posted(messages_api, hr, minsu, database):
    async with database.engine.begin() as connection:
        await connection.exec_driver_sql("DROP TABLE audit_log")
    api = await messages_api()  # the offline model looks the balance up
    assistant = make_assistant(api, hr, grounding=True, audit=SqlAuditLog(database.engine))
    turn = await assistant.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    assert turn.ended == "audit_failed"
    assert turn.answer == "죄송해요, 지금은 연차 정보를 보여 드릴 수 없어요. 잠시 후 다시 물어봐 주세요."
    assert len(api.requests) == 1  # the result never went back to the model either
    assert "7.5" not in str(turn.messages)


def test_demo_lookups_are_audited_and_printed_by_officebot_audit(newcomer, capsys):
    tmp_path = newcomer
    assert main(["demo"]) == 0
    lines = [json.loads(x) for x in (tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(x["tool"], x["detail"].get("year"), x["outcome"]) for x in lines] == [
        ("get_leave_balance", 2026, "ok"),
        ("get_leave_balance", 2025, "ok"),
        ("get_leave_balance", 2026, "store_unavailable"),
    ]
    capsys.readouterr()

    assert main(["audit", "--employee", "E1001", "--limit", "2"]) == 0  # reads the database
    out = capsys.readouterr().out.splitlines()
    database = f"sqlite+aiosqlite:///{(tmp_path / 'officebot.db').resolve()}"
    assert out[0] == f"Last 2 lookup(s) for E1001 in {database}, oldest first:"
    assert len(out) == 3
    assert "E1001" in out[1] and "year=2025" in out[1] and "ok" in out[1] and "by model" in out[1]
    assert "terminal" in out[2] and "store_unavailable" in out[2]

    assert main(["audit", "--employee", "E1002"]) == 0
    assert capsys.readouterr().out.startswith("No lookups for E1002")


async def test_an_existing_audit_file_becomes_owner_only(hr, minsu, tmp_path):
    path = tmp_path / "audit.jsonl"
    path.write_text("", encoding="utf-8")
    path.chmod(0o644)
    await audited_toolbox(hr, JsonlAuditLog(path)).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert path.stat().st_mode & 0o777 == 0o600


GOOD_LINE = (
    '{"time":"2026-11-29T00:00:00.000Z","slack_user_id":null,"employee_id":"E1001","tool":"get_leave_balance",'
    '"detail":{"year":2026},"outcome":"ok","surface":"terminal","requested_by":"model"}'
)


@pytest.mark.parametrize(
    ("bad_line", "why"),
    [
        ("{not json", "not JSON"),
        ('{"employee_id":"E1001","outcome":"ok"}', "missing fields"),
        (GOOD_LINE.replace('"detail":{"year":2026}', '"detail":null'), "detail not an object"),
        (GOOD_LINE.replace('"outcome":"ok"', '"outcome":3'), "a field of the wrong type"),
        ('["a","list"]', "not an object"),
        (GOOD_LINE[:60], "cut short"),
    ],
)
def test_officebot_audit_skips_malformed_lines_and_says_how_many(newcomer, capsys, bad_line, why):
    path = newcomer / "old-audit.jsonl"
    path.write_text("\n".join([GOOD_LINE, bad_line, "", GOOD_LINE]) + "\n", encoding="utf-8")
    assert main(["audit", "--employee", "E1001", "--file", str(path)]) == 0, why
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Last 2 lookup(s) for E1001 in {path}, oldest first: (1 malformed record(s) skipped)"
    assert len(out) == 3 and all("get_leave_balance" in line and "year=2026" in line for line in out[1:])
