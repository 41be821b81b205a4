"""`officebot demo`: four example questions — a balance, a follow-up, a greeting, an HR outage — with
every step printed, then a summary table. Runs offline with no key, on the bundled data."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import TextIO

from bot.agent.conversation import Conversation
from bot.agent.loop import Turn
from bot.cli.today import date_said
from bot.config import Settings
from bot.domain.leave import LeaveTaken
from bot.domain.people import Employee
from bot.hr.directory import caller_for_employee_id
from bot.ports.hr import LedgerInputs, StoreUnavailable
from bot.services import open_services

SCENARIOS = (
    ("① 올해 잔여", "올해 연차 며칠 남았어?"),
    ("② 후속 질문", "작년엔 며칠이었지?"),
    ("③ 인사", "안녕?"),
    ("④ 조회 실패", "올해 연차 며칠 남았어?"),
)


class UnavailableStore:
    """A leave store whose backend is down: scenario ④ (an override of `open_services`)."""

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        raise StoreUnavailable("HR system is not responding")

    async def employee(self, employee_id: str) -> Employee:
        raise StoreUnavailable("HR system is not responding")

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        raise StoreUnavailable("HR system is not responding")


def _cell(text: str, width: int = 60) -> str:
    flat = " ".join(text.split()).replace("|", "/")
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run_demo(settings, args.employee_id, sys.stdout, verbose=args.verbose))


async def run_demo(settings: Settings, employee_id: str, out: TextIO, *, verbose: bool = False) -> int:
    async with (
        open_services(settings, announce_offline=False) as services,
        # ④: the same bot with its HR store down (the leave port swapped; the model client shared).
        open_services(settings, leave=UnavailableStore(), model=services.model) as outage,
    ):
        caller = await caller_for_employee_id(services.directory, employee_id)
        print(
            f"OfficeBot demo — asking as {caller.employee_id} ({caller.name}) on {date_said(settings)}",
            file=out,
        )
        print(f"Model: {services.model_description}", file=out)
        declarations = services.toolbox.declarations
        if verbose:
            print(
                "\nTool declarations sent to the model (no employee field: the code fills in who):", file=out
            )
            for declaration in declarations:
                print(json.dumps(declaration, ensure_ascii=False, indent=2), file=out)
        else:  # ~170 lines of JSON schema would come before the first question
            names = ", ".join(str(d["name"]) for d in declarations)
            print(
                f"Tools the model may ask for ({len(declarations)}; --verbose prints them): {names}", file=out
            )

        conversation = Conversation([])
        rows: list[tuple[str, Turn]] = []
        for number, (label, question) in enumerate(SCENARIOS, start=1):
            # ② is a follow-up in ①'s conversation; the others start afresh.
            asked = conversation.ask(question) if number == 2 else Conversation.start(question)
            assistant = outage.assistant if number == 4 else services.assistant
            turn = await assistant.run_turn(asked, caller)
            if number == 1:
                conversation = turn.conversation
            print(
                f"\n=== {label}: {question}" + ("  (HR store made to fail)" if number == 4 else ""), file=out
            )
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
