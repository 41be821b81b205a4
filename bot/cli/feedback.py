"""`officebot feedback`: counts of 👍 / 👎 on answers and the latest 👎 answers' ids (the store is
`bot.feedback`)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC
from typing import TextIO

from bot.config import Settings
from bot.services import open_stores


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(print_feedback(settings, args.limit, sys.stdout))


async def print_feedback(settings: Settings, limit: int, out: TextIO) -> int:
    """Counts of 👍 / 👎 and the latest 👎 answers' ids (the question's delivery id): no text is kept."""
    where = settings.database.describe()
    async with open_stores(settings) as stores:
        summary = await stores.feedback.summary(limit)
    print(f"Feedback in {where}: {summary.good} good, {summary.bad} bad.", file=out)
    if summary.latest_bad:
        print(f"Latest bad answers (newest first, up to {limit}):", file=out)
        for bad in summary.latest_bad:
            print(f"  {bad.at.astimezone(UTC).strftime('%Y-%m-%d %H:%M:%SZ')}  {bad.answer_id}", file=out)
    return 0
