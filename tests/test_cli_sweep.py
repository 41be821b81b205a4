"""Every `officebot` command, found by walking the parser itself, run with `--help`, with no arguments and
with one malformed value per option: none ends in a traceback, and every refusal is exit status 2 with
its last line on stderr saying what is wrong (`officebot…`). A new option without a malformed value here
fails the test, so the sweep keeps up with the command line. In-process through `main(argv)`, in a fresh
directory (an embedded database holding the demo data), with nothing on standard input."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from bot.cli import _parser, main
from tests.support.database import seeded_embedded_database

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "fixtures" / "employees.json"
NOT_THERE = "/nonexistent/officebot/input.json"

# One malformed value for each option and argument that takes one, as a whole command line (with what the
# command needs besides). "{file}": an existing file, where a directory is wanted.
MALFORMED: dict[tuple[str, ...], list[str]] = {
    ("demo", "--as"): ["demo", "--as", "E9999"],
    ("chat", "--as"): ["chat", "--as", "nobody"],
    ("run", "--port"): ["run", "--port", "http"],
    ("run", "--host"): ["run", "--host", "not a host"],
    ("audit", "--employee"): ["audit", "--employee", "E9999"],
    ("audit", "--limit"): ["audit", "--employee", "E1001", "--limit", "0"],
    ("audit", "--file"): ["audit", "--employee", "E1001", "--file", NOT_THERE],
    ("feedback", "--limit"): ["feedback", "--limit", "ten"],
    ("data", "import", "paths"): ["data", "import", NOT_THERE],
    ("data", "export", "directory"): ["data", "export", "{file}"],
    ("data", "export", "--format"): ["data", "export", "out", "--format", "xml"],
    ("db", "revision", "--message"): ["db", "revision", "-m", " "],
    ("policy", "set", "changes"): ["policy", "set", "basis"],
    ("notices", "--on"): ["notices", "--dry-run", "--on", "2026-13-01"],
    ("eval", "--set"): ["eval", "--set", NOT_THERE],
    ("leave", "show", "employee_id"): ["leave", "show", "E9999"],
    ("leave", "show", "--on"): ["leave", "show", "E1001", "--on", "2026-13-01"],
    ("requests", "list", "--state"): ["requests", "list", "--state", "lost"],
    ("requests", "list", "--employee"): ["requests", "list", "--employee", "E9999"],
    ("requests", "list", "--limit"): ["requests", "list", "--limit", "-1"],
    ("requests", "approve", "id"): ["requests", "approve", "#3"],
    ("requests", "decline", "id"): ["requests", "decline", "x", "--reason", "busy"],
    ("requests", "decline", "--reason"): ["requests", "decline", "1", "--reason", ""],
    ("requests", "cancel", "id"): ["requests", "cancel", "0", "--reason", "busy"],
    ("requests", "cancel", "--reason"): ["requests", "cancel", "1", "--reason", "\x07"],
    **{
        ("entitlement", option): ["entitlement", "--hire-date", "2020-01-01", option, value]
        for option, value in (
            ("--basis", "calendar"),
            ("--fiscal-start", "13-01"),
            ("--end-date", "someday"),
            ("--weekly-hours", "-5"),
            ("--full-time-hours", "many"),
            ("--below-80", "1,x"),
            ("--rounding", "down"),
            ("--first-year", "weekly"),
            ("--on", "2020-02-30"),
        )
    },
    ("entitlement", "--hire-date"): ["entitlement", "--hire-date", "1/1/2020"],
}


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command path: (), ("demo",), ("data",), ("data", "import"), …"""
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def _parser_of(path: Sequence[str]) -> argparse.ArgumentParser:
    parser = _parser()
    for name in path:
        [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        parser = sub.choices[name]
    return parser


def options_taking_a_value() -> list[tuple[str, ...]]:
    """(command…, the option's longest flag or the argument's name) for each one that takes a value."""
    found = []
    for path in commands(_parser()):
        for action in _parser_of(path)._actions:
            if action.nargs == 0 or isinstance(action, argparse._SubParsersAction):
                continue  # flags, --help, --version; subcommands are walked as commands
            name = max(action.option_strings, key=len) if action.option_strings else action.dest
            found.append((*path, name))
    return found


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`officebot argv` as a process would end: its exit status, what it printed, and what it said on stderr.
    Anything but a status (an exception) escapes and fails the test with its traceback."""
    try:
        status = main(argv)
    except SystemExit as exited:  # argparse: --help, and its own refusals
        status = exited.code if isinstance(exited.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
async def fresh(newcomer: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    await seeded_embedded_database(newcomer)  # as `officebot data import` of the bundled data leaves it
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # chat: Ctrl-D at once
    return newcomer


def test_every_option_that_takes_a_value_has_a_malformed_one_here():
    assert sorted(options_taking_a_value()) == sorted(MALFORMED)


@pytest.mark.parametrize("path", list(commands(_parser())), ids=lambda p: " ".join(p) or "officebot")
def test_help_and_no_arguments(fresh, capsys, path):
    status, out, err = run([*path, "--help"], capsys)
    assert (status, err) == (0, "")
    assert out.startswith(f"usage: officebot{''.join(' ' + name for name in path)}")
    status, out, err = run(list(path), capsys)
    assert "Traceback" not in out + err
    if status == 1 and path == ("data", "check"):
        return  # found problems in the data, as a linter says (the demo's grants differ from the Act)
    if status != 0:
        assert status == 2, err
        assert err.splitlines()[-1].startswith("officebot"), err


@pytest.mark.parametrize("option", sorted(MALFORMED), ids=" ".join)
def test_a_malformed_value_is_refused_in_a_line(fresh, capsys, option):
    (fresh / "taken.json").write_text("{}\n", encoding="utf-8")
    argv = [part.replace("{file}", "taken.json") for part in MALFORMED[option]]
    status, out, err = run(argv, capsys)
    assert "Traceback" not in out + err
    assert status == 2, (argv, out, err)
    assert err.splitlines()[-1].startswith("officebot"), err
    assert (fresh / "taken.json").read_text(encoding="utf-8") == "{}\n"
