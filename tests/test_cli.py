"""`officebot demo` and `officebot chat` as a newcomer runs them: in-process through `main(argv)`, plus
one run of the real entry point in its own process."""

from __future__ import annotations

import io

from bot.cli import main
from tests.support.process import run_officebot


def test_demo_runs_offline_and_prints_the_table(newcomer, capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "offline model" in out
    assert '"strict": true' in out and "employee_id" not in out.split("=== ①")[0]
    assert "| 시나리오 | 1차 stop_reason | 요청한 도구·인자 | tool_result | 최종 답 |" in out
    assert out.count("[model call 2]") == 3  # ①, ② and ④ each call the model twice; ③ once
    assert "is_error: the HR system is unavailable" in out


def test_the_real_entry_point_runs_the_demo(tmp_path):
    result = run_officebot("demo", cwd=tmp_path, OFFICEBOT_AUDIT=str(tmp_path / "audit.jsonl"))
    assert result.returncode == 0, result.stderr
    assert "| ④ 조회 실패" in result.stdout


def test_bad_data_file_stops_with_one_line(newcomer, monkeypatch, capsys):
    bad = newcomer / "hr.json"
    bad.write_text('{"employees": [{"employee_id": "E1"}]}', encoding="utf-8")
    monkeypatch.setenv("OFFICEBOT_DATA", str(bad))
    assert main(["demo"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"officebot: OFFICEBOT_DATA: {bad}:employees[0] (E1): name: missing "
        f"(and 2 more: `officebot data import --dry-run {bad}` lists them)"
    )


def test_chat_keeps_the_conversation_in_the_terminal(newcomer, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("올해 연차 며칠 남았어?\n작년엔 며칠이었지?\n\n"))
    assert main(["chat", "--as", "E1002", "--trace"]) == 0
    out = capsys.readouterr().out
    answers = [line for line in out.splitlines() if "bot> " in line]
    assert "2026년 남은 연차는 12.25일" in answers[0]
    assert "2025년 남은 연차는 6.75일" in answers[1]  # the follow-up resolved 작년 from the conversation
    assert '[tool_use] get_leave_balance {"year": ' in out


def test_an_unknown_employee_is_one_line(newcomer, capsys):
    assert main(["chat", "--as", "E9999"]) == 2
    assert capsys.readouterr().err.strip() == "officebot: No employee with id 'E9999' in the HR data."
