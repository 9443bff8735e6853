"""The score sheet: server time to render it, and the bytes a phone downloads.

    .venv/bin/python bench/sheet.py             (from the repository root)

Builds a 50-round, 8-player tamalou game (random hands, a fixed seed) in a
throw-away SQLite database, then:

1. renders the sheet page through Django's test client (middleware, view,
   queries, template) many times and prints the median and the 95th
   percentile, with the sheet's own parts (build_sheet, the template) apart;
2. adds up what a phone downloads to open the sheet the first time: the HTML
   and every stylesheet, script, manifest and icon the page links, each
   gzip-compressed as WhiteNoise serves it (level 9; PNGs as they are);
3. measures what one round entry costs afterwards: the sheet partial an HTMX
   request gets back once a round is added (what the entry form swaps in),
   and the server time of Game.add_round itself (it re-scores the record);
4. imports the biggest record the import page takes (MAX_ROUNDS rounds, under
   MAX_IMPORT_BYTES);
5. opens a 500-round game's sheet, whose older rounds are folded (target:
   under 100 KB sent and under 50 ms on the server).
"""

from __future__ import annotations

import gzip
import json
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="sheet-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.staticfiles import finders  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template.loader import get_template  # noqa: E402
from django.test import Client  # noqa: E402

from engine.rules import VARIANTS  # noqa: E402
from scorekeeper.models import MAX_ROUNDS, Game  # noqa: E402
from scorekeeper.sheet.build import build_sheet  # noqa: E402
from scorekeeper.sheet.page import sheet_context  # noqa: E402
from scorekeeper.views.game.records import MAX_IMPORT_BYTES  # noqa: E402
from tests.factories import make_game  # noqa: E402

PLAYERS = [f"Joueur {i}" for i in range(1, 9)]
ROUNDS = 50
REPEATS = int(os.environ.get("BENCH_REPEATS", "200"))
HTMX = {"HX-Request": "true"}
NOT_COMPRESSED = (".png", ".jpg", ".webp", ".woff2")  # WhiteNoise skips already-compressed files


def random_rounds(n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    deck = [c for c in VARIANTS["tamalou"].deck.codes if c != "JK"]
    rounds = []
    for _ in range(n):
        cards = rng.sample(deck, 32)
        rounds.append({"announcer": rng.choice([*PLAYERS, None]),
                       "hands": {p: cards[i * 4:i * 4 + rng.randint(1, 4)] for i, p in enumerate(PLAYERS)}})
    return rounds


def timed(call, repeats: int = REPEATS) -> list[float]:
    call()  # warm the template cache and the connection
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1]
    return f"median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def first_visit(client: Client, game: Game) -> list[tuple[str, int, int]]:
    """(what, raw bytes, bytes sent) for the page and everything it links."""
    html = client.get(game.get_absolute_url()).content
    files = [("sheet HTML", len(html), gz(html))]
    text = html.decode()
    urls = re.findall(r'<link [^>]*href="(/static/[^"]+)"', text) + re.findall(r'<script [^>]*src="(/static/[^"]+)"', text)
    manifest_icons = []
    for url in dict.fromkeys(urls):
        data = Path(finders.find(url.removeprefix("/static/"))).read_bytes()
        sent = len(data) if url.endswith(NOT_COMPRESSED) else gz(data)
        debug_only = " (DEBUG only)" if url.endswith("django-htmx.js") else ""
        files.append((url + debug_only, len(data), sent))
        if url.endswith(".webmanifest"):
            manifest_icons = re.findall(r'"src": "(/static/[^"]+)"', data.decode())
    # An installing phone fetches the manifest's icons too (not all at once; counted once each).
    for url in dict.fromkeys(manifest_icons):
        if url not in urls:
            data = Path(finders.find(url.removeprefix("/static/"))).read_bytes()
            files.append((url + " (manifest)", len(data), len(data)))
    return files


def main() -> None:
    call_command("migrate", verbosity=0)
    client = Client()
    game = make_game("tamalou", PLAYERS, rounds=random_rounds(ROUNDS))
    url = game.get_absolute_url()
    print(f"{platform.node()} · {platform.processor() or platform.machine()} · Python {platform.python_version()}"
          f" · {os.cpu_count()} cores · SQLite in {TMP}")
    print(f"Tamalou, {len(PLAYERS)} players, {ROUNDS} rounds, {REPEATS} runs each\n")

    print("Server time")
    print(f"  sheet page (test client)     {summary(timed(lambda: client.get(url)))}")
    print(f"  sheet partial (HTMX)         {summary(timed(lambda: client.get(url, headers=HTMX)))}")
    fresh = Game.objects.with_players().get(pk=game.pk)
    print(f"  build_sheet only             {summary(timed(lambda: build_sheet(fresh)))}")
    template = get_template("scorekeeper/game_sheet.html#sheet")
    context = sheet_context(fresh)
    print(f"  sheet partial template only  {summary(timed(lambda: template.render(context)))}")

    print("\nFirst visit (bytes: raw → sent gzip-compressed)")
    files = first_visit(client, game)
    for what, raw, sent in files:
        print(f"  {what:44} {raw:>8,} → {sent:>7,}")
    print(f"  {'total':44} {sum(f[1] for f in files):>8,} → {sum(f[2] for f in files):>7,}")

    print("\nPer round entry")
    for n in (10, ROUNDS):
        small = make_game("tamalou", PLAYERS, rounds=random_rounds(n - 1, seed=n))
        small.add_round(random_rounds(1, seed=99)[0])
        body = client.get(small.get_absolute_url(), headers=HTMX).content
        print(f"  sheet partial after round {n:<3}  {len(body):>8,} raw → {gz(body):>6,} gzip")
    adding = make_game("tamalou", PLAYERS, rounds=random_rounds(ROUNDS - 1, seed=3))
    extra = random_rounds(1, seed=4)[0]

    def add_and_undo() -> None:
        adding.add_round(extra)
        adding.undo_last_round()

    times = timed(add_and_undo, repeats=30)
    print(f"  add_round + undo at round 50 {summary(times)}  (two re-scores and their writes)")

    rounds = random_rounds(MAX_ROUNDS, seed=5)
    text = json.dumps({"format": 1, "variant": "tamalou", "players": PLAYERS, "rounds": rounds})
    while len(text.encode()) > MAX_IMPORT_BYTES:
        rounds = rounds[:-10]
        text = json.dumps({"format": 1, "variant": "tamalou", "players": PLAYERS, "rounds": rounds})
    times = timed(lambda: client.post("/games/import/", {"record": text}), repeats=3)
    print(f"\nImport of {len(rounds):,} rounds ({len(text.encode()):,} bytes): "
          f"median {statistics.median(times) / 1000:.2f} s")

    long_game = make_game("tamalou", PLAYERS, rounds=random_rounds(500, seed=6))
    long_url = long_game.get_absolute_url()
    html = client.get(long_url).content
    print("\n500-round game (the last 50 rounds shown, the older ones folded)")
    print(f"  sheet page (test client)     {summary(timed(lambda: client.get(long_url), repeats=50))}")
    print(f"  sheet HTML                   {len(html):>8,} raw → {gz(html):>6,} gzip")
    history = f"/games/{long_game.token}/history/"
    body = client.get(history).content
    print(f"  history page (first page)    {summary(timed(lambda: client.get(history), repeats=50))}"
          f"   {len(body):,} raw → {gz(body):,} gzip")


if __name__ == "__main__":
    main()
