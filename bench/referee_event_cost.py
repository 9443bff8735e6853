"""What one live-table event costs in the database thread, beside the bare consumer's insert.

    .venv/bin/python bench/referee_event_cost.py [rounds] [--profile N]

In-process, no server, a throw-away SQLite file: `LiveTable.record` (read what
is newer, rule, append) plus `update_message` (what changed or the state, and
the worded rulings, encoded once for the table), for rounds of a discard and
three claims, against the bare consumer's single INSERT (bench/bare_consumer.py)
on the same database. Ours twice: `delta` (updates carry what changed when that
is shorter, the default) and `whole` (the whole state every time, as before
issue 10), each on its own table. CPU time (process_time), so other work on a
shared machine weighs less than in bench/referee_load.py; the three are run in
turn, three times, and the best and all runs printed. Also the bytes of the
update one phone receives (median and p95). `--profile N` prints cProfile's top
N lines for `delta`.

`two`: `delta` as two server processes share a table whose phones sit on both (as
bench/referee_load.py --processes 2 places them, phone i on process i mod 2): each
process has its own cached state and hears every update of the table, as its
consumers would (referee/live/relayed.py); the process that did not record an event
replays it before ruling its own next one. `unheard`: the same without the updates
heard (each process makes the replayed state's JSON again, as before).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import statistics
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
                       "DJANGO_SETTINGS_MODULE": "config.settings"})
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
    from referee import models
    from referee.live import relayed
    from referee.live.messages import update_message, update_text
    from referee.live.state_cache import StateCache
    from referee.models import LiveTable
    from scorekeeper.models import Game

    create_table()
    events = 4 * args.rounds
    sizes: dict[str, list[int]] = {"delta": [], "whole": []}

    def seated() -> tuple[LiveTable, list[int]]:
        table = LiveTable.open_for(Game.start("tamalou", PLAYERS), snap_limit=30)
        table = LiveTable.objects.select_related("game").get(pk=table.pk)  # as the consumer keeps it
        return table, [table.join("seat", p)[0].pk for p in PLAYERS]

    tables = {"delta": seated(), "whole": seated(), "two": seated(), "unheard": seated()}
    # Each process's own memory (two: the table's cached state, the updates heard), swapped in
    # before a process records; one process is the bench's own memory as it is.
    memories = [(StateCache(), StateCache()) for _ in range(2)]

    def on_process(number: int) -> None:
        models._STATES, relayed._HEARD = memories[number]

    def play(updates: str) -> None:
        table, members = tables[updates]
        processes = 2 if updates in ("two", "unheard") else 1
        for n in range(args.rounds):
            card = "7H" if n % 2 == 0 else "7D"
            # Each seat discards in its turn, the next three claim (as bench/referee_load.py).
            for i, (kind, card_played) in enumerate([("discard", card), ("snap.claim", "7S"),
                                                     ("snap.claim", "7C"), ("snap.claim", "9S")]):
                seat = (n + i) % len(PLAYERS)
                payload = {"player": PLAYERS[seat], "card": card_played}
                if processes > 1:
                    on_process(seat % processes)
                outcome = table.record(kind, payload, members[seat], time.time())
                if outcome.event is not None:
                    message = update_message(outcome.event.seq, outcome.state_json(), outcome.rulings,
                                             before=outcome.before_json() if updates != "whole" else None)
                    if updates == "two":  # every process has a phone of the table: each hears it
                        for _cache, heard in memories:
                            heard[(table.pk, table.secret)] = message
                    elif processes == 1:
                        sizes[updates].append(len(update_text(message, "fr", time.time()).encode()))

    def delta() -> None:
        play("delta")

    def whole() -> None:
        play("whole")

    def two_processes(updates: str) -> None:
        kept = models._STATES, relayed._HEARD
        try:
            play(updates)
        finally:
            models._STATES, relayed._HEARD = kept

    def two() -> None:
        two_processes("two")

    def unheard() -> None:
        two_processes("unheard")

    def bare() -> None:
        for _ in range(events):
            with connection.cursor() as cursor:
                cursor.execute(f"INSERT INTO {TABLE} (code, kind, payload, at) VALUES (%s, %s, %s, %s)",
                               ["ABCDEF", "snap.claim", '{"type": "snap.claim", "card": "7S"}', time.time()])

    costs: dict[str, list[float]] = {}
    load = [os.getloadavg()[0]]
    for run in (bare, whole, delta, two, unheard) * 3:  # alternated: the machine's mood shifts
        started = time.process_time()
        run()
        costs.setdefault(run.__name__, []).append(1000 * (time.process_time() - started) / events)
        load.append(os.getloadavg()[0])
    for name, ms in costs.items():
        print(f"{name}: {min(ms):.3f} ms CPU per event (best of {len(ms)}; all: "
              f"{', '.join(f'{x:.3f}' for x in ms)})")
    for name, bytes_ in sizes.items():
        print(f"{name}: update to one phone {statistics.median(bytes_):.0f} bytes median, "
              f"{percentile(bytes_, 95):.0f} p95, {statistics.mean(bytes_):.0f} mean ({len(bytes_)} updates)")
    print(f"delta - whole: {min(costs['delta']) - min(costs['whole']):+.3f} ms per event; "
          f"whole - bare: {min(costs['whole']) - min(costs['bare']):.3f}, "
          f"delta - bare: {min(costs['delta']) - min(costs['bare']):.3f}, "
          f"two - bare: {min(costs['two']) - min(costs['bare']):.3f}, "
          f"unheard - bare: {min(costs['unheard']) - min(costs['bare']):.3f} ms per event in the database thread; "
          f"load average {min(load):.1f}-{max(load):.1f} on {os.cpu_count()} cores")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(delta)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


def percentile(values: list[int], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


if __name__ == "__main__":
    main()
