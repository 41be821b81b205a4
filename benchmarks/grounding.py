"""`python -m benchmarks.grounding`: the plain-text fallback on the plain answer corpora in tests/data/.

These answers type their numbers (a model or server without structured outputs). The fallback is
conservative: an answer that types any digit or quantity word (bot/language/quantities.py) is never
posted; the plain looked-up figures are, with a note. So no wrong typed amount is posted, and a correct
answer with a number in it is replaced by the plain figures (still correct, in the phrasebook's words).
Printed per corpus: correct answers replaced, wrong answers posted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.language.quantities import stray_quantities

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
CORPORA = ("grounding_corpus.json", "grounding_holdout.json")


def main() -> int:
    print("| corpus | answers | correct answers replaced by the plain figures | wrong answers posted |")
    print("|---|---|---|---|")
    for name in CORPORA:
        cases = json.loads((DATA / name).read_text(encoding="utf-8"))["cases"]
        good = [c for c in cases if c["expect"] == "pass"]
        bad = [c for c in cases if c["expect"] == "reject"]
        replaced = [c for c in good if stray_quantities(c["answer"])]
        posted = [c for c in bad if not stray_quantities(c["answer"])]
        print(
            f"| {name} | {len(cases)} ({len(good)} correct, {len(bad)} wrong) "
            f"| {len(replaced)}/{len(good)} = {len(replaced) / len(good):.1%} "
            f"| {len(posted)}/{len(bad)} = {len(posted) / len(bad):.1%} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
