"""The held-out set (`tests/data/offline_holdout.json`): realistic questions, Korean, English and mixed,
written apart from the issue's examples, run through the real loop and grounding check on the offline
model. At least 95 % must get the expected behaviour: the right years looked up, someone else declined,
a non-balance question not answered with a bare balance or the usage hint, the date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.clock import FIXED_CALENDAR
from tests.support.offline_chat import ask, judge, offline_assistant

DATA = Path(__file__).parent / "data"
# Each set was written by someone who had not seen the rules, and first run untuned (docs/offline-model.md,
# "How well it does"); once run, a set guards against regressions, and the next round is measured on a new one.
SETS = ["", "_fresh", "_third", "_fourth", "_fifth", "_sixth", "_seventh"]


@pytest.mark.parametrize("suffix", SETS)
async def test_the_held_out_questions_are_answered_right(hr, minsu, suffix):
    cases = json.loads((DATA / f"offline_holdout{suffix}.json").read_text(encoding="utf-8"))["cases"]
    assert len(cases) >= 60
    today = FIXED_CALENDAR.today_for(minsu)
    bot = offline_assistant(hr)
    misses = []
    for case in cases:
        turn = await ask(bot, minsu, case["question"], case.get("previous"))
        verdict = judge(turn, case["expect"], today)
        if not verdict.right:
            misses.append(f"{case['question']!r}: {verdict.why}")
    rate = 1 - len(misses) / len(cases)
    print(f"offline held-out: {len(cases) - len(misses)}/{len(cases)} = {rate:.1%}")
    print("\n".join(misses))
    assert rate >= 0.95, "\n".join(misses)
