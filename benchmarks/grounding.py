"""`python -m benchmarks.grounding`: the grounding check on the answer corpora in tests/data/.

For each corpus: the false-positive rate (correct answers the check would alter), the false-negative
rate (answers with a wrong amount it would let through), and the extra model calls the check causes per
100 answers (a correction call when a lookup ran and a claim does not stand; a lookup the check runs by
code is not a model call). The test `tests/test_grounding_corpus.py` holds the rates at or under 3 %.
"""

from __future__ import annotations

import sys

from bot.core.rules import assess
from tests.test_grounding_corpus import Case, load

CORPORA = ("grounding_corpus.json", "grounding_holdout.json")


def extra_calls(case: Case) -> int:
    verdict = assess(case.answer, case.question, case.figures, case.today, looked_up=bool(case.figures))
    return int(bool(case.figures) and not verdict.stands)


def main() -> int:
    print("| corpus | answers | false positives | false negatives | extra model calls per 100 answers |")
    print("|---|---|---|---|---|")
    for name in CORPORA:
        cases = load(name)
        good = [c for c in cases if c.expect == "pass"]
        bad = [c for c in cases if c.expect == "reject"]
        altered = [
            c
            for c in good
            if not assess(c.answer, c.question, c.figures, c.today, looked_up=bool(c.figures)).stands
        ]
        missed = [
            c
            for c in bad
            if assess(c.answer, c.question, c.figures, c.today, looked_up=bool(c.figures)).stands
        ]
        per_good = 100 * sum(map(extra_calls, good)) / len(good)
        per_all = 100 * sum(map(extra_calls, cases)) / len(cases)
        print(
            f"| {name} | {len(cases)} ({len(good)} correct, {len(bad)} wrong) "
            f"| {len(altered)}/{len(good)} = {len(altered) / len(good):.1%} "
            f"| {len(missed)}/{len(bad)} = {len(missed) / len(bad):.1%} "
            f"| correct answers +{per_good:.1f}; all answers +{per_all:.1f} |"
        )
        for case in altered + missed:
            print(f"  {'FP' if case in altered else 'FN'} {case.id}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
