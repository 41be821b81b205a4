"""`officebot demo | chat | run | audit`: thin shells over the same core."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import sys
from collections.abc import Coroutine, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from dotenv import find_dotenv, load_dotenv

from bot.config import ConfigError, Settings
from bot.core.loop import Turn
from bot.hr.directory import NotAnEmployee, caller_for_employee_id
from bot.hr.store import BUNDLED_DATA, DataFileError, FailingStore
from bot.tools import leave_balance
from bot.tools.audit import recent_lookups, render_record
from bot.wiring import Core, build_core

DEMO_SCENARIOS = (
    ("① 올해 잔여", "올해 연차 며칠 남았어?"),
    ("② 후속 질문", "작년엔 며칠이었지?"),
    ("③ 인사", "안녕?"),
    ("④ 조회 실패", "올해 연차 며칠 남았어?"),
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="officebot", description="OfficeBot: annual leave answers via Claude tool use"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="run the course note's four scenarios and print every step")
    demo.add_argument(
        "--as", dest="employee_id", default="E1001", help="employee id to ask as (default E1001)"
    )
    chat = sub.add_parser("chat", help="talk to the bot in the terminal")
    chat.add_argument(
        "--as", dest="employee_id", default="E1001", help="employee id to ask as (default E1001)"
    )
    chat.add_argument("--trace", action="store_true", help="print every step after each answer")
    run = sub.add_parser("run", help="run the Slack app (Socket Mode if SLACK_APP_TOKEN is set, else HTTP)")
    run.add_argument("--port", type=int, default=3000, help="HTTP mode port (default 3000)")
    audit = sub.add_parser("audit", help="print recent leave lookups of one employee from the audit log")
    audit.add_argument("--employee", required=True, help="employee id, e.g. E1001")
    audit.add_argument(
        "--limit", type=_positive, default=20, help="how many recent lookups to show (default 20)"
    )
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # .env from the working directory (not from where the package is installed); the real environment wins
    load_dotenv(find_dotenv(usecwd=True), override=False)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env()
        if args.command == "run":
            from bot.slack.runner import run_slack

            return run_slack(settings, port=args.port)
        if args.command == "audit":
            return print_audit(settings.audit_path, args.employee, args.limit)
        settings = _fixture_date(settings)
        core = build_core(settings)
        if args.command == "demo":
            return asyncio.run(_closing(core, run_demo(core, args.employee_id)))
        return asyncio.run(_closing(core, run_chat(core, args.employee_id, args.trace)))
    except (ConfigError, DataFileError, NotAnEmployee) as exc:
        print(f"officebot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


# The bundled fixture holds 2024–2026; its examples ("올해" = 2026) read as written on this date.
FIXTURE_TODAY = date(2026, 11, 29)


def _fixture_date(settings: Settings) -> Settings:
    """demo and chat on the bundled fixture keep its date, so they still work in later years."""
    if settings.pinned_today is None and settings.data_path == BUNDLED_DATA:
        return dataclasses.replace(settings, pinned_today=FIXTURE_TODAY)
    return settings


async def _closing(core: Core, job: Coroutine[Any, Any, int]) -> int:
    try:
        return await job
    finally:
        await core.assistant.aclose()


def _cell(text: str, width: int = 60) -> str:
    flat = " ".join(text.split()).replace("|", "/")
    return flat if len(flat) <= width else flat[: width - 1] + "…"


async def run_demo(core: Core, employee_id: str, out=None) -> int:
    out = out or sys.stdout
    caller = caller_for_employee_id(core.hr, employee_id)
    print(f"OfficeBot demo — asking as {caller.employee_id} ({caller.name})", file=out)
    print(f"Model: {core.model_description}", file=out)
    if core.settings.pinned_today is not None:
        print(
            f"Today is taken as {core.settings.pinned_today} (OFFICEBOT_TODAY, or the bundled data's date)",
            file=out,
        )
    print("\nTool declaration sent to the model (no employee field: the code fills in who):", file=out)
    print(json.dumps(leave_balance.DECLARATION, ensure_ascii=False, indent=2), file=out)

    failing = core.with_store(FailingStore())
    conversation: list = []
    rows: list[tuple[str, Turn]] = []
    for number, (label, question) in enumerate(DEMO_SCENARIOS, start=1):
        history = conversation if number == 2 else []  # ② is a follow-up in ①'s conversation
        assistant = failing if number == 4 else core.assistant
        turn = await assistant.run_turn([*history, {"role": "user", "content": question}], caller)
        if number == 1:
            conversation = turn.messages
        print(f"\n=== {label}: {question}" + ("  (HR store made to fail)" if number == 4 else ""), file=out)
        for line in turn.trace.render_lines():
            print("  " + line, file=out)
        rows.append((f"{label}: {question}", turn))

    print("\n| 시나리오 | 1차 stop_reason | 요청한 도구·인자 | tool_result | 최종 답 |", file=out)
    print("|---|---|---|---|---|", file=out)
    for label, turn in rows:
        first = turn.trace.model_calls[0].stop_reason if turn.trace.model_calls else "-"
        tools = "; ".join(f"{c.name}({json.dumps(c.input)})" for c in turn.trace.tool_calls) or "-"
        results = (
            "; ".join(("is_error: " if r.is_error else "") + r.content for r in turn.trace.tool_results)
            or "-"
        )
        print(
            f"| {label} | {first} | {_cell(tools)} | {_cell(results)} | {_cell(turn.answer, 80)} |", file=out
        )
    return 0


def print_audit(path: Path, employee_id: str, limit: int, out=None) -> int:
    out = out or sys.stdout
    if not path.exists():
        print(f"No audit log at {path} yet (set OFFICEBOT_AUDIT if it lives elsewhere).", file=out)
        return 0
    try:
        records = recent_lookups(path, employee_id, limit)
    except OSError as exc:
        print(f"officebot: cannot read the audit log {path} ({exc.__class__.__name__})", file=sys.stderr)
        return 2
    if not records:
        print(f"No lookups for {employee_id} in {path}.", file=out)
        return 0
    print(f"Last {len(records)} lookup(s) for {employee_id} in {path}, oldest first:", file=out)
    for entry in records:
        print(render_record(entry), file=out)
    return 0


async def run_chat(core: Core, employee_id: str, show_trace: bool) -> int:
    caller = caller_for_employee_id(core.hr, employee_id)
    print(f"OfficeBot chat as {caller.employee_id} ({caller.name}). Model: {core.model_description}")
    print("Ask about your annual leave; an empty line or Ctrl-D quits. '/trace' toggles the step trace.")
    conversation: list = []
    while True:
        try:
            line = await asyncio.to_thread(input, "you> ")
        except EOFError:
            print()
            return 0
        line = line.strip()
        if not line:
            return 0
        if line == "/trace":
            show_trace = not show_trace
            print(f"(trace {'on' if show_trace else 'off'})")
            continue
        turn = await core.assistant.run_turn([*conversation, {"role": "user", "content": line}], caller)
        conversation = turn.messages
        if show_trace:
            for step in turn.trace.render_lines():
                print("  " + step)
        print(f"bot> {turn.answer}")
