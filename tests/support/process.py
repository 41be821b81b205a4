"""Running `officebot` as a real process: a scrubbed environment and one way to launch it.

Most CLI tests call `bot.cli.main(argv)` in-process; these few need a process of their own (signals,
the real entry point, a rejected token)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.support.env import OURS


def clean_env(**values: str) -> dict[str, str]:
    """This environment less anything OfficeBot reads, plus `values`: a developer's settings never
    reach a test."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(OURS)}
    return env | values


def dead_pid() -> int:
    """The pid of a process that has certainly ended: a child run to completion and reaped (a new process
    would have to be handed the same pid in between, which Linux does only after the pids wrap). `true`,
    not Python: any process will do, and it starts in a millisecond instead of forty."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def run_officebot(
    *args: str, cwd: Path, timeout: float = 60, input: str | None = None, **values: str
) -> subprocess.CompletedProcess[str]:
    """`officebot ARGS` to completion, in `cwd` (never the checkout, whose .env must not reach a test);
    `input` is its standard input (none: empty)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=input or "",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=clean_env(**values),
        timeout=timeout,
    )


async def start_officebot(*args: str, cwd: Path, **values: str) -> asyncio.subprocess.Process:
    """`officebot ARGS` in the background, its output piped; the audit log goes under `cwd`."""
    return await _start(args, cwd, None, values)


async def start_typed_officebot(*args: str, cwd: Path, **values: str) -> asyncio.subprocess.Process:
    """The same, with its standard input a pipe too (a test types into `officebot chat`)."""
    return await _start(args, cwd, asyncio.subprocess.PIPE, values)


async def _start(
    args: tuple[str, ...], cwd: Path, stdin: int | None, values: dict[str, str]
) -> asyncio.subprocess.Process:
    values.setdefault("OFFICEBOT_AUDIT", str(cwd / "audit.jsonl"))
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env=clean_env(**values),
        cwd=cwd,
        stdin=stdin,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
