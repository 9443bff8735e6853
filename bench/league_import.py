"""League bulk import: games a second for a season of 20,000 games, recomputation included.

    .venv/bin/python bench/league_import.py [--database URL] [--games 20000] [--players 60]
                                            [--runs 1] [--profile FILE] [--profile-clock wall|cpu]
                                            [--top 30]

The same seeded season as bench/league_standings.py (seven memory variants, 60
players, 40 games a night over 4 tables), imported through `import_files` (what
`manage.py import_season` and the organiser's upload form run) into an empty
season, with production settings (debug off). The time counted is the whole
call: reading each record, the engine, the rows, the season's standings and
ratings (wall-clock time; the CPU time of this process, and of the PostgreSQL
backend when the server runs on this machine, are printed beside it, since the
machine is shared); then the stored standings are checked against a from-scratch
`recompute_season`, which is timed too.

The database is made for the run: a throw-away SQLite file under /tmp by default,
or `--database postgres://postgres@127.0.0.1:5432/bench_import` (its tables are
dropped and migrated again: the name must start with "bench"). With `--runs N`
each run imports into a new season of the same database. `--profile FILE` runs
the last import under cProfile and prints the top lines by cumulative and own
time. Figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import resource
import secrets
import shutil
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = Path("/tmp/marque-carte-league-import")
sys.path.insert(0, str(ROOT))


def configure(database: str | None) -> str:
    if database is None:
        shutil.rmtree(WORK, ignore_errors=True)
        WORK.mkdir(parents=True)
        database = f"sqlite:///{WORK / 'db.sqlite3'}"
    elif database.startswith(("postgres://", "postgresql://")):
        create_postgres_database(database)
    os.environ.update({
        "DATABASE_URL": database, "DJANGO_DEBUG": "false", "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "testserver",
        "DJANGO_SECURE_SSL_REDIRECT": "false", "DJANGO_SETTINGS_MODULE": "config.settings",
    })
    os.environ.pop("REDIS_URL", None)  # the in-memory layer: the bench measures the database side
    return database


def create_postgres_database(url: str) -> None:
    """Create the bench's database when the server does not have it yet (a new machine)."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.startswith("bench"):
        raise SystemExit(f"refusing to use {name!r}: give a database named bench…")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def fresh_schema() -> None:
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor == "postgresql":
        name = connection.settings_dict["NAME"]
        if not name.startswith("bench"):
            raise SystemExit(f"refusing to drop the tables of {name!r}: give a database named bench…")
        with connection.cursor() as cursor:
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    call_command("migrate", verbosity=0)


def server_cpu() -> float:
    """CPU seconds used so far by this connection's PostgreSQL backend (on this machine),
    read from /proc; 0 for SQLite, which runs in this process."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # a server on another machine
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def standings_snapshot(season) -> list[tuple]:
    from leagues.models import Result, Standing

    fields = ("player__name", "scope", "games", "wins", "place_sum", "points_sum",
              "current_streak", "best_streak", "mu", "sigma")
    results = ("game_id", "player__name", "variant", "finished_at", "side", "place", "sides", "won",
               "points", "mu", "sigma", "overall_mu", "overall_sigma")
    return (sorted(Standing.objects.filter(season=season).values_list(*fields)),
            sorted(Result.objects.filter(season=season).values_list(*results)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", help="a DATABASE_URL (default: a new SQLite file under /tmp)")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="write the last run's cProfile stats here")
    parser.add_argument("--profile-clock", choices=["wall", "cpu"], default="wall")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()

    configure(args.database)
    import django

    django.setup()
    from django.db import connection

    from bench.league_standings import make_files
    from leagues.models import League, LeagueGame, Season
    from leagues.results.importing import import_files
    from leagues.results.recording import recompute_season

    fresh_schema()
    league = League.objects.create(name="Bench")
    engine = (f"SQLite {connection.Database.sqlite_version}" if connection.vendor == "sqlite"
              else "PostgreSQL {}.{}".format(*divmod(connection.cursor().connection.info.server_version, 10000)))
    print(f"{platform.node()} · {platform.machine()} · {os.cpu_count()} cores · "
          f"Python {platform.python_version()} · {engine} · {date.today().isoformat()} · "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    files = make_files(args.games, args.players)
    print(f"{len(files)} games, {args.players} players")

    for run in range(1, args.runs + 1):
        season = Season.objects.create(league=league, name=f"run {run}", start=date(2025, 9, 1))
        profiler = None
        if args.profile and run == args.runs:
            # cpu: a busy machine's waits for a core do not land on whatever function was
            # running, but reading the clock is a system call (about 5x the run's time).
            profiler = (cProfile.Profile(time.process_time) if args.profile_clock == "cpu"
                        else cProfile.Profile())
        server = server_cpu()
        start, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        reports = import_files(season, files)
        if profiler:
            profiler.disable()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        server = server_cpu() - server
        refused = [r for r in reports if not r.ok]
        assert not refused, [(r.name, [str(p) for p in r.problems]) for r in refused[:3]]
        assert LeagueGame.objects.in_season(season).count() == len(files)
        imported = standings_snapshot(season)
        start = time.perf_counter()
        recompute_season(season)
        recompute = time.perf_counter() - start
        assert standings_snapshot(season) == imported, "the import's standings differ from a recompute"
        on_server = f", PostgreSQL's: {server:.1f} s" if connection.vendor == "postgresql" else ""
        print(f"run {run}: import {seconds:.1f} s = {len(files) / seconds:.0f} games/s, standings "
              f"and ratings included (CPU: this process {cpu:.1f} s{on_server}); recompute_season "
              f"from scratch {recompute:.1f} s; load {os.getloadavg()[0]:.2f}; peak memory "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
        if profiler:
            profiler.dump_stats(args.profile)
            for order in ("cumulative", "tottime"):
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.top)
                print(out.getvalue())
    if args.database is None:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
