"""Issue 31, "today is today": `chat` against a company's database (OFFICEBOT_DATABASE_URL) uses the real
date; on the embedded default (the bundled demo data, written for 2026-11-29) `demo` and `chat` keep the
data's date and say so in their first lines; `/help` lists, by example, what the offline model reads, and
each example is one it answers."""

from __future__ import annotations

import asyncio
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.cli import main
from bot.cli.chat import OFFLINE_EXAMPLES
from tests.support.database import seeded_embedded_database


def _chat(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *lines: str) -> list[str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["chat", "--as", "E1001"]) == 0
    return capsys.readouterr().out.splitlines()


def test_chat_on_a_company_database_uses_the_real_date(newcomer, monkeypatch, capsys):
    (newcomer / "company").mkdir()
    data = asyncio.run(seeded_embedded_database(newcomer / "company"))  # a database named by its URL
    monkeypatch.setenv("OFFICEBOT_DATABASE_URL", f"sqlite:///{data}")
    said = _chat(monkeypatch, capsys, "오늘 며칠이야?")
    today = datetime.now(ZoneInfo("Asia/Seoul")).date()
    assert not any(line.startswith("Today is taken as") for line in said)
    [answer] = [line for line in said if "bot> " in line]
    assert f"{today.year}년 {today.month}월 {today.day}일" in answer


def test_demo_and_chat_on_the_bundled_data_say_which_day_they_take(newcomer, monkeypatch, capsys):
    assert main(["demo"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "on 2026-11-29 (the bundled demo data's date" in first
    said = _chat(monkeypatch, capsys)
    assert said[1].startswith("Today is taken as 2026-11-29 (the bundled demo data's date")
    monkeypatch.setenv("OFFICEBOT_TODAY", "2026-12-04")
    assert _chat(monkeypatch, capsys)[1] == "Today is taken as 2026-12-04 (OFFICEBOT_TODAY)."


def test_help_lists_what_the_offline_model_reads_and_each_example_is_answered(newcomer, monkeypatch, capsys):
    said = _chat(monkeypatch, capsys, "/help", *OFFLINE_EXAMPLES)
    shown = "\n".join(said)
    assert "Without a key, questions like these are read:" in shown
    assert all(f"  {example}" in said for example in OFFLINE_EXAMPLES)
    answers = [line for line in said if line.startswith("you> bot> ")]
    assert len(answers) == len(OFFLINE_EXAMPLES)
    for answer in answers:  # none is the offline model saying it does not read the question
        assert "물어봐 주세요" not in answer and "Ask me" not in answer and "can't" not in answer, answer
