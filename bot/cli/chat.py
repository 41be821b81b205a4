"""`officebot chat`: the same assistant in the terminal, one conversation, optional step trace.

The prompt is read on the main thread with `input()` (line editing and history from the stdlib
`readline` when the terminal has it), and each answer runs on one `asyncio.Runner` loop, so Ctrl-C
cancels the answer in progress (the conversation is left as it was; more Ctrl-C meanwhile only cancel it)
and Ctrl-C at the prompt quits at once. Earlier turns are bounded like a Slack DM's (`bot/agent/window.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import AsyncExitStack
from typing import Any, TextIO, TypeVar

from bot.agent.conversation import Conversation
from bot.agent.trace import Answer, ToolResult, render_step
from bot.agent.window import recent
from bot.cli.today import date_said
from bot.config import Settings
from bot.domain.leave import days_in_english, format_days
from bot.domain.requests import Checked
from bot.hr.directory import caller_for_employee_id
from bot.language.script import is_korean
from bot.ports.hr import Directory
from bot.services import open_services

T = TypeVar("T")

QUIT = frozenset({"/quit", "/exit", "quit", "exit", "/q", "종료"})
HELP_WORDS = frozenset({"/help", "/?", "help", "도움말"})
# How many of the HR data's employees the banner names when no --as was given.
NAMED_IN_BANNER = 8
DEFAULT_EMPLOYEE = "E1001"  # the bundled data's first employee
HELP = (
    "Ask about your own annual leave in Korean or English, e.g. '올해 연차 며칠 남았어?', "
    "'작년엔?', 'When did I take leave this year?'.\n"
    "/trace  toggle the step trace     /help  this help     /quit, exit or Ctrl-D  quit\n"
    "Ctrl-C stops an answer in progress (or quits at the prompt); a blank line is ignored."
)
# What the offline model answers, by example (each one tried: tests/test_cli_dates.py asks them all). Claude
# answers free-form; the offline model says plainly when a question is not one it reads.
OFFLINE_EXAMPLES = (
    "올해 연차 며칠 남았어?",
    "작년엔 며칠 썼어?",
    "3일 쓰면 며칠 남아?",
    "연차 언제 소멸돼?",
    "12월 24일 오후 반차 쓸래",
    "오늘 며칠이야?",
    "How many days do I have left this year?",
    "When did I take leave this year?",
    "next Thursday and Friday off",
    "December 28 to 30 off",
    "Is Christmas a holiday?",
)
OFFLINE_HELP = (
    "Without a key, questions like these are read:\n"
    + "\n".join(f"  {example}" for example in OFFLINE_EXAMPLES)
    + "\nWith ANTHROPIC_API_KEY set, Claude answers free-form questions."
)


def _line_editing() -> None:
    """Arrow keys, editing and in-session history at the prompt (where the platform has readline)."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what turns editing on for input())


async def _interruptible(answer: Coroutine[Any, Any, T]) -> T | None:
    """`answer`, or None once Ctrl-C cancels it.

    Why not asyncio.Runner's own Ctrl-C handling alone: its second Ctrl-C raises KeyboardInterrupt
    wherever the loop happens to be, and a second Ctrl-C while the first cancellation was still unwinding
    left the chat hung. Here the loop takes the signal between steps, and every Ctrl-C only cancels."""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    try:
        loop.add_signal_handler(signal.SIGINT, task.cancel)
    except NotImplementedError:  # Windows' loops: asyncio.Runner's handling as before
        return await answer
    try:
        return await answer
    except asyncio.CancelledError:
        return None
    finally:
        loop.remove_signal_handler(signal.SIGINT)  # back to KeyboardInterrupt at the prompt


def command(settings: Settings, args: argparse.Namespace) -> int:
    chosen = args.employee_id is not None
    return run_chat(
        settings,
        args.employee_id or DEFAULT_EMPLOYEE,
        args.trace or settings.trace,
        sys.stdout,
        chosen=chosen,
    )


