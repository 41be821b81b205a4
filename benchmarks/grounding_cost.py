"""`python -m benchmarks.grounding_cost`: what answering in statements costs, on the offline model.

Every question of the held-out sets (tests/data/offline_holdout*.json) is asked twice through the real
loop and grounding check: with statements (structured output, the default) and with plain-text answers
(the fallback check). Prints model calls per 100 answers, correction rounds per 100, and output tokens per
answer (the offline model's estimate, about 3 characters a token: statements are shorter than sentences).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from bot.agent.loop import Assistant
from bot.db.hr import SqlHrStore
from bot.grounding.check import Grounding
from bot.hr.directory import caller_for_employee_id
from bot.llm.client import make_client
from tests.support.assistant import make_toolbox
from tests.support.clock import FIXED_CALENDAR
from tests.support.database import make_test_database, release_test_database
from tests.support.offline_chat import ask

ROOT = Path(__file__).resolve().parents[1]


async def measure(
    declare: bool, questions: list[tuple[str, str | None]], store: SqlHrStore
) -> dict[str, float]:
    caller = await caller_for_employee_id(store, "E1001")
    toolbox = make_toolbox(store)
    client = make_client(None)
    bot = Assistant(
        client,
        toolbox,
        model="offline",
        calendar=FIXED_CALENDAR,
        check=Grounding(toolbox),
        shape_answers=declare,
    )
    calls = corrections = tokens = answers = 0
    for question, previous in questions:
        turn = await ask(bot, caller, question, previous)
        answers += 1
        calls += len(turn.trace.model_calls)
        corrections += sum("asking the model once more" in line for line in turn.trace.render_lines())
        final = [c for c in turn.trace.model_calls if c.stop_reason == "end_turn"]
        tokens += final[-1].output_tokens if final else 0
    await client.close()
    return {
        "answers": answers,
        "model_calls_per_100": round(100 * calls / answers, 1),
        "corrections_per_100": round(100 * corrections / answers, 1),
        "output_tokens_per_answer": round(tokens / answers, 1),
    }


async def main() -> int:
    questions: list[tuple[str, str | None]] = []
    for path in sorted((ROOT / "tests" / "data").glob("offline_holdout*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            questions.append((case["question"], case.get("previous")))
    with tempfile.TemporaryDirectory() as folder:
        db = await make_test_database("sqlite", Path(folder), seeded=True)
        try:
            store = SqlHrStore(db.engine)
            declared = await measure(True, questions, store)
            plain = await measure(False, questions, store)
        finally:
            await release_test_database(db)
    print("| path | answers | model calls / 100 answers | correction rounds / 100 | output tokens / answer |")
    print("|---|---|---|---|---|")
    for name, figures in (("statements", declared), ("plain text (fallback)", plain)):
        print(
            f"| {name} | {figures['answers']:.0f} | {figures['model_calls_per_100']} | "
            f"{figures['corrections_per_100']} | {figures['output_tokens_per_answer']} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
