"""`officebot demo | chat | run | audit | feedback | data | db | policy | entitlement | notices | requests | leave`: parse the command line, read Settings, call
the command's module (one per command group in this package).

Only the standard library is imported here: each command imports what it needs (Slack, the anthropic SDK,
SQLAlchemy) when it runs, so `officebot --version` and `officebot --help` start at once. A test checks it.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from bot.config import Settings

# The commands that work on the database, never on an OFFICEBOT_DATA file.
DATABASE_COMMANDS = ("audit", "data", "db", "feedback", "policy", "notices", "requests", "leave")

# Bad input on the command line, as every command reports it.
BAD_INPUT = 2
# What a shell reports for a process that SIGPIPE ended (128 + 13), as `git log | head` under `pipefail`.
READER_GONE = 141


class _Parser(argparse.ArgumentParser):
    """argparse's parser with its errors as one line naming the problem and where help is (argparse prints
    the whole usage first: on a long command it buried the line that says what is wrong)."""

    def error(self, message: str) -> NoReturn:
        self.exit(BAD_INPUT, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="officebot", description="OfficeBot: annual leave answers via Claude tool use")
    parser.add_argument("--version", action="version", version=f"officebot {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser(
        "demo", help="ask four example questions (balance, follow-up, greeting, HR outage), print every step"
    )
    demo.add_argument(
        "--as", dest="employee_id", default="E1001", help="employee id to ask as (default E1001)"
    )
    demo.add_argument(
        "--verbose", action="store_true", help="also print the tool declarations sent to the model"
    )
    chat = sub.add_parser("chat", help="talk to the bot in the terminal")
    chat.add_argument(
        "--as",
        dest="employee_id",
        default=None,
        help="employee id to ask as (default E1001, and the banner lists who else there is)",
    )
    chat.add_argument("--trace", action="store_true", help="print every step after each answer")
    run = sub.add_parser("run", help="run the Slack app (Socket Mode if SLACK_APP_TOKEN is set, else HTTP)")
    run.add_argument("--port", type=_port, default=3000, help="HTTP mode port (default 3000)")
    run.add_argument(
        "--host", default="0.0.0.0", help="address to listen on in HTTP mode and for health (default 0.0.0.0)"
    )
    audit = sub.add_parser("audit", help="print recent leave lookups of one employee from the audit log")
    audit.add_argument("--employee", required=True, help="employee id, e.g. E1001")
    audit.add_argument(
        "--limit", type=_positive, default=20, help="how many recent lookups to show (default 20)"
    )
    audit.add_argument(
        "--file", type=Path, default=None, help="read this JSON Lines audit file (OFFICEBOT_AUDIT) instead"
    )
    feedback = sub.add_parser("feedback", help="feedback on answers: counts, and the latest bad answers' ids")
    feedback.add_argument(
        "--limit", type=_positive, default=10, help="how many of the latest bad answers to list (default 10)"
    )
    data = sub.add_parser("data", help="HR data in the database: import, export, check")
    data_sub = data.add_subparsers(dest="data_command", required=True)
    data_import = data_sub.add_parser(
        "import", help="import JSON or CSV files (employees, grants, leave) in one transaction"
    )
    data_import.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    data_import.add_argument("--dry-run", action="store_true", help="check the files, write nothing")
    data_export = data_sub.add_parser("export", help="write the HR data as files that import reads")
    data_export.add_argument("directory", type=Path, metavar="DIR")
    data_export.add_argument("--format", choices=("csv", "json"), default="csv")
    data_sub.add_parser("check", help="report problems in the current HR data without changing it")
    db = sub.add_parser("db", help="the database schema")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply the schema migrations (OFFICEBOT_DATABASE_URL)")
    revision = db_sub.add_parser(
        "revision", help="write the next migration file, with what bot/db/tables.py adds (for developers)"
    )
    revision.add_argument("-m", "--message", required=True, help='what it changes, e.g. "Leave requests"')
    policy = sub.add_parser("policy", help="the company's leave policy in the database: show, set")
    policy_sub = policy.add_subparsers(dest="policy_command", required=True)
    policy_sub.add_parser("show", help="print every setting, its value and what it means")
    policy_set = policy_sub.add_parser(
        "set", help="change settings, e.g. basis=fiscal_year fiscal_start=01-01 (all or nothing, audited)"
    )
    policy_set.add_argument("changes", nargs="+", metavar="KEY=VALUE")
    notices = sub.add_parser(
        "notices", help="the §61 leave notices due on a day (--dry-run: list, send nothing)"
    )
    notices.add_argument(
        "--dry-run", action="store_true", help="list who would get which notice; send nothing"
    )
    notices.add_argument("--on", metavar="DATE", help="the day, YYYY-MM-DD (default: today)")
    notices.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per notice (employee_id, kind, due_on, unused_days, last_usable_day)",
    )
    leave = sub.add_parser("leave", help="one person's annual leave ledger, as every answer reads it (HR)")
    leave_sub = leave.add_subparsers(dest="leave_command", required=True)
    show = leave_sub.add_parser(
        "show", help="every grant, the calendar years and the next lapse of one employee, on a day"
    )
    show.add_argument("employee_id", metavar="EMPLOYEE")
    show.add_argument("--on", metavar="DATE", help="the day, YYYY-MM-DD (default: today)")
    show.add_argument("--json", action="store_true", help="the ledger as one JSON object (docs/policy.md)")
    evaluate = sub.add_parser(
        "eval", help="run a question set through the configured model and judge the answers"
    )
    evaluate.add_argument("--set", metavar="FILE", help="an evaluation set (JSON); default: the bundled one")
    evaluate.add_argument("--json", action="store_true", help="print the figures as JSON")
    requests = sub.add_parser("requests", help="leave requests: list, approve, decline, cancel (as HR)")
    requests_sub = requests.add_subparsers(dest="requests_command", required=True)
    listing = requests_sub.add_parser("list", help="the latest leave requests, newest first")
    listing.add_argument("--state", choices=("pending", "approved", "declined", "cancelled", "expired"))
    listing.add_argument("--employee", metavar="ID", help="one employee's requests")
    listing.add_argument("--limit", type=_positive, default=50, help="at most this many (default 50)")
    approve = requests_sub.add_parser("approve", help="approve a pending request (writes its leave records)")
    approve.add_argument("id", type=_request_id)
    for name, meaning in (
        ("decline", "decline a pending request"),
        ("cancel", "cancel a pending or approved request (removes its leave records)"),
    ):
        decision = requests_sub.add_parser(name, help=meaning)
        decision.add_argument("id", type=_request_id)
        decision.add_argument("--reason", required=True, help="why (kept with the request)")
    from bot.cli import entitlement  # the calculator is pure: the standard library and bot.policy

    entitlement.add_parser(sub)
    return parser


def _version() -> str:
    try:
        return metadata.version("officebot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number: give e.g. 10") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 1 or more")
    return value


def _request_id(text: str) -> int:
    try:
        return _positive(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a leave request's number, e.g. 3") from None


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a number from 1 to 65535")
    return int(text)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Loading the SDKs makes a few hundred thousand objects that live as long as the process. The cyclic
    garbage collector waits while they load (walking them again and again was about a tenth of start-up's
    CPU), then leaves them out of its walks for good (`gc.freeze`): its first walks over them after the load,
    and the collections at exit, were a third of a short command's CPU (`officebot chat` to its first prompt
    and out: 2.2 s of CPU, 1.4 s frozen). Nothing is frozen when the load added no module: a process that
    calls `main` again with everything loaded (the tests do, hundreds of times) would otherwise keep what
    each call left for the collector for good."""
    was_enabled = gc.isenabled()
    modules_before = len(sys.modules)
    gc.disable()
    try:
        yield
    finally:
        if len(sys.modules) > modules_before:
            gc.freeze()
        if was_enabled:
            gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    """Every command, ending quietly when its reader goes away (`officebot policy show | head -1`): the
    output is flushed here, while a closed pipe can still be caught, instead of at exit."""
    try:
        try:
            return _main(argv)
        finally:  # also after argparse's --help and errors (SystemExit)
            sys.stdout.flush()
    except BrokenPipeError:
        if not _stdout_reader_gone():
            raise  # a socket's (a database, Slack): a real failure
        _stdout_to_devnull()
        return READER_GONE


