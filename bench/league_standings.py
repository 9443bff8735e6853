"""League benchmark: a season of 20,000 games over 60 players.

    .venv/bin/python bench/league_standings.py [--games 20000] [--players 60]

Uses a throwaway SQLite file under /tmp (never the app's database): migrates it,
builds the season through the bulk-import path (`import_files`, exactly what
`manage.py import_season` and the upload form run: each record scored by the
engine, then every game saved with its night and table and the standings and
ratings folded in, in one transaction; bench/league_import.py measures that
path on its own), then times

- the import of every game (and, separately, the final recomputation it includes);
- the season's standings page, server side (the view through Django's test client,
  full page and the htmx partial of one variant), median of several runs;
- the incremental path: one more game ending at a table (the round that ends it,
  the `game_scored` receiver updating the stored standings and ratings).

Records are generated with a fixed seed: seven memory variants with hands given
as numbers (canasta and cactus-game are left out: their records are long to
generate and score the same way once saved). Figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = Path("/tmp/marque-carte-league-bench")
sys.path.insert(0, str(ROOT))

GAMES_PER_NIGHT = 40
TABLES = 4


def tamalou_like(rng: random.Random, variant: str, players: list[str]) -> dict:
    rounds_agreed = rng.randint(1, 3)
    rounds = []
    for _ in range(rounds_agreed):
        hands = {p: rng.randint(0, 30) for p in players}
        announcer = rng.choice(players + [None])
        rounds.append({"announcer": announcer, "hands": hands})
    return {"format": 1, "variant": variant, "options": {"rounds": rounds_agreed},
            "players": players, "rounds": rounds}


def to_the_limit(rng: random.Random, variant: str, players: list[str]) -> dict:
    """Dutch, tamoul, fontenaysien: rounds until the variant's own end (simulated on totals)."""
    options: dict = {"half_game": True} if variant == "fontenaysien" else {}
    totals = dict.fromkeys(players, 0)
    out: set[str] = set()
    rounds = []
    while True:
        still_in = [p for p in players if p not in out]
        hands = {p: rng.randint(8, 45) for p in still_in}
        rounds.append({"announcer": None, "hands": hands})
        for p, v in hands.items():
            if variant == "fontenaysien":
                v = 5 if v <= 5 else 10 if v <= 10 else 15 if v <= 15 else 30
            totals[p] += v
            if variant == "tamoul" and totals[p] == 100:
                totals[p] = 50
        if variant == "dutch":
            out |= {p for p in still_in if totals[p] >= 100}
            if len(players) - len(out) <= 1:
                break
        elif variant == "tamoul" and any(t > 100 for t in totals.values()):
            break
        elif variant == "fontenaysien" and any(t >= 50 for t in totals.values()):
            break
    return {"format": 1, "variant": variant, "options": options, "players": players, "rounds": rounds}


MIX = [("tamalou", 30, tamalou_like), ("cactus", 15, tamalou_like), ("koubo", 10, tamalou_like),
       ("cabo-bruxellois", 10, tamalou_like), ("dutch", 15, to_the_limit),
       ("fontenaysien", 12, to_the_limit), ("tamoul", 8, to_the_limit)]


def make_files(games: int, players: int, seed: int = 5) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    names = [f"Joueur {i:02d}" for i in range(1, players + 1)]
    weights = [w for _, w, _ in MIX]
    first_night = date(2025, 9, 4)
    files = []
    for n in range(games):
        variant, _, make = rng.choices(MIX, weights)[0]
        at_table = rng.sample(names, rng.randint(2, 6))
        night = first_night + timedelta(days=7 * (n // GAMES_PER_NIGHT))
        files.append((f"{night.isoformat()}_table-{n % TABLES + 1}.json",
                      json.dumps(make(rng, variant, at_table))))
    return files


def timed(action, repeat: int = 1) -> tuple[float, object]:
    runs, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=60)
    args = parser.parse_args()

    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'db.sqlite3'}"
    os.environ.pop("REDIS_URL", None)  # the in-memory layer: the bench measures the database side
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from leagues.models import League, LeagueGame, NightTable, Result, Season, Standing
    from leagues.results.importing import import_files
    from leagues.results.recording import recompute_season
    from scorekeeper.models import Game

    call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["testserver"]
    setup_test_environment()
    league = League.objects.create(name="Bench")
    season = Season.objects.create(league=league, name="2025-2026", start=date(2025, 9, 1))

    print(f"{platform.node()} · {platform.processor() or platform.machine()} · "
          f"{os.cpu_count()} cores · Python {platform.python_version()} · "
          f"SQLite {connection.Database.sqlite_version} · {date.today().isoformat()}")
    files = make_files(args.games, args.players)
    rounds = sum(len(json.loads(text)["rounds"]) for _, text in files)
    print(f"{len(files)} games, {rounds} rounds, {args.players} players")

    import_seconds, reports = timed(lambda: import_files(season, files))
    refused = [r for r in reports if not r.ok]
    assert not refused, refused[:3]
    print(f"import: {import_seconds:.1f} s ({len(files) / import_seconds:.0f} games/s), "
          f"{LeagueGame.objects.count()} games, {Standing.objects.count()} standings rows, "
          f"{Result.objects.count()} results")

    recompute_seconds, _ = timed(lambda: recompute_season(season))
    print(f"recompute_ratings (from scratch): {recompute_seconds:.2f} s")

    client = Client()
    url = f"/leagues/seasons/{season.pk}/"
    assert client.get(url).status_code == 200  # warm caches (templates, URL resolvers)
    page, _ = timed(lambda: client.get(url), repeat=15)
    partial, _ = timed(lambda: client.get(url + "?scope=tamalou", HTTP_HX_REQUEST="true"), repeat=15)
    print(f"standings view: full page {page * 1000:.1f} ms, htmx partial (tamalou) "
          f"{partial * 1000:.1f} ms (median of 15)")
    room_night = NightTable.objects.filter(night__season=season).latest("night__date").night
    room, _ = timed(lambda: client.get(f"/leagues/nights/{room_night.pk}/room/"), repeat=15)
    print(f"room screen (a night of {GAMES_PER_NIGHT} games): {room * 1000:.1f} ms (median of 15)")

    table = NightTable.objects.filter(night=room_night).first()
    ends = []
    for i in range(10):
        game = Game.start("tamalou", [f"Joueur {i + 1:02d}", f"Joueur {i + 11:02d}"], {"rounds": 1})
        LeagueGame.objects.create(game=game, table=table)
        hands = {f"Joueur {i + 1:02d}": 3, f"Joueur {i + 11:02d}": 9}
        seconds, _ = timed(lambda g=game, h=hands: g.add_round({"announcer": None, "hands": h}))
        ends.append(seconds)
    print(f"a game ending (last round saved + standings and ratings updated): "
          f"{statistics.median(ends) * 1000:.1f} ms (median of 10)")
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
