"""`python -m benchmarks.prompt_cost`: input tokens billed per answer, with the prompt cache and without.

Every question of the held-out sets (tests/data/offline_holdout*.json) is asked, one after another, through
the real loop and grounding check on the offline model, whose usage has the API's prompt-cache shape
(`bot/llm/prompt_cache.py`: breakpoints, TTL, the minimum cacheable prefix; about 3 characters a token).
For each model call: `input_tokens` (not cached), `cache_read_input_tokens`, `cache_creation_input_tokens`.

- without the cache, every token of every request is billed as input: input + read + written;
- with it, in input-token equivalents: input + 0.1 × read + 1.25 × written (the API's prices).

Steady state leaves out the first answer (it writes the shared prefix). Prints a table, and `--json` the
figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.agent.loop import Assistant
from bot.agent.trace import ModelCall
from bot.db.hr import SqlHrStore
from bot.grounding.check import Grounding
from bot.grounding.judge import OUTPUT_CONFIG as JUDGE_OUTPUT
from bot.grounding.judge import SYSTEM as JUDGE_SYSTEM
from bot.grounding.judge import case_of
from bot.hr.directory import caller_for_employee_id
from bot.llm.client import make_client
from bot.llm.prompt_cache import estimate_tokens
from tests.support.assistant import make_toolbox
from tests.support.clock import FIXED_CALENDAR
from tests.support.database import make_test_database, release_test_database
from tests.support.offline_chat import ask

ROOT = Path(__file__).resolve().parents[1]


def questions() -> list[tuple[str, str | None]]:
    asked: list[tuple[str, str | None]] = []
    for path in sorted((ROOT / "tests" / "data").glob("offline_holdout*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            asked.append((case["question"], case.get("previous")))
    return asked


async def measure(asked: list[tuple[str, str | None]], store: SqlHrStore) -> dict[str, Any]:
    caller = await caller_for_employee_id(store, "E1001")
    toolbox = make_toolbox(store)
    client = make_client(None)  # the offline model: one process, one prompt cache, as one bot has
    bot = Assistant(client, toolbox, model="offline", calendar=FIXED_CALENDAR, check=Grounding(toolbox))
    per_answer: list[list[ModelCall]] = []
    judged: list[int] = []  # the judge's request with Claude (bot/grounding/judge.py), sized the same way
    for question, previous in asked:
        turn = await ask(bot, caller, question, previous)
        per_answer.append(turn.trace.model_calls)
        lookups = turn.conversation.evidence()
        asked_at = max(
            i for i, m in enumerate(turn.messages) if m["role"] == "user" and m["content"] == question
        )
        today = FIXED_CALENDAR.today_for(caller)
        case = case_of(question, turn.answer, today, lookups, turn.messages[:asked_at])
        request = {"role": "user", "content": case.as_json()}
        judged.append(
            estimate_tokens(JUDGE_SYSTEM) + estimate_tokens([request]) + estimate_tokens(JUDGE_OUTPUT)
        )
    await client.close()
    judge = sum(judged[1:]) / max(len(judged) - 1, 1)
    steady = per_answer[1:]
    calls = [call for answer in steady for call in answer]
    uncached = sum(c.input_tokens + c.cache_read_tokens + c.cache_written_tokens for c in calls)
    cached = sum(c.billed_input for c in calls)
    return {
        "answers": len(steady),
        "model_calls_per_answer": round(len(calls) / len(steady), 2),
        "first_answer_billed": round(sum(c.billed_input for c in per_answer[0]), 1),
        "billed_per_answer_without_cache": round(uncached / len(steady), 1),
        "billed_per_answer_with_cache": round(cached / len(steady), 1),
        "saved_percent": round(100 * (1 - cached / uncached), 1),
        # with Claude the judge's call too, which the cache does not shorten (its prompt is under the minimum)
        "judge_input_per_answer": round(judge, 1),
        "saved_percent_with_judge": round(
            100 * (1 - (cached / len(steady) + judge) / (uncached / len(steady) + judge)), 1
        ),
        "read_tokens_per_answer": round(sum(c.cache_read_tokens for c in calls) / len(steady), 1),
        "written_tokens_per_answer": round(sum(c.cache_written_tokens for c in calls) / len(steady), 1),
    }


async def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.prompt_cost", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = await make_test_database("sqlite", Path(folder), seeded=True)
        try:
            figures = await measure(questions(), SqlHrStore(db.engine))
        finally:
            await release_test_database(db)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        "| answers (steady state) | calls / answer | billed input / answer, no cache | with cache | saved "
        "| + the judge's call (Claude) | saved with it |"
    )
    print("|---|---|---|---|---|---|---|")
    print(
        f"| {figures['answers']} | {figures['model_calls_per_answer']} | "
        f"{figures['billed_per_answer_without_cache']} | {figures['billed_per_answer_with_cache']} | "
        f"{figures['saved_percent']} % | {figures['judge_input_per_answer']} | "
        f"{figures['saved_percent_with_judge']} % |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
