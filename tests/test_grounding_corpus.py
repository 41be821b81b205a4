"""The grounding check against a corpus of realistic model answers (tests/data/grounding_corpus.json):
correct answers full of incidental numbers must pass untouched (false positives), and answers with a
wrong amount must be caught (false negatives), in Korean, English and both. Each rate must stay at or
under 3 %, on the development set and on a held-out set written separately.

The decision under test is `assess`, the one `Grounding.review` makes before it acts."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.core.rules import Assessment, assess
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.tools.registry import Figures

DATA = Path(__file__).parent / "data"
MAX_RATE = 0.03


@dataclass(frozen=True)
class Case:
    id: str
    category: str
    question: str
    figures: list[Figures]
    answer: str
    expect: str
    wrong: list[str]
    today: date


def _figures(evidence: list[dict[str, Any]]) -> list[Figures]:
    found: list[Figures] = []
    for item in evidence:
        if "balance" in item:
            b = item["balance"]
            found.append(Balance(b["year"], Decimal(b["granted"]), Decimal(b["used"])))
        else:
            t = item["taken"]
            records = tuple(
                LeaveRecord(date.fromisoformat(r["taken_on"]), Decimal(r["days"]), r["leave_type"])
                for r in t["records"]
            )
            found.append(LeaveTaken(t["year"], records, Decimal(t.get("undated") or 0)))
    return found


def load(name: str) -> list[Case]:
    raw = json.loads((DATA / name).read_text(encoding="utf-8"))["cases"]
    return [
        Case(
            c["id"],
            c["category"],
            c["question"],
            _figures(c["evidence"]),
            c["answer"],
            c["expect"],
            c["wrong"],
            date.fromisoformat(c["today"]),
        )
        for c in raw
    ]


def judge(case: Case) -> Assessment:
    return assess(case.answer, case.question, case.figures, case.today, looked_up=bool(case.figures))


def rates(cases: list[Case]) -> tuple[float, float, list[str]]:
    """(false-positive rate, false-negative rate, what went wrong)."""
    passes = [c for c in cases if c.expect == "pass"]
    rejects = [c for c in cases if c.expect == "reject"]
    misses = []
    for case in passes:
        verdict = judge(case)
        if not verdict.stands:
            misses.append(f"FP {case.id}: {[v.reason for v in verdict.wrong] or 'unanswered'}")
    for case in rejects:
        if judge(case).stands:
            misses.append(f"FN {case.id}: {case.wrong} passed")
    fp = sum(m.startswith("FP") for m in misses) / len(passes)
    fn = sum(m.startswith("FN") for m in misses) / len(rejects)
    return fp, fn, misses


@pytest.mark.parametrize("name", ["grounding_corpus.json", "grounding_holdout.json"])
def test_false_positives_and_false_negatives_stay_under_three_percent(name):
    cases = load(name)
    fp, fn, misses = rates(cases)
    assert fp <= MAX_RATE and fn <= MAX_RATE, f"FP {fp:.1%}, FN {fn:.1%}:\n" + "\n".join(misses)


def test_the_corpus_covers_every_kind_of_case():
    cases = load("grounding_corpus.json")
    assert len(cases) >= 150
    categories = Counter(c.category for c in cases)
    assert all(count >= 8 for count in categories.values()), categories
    assert {c.expect for c in cases} == {"pass", "reject"}
    kinds = {c.category.split(":")[0] for c in cases}
    assert kinds == {"ok", "bad"}


def test_a_caught_answer_names_the_wrong_figure():
    """Caught for the right reason: the verdict points at the figure the corpus marks wrong."""
    rejects = [c for c in load("grounding_corpus.json") if c.expect == "reject" and c.wrong]
    named = 0
    for case in rejects:
        texts = " ".join(v.claim.text for v in judge(case).wrong)
        numbers = [w.rstrip("일 days").strip() for w in case.wrong]
        named += any(n and n in texts for n in numbers)
    assert named / len(rejects) >= 0.9
