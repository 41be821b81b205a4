"""`officebot demo` and `officebot chat` as a newcomer runs them: in-process through `main(argv)`, plus
Ctrl-C in a chat process of its own (the real entry point's demo runs from the wheel, in
test_architecture.py)."""

from __future__ import annotations

import asyncio
import codecs
import io
import logging
import signal
from pathlib import Path

import pytest

from bot.cli import main
from tests.support.process import start_typed_officebot


def test_demo_runs_offline_and_prints_the_table(newcomer, capsys):
    assert main(["demo", "--verbose"]) == 0
    out = capsys.readouterr().out
    assert "offline model" in out
    assert '"strict": true' in out and "employee_id" not in out.split("=== ①")[0]
    assert "| 시나리오 | 1차 stop_reason | 요청한 도구·인자 | tool_result | 최종 답 |" in out
    assert out.count("[model call 2]") == 3  # ①, ② and ④ each call the model twice; ③ once
    assert 'is_error: {"error":"the HR system is unavailable' in out  # the tool_result, as data


def test_bad_data_file_stops_with_one_line(newcomer, monkeypatch, capsys):
    bad = newcomer / "hr.json"
    bad.write_text('{"employees": [{"employee_id": "E1"}]}', encoding="utf-8")
    monkeypatch.setenv("OFFICEBOT_DATA", str(bad))
    assert main(["demo"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"officebot: OFFICEBOT_DATA: {bad}:employees[0] (E1): name: missing "
        f"(and 2 more: unset OFFICEBOT_DATA and run `officebot data import --dry-run {bad}` to list them)"
    )


def test_chat_keeps_the_conversation_in_the_terminal(newcomer, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("올해 연차 며칠 남았어?\n작년엔 며칠이었지?\n\n"))
    assert main(["chat", "--as", "E1002", "--trace"]) == 0
    out = capsys.readouterr().out
    answers = [line for line in out.splitlines() if "bot> " in line]
    assert "2026년 남은 연차는 12.25일" in answers[0]
    assert (
        "2025년 남은 연차는 0일이에요 (부여 16일, 사용 9.25일, 소멸 6.75일)" in answers[1]
    )  # the follow-up resolved 작년 from the conversation
    assert '[tool_use] get_leave_balance {"year": ' in out


def test_an_unknown_employee_is_one_line_naming_valid_ids(newcomer, capsys):
    assert main(["chat", "--as", "E9999"]) == 2
    assert capsys.readouterr().err.strip() == (
        "officebot: No employee with id 'E9999' in the HR data. Try one of: E1001, E1002, E1003, E1004, E1005."
    )


@pytest.mark.parametrize(
    ("lines", "argv", "env", "expected", "unexpected"),
    [
        # a blank line is ignored; /quit ends the session
        ("\n\n올해 연차 며칠 남았어?\n/quit\n작년은?\n", ["chat"], {}, ["7.5일"], ["2025년"]),
        ("exit\n올해 연차 며칠 남았어?\n", ["chat"], {}, [], ["bot> "]),
        ("/help\n", ["chat"], {}, ["/trace  toggle the step trace", "Ctrl-C stops an answer"], []),
        # OFFICEBOT_TRACE=on is honoured by chat
        (
            "올해 연차 며칠 남았어?\n",
            ["chat"],
            {"OFFICEBOT_TRACE": "on"},
            ["[tool_use] get_leave_balance"],
            [],
        ),
        # ids match case-insensitively
        ("올해 연차 며칠 남았어?\n", ["chat", "--as", "e1002"], {}, ["as E1002 (이서연)", "12.25일"], []),
        # a drafted leave request: no card in the terminal, and it says so
        (
            "12월 24일 오후 반차 쓸래\n",
            ["chat"],
            {},
            ["휴가 신청 초안을 만들었어요", "(초안 2026-12-24 pm, 0.5일: 터미널에서는"],
            [],
        ),
        # the offline notice is said once, in the banner
        ("", ["chat"], {}, ["Model: offline model"], ["WARNING"]),
    ],
)
def test_chat_session(newcomer, monkeypatch, capsys, lines, argv, env, expected, unexpected):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(argv) == 0
    captured = capsys.readouterr()
    out = captured.out + captured.err
    for fragment in expected:
        assert fragment in out
    for fragment in unexpected:
        assert fragment not in out
    assert out.count("offline model") == 1


def test_version(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == "officebot 0.1.0"


def test_the_chat_starts_with_the_banner_only(newcomer, monkeypatch, capsys, caplog):
    monkeypatch.setattr("sys.stdin", io.StringIO("/quit\n"))
    assert main(["chat"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    # What `chat` logs at WARNING and above would be on a process's stderr: nothing is.
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert captured.out.startswith("OfficeBot chat as E1001 (김민수). Model: offline model")


def test_data_import_prints_every_bad_row_and_changes_nothing(newcomer, capsys):
    bad = newcomer / "leave.csv"
    bad.write_text(
        "employee_id,date,days,type,note\nE1001,2026-02-30,1,annual,\nE1001,2026-03-03,0.3,annual,\n",
        encoding="utf-8",
    )
    assert main(["data", "import", str(bad)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [  # a fresh embedded file, not seeded for data commands: nobody is known yet
        f'{bad}:2: date: "2026-02-30" is not a real date',
        f"{bad}:2: employee_id: unknown employee E1001 (2 rows): not in this import's employees nor in "
        "the database",
        f"{bad}:3: days: 0.3 is not a positive multiple of 0.25 up to 366",
        "officebot: nothing imported: 3 problem(s)",
    ]
    capsys.readouterr()
    assert main(["data", "export", str(newcomer / "out")]) == 0  # nothing was written: no records at all
    assert (newcomer / "out" / "leave.csv").read_text(encoding="utf-8").splitlines() == [
        "employee_id,date,days,type,note"
    ]


def test_data_import_dry_run_then_import_then_export_and_check(newcomer, capsys):
    people = newcomer / "employees.csv"
    people.write_text(
        "employee_id,name,email,slack_user_id,hire_date\nE7001,한지민,jimin.han@example.com,,2021-04-01\n",
        encoding="utf-8",
    )
    grants = newcomer / "grants.csv"
    grants.write_text("employee_id,year,granted\nE7001,2026,17\n", encoding="utf-8")  # the Act's 17
    assert main(["data", "import", "--dry-run", str(people), str(grants)]) == 0
    assert "checked, nothing written (--dry-run)" in capsys.readouterr().out
    assert main(["data", "import", str(people), str(grants)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 employee(s), 1 grant(s), 0 leave record(s) imported into sqlite+aiosqlite:///")
    assert main(["data", "export", str(newcomer / "out")]) == 0
    assert "E7001,2026,17" in (newcomer / "out" / "grants.csv").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "check"]) == 0  # a fresh embedded file: only what was imported (no demo data)
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith(
            "0 problem(s) and 0 grant(s) unlike the Act (hire_date basis) in sqlite+aiosqlite:///"
            + str((newcomer / "officebot.db").resolve())
            + "."
        )
    )


def test_database_commands_refuse_a_data_file(newcomer, monkeypatch, capsys):
    monkeypatch.setenv("OFFICEBOT_DATA", str(newcomer / "hr.json"))
    for command in (["data", "check"], ["audit", "--employee", "E1001"], ["db", "upgrade"]):
        assert main(command) == 2
        [line] = capsys.readouterr().err.strip().splitlines()
        assert line.startswith("officebot: OFFICEBOT_DATA is set:")


class Screen:
    """What a process has printed so far (it must write unbuffered), read on demand."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream
        self._decoder = codecs.getincrementaldecoder("utf-8")()  # a character may span two reads
        self.text = ""
        self._seen_up_to = 0  # `until` looks only after the last text it found

    async def until(self, wanted: str, timeout: float = 30) -> None:
        """Until `wanted` is printed after the last text waited for."""
        async with asyncio.timeout(timeout):
            while (found := self.text.find(wanted, self._seen_up_to)) < 0:
                chunk = await self._stream.read(4096)
                if not chunk:
                    raise AssertionError(f"output ended before {wanted!r}: {self.text}")
                self.text += self._decoder.decode(chunk)
        self._seen_up_to = found + len(wanted)


async def _reading_stdin(pid: int, timeout: float = 20) -> None:
    """Until the process's main thread is blocked reading its standard input (Linux: /proc's current
    syscall is read(0, …)). "you> " is printed just before that read: a SIGINT landing in between is only
    acted on once the read returns, that is at the next line typed, so the chat would seem to ignore it."""
    where = Path(f"/proc/{pid}/syscall")
    if not where.exists():
        return
    async with asyncio.timeout(timeout):
        while not where.read_text().startswith("0 0x0 "):
            await asyncio.sleep(0.01)


async def test_ctrl_c_cancels_the_answer_in_progress_then_quits_at_the_prompt(
    tmp_path, messages_api, seeded_sqlite
):
    # Why this once failed (a 20 s timeout in 1 run of 2): the second Ctrl-C was sent a fixed second after
    # the first. On a busy machine the chat had not yet finished cancelling the answer, so Ctrl-C ② landed
    # inside the event loop instead of at the prompt. Now each Ctrl-C waits for what it needs on the
    # screen (unbuffered output): ① for the question to reach the model, ② for the prompt after /help.
    api = await messages_api(latency=8)  # an answer that would take long
    chat = await start_typed_officebot(
        "chat",
        cwd=tmp_path,
        # A migrated, seeded copy: the chat's start-up is its imports, not the embedded file's migration and
        # seeding (test_chat_session covers those, in a fresh directory).
        OFFICEBOT_DATABASE_URL=seeded_sqlite.url,
        ANTHROPIC_API_KEY="test-key",
        ANTHROPIC_BASE_URL=api.base_url,
        PYTHONUNBUFFERED="1",
        PYTHONFAULTHANDLER="1",  # SIGABRT prints where every thread is: what a hang is waiting for
    )
    assert chat.stdin is not None and chat.stdout is not None
    screen = Screen(chat.stdout)
    await screen.until("you> ")
    chat.stdin.write("올해 연차 며칠 남았어?\n".encode())
    await chat.stdin.drain()
    await api.wait_for_requests(1)  # the question reached the model: the answer is in progress
    chat.send_signal(signal.SIGINT)  # ① cancels the answer; the session goes on
    await screen.until("(cancelled; ask again, or /quit)")
    chat.stdin.write(b"/help\n")
    await chat.stdin.drain()
    await screen.until("/trace  toggle the step trace")
    await screen.until("you> ")  # back at the prompt
    await _reading_stdin(chat.pid)
    chat.send_signal(signal.SIGINT)  # ② at the prompt: quits
    try:
        await asyncio.wait_for(asyncio.shield(chat.wait()), timeout=20)
    except TimeoutError:
        chat.send_signal(signal.SIGABRT)
        _, err = await chat.communicate()
        raise AssertionError(f"the chat did not quit; where it was:\n{err.decode()}") from None
    out, err = await chat.communicate()
    assert chat.returncode == 0, err.decode()
    text = screen.text + out.decode()
    assert "(cancelled; ask again, or /quit)" in text
    assert "/trace  toggle the step trace" in text  # the prompt was still there after ①
    assert "Traceback" not in err.decode()
