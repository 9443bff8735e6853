"""Repeated meetings over a simulated season: the night's draw against a plain random draw.

    .venv/bin/python bench/seating.py [seasons]      (from the repository root)

A club of 30 members plays 12 nights of a memory game (tables of 3 to 5 around 4). Each
night 10 to 30 of them come; after the draw, 0 to 3 more arrive late and 0 to 2 leave while
half the tables already play. Both draws see the same nights (same presences, arrivals and
departures, same seeds):

- "drawn": engine/seating.py in RANDOM mode, arrivals and leavers through `seat_arrivals`
  and `remove_leavers`, with the season so far as history;
- "plain": a plain random draw: the present players shuffled and cut into the same table
  sizes; a late arrival sits at a random table not playing with room, else waits; a leaver
  just leaves.

A repeated meeting is two players at the same table who already shared one earlier in the
season (counted once per night and pair); "consecutive" when that was the night before.
The figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import random
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.seating import (  # noqa: E402
    MEMORY_SIZES,
    History,
    PastNight,
    draw,
    remove_leavers,
    seat_arrivals,
    table_sizes,
)

NIGHTS = 12
MEMBERS = 30
SEASONS = 20


def _plain(present: list[int], late: list[int], leavers: list[int], rng: random.Random) -> list[tuple]:
    order = list(present)
    rng.shuffle(order)
    tables, start = [], 0
    for size in table_sizes(len(order), MEMORY_SIZES):
        tables.append(order[start:start + size])
        start += size
    playing = set(range(0, len(tables), 2))
    for player in late:
        room = [i for i, t in enumerate(tables) if i not in playing and len(t) < MEMORY_SIZES.largest]
        if room:
            tables[rng.choice(room)].append(player)
    return [tuple(p for p in t if p not in leavers) for t in tables]


def _drawn(present: list[int], late: list[int], leavers: list[int], history: History,
           seed: int) -> list[tuple]:
    night = draw(present, sizes=MEMORY_SIZES, seed=seed, history=history)
    playing = set(range(0, len(night.tables), 2))
    night = seat_arrivals(night, late, sizes=MEMORY_SIZES, seed=seed, playing=playing,
                          history=history)
    night = remove_leavers(night, leavers, sizes=MEMORY_SIZES, seed=seed, playing=playing,
                           history=history)
    return list(night.tables)


def _count(nights: list[list[tuple]]) -> tuple[int, int]:
    """(repeated meetings, of which the night before) over a season's tables."""
    met: dict[frozenset, int] = {}  # pair -> the last night they shared a table
    repeats = consecutive = 0
    for index, tables in enumerate(nights):
        for table in tables:
            for pair in map(frozenset, combinations(table, 2)):
                if pair in met:
                    repeats += 1
                    consecutive += met[pair] == index - 1
                met[pair] = index
    return repeats, consecutive


def season(seed: int) -> tuple[tuple[int, int], tuple[int, int], float]:
    rng = random.Random(seed)
    plain_nights: list[list[tuple]] = []
    drawn_nights: list[list[tuple]] = []
    seconds = 0.0
    for night in range(NIGHTS):
        members = list(range(MEMBERS))
        rng.shuffle(members)
        count = rng.randint(10, MEMBERS)
        present, absent = members[:count], members[count:]
        late = absent[:rng.randint(0, min(3, len(absent)))]
        leavers = rng.sample(present, rng.randint(0, 2))
        plain_nights.append(_plain(present, late, leavers, random.Random(seed * 100 + night)))
        history = History(nights=tuple(PastNight(tuple(t)) for t in drawn_nights))
        started = time.perf_counter()
        drawn_nights.append(_drawn(present, late, leavers, history, seed * 100 + night))
        seconds += time.perf_counter() - started
    return _count(drawn_nights), _count(plain_nights), seconds / NIGHTS


def main() -> None:
    seasons = int(sys.argv[1]) if len(sys.argv) > 1 else SEASONS
    drawn = [0, 0]
    plain = [0, 0]
    slowest = 0.0
    for seed in range(seasons):
        (d, dc), (p, pc), per_night = season(seed)
        drawn[0] += d
        drawn[1] += dc
        plain[0] += p
        plain[1] += pc
        slowest = max(slowest, per_night)
    print(f"{seasons} seasons of {NIGHTS} nights, {MEMBERS} members, 10-30 present a night")
    print(f"repeated meetings per season: drawn {drawn[0] / seasons:.1f}, plain {plain[0] / seasons:.1f}, "
          f"ratio {drawn[0] / plain[0]:.2f}")
    print(f"of which the night before:    drawn {drawn[1] / seasons:.1f}, plain {plain[1] / seasons:.1f}, "
          f"ratio {drawn[1] / max(plain[1], 1):.2f}")
    print(f"drawing a night (arrivals and leavers included): at most {slowest * 1000:.0f} ms on average "
          "over a season")


if __name__ == "__main__":
    main()

