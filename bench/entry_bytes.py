"""Round entry: the bytes a phone downloads to enter one round, once the app is loaded,
and the server time of the preview.

    .venv/bin/python bench/entry_bytes.py          (from the repository root)

In a throw-away SQLite database, for an 8-player tamalou game 30 rounds in, a
canasta game for four and a cactus-game game, it measures every response the entry
page gets, through Django's test client (middleware, view, engine, template):

- the entry page itself (GET, full HTML: the sheet links to it with a plain href);
- one preview (the HTMX partial and its out-of-band message slots) for a complete
  valid round, and for an invalid one;
- the structural round-trips that re-render the form (canasta "+ Pose",
  cactus-game "add a play");
- the save (an HX-Redirect with an empty body).

Figures are raw bytes (the app serves HTML uncompressed: no GZipMiddleware) and,
for reference, gzip level 6 as a compressing proxy would send them. Static files
(entry.css, card-picker.js) are counted once, as the first load.
"""

from __future__ import annotations

import gzip
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="entry-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.staticfiles import finders  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from engine.rules import VARIANTS  # noqa: E402
from tests.factories import make_game  # noqa: E402

PLAYERS = [f"Joueur {i}" for i in range(1, 9)]
HTMX = {"HTTP_HX_REQUEST": "true"}
REPEATS = 40


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def random_hands(rng: random.Random) -> dict[str, list[str]]:
    deck = list(VARIANTS["tamalou"].deck.codes) + ["JK"]
    rng.shuffle(deck)
    return {p: [deck.pop(), deck.pop(), deck.pop(), deck.pop()] for p in PLAYERS}


def tamalou_post(hands: dict[str, list[str]]) -> dict[str, str]:
    post = {f"hand-{i}-cards": " ".join(hands[p]) for i, p in enumerate(PLAYERS)}
    post["announcer"] = "0"
    return post


def row(label: str, body: bytes, ms: float | None = None) -> str:
    timing = f"{ms:.1f} ms" if ms is not None else "–"
    return f"| {label} | {len(body):,} | {gz(body):,} | {timing} |"


def median_ms(call) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    call_command("migrate", verbosity=0)
    rng = random.Random(7)
    client = Client()
    # 30 rounds in, nobody above 100 yet is not guaranteed: use no round limit.
    game = make_game("tamalou", PLAYERS, rounds=[
        {"hands": {p: [] for p in PLAYERS} | {p: rng.randint(0, 3) for p in PLAYERS}, "announcer": None}
        for _ in range(30)])
    new = f"/games/{game.token}/rounds/new/"
    preview = f"/games/{game.token}/rounds/preview/"
    hands = random_hands(rng)
    valid = tamalou_post(hands)
    invalid = dict(valid, **{"hand-1-cards": valid["hand-0-cards"]})  # a hand given twice

    print("| response | bytes | gzip | median server time |")
    print("|---|---|---|---|")
    page = client.get(new).content
    print(row("tamalou, 8 players: entry page (GET, full HTML)", page, median_ms(lambda: client.get(new))))
    body = client.post(preview, valid, **HTMX).content
    print(row("tamalou, 8 players: preview of a valid round", body,
              median_ms(lambda: client.post(preview, valid, **HTMX))))
    body = client.post(preview, invalid, **HTMX).content
    print(row("tamalou, 8 players: preview of an invalid round", body,
              median_ms(lambda: client.post(preview, invalid, **HTMX))))
    save = client.post(new, valid | {"request_id": str(uuid.uuid4())}, **HTMX)
    print(row("tamalou, 8 players: save (HX-Redirect)", save.content) + f" <!-- {save.status_code} -->")

    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    canasta = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"], teams=teams)
    url = f"/games/{canasta.token}/rounds/new/"
    print(row("canasta, 4 players: entry page (GET)", client.get(url).content))
    post = {"side-0-melds": "1", "side-0-meld-0": "KS KH KD KC KS KH KD", "went_out": "0",
            "action": "add-meld:0"}
    print(row("canasta: \"+ Pose\" (form partial)", client.post(url, post, **HTMX).content,
              median_ms(lambda: client.post(url, post, **HTMX))))
    post.pop("action")
    print(row("canasta: preview", client.post(f"/games/{canasta.token}/rounds/preview/", post, **HTMX).content))

    turn = make_game("cactus-game", ["Ana", "Ben", "Chloé"])
    url = f"/games/{turn.token}/rounds/new/"
    print(row("cactus-game: entry page (GET)", client.get(url).content))
    post = {"player": "0", "plays": "1", "play-0-card": "free_point", "play-0-stops": "1",
            "play-0-stop-0": "1", "action": "add-stop:0"}
    print(row("cactus-game: \"+ Stop\" (form partial)", client.post(url, post, **HTMX).content))

    print()
    for name in ("css/entry.css", "js/card-picker.js"):
        data = Path(finders.find(name)).read_bytes()
        print(f"static {name}: {len(data):,} bytes, {gz(data):,} gzip (first load only, then cached)")
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cores, {REPEATS} repeats per median)")


if __name__ == "__main__":
    main()
