"""The first hour of a new user at the terminal (issue 32): every command ends quietly when its reader goes
away, and bad input is one line on stderr naming the problem, exit status 2, nothing written. In-process
through `main(argv)`, on the embedded database of a fresh directory; one real process, for what only the
interpreter's exit does."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.cli import READER_GONE, main
from tests.support.database import seeded_embedded_database

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "fixtures" / "employees.json"


@pytest.fixture
async def seeded(newcomer: Path) -> Path:
    """The fresh directory's embedded database holding the bundled demo data (E1001–E1005)."""
    await seeded_embedded_database(newcomer)
    return newcomer


@contextmanager
def closed_reader() -> Iterator[io.TextIOWrapper]:
    """Standard output as a pipe whose reader has gone (`| head -1` after its line): writing to it fails
    with EPIPE, as in a real pipeline (Python ignores SIGPIPE). Set inside the test: capsys puts its own
    back at the start of each test phase."""
    reader, writer = os.pipe()
    os.close(reader)
    saved = sys.stdout
    with open(writer, "w", encoding="utf-8") as stdout:
        sys.stdout = stdout
        try:
            yield stdout
        finally:
            sys.stdout = saved


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# ----- the reader goes away --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["policy", "show"],
        ["audit", "--employee", "E1001"],
        ["entitlement", "--hire-date", "2000-01-01", "--json"],
        ["entitlement", "--hire-date", "2000-01-01"],
        ["requests", "list"],
        ["feedback"],
    ],
)
def test_a_command_ends_quietly_when_its_reader_goes_away(seeded, capsys, argv):
    with closed_reader() as stdout:
        assert main(argv) == READER_GONE  # as a shell reports a process SIGPIPE ended
        stdout.flush()  # what the interpreter does at exit: nothing left to fail there either
    assert capsys.readouterr().err == ""


def test_help_ends_quietly_when_its_reader_goes_away(capsys):
    with closed_reader() as stdout:
        assert main(["--help"]) == READER_GONE
        stdout.flush()
    assert capsys.readouterr().err == ""


