"""Configuration errors, the architecture's invariants, and the demo as a newcomer runs it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[1]


def test_defaults():
    settings = Settings.from_env({})
    assert settings.offline
    assert settings.timezone == "Asia/Seoul"
    assert settings.trace is False
    assert settings.slack_api_url == "https://slack.com/api/"


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"OFFICEBOT_TIMEZONE": "Mars/Olympus"}, "OFFICEBOT_TIMEZONE"),
        ({"OFFICEBOT_TRACE": "maybe"}, "OFFICEBOT_TRACE"),
        ({"OFFICEBOT_GROUNDING": "sometimes"}, "OFFICEBOT_GROUNDING"),
        ({"SLACK_API_URL": "slack.local"}, "SLACK_API_URL"),
        ({"ANTHROPIC_BASE_URL": "localhost:8080"}, "ANTHROPIC_BASE_URL"),
        ({"OFFICEBOT_TODAY": "29/11/2026"}, "OFFICEBOT_TODAY"),
    ],
)
def test_config_error_is_one_line_naming_the_variable(env, variable):
    with pytest.raises(ConfigError) as info:
        Settings.from_env(env)
    assert str(info.value).startswith(variable)
    assert "\n" not in str(info.value)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_and_tools_know_nothing_of_slack():
    for package in ("core", "tools", "hr", "llm"):
        for path in (ROOT / "bot" / package).rglob("*.py"):
            bad = {n for n in _imports(path) if n.startswith(("bot.slack", "slack_bolt", "slack_sdk"))}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_only_config_reads_the_environment():
    for path in (ROOT / "bot").rglob("*.py"):
        if path.name == "config.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "os.environ" not in text and "getenv" not in text, path.relative_to(ROOT)


def test_caller_is_built_only_in_the_directory():
    for path in (ROOT / "bot").rglob("*.py"):
        if path.name == "directory.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Caller":
                pytest.fail(f"{path.relative_to(ROOT)} builds a Caller; only bot/hr/directory.py may")


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "OFFICEBOT_", "SLACK_"))}
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_demo_runs_offline_and_prints_the_table(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_clean_env(),
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "offline model" in out
    assert '"strict": true' in out and "employee_id" not in out.split("=== ①")[0]
    assert "| 시나리오 | 1차 stop_reason | 요청한 도구·인자 | tool_result | 최종 답 |" in out
    assert out.count("[model call 2]") == 3  # ①, ② and ④ each call the model twice; ③ once
    assert "is_error: the HR system is unavailable" in out


def test_bad_data_file_stops_with_one_line(tmp_path):
    bad = tmp_path / "hr.json"
    bad.write_text('{"employees": [{"employee_id": "E1"}]}', encoding="utf-8")
    env = _clean_env() | {"OFFICEBOT_DATA": str(bad)}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo"], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"officebot: {bad}: employees[0] (E1): name must be a non-empty string"


def test_chat_keeps_the_conversation_in_the_terminal(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--as", "E1002", "--trace"],
        input="올해 연차 며칠 남았어?\n작년엔 며칠이었지?\n\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    answers = [line for line in result.stdout.splitlines() if line.startswith("bot> ")]
    assert "2026년 남은 연차는 12.25일" in answers[0]
    assert "2025년 남은 연차는 6.75일" in answers[1]  # the follow-up resolved 작년 from the conversation
    assert '[tool_use] get_leave_balance {"year": ' in result.stdout
