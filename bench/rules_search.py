"""Ask the rules: how well and how fast it answers (issue 26).

    .venv/bin/python bench/rules_search.py                 the tuned set, then the held-out file if present
    .venv/bin/python bench/rules_search.py --file F.json   one question file (the held-out format)

For each set, apart: the share settled in the top 3 with the game chosen, in the top 3
with every game searched (an answer of the right game at a right anchor, or naming the
right game among those saying the same sentence), the right answer FIRST (game chosen),
and the count of WRONG first answers (one of the question's `wrong`; with every game
searched, also another game's paragraph the right game does not say). Then one
question's p50/p95 (game chosen, index built) and 8 threads asking the tuned set at
once: errors, and answers unlike those asked alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
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
from scorekeeper.rules_search.question.games import read  # noqa: E402
from tests.scorekeeper.rules_questions import TUNED, judge  # noqa: E402

HELD_OUT_FILE = ROOT / "tests" / "scorekeeper" / "rules_heldout.json"
REPEATS = 10
THREADS = 8


def report(name: str, questions: list[dict], show_misses: bool) -> None:
    figures = {"top3": 0, "top3_all": 0, "first": 0, "wrong": 0, "wrong_all": 0}
    named = {"asked": 0, "top3_all": 0, "wrong_all": 0}  # questions whose words name a game
    for question in questions:
        got = judge(question, answers)
        for key, value in got.items():
            figures[key] += value
        if read(question["question"]).game:
            named["asked"] += 1
            named["top3_all"] += got["top3_all"]
            named["wrong_all"] += got["wrong_all"]
        if show_misses and (not got["first"] or got["wrong"] or got["wrong_all"] or not got["top3_all"]):
            print(f"  miss {question.get('id')}: {question['question']!r} {got}")
    n = len(questions)
    print(f"{name} ({n} questions): top 3 game chosen {figures['top3']}/{n} = {figures['top3'] / n:.1%}; "
          f"top 3 every game {figures['top3_all']}/{n} = {figures['top3_all'] / n:.1%}; "
          f"first {figures['first']}/{n} = {figures['first'] / n:.1%}; "
          f"WRONG first: {figures['wrong']} game chosen, {figures['wrong_all']} every game")
    print(f"  of which {named['asked']} name their game: top 3 every game {named['top3_all']}, "
          f"WRONG first every game {named['wrong_all']}")


def timing(questions: list[dict]) -> None:
    for label, every_game, repeats in (("game chosen", False, REPEATS), ("every game", True, 3)):
        times = []
        for _ in range(repeats):
            for q in questions:
                with translation.override(q["language"]):
                    t = time.perf_counter()
                    answers(q["question"], None if every_game else q["variant"])
                    times.append(time.perf_counter() - t)
        times.sort()
        print(f"one question, {label} ({len(times)} asked): p50 {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")


def _ask(q: dict, variant: str | None) -> list[tuple]:
    with translation.override(q["language"]):
        return [(a.variant, a.anchor, a.text) for a in answers(q["question"], variant)]


def threads(questions: list[dict]) -> None:
    """Every thread asks every question (game chosen and every game), in its own order."""
    alone = {(i, v): _ask(q, v) for i, q in enumerate(questions) for v in (q["variant"], None)}
    errors, mismatches, asked = [], [], [0]
    start = threading.Barrier(THREADS)

    def run(seed: int) -> None:
        start.wait()
        order = list(alone)[seed:] + list(alone)[:seed]
        for i, variant in order:
            try:
                got = _ask(questions[i], variant)
            except Exception as error:  # noqa: BLE001 - counted and reported
                errors.append(repr(error))
                continue
            asked[0] += 1
            if got != alone[(i, variant)]:
                mismatches.append((i, variant))

    workers = [threading.Thread(target=run, args=(n * 7,)) for n in range(THREADS)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(f"{THREADS} threads at once: {asked[0]} answers, {len(errors)} errors, "
          f"{len(mismatches)} unlike the same question asked alone")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, help="a question file in the held-out format")
    parser.add_argument("--misses", action="store_true", help="print each question not settled first")
    args = parser.parse_args()
    start = time.perf_counter()
    for language in ("fr", "en"):
        language_index(language)
    print(f"index build (both languages, 11 games): {(time.perf_counter() - start) * 1000:.0f} ms")
    if args.file:
        report(args.file.name, json.loads(args.file.read_text(encoding="utf-8"))["questions"], args.misses)
    else:
        report("tuned set", TUNED, args.misses)
        if HELD_OUT_FILE.exists():
            report("held-out set", json.loads(HELD_OUT_FILE.read_text(encoding="utf-8"))["questions"], False)
    timing(TUNED)
    threads(TUNED)


if __name__ == "__main__":
    main()
