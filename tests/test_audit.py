"""The audit log: one record per lookup through the toolbox, failures and injected ids included; the
JSON Lines file stays intact under concurrent writers; `officebot audit` prints recent lookups."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from datetime import UTC, date, datetime

import pytest

from bot.hr.directory import SlackProfile, caller_for_employee_id, caller_for_slack_user
from bot.hr.store import Balance, FailingStore, JsonHrData
from bot.tools import Toolbox
from bot.tools.audit import JsonlAuditLog, LookupRecord, MemoryAuditLog, recent_lookups
from tests.test_config_and_shape import _clean_env

TODAY = date(2026, 11, 29)
NOW = datetime(2026, 11, 29, 3, 0, 0, 250000, tzinfo=UTC)


def audited_toolbox(store, audit) -> Toolbox:
    return Toolbox(store, lambda caller: TODAY, audit=audit, clock=lambda: NOW)


class ExplodingStore:
    async def get_balance(self, employee_id: str, year: int) -> Balance:
        raise RuntimeError("password=hunter2")


@pytest.mark.parametrize(
    ("store_name", "tool", "tool_input", "outcome", "year"),
    [
        ("hr", "get_leave_balance", {"year": 2026}, "ok", 2026),
        ("hr", "get_leave_balance", {"year": "2026"}, "invalid_input", None),
        ("hr", "get_leave_balance", {}, "invalid_input", None),
        ("hr", "get_leave_balance", {"year": 2026, "employee_id": "E1002"}, "injected_field", None),
        ("hr", "get_leave_balance", {"year": 20226}, "out_of_range", None),
        ("hr", "get_leave_balance", {"year": 2023}, "no_record", 2023),
        ("failing", "get_leave_balance", {"year": 2026}, "store_unavailable", 2026),
        ("exploding", "get_leave_balance", {"year": 2026}, "internal", None),
        ("hr", "get_salary", {"year": 2026}, "unknown_tool", None),
    ],
)
async def test_every_lookup_is_recorded_once_with_its_outcome(
    hr, minsu, store_name, tool, tool_input, outcome, year
):
    store = {"hr": hr, "failing": FailingStore(), "exploding": ExplodingStore()}[store_name]
    audit = MemoryAuditLog()
    result = await audited_toolbox(store, audit).dispatch(tool, tool_input, minsu)
    assert result.outcome == outcome
    assert audit.records == [
        LookupRecord(
            time="2026-11-29T03:00:00.250Z",
            slack_user_id=None,
            employee_id="E1001",
            year=year,
            outcome=outcome,
            surface="terminal",
            requested_by="model",
        )
    ]


async def test_unknown_employee_is_recorded(hr):
    audit = MemoryAuditLog()
    ghost = caller_for_employee_id(hr, "E1001")
    empty = JsonHrData([])  # the directory knows the caller, the store does not
    await audited_toolbox(empty, audit).dispatch("get_leave_balance", {"year": 2026}, ghost)
    assert [r.outcome for r in audit.records] == ["unknown_employee"]
    assert audit.records[0].year == 2026


async def test_record_carries_slack_user_surface_and_requester(hr):
    audit = MemoryAuditLog()
    caller = caller_for_slack_user(hr, SlackProfile("U0123ABCD"), surface="slash")
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
        "year": None,
        "outcome": "injected_field",
        "surface": "terminal",
        "requested_by": "model",
    }
    assert "E1002" not in line  # the injected value is refused, not copied into the log
    assert path.stat().st_mode & 0o777 == 0o600


async def test_concurrent_lookups_write_intact_lines(hr, tmp_path):
    path = tmp_path / "audit.jsonl"
    box = audited_toolbox(hr, JsonlAuditLog(path))
    callers = [caller_for_employee_id(hr, e.employee_id) for e in hr.employees]
    requests = [(callers[i % len(callers)], {"year": 2025 + i % 2}) for i in range(500)]
    await asyncio.gather(*(box.dispatch("get_leave_balance", inp, c) for c, inp in requests))

    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 500
    parsed = [json.loads(line) for line in lines]
    assert sorted(p["employee_id"] for p in parsed) == sorted(c.employee_id for c, _ in requests)


async def test_an_unwritable_audit_log_does_not_break_the_answer(hr, minsu, tmp_path):
    box = audited_toolbox(hr, JsonlAuditLog(tmp_path / "missing-dir" / "audit.jsonl"))
    outcome = await box.dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert outcome.outcome == "ok"


def test_recent_lookups_filters_by_employee_and_keeps_the_last(tmp_path):
    path = tmp_path / "audit.jsonl"
    lines = [
        LookupRecord(
            f"2026-11-29T03:00:0{i}.000Z", None, "E1001" if i % 2 else "E1002", 2026, "ok", "dm", "model"
        )
        for i in range(8)
    ]
    path.write_text("\n".join(r.to_json() for r in lines) + "\nnot json\n", encoding="utf-8")
    recent = recent_lookups(path, "E1001", limit=3)
    assert [r.time for r in recent] == [
        "2026-11-29T03:00:03.000Z",
        "2026-11-29T03:00:05.000Z",
        "2026-11-29T03:00:07.000Z",
    ]


def _run_officebot(*args: str, env: dict[str, str], cwd) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60
    )


def test_demo_lookups_are_audited_and_printed_by_officebot_audit(tmp_path):
    env = _clean_env() | {"OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl")}
    assert _run_officebot("demo", env=env, cwd=tmp_path).returncode == 0
    lines = (tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()
    assert [(json.loads(x)["year"], json.loads(x)["outcome"]) for x in lines] == [
        (2026, "ok"),
        (2025, "ok"),
        (2026, "store_unavailable"),
    ]

    result = _run_officebot("audit", "--employee", "E1001", "--limit", "2", env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0] == f"Last 2 lookup(s) for E1001 in {tmp_path / 'audit.jsonl'}, oldest first:"
    assert len(out) == 3
    assert "E1001" in out[1] and "year=2025" in out[1] and "ok" in out[1] and "by model" in out[1]
    assert "terminal" in out[2] and "store_unavailable" in out[2]

    other = _run_officebot("audit", "--employee", "E1002", env=env, cwd=tmp_path)
    assert other.stdout.startswith("No lookups for E1002")
