"""The held-out set (`tests/data/offline_holdout.json`): realistic questions, Korean, English and mixed,
written apart from the issue's examples, run through the real loop and grounding check on the offline
model. None may be answered wrong; at least 85 % must get the expected behaviour (the right years looked
up, someone else declined, a non-balance question not answered with a bare balance or the usage hint, the
date), the rest an honest "I can't answer that offline" (issue 31: precision first)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.hr.directory import roster
from tests.support.clock import FIXED_CALENDAR
from tests.support.offline_chat import ask, judge, offline_assistant

DATA = Path(__file__).parent / "data"
# Each set was written by someone who had not seen the rules, and first run untuned (docs/offline-model.md,
# "How well it does"); once run, a set guards against regressions, and the next round is measured on a new one.
SETS = ["", "_fresh", "_third", "_fourth", "_fifth", "_sixth", "_seventh"]
# Issue 31's own set (`cannot` cases expect an honest decline), written before its first run.
SETS.append(":offline_precision")
# The seventh set leans on arithmetic (percentages, differences, what-ifs over dates): declined until the
# answers' named figures (issue 30) carry it, so its floor of right answers is lower; wrong is 0 for all.
RIGHT_AT_LEAST = {"_seventh": 0.75}


@pytest.mark.parametrize("suffix", SETS)
async def test_the_held_out_questions_are_answered_right(hr, minsu, suffix):
    name = suffix[1:] if suffix.startswith(":") else f"offline_holdout{suffix}"
    cases = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["cases"]
    assert len(cases) >= 60
    today = FIXED_CALENDAR.today_for(minsu)
    bot = offline_assistant(hr, roster=await roster(hr))
    wrong: list[str] = []
    declined: list[str] = []
    for case in cases:
        turn = await ask(bot, minsu, case["question"], case.get("previous"))
        verdict = judge(turn, case["expect"], today)
        if not verdict.right:
            (declined if verdict.declined else wrong).append(f"{case['question']!r}: {verdict.why}")
    right = len(cases) - len(wrong) - len(declined)
    print(
        f"offline held-out{suffix}: {right} right, {len(declined)} declined, {len(wrong)} wrong of {len(cases)}"
    )
    print("\n".join(["wrong:", *wrong, "declined:", *declined]))
    assert not wrong, "\n".join(wrong)
    assert right / len(cases) >= RIGHT_AT_LEAST.get(suffix, 0.85), "\n".join(declined)
