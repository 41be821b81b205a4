"""`officebot chat`: the same assistant in the terminal, one conversation, optional step trace."""

from __future__ import annotations

import asyncio
from typing import TextIO

from bot.config import Settings
from bot.core.conversation import Conversation
from bot.hr.directory import caller_for_employee_id
from bot.services import open_services


async def run_chat(settings: Settings, employee_id: str, show_trace: bool, out: TextIO) -> int:
    async with open_services(settings) as services:
        caller = await caller_for_employee_id(services.directory, employee_id)
        print(
            f"OfficeBot chat as {caller.employee_id} ({caller.name}). Model: {services.model_description}",
            file=out,
        )
        print(
            "Ask about your annual leave; an empty line or Ctrl-D quits. '/trace' toggles the step trace.",
            file=out,
        )
        conversation = Conversation([])
        while True:
            try:
                line = await asyncio.to_thread(input, "you> ")
            except EOFError:
                print(file=out)
                return 0
            line = line.strip()
            if not line:
                return 0
            if line == "/trace":
                show_trace = not show_trace
                print(f"(trace {'on' if show_trace else 'off'})", file=out)
                continue
            turn = await services.assistant.run_turn(conversation.ask(line), caller)
            conversation = turn.conversation
            if show_trace:
                for step in turn.trace.render_lines():
                    print("  " + step, file=out)
            print(f"bot> {turn.answer}", file=out)
