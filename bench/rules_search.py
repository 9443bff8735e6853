"""Time of one question to the rules search, and its score on the question set.

    .venv/bin/python bench/rules_search.py         (from the repository root)

Asks every question of tests/scorekeeper/rules_questions.py (tuned set and held-out set)
20 times each in its own language, once the index is built, and prints p50/p95 of
one `answers()` call, the time the first build took, and the top-3 share of each set.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.utils import translation  # noqa: E402

from scorekeeper.rules_search import answers  # noqa: E402
from scorekeeper.rules_search.index import language_index  # noqa: E402
from tests.scorekeeper.rules_questions import HELD_OUT, QUESTIONS  # noqa: E402

REPEATS = 20


def main() -> None:
    start = time.perf_counter()
    for language in ("fr", "en"):
        language_index(language)
    build = time.perf_counter() - start
    times = []
    for _ in range(REPEATS):
        for language, variant, question, _anchors, _words in QUESTIONS + HELD_OUT:
            with translation.override(language):
                t = time.perf_counter()
                answers(question, variant)
                times.append(time.perf_counter() - t)
    times.sort()
    p50, p95 = statistics.median(times), times[int(len(times) * 0.95)]
    print(f"index build (both languages, 11 games): {build * 1000:.0f} ms")
    print(f"one question, {len(times)} asked: p50 {p50 * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, "
          f"max {times[-1] * 1000:.2f} ms")
    for name, questions in (("tuned", QUESTIONS), ("held out", HELD_OUT)):
        hits = 0
        for language, variant, question, anchors, words in questions:
            with translation.override(language):
                top = answers(question, variant)[:3]
            hits += any(a.anchor in anchors and all(w in a.text for w in words) for a in top)
        print(f"{name}: {hits}/{len(questions)} = {hits / len(questions):.1%} answered in the top 3")


if __name__ == "__main__":
    main()