def test_a_real_process_ends_quietly_into_a_closed_pipe(newcomer):
    """The interpreter's own exit flush, which only a real process has: it once printed "Exception ignored
    … BrokenPipeError" and exited 120. `entitlement` needs no database, so the process is short."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        ended = subprocess.run(
            [sys.executable, "-m", "bot", "entitlement", "--hire-date", "1990-01-01"],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            cwd=newcomer,
            timeout=60,
        )
    finally:
        os.close(writer)
    assert (ended.returncode, ended.stderr) == (READER_GONE, "")


# ----- data export -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "problem"),
    [
        ("out.json", "out.json is a file: give a directory to write the files into"),  # made below
        ("backup.json", "backup.json names a file, but export writes a directory of files"),
        ("backup.CSV", "backup.CSV names a file"),
        ("missing/deeper/out", "missing/deeper: no such directory"),
        ("/proc/officebot-nope", "cannot write in /proc/officebot-nope"),  # even root cannot
    ],
)
def test_data_export_refuses_a_path_it_cannot_use_and_writes_nothing(seeded, capsys, target, problem):
    (seeded / "out.json").write_text("kept\n", encoding="utf-8")
    before = sorted(p.name for p in seeded.iterdir())
    assert main(["data", "export", target, "--format", "json"]) == 2
    captured = capsys.readouterr()
    line = one_line(captured.err)
    assert line.startswith("officebot: data export: ") and problem in line
    assert captured.out == ""
    assert sorted(p.name for p in seeded.iterdir()) == before
    assert (seeded / "out.json").read_text(encoding="utf-8") == "kept\n"


def test_data_export_writes_into_a_new_directory(seeded, capsys):
    assert main(["data", "export", "backup", "--format", "json"]) == 0
    assert capsys.readouterr().out.strip() == str(Path("backup") / "employees.json")
    assert (seeded / "backup" / "employees.json").is_file()


# ----- employee ids ----------------------------------------------------------------------------------------


def test_policy_refuses_an_approver_who_is_no_employee(seeded, capsys):
    assert main(["policy", "set", "approvers=E1002,E9999"]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("officebot: approvers: no such active employee: 'E9999' (try one of: E1001,")
    assert line.endswith(": nothing changed")
    assert main(["policy", "show"]) == 0
    assert "(never changed: the defaults)" in capsys.readouterr().out


def test_policy_stores_an_approver_as_the_hr_data_spells_the_id(seeded, capsys):
    assert main(["policy", "set", "approvers=e1002"]) == 0
    assert capsys.readouterr().out.strip() == "approvers: (none) -> E1002"


def test_ids_match_whatever_their_case_and_an_unknown_one_says_so(seeded, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("올해 연차 며칠 남았어?\n"))
    assert main(["chat", "--as", "e1001"]) == 0  # one lookup, audited under E1001
    capsys.readouterr()
    assert main(["audit", "--employee", "e1001"]) == 0
    assert capsys.readouterr().out.startswith("Last 1 lookup(s) for E1001 in ")
    assert main(["requests", "list", "--employee", "e1001"]) == 0
    assert capsys.readouterr().out.strip() == "no leave requests."
    for argv in (["audit", "--employee", "E9999"], ["requests", "list", "--employee", "e9999"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert one_line(captured.err).startswith("officebot: no such employee: ")
        assert captured.out == ""


def test_an_audit_file_matches_ids_whatever_their_case(newcomer, capsys):
    path = newcomer / "old-audit.jsonl"
    path.write_text(
        '{"time":"2026-11-29T00:00:00.000Z","slack_user_id":null,"employee_id":"E1001",'
        '"tool":"get_leave_balance","detail":{"year":2026},"outcome":"ok","surface":"terminal",'
        '"requested_by":"model"}\n',
        encoding="utf-8",
    )
    assert main(["audit", "--employee", "e1001", "--file", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Last 1 lookup(s) for e1001 in ")


# ----- notices ---------------------------------------------------------------------------------------------


def test_notices_before_anyone_was_hired_print_no_warnings(seeded, capsys, caplog):
    caplog.set_level(logging.INFO)
    assert main(["notices", "--dry-run", "--on", "1999-01-01"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("leave notices due on 1999-01-01: 0 ")
    assert captured.err == ""
    # What the command logs at WARNING would be on a process's stderr: nothing is.
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


# ----- argparse's own errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["audit", "--employee", "E1001", "--limit", "x"],
         "officebot audit: argument --limit: 'x' is not a whole number: give e.g. 10 "
         "(see `officebot audit --help`)"),
        (["requests", "approve", "three"],
         "officebot requests approve: argument id: 'three' is not a leave request's number, e.g. 3 "
         "(see `officebot requests approve --help`)"),
        (["run", "--port", "99999"],
         "officebot run: argument --port: '99999' is not a port: give a number from 1 to 65535 "
         "(see `officebot run --help`)"),
        (["polcy"], "officebot: argument command: invalid choice: 'polcy' (choose from "),
    ],
)  # fmt: skip
def test_a_command_line_argparse_refuses_is_one_line(capsys, argv, line):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert one_line(capsys.readouterr().err).startswith(line)


# ----- chat and demo ---------------------------------------------------------------------------------------


def test_chat_without_as_names_who_one_may_ask_as(newcomer, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["chat"]) == 0
    banner = capsys.readouterr().out.splitlines()
    assert banner[1] == (
        "(as E1001 by default; `--as ID` chats as another: E1001 김민수, E1002 이서연, E1003 박지훈, "
        "E1004 최유진, E1005 정하은)"
    )


def test_chat_trace_says_the_answer_once_and_an_unknown_command_is_not_asked(newcomer, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("/trace\n올해 연차 며칠 남았어?\n/foo bar\n"))
    assert main(["chat", "--as", "E1001"]) == 0
    out = capsys.readouterr().out
    assert out.count("7.5일이에요") == 1  # on the bot> line, not again as the trace's [answer]
    assert "[tool_use] get_leave_balance" in out
    assert out.rstrip().endswith("you> (unknown command /foo: see /help)\nyou>")
    assert out.count("[model call 1]") == 1  # /foo never reached the model


def test_chat_drafts_say_1_day_in_english(newcomer, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("I will take a day off on 2026-12-24\n"))
    assert main(["chat"]) == 0
    out = capsys.readouterr().out
    assert "(draft 2026-12-24 full, 1 day: the terminal cannot submit it" in out


def test_demo_starts_with_the_questions_and_prints_the_schemas_only_when_verbose(newcomer, capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    head = out.split("=== ①")[0]
    assert len(head.splitlines()) < 8 and '"input_schema"' not in out
    assert "--verbose prints them" in head and "get_leave_balance" in head


def test_leave_show_on_an_empty_database_says_how_to_load_the_data(newcomer, capsys):
    """A fresh machine's embedded database holds no employees until something loads them: `leave show`
    says how, in one line, rather than only that the id is unknown."""
    assert main(["leave", "show", "E1001"]) == 2
    said = one_line(capsys.readouterr().err)
    assert "no employees yet" in said and "officebot data import" in said and "officebot demo" in said


def test_leave_show_names_ids_that_exist(seeded, capsys):
    assert main(["leave", "show", "E9999"]) == 2
    assert "try one of: E1001, E1002" in one_line(capsys.readouterr().err)
