"""`python benchmarks/heldout/kit/render.py FILE.json`: for each case of a fresh answer set, the text code
writes from its answer (what the person would read), so its writer can judge `expected` from it. It never
says whether the check would accept an answer; a statement that cannot be written (bad arguments, a fact no
lookup gave) is shown as CANNOT WRITE with its reason. Run it with the frozen checkout's Python
(FROZEN=/path/to/frozen/checkout, default: this checkout)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# the frozen checkout's code (the fallback, this checkout, only when no FROZEN is given: a copy of this
# script outside the checkout needs FROZEN)
sys.path.insert(0, os.environ.get("FROZEN") or str(Path(__file__).resolve().parents[3]))

from benchmarks.named_answers import evidence_of
from bot import text
from bot.grounding.shape import parts_of
from bot.grounding.statements import write


def main(path: str) -> None:
    for case in json.loads(Path(path).read_text(encoding="utf-8")):
        parts = parts_of(case["answer"])
        print(f"{case['id']}  [{case.get('expected')}]  {case['question']}")
        if parts is None:
            print('   !! the answer is not in the {"parts": [...]} shape')
            continue
        written = write(parts, evidence_of(case), text.is_korean(case["question"]))
        print("   →", written.text)
        for problem in written.problems:
            if problem.figure != "say":
                print("   CANNOT WRITE", problem.figure, "—", problem.reason)


if __name__ == "__main__":
    main(sys.argv[1])
