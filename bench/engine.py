"""Rules-engine throughput: rounds scored per second, and the score_game command's wall time.

    .venv/bin/python bench/engine.py            (from the repository root)

Builds a 10,000-round, 8-player record for three variants (random hands drawn
without replacement from each variant's deck, a fixed seed), scores each
in-process several times and keeps the best run, then times
`manage.py score_game FILE` end to end (Python start-up and Django set-up
included). The figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.rules import VARIANTS, score_record  # noqa: E402

ROUNDS = 10_000
PLAYERS = [f"Joueur {i}" for i in range(1, 9)]
BENCH_VARIANTS = ("tamalou", "cactus", "cabo-bruxellois")  # none of them ends on its own
REPEATS = 15  # the VM is noisy: report the best and the median


def make_record(key: str, seed: int = 7) -> dict:
    variant = VARIANTS[key]
    deck = [code for code, n in variant.deck.copies.items() for _ in range(n)]
    rng = random.Random(seed)
    rounds = []
    for _ in range(ROUNDS):
        cards = rng.sample(deck, 4 * len(PLAYERS))
        hands = {p: cards[4 * i: 4 * i + rng.randint(1, 4)] for i, p in enumerate(PLAYERS)}
        rounds.append({"announcer": rng.choice(PLAYERS + [None]), "hands": hands})
    return {"format": 1, "variant": key, "players": PLAYERS, "rounds": rounds}


def in_process(record: dict) -> tuple[float, float]:
    """(best, median) rounds per second of score_record on the decoded record."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        score_record(record)
        times.append(time.perf_counter() - start)
    return ROUNDS / min(times), ROUNDS / statistics.median(times)


def command_wall_time(record: dict) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record, f)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "manage.py", "score_game", f.name], cwd=ROOT,
                              capture_output=True)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(done.stderr.decode())
    Path(f.name).unlink()
    return best


def main() -> None:
    print(f"{ROUNDS} rounds, {len(PLAYERS)} players; in-process: best and median of {REPEATS} runs; "
          f"score_game: best of 3 runs, start-up included")
    for key in BENCH_VARIANTS:
        record = make_record(key)
        best, median = in_process(record)
        wall = command_wall_time(record)
        print(f"{key:16} {best:>9,.0f} rounds/s best {median:>9,.0f} median   score_game {wall:.2f} s")


if __name__ == "__main__":
    main()
