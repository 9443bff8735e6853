"""Server time of "why this score" and of a rules page, and the bytes they send.

    .venv/bin/python bench/why_rules.py         (from the repository root)

Builds a 50-round, 8-player tamalou game (random hands, a fixed seed) in a
throw-away SQLite database, then renders the why view's HTMX partial for one
player and for all eight (each render re-scores the whole game with the
engine) and two rules pages, 30 times each, and prints the median.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="why-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from engine.rules import VARIANTS  # noqa: E402
from tests.factories import make_game  # noqa: E402

REPEATS = 30


def median_ms(client: Client, path: str, **headers: str) -> tuple[float, int]:
    client.get(path, headers=headers)
    times, size = [], 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        response = client.get(path, headers=headers)
        times.append(time.perf_counter() - start)
        size = len(response.content)
    return statistics.median(times) * 1000, size


def main() -> None:
    call_command("migrate", verbosity=0)
    random.seed(1)
    players = [f"Joueur {i}" for i in range(1, 9)]
    deck = [c for c in VARIANTS["tamalou"].deck.codes if c != "JK"]
    rounds = []
    for _ in range(50):
        cards = random.sample(deck, 32)
        rounds.append({"announcer": players[0], "hands": {p: cards[i * 4:i * 4 + 4] for i, p in enumerate(players)}})
    game = make_game("tamalou", players, rounds=rounds)
    client = Client()
    why = f"/games/{game.pk}/rounds/50/why/"
    for label, path, headers in (
        ("why, one player (HTMX partial)", f"{why}?player=Joueur%203", {"HX-Request": "true"}),
        ("why, all eight players (HTMX partial)", why, {"HX-Request": "true"}),
        ("why, one player (full page)", f"{why}?player=Joueur%203", {}),
        ("rules page, tamalou", "/rules/tamalou/", {}),
        ("rules page, canasta", "/rules/canasta/", {}),
    ):
        ms, size = median_ms(client, path, **headers)
        print(f"{label:40} {ms:6.1f} ms  {size:6d} bytes")


if __name__ == "__main__":
    main()
