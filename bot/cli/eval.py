"""`officebot eval [--set FILE] [--json]`: a question set (the bundled one by default) run through whichever
model is configured — the offline model with no key, Claude with `ANTHROPIC_API_KEY` — on a scratch copy of
the bundled HR data, with the real loop and grounding check. Prints each case (tool calls, the answer as
posted, its verdict) and the totals: right, declined, wrong answers posted, correct answers the check
stopped, correction rounds, input billed, latency (docs/grounding.md#officebot-eval)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from bot.config import Settings
from bot.evaluation.cases import BadSet, bundled_set_path, load_set
from bot.evaluation.run import Report, run_set, scratch_settings


def command(settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(run(settings, args, sys.stdout, sys.stderr))


async def run(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        eval_set = load_set(Path(args.set) if args.set else bundled_set_path())
    except BadSet as bad:
        print(f"officebot: --set: {bad}", file=err)
        return 2
    with tempfile.TemporaryDirectory(prefix="officebot-eval-") as workdir:
        report = await run_set(scratch_settings(settings, eval_set, Path(workdir)), eval_set)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2), file=out)
    else:
        _print(report, out)
    return 0


def _print(report: Report, out: TextIO) -> None:
    print(f"officebot eval — set {report.set_name}, model: {report.model}", file=out)
    for o in report.outcomes:
        stopped = " (a right first answer, stopped by the check)" if o.stopped else ""
        print(f"\n[{o.verdict}{stopped}] {o.id}: {o.question}", file=out)
        print(f"  tools: {'; '.join(o.tools) or '-'}", file=out)
        print(f"  answer: {' '.join(o.answer.split())}", file=out)
        print(
            f"  model calls {o.model_calls}, input billed {o.billed_input:.0f}, output {o.output_tokens}, "
            f"{o.ms:.0f} ms",
            file=out,
        )
    t = report.totals()
    print(
        f"\n{t['cases']} cases: {t['right']} right, {t['declined']} declined, {t['wrong_posted']} wrong posted, "
        f"{t['stopped_correct']} right answers stopped by the check; {t['corrections_per_100']} correction "
        f"rounds per 100; input billed {t['billed_input_per_answer']} and output "
        f"{t['output_tokens_per_answer']} tokens per answer; p50 {t['p50_ms']} ms, p95 {t['p95_ms']} ms",
        file=out,
    )
