"""An evaluation set run through whichever model is configured (the offline model with no key, Claude
with one), the real loop and the real grounding check, on a scratch copy of the bundled HR data: never the
company's database. Each case is one conversation asked as its employee on the set's day.

Per case: the tool calls, the answer as posted, its verdict, the check's path, the model calls, the input
billed (cache reads at 0.1×, writes at 1.25×), output tokens and time. `stopped` marks a case whose first
answer was right and that the check did not post as written (a false stop); a wrong answer posted is a
`wrong` verdict.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bot.agent.conversation import Conversation
from bot.agent.trace import Grounded, Note
from bot.config import Settings, embedded_database
from bot.evaluation.cases import Case, EvalSet, Verdict
from bot.hr.bundled import bundled_data_path
from bot.hr.directory import caller_for_employee_id
from bot.services import Services, open_services


@dataclass(frozen=True)
class Outcome:
    id: str
    question: str
    tools: list[str]
    answer: str
    verdict: Verdict
    stopped: bool  # a right first answer the check did not post as written
    corrected: bool  # the check asked the model once more
    model_calls: int
    billed_input: float
    output_tokens: int
    ms: float


@dataclass
class Report:
    set_name: str
    model: str
    outcomes: list[Outcome] = field(default_factory=list)

    def totals(self) -> dict[str, Any]:
        verdicts = Counter(o.verdict for o in self.outcomes)
        answered = len(self.outcomes) or 1
        times = sorted(o.ms for o in self.outcomes) or [0.0]
        return {
            "cases": len(self.outcomes),
            "right": verdicts["right"],
            "declined": verdicts["declined"],
            "wrong_posted": verdicts["wrong"],
            "stopped_correct": sum(o.stopped for o in self.outcomes),
            "corrections_per_100": round(100 * sum(o.corrected for o in self.outcomes) / answered, 1),
            "billed_input_per_answer": round(sum(o.billed_input for o in self.outcomes) / answered, 1),
            "output_tokens_per_answer": round(sum(o.output_tokens for o in self.outcomes) / answered, 1),
            "p50_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))], 1),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "set": self.set_name,
            "model": self.model,
            "totals": self.totals(),
            "cases": [asdict(o) for o in self.outcomes],
        }


def scratch_settings(settings: Settings, eval_set: EvalSet, workdir: Path) -> Settings:
    """The configured model and checks, on a fresh embedded copy of the bundled HR data, on the set's day."""
    return settings.model_copy(
        update={
            "database": embedded_database(workdir),
            "data_path": bundled_data_path(),
            "pinned_today": eval_set.today,
            "audit_path": None,
        }
    )


async def run_set(settings: Settings, eval_set: EvalSet) -> Report:
    async with open_services(settings, announce_offline=False) as services:
        report = Report(eval_set.name, services.model_description)
        for case in eval_set.cases:
            report.outcomes.append(await _run_case(services, case))
        return report


async def _run_case(services: Services, case: Case) -> Outcome:
    caller = await caller_for_employee_id(services.directory, case.employee_id)
    conversation = Conversation([])
    if case.previous:
        conversation = (
            await services.assistant.run_turn(Conversation.start(case.previous), caller)
        ).conversation
    started = time.perf_counter()
    turn = await services.assistant.run_turn(conversation.ask(case.question), caller)
    ms = (time.perf_counter() - started) * 1000
    steps = turn.trace.steps
    grounded = next((s for s in steps if isinstance(s, Grounded)), None)
    first = grounded.draft if grounded is not None else turn.answer
    verdict = case.judge(turn.answer)
    calls = turn.trace.model_calls
    return Outcome(
        id=case.id,
        question=case.question,
        tools=[f"{c.name}({_inputs(c.input)})" for c in turn.trace.tool_calls],
        answer=turn.answer,
        verdict=verdict,
        stopped=first != turn.answer and case.judge(first) == "right",
        corrected=any(isinstance(s, Note) and "asking the model once more" in s.text for s in steps),
        model_calls=len(calls),
        billed_input=round(sum(c.billed_input for c in calls), 1),
        output_tokens=sum(c.output_tokens for c in calls),
        ms=round(ms, 1),
    )


def _inputs(tool_input: Any) -> str:
    if isinstance(tool_input, dict):
        return ", ".join(f"{key}={value}" for key, value in tool_input.items())
    return str(tool_input)