def _stdout_reader_gone() -> bool:
    """Whether standard output is a pipe nobody reads any more (`poll` reports POLLERR on it on Linux,
    POLLHUP on some BSDs)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file at all (a StringIO): not a closed pipe
        return False
    import select

    if not hasattr(select, "poll"):  # Windows: a broken pipe there is the reader gone
        return True
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))


def _stdout_to_devnull() -> None:
    """What is still buffered for standard output goes nowhere: Python flushes it at exit, and the closed
    pipe would raise again there ("Exception ignored … BrokenPipeError"). As the Python docs advise."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)  # --version and --help end here, before anything heavy is imported
    with collector_paused():
        from bot.config import Settings
        from bot.errors import StartupError
        from bot.hr.directory import NotAnEmployee

    # The terminal shells print what matters themselves; start-up chatter (migrations, seeding) is for `run`.
    level = logging.WARNING if args.command in ("demo", "chat") else logging.INFO
    # `run` is a service: its log lines carry when and where. A one-shot command's few lines are part of
    # its output, said as its own messages are.
    layout = (
        "%(asctime)s %(levelname)s %(name)s: %(message)s"
        if args.command == "run"
        else "officebot: %(message)s"
    )
    logging.basicConfig(level=level, format=layout)
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    # Alembic narrates every revision check; what changed is logged by bot.services instead.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        if args.command == "entitlement":  # the Act's leave for a hire date: no settings, no database
            from bot.cli import entitlement

            return entitlement.run(args, sys.stdout, sys.stderr)
        if args.command == "db" and args.db_command == "revision":  # needs no settings: a scratch database
            from bot.cli import db

            return db.write_revision_command(args)
        # .env from the working directory (not from where the package is installed); the real environment wins
        return _command(Settings.from_env(dotenv=True), args)
    except (StartupError, NotAnEmployee) as exc:
        print(f"officebot: {exc}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        return 130


def _command(settings: Settings, args: argparse.Namespace) -> int:
    """The command's module, imported only now: each loads the libraries it needs."""
    from bot.errors import ConfigError

    if args.command in DATABASE_COMMANDS and settings.data_path is not None:
        raise ConfigError(
            f"OFFICEBOT_DATA is set: `officebot {args.command}` works on the database; unset OFFICEBOT_DATA "
            "(or load the file with `officebot data import FILE`)"
        )
    if args.command in ("demo", "chat"):
        settings = _bundled_data_date(settings)
    with collector_paused():  # each command is bot/cli/<command>.py with `command(settings, args)`
        module = importlib.import_module(f"bot.cli.{args.command}")
    return int(module.command(settings, args))


def _bundled_data_date(settings: Settings) -> Settings:
    """demo and chat on the embedded default database (which holds the bundled demo data) keep the data's
    date, so its examples still work in later years; both say so. Against OFFICEBOT_DATABASE_URL (a
    company's data) today is today, unless OFFICEBOT_TODAY says otherwise."""
    from bot.hr.bundled import BUNDLED_DATA_TODAY

    if settings.pinned_today is None and settings.data_path is None and settings.database.embedded:
        return settings.model_copy(update={"pinned_today": BUNDLED_DATA_TODAY})
    return settings
