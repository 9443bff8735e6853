"""What one live-table event costs in the database thread, beside the bare consumer's insert.

    .venv/bin/python bench/referee_event_cost.py [rounds] [--profile N]

In-process, no server, a throw-away SQLite file: `LiveTable.record` (read what
is newer, rule, append) plus `update_message` (the state and the worded rulings,
encoded once for the table), for rounds of a discard and three claims, against
the bare consumer's single INSERT (bench/bare_consumer.py) on the same database.
CPU time (process_time), so other work on a shared machine weighs less than in
bench/referee_load.py; `--profile N` prints cProfile's top N lines for ours.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]


def setup() -> None:
    folder = tempfile.mkdtemp(prefix="referee-cost-")
    os.environ.update({"DATABASE_URL": f"sqlite:///{folder}/cost.sqlite3", "DJANGO_DEBUG": "false",
                       "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                       "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"})
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds", type=int, nargs="?", default=300)
    parser.add_argument("--profile", type=int, default=0)
    args = parser.parse_args()
    setup()
    from django.db import connection

    from bench.bare_consumer import TABLE, create_table
    from referee.consumers import update_message
    from referee.models import LiveTable
    from scorekeeper.models import Game

    create_table()
    table = LiveTable.open_for(Game.start("tamalou", PLAYERS), snap_limit=30)
    table = LiveTable.objects.select_related("game").get(pk=table.pk)  # as the consumer keeps it
    members = [table.join("seat", p)[0].pk for p in PLAYERS]
    events = 4 * args.rounds

    def ours() -> None:
        for n in range(args.rounds):
            card = "7H" if n % 2 == 0 else "7D"
            for kind, payload, member in [
                    ("discard", {"player": "Ana", "card": card, "from_stock": True}, members[0]),
                    ("snap.claim", {"player": "Ben", "card": "7S"}, members[1]),
                    ("snap.claim", {"player": "Chloé", "card": "7C"}, members[2]),
                    ("snap.claim", {"player": "Dan", "card": "9S"}, members[3])]:
                outcome = table.record(kind, payload, member, time.time())
                if outcome.event is not None:
                    update_message(outcome.event.seq, outcome.state.to_json(), outcome.rulings)

    def bare() -> None:
        for _ in range(events):
            with connection.cursor() as cursor:
                cursor.execute(f"INSERT INTO {TABLE} (code, kind, payload, at) VALUES (%s, %s, %s, %s)",
                               ["ABCDEF", "snap.claim", '{"type": "snap.claim", "card": "7S"}', time.time()])

    costs = {}
    for run in (bare, ours, bare, ours):  # twice each, alternated: the machine's mood shifts
        started = time.process_time()
        run()
        costs.setdefault(run.__name__, []).append(1000 * (time.process_time() - started) / events)
    for name, ms in costs.items():
        print(f"{name}: {min(ms):.3f} ms CPU per event (best of {len(ms)}; all: "
              f"{', '.join(f'{x:.3f}' for x in ms)})")
    print(f"ours - bare: {min(costs['ours']) - min(costs['bare']):.3f} ms per event in the database thread; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(ours)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