@contextlib.contextmanager
def _ctrl_c_reaches_the_prompt() -> Iterator[None]:
    """Threads started meanwhile (the loop's executor, for one) block SIGINT, so Ctrl-C is always
    delivered to the main thread.

    Why: the kernel hands a process's SIGINT to any thread that does not block it. Python runs the handler
    on the main thread, but only once that thread runs again, and at the prompt it sits in `read()` on
    stdin, which only a signal delivered to that very thread interrupts: Ctrl-C at the prompt was then
    ignored until the next line (seen as the ctrl-c test's hang, with the main thread in `input()`)."""
    start = threading.Thread.start

    def start_blocking_sigint(thread: threading.Thread) -> None:
        # A new thread inherits the mask of the thread that starts it; the starter's is restored at once.
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            start(thread)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks, and no such delivery
        yield
        return
    threading.Thread.start = start_blocking_sigint  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        threading.Thread.start = start  # type: ignore[method-assign]


def run_chat(
    settings: Settings,
    employee_id: str,
    show_trace: bool,
    out: TextIO,
    read_line: Callable[[str], str] = input,
    *,
    chosen: bool = True,
) -> int:
    _line_editing()
    with _ctrl_c_reaches_the_prompt(), asyncio.Runner() as runner:
        opened = AsyncExitStack()
        try:
            services = runner.run(opened.enter_async_context(open_services(settings, announce_offline=False)))
            caller = runner.run(caller_for_employee_id(services.directory, employee_id))
            print(
                f"OfficeBot chat as {caller.employee_id} ({caller.name}). Model: {services.model_description}",
                file=out,
            )
            if not chosen:  # who else there is to ask as: the demo's people, or the first of the HR data's
                print(runner.run(others_line(services.directory, caller.employee_id)), file=out)
            if settings.pinned_today is not None:  # not the real date: said, never silent
                print(f"Today is taken as {date_said(settings)}.", file=out)
            print("Ask about your annual leave. /help for help; /quit, exit or Ctrl-D quits.", file=out)
            conversation = Conversation([])
            while True:
                try:
                    line = read_line("you> ").strip()
                except (EOFError, KeyboardInterrupt):
                    print(file=out)
                    return 0
                if not line:
                    continue
                if line.lower() in QUIT:
                    return 0
                if line.lower() in HELP_WORDS:
                    print(HELP, file=out)
                    if settings.offline:
                        print(OFFLINE_HELP, file=out)
                    continue
                if line == "/trace":
                    show_trace = not show_trace
                    print(f"(trace {'on' if show_trace else 'off'})", file=out)
                    continue
                if line.startswith("/"):  # a mistyped command is not a question for the model
                    print(f"(unknown command {line.split()[0]}: see /help)", file=out)
                    continue
                asked = recent(conversation).ask(line)
                try:
                    turn = runner.run(_interruptible(services.assistant.run_turn(asked, caller)))
                except KeyboardInterrupt:
                    turn = None
                if turn is None:
                    print("(cancelled; ask again, or /quit)", file=out)
                    continue
                conversation = turn.conversation
                if show_trace:  # the answer itself is said once, below
                    for step in turn.trace.steps:
                        if not (isinstance(step, Answer) and step.text == turn.answer):
                            print("  " + render_step(step), file=out)
                print(f"bot> {turn.answer}", file=out)
                for note in draft_notes(turn.evidence, is_korean(line)):
                    print(note, file=out)
        finally:
            runner.run(opened.aclose())


async def others_line(directory: Directory, current: str) -> str:
    """The banner's line naming who one may chat as (`--as`), as the HR data has them: without it the demo
    employees were listed nowhere."""
    ids, count = await directory.some_employee_ids(NAMED_IN_BANNER)
    named = []
    for employee_id in ids:
        employee = await directory.employee_by_id(employee_id)
        named.append(f"{employee_id} {employee.name}" if employee else employee_id)
    more = f", … ({count} in all)" if count > len(ids) else ""
    return f"(as {current} by default; `--as ID` chats as another: {', '.join(named)}{more})"


def draft_notes(results: list[ToolResult], korean: bool) -> list[str]:
    """A drafted leave request has no card in the terminal: say what it is and where it can be submitted."""
    notes = []
    for checked in (f for r in results if not r.is_error for f in r.figures if isinstance(f, Checked)):
        draft = checked.draft
        span = draft.start.isoformat() if draft.start == draft.end else f"{draft.start}~{draft.end}"
        days = format_days(checked.days)
        if korean:
            notes.append(
                f"  (초안 {span} {draft.part}, {days}일: 터미널에서는 신청할 수 없어요. Slack의 카드나 /leave request로 신청하세요.)"
            )
        else:
            notes.append(
                f"  (draft {span} {draft.part}, {days_in_english(checked.days)}: the terminal cannot submit it; use its card in Slack or /leave request)"
            )
    return notes
