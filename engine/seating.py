"""Drawing a league night's tables: plain Python, seeded, on opaque player ids.

Players are any hashable ids (today the leagues' `Player` keys; a person model later):
nothing here reads a name or a model. The same players, history and seed always give the
same draw (`random.Random(seed)`, players first put in a canonical order).

Three ways to draw (`draw(mode=...)`):

- ``RANDOM``: avoid repeated meetings over the season. Many seeded shuffles are cut into
  tables and scored; the cheapest is kept and then improved by swapping two players of
  different tables while a swap lowers the cost (MahjongPantheon's seating keeps the best
  of many random shuffles scored the same way; the swaps reach a good draw in fewer tries).
  A pair's cost is the sum, over the past nights where they shared a table, of
  ``MEET`` (``CONSECUTIVE`` for the last night): meeting again the next night costs most.
  With partners (canasta at four) partners sitting together again cost ``PARTNER`` more.
- ``LEVEL``: Swiss-style, strongest together: the caller's order (best first, from the
  standings) cut into tables, the first table the strongest. As a Swiss pairing avoids a
  rematch by taking the next player down, a table that would repeat last nights' meetings
  may trade its weakest ``LEVEL_SLACK`` players with the next table's strongest ones, when
  the trade lowers the cost: nobody moves more than one table, and only by a few places.
- ``BALANCED``: each table's strength alike: players by rating, dealt in a snake
  (1, 2, 3, 3, 2, 1, ...) over the tables, skipping full ones.

Table sizes come from the game (`sizes_for`): the memory games and cactus-game sit 3 to 5
around 4; canasta 2 or 4 (four play as partners sitting opposite, rotated across nights).
`table_sizes` seats as many as it can, then keeps tables closest to the preferred size;
whoever cannot be seated (canasta with an odd count, fewer than three players) waits, the
players who waited least before chosen first.

The seat order is drawn too (a seeded shuffle of each table; at a team table the pairing
with the fewest repeated partners, partners opposite). Late arrivals and leavers
(`seat_arrivals`, `remove_leavers`) never move a table already playing.

No library fits. Weighed (from their descriptions on PyPI): pairing-core (FIDE Swiss
pairings) and chess-pairings pair two players a board, not tables of 3 to 5 with partners;
seating-planner optimises one seating plan, with no season of earlier nights to avoid, no
late arrivals and no seed; MahjongPantheon's seating is PHP inside its server. This module
is MahjongPantheon's idea, small, with no dependency.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from engine.rules.variants.base import CANASTA, Variant

PlayerId = Hashable
Table = tuple[PlayerId, ...]

RANDOM = "random"
LEVEL = "level"
BALANCED = "balanced"
MODES = (RANDOM, LEVEL, BALANCED)

MEET = 1.0  # a pair that shared a table on an earlier night
CONSECUTIVE = 3.0  # ... on the last night before this one
PARTNER = 5.0  # partners again (canasta at four), on top of their meeting
TRIES = 200  # shuffles tried in RANDOM mode
MAX_SWAP_ROUNDS = 20  # passes of improving swaps after the best shuffle
LEVEL_SLACK = 2  # LEVEL: how many of a table's weakest may trade with the next table's strongest


@dataclass(frozen=True, slots=True)
class Sizes:
    """The table sizes a game allows, and the one to aim for."""

    allowed: tuple[int, ...]
    preferred: int
    teams_at: int | None = None  # at this size, partners sit opposite (canasta: 4)

    @property
    def smallest(self) -> int:
        return min(self.allowed)

    @property
    def largest(self) -> int:
        return max(self.allowed)


MEMORY_SIZES = Sizes(allowed=(3, 4, 5), preferred=4)


def sizes_for(variant: Variant) -> Sizes:
    """A game's table sizes, from its declaration: its own counts when it names them (canasta's
    2 or 4, partners at four), else 3 to 5 players around 4 within the game's bounds."""
    if variant.family == CANASTA or variant.player_counts:
        allowed = tuple(sorted(variant.allowed_player_counts()))
        teams = variant.teams.players if variant.teams is not None else None
        return Sizes(allowed=allowed, preferred=max(allowed), teams_at=teams)
    low = max(MEMORY_SIZES.smallest, variant.min_players)
    high = min(MEMORY_SIZES.largest, variant.max_players)
    return Sizes(allowed=tuple(range(low, high + 1)),
                 preferred=min(max(MEMORY_SIZES.preferred, low), high))


def table_sizes(count: int, sizes: Sizes) -> list[int]:
    """The sizes of the tables for `count` players, largest first: as many seated as possible,
    then the sizes closest to the preferred one (the sum of the gaps), then fewer tables."""
    best: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for seated in range(1, count + 1):
        options = [
            (best[seated - size][0] + abs(size - sizes.preferred), best[seated - size][1] + 1,
             tuple(sorted((*best[seated - size][2], size), reverse=True)))
            for size in sizes.allowed if seated - size in best
        ]
        if options:
            best[seated] = min(options)
    return list(best[max(best)][2])


@dataclass(frozen=True, slots=True)
class PastNight:
    """An earlier night of the season: its tables, and who played as partners."""

    tables: tuple[Table, ...]
    partners: frozenset[frozenset[PlayerId]] = frozenset()


@dataclass(frozen=True, slots=True)
class History:
    """What the draw avoids repeating: the season's earlier nights, oldest first, and how
    many times each player waited (sat out) so far."""

    nights: tuple[PastNight, ...] = ()
    waited: Mapping[PlayerId, int] = field(default_factory=dict)

    def pair_costs(self) -> dict[frozenset[PlayerId], float]:
        """What seating each pair together again costs (see the module's docstring)."""
        costs: defaultdict[frozenset[PlayerId], float] = defaultdict(float)
        last = len(self.nights) - 1
        for index, night in enumerate(self.nights):
            weight = CONSECUTIVE if index == last else MEET
            for table in night.tables:
                for pair in combinations(table, 2):
                    costs[frozenset(pair)] += weight
        return dict(costs)

    def partner_costs(self) -> dict[frozenset[PlayerId], float]:
        costs: defaultdict[frozenset[PlayerId], float] = defaultdict(float)
        last = len(self.nights) - 1
        for index, night in enumerate(self.nights):
            weight = PARTNER * (CONSECUTIVE if index == last else MEET)
            for pair in night.partners:
                costs[pair] += weight
        return dict(costs)


@dataclass(frozen=True, slots=True)
class Draw:
    """The night's tables, each in seat order, largest first; who waits; what repeats cost."""

    tables: tuple[Table, ...]
    waiting: tuple[PlayerId, ...] = ()
    cost: float = 0.0

    def seated(self) -> list[PlayerId]:
        return [player for table in self.tables for player in table]

    def partners(self, sizes: Sizes) -> frozenset[frozenset[PlayerId]]:
        """The partners of the team tables (seats 1 and 3, seats 2 and 4)."""
        return frozenset(
            frozenset(table[i::2]) for table in self.tables
            if sizes.teams_at is not None and len(table) == sizes.teams_at for i in range(2)
        )


def _canonical(players: Iterable[PlayerId]) -> list[PlayerId]:
    """Players in an order that does not depend on how the caller listed them."""
    unique = list(dict.fromkeys(players))
    return sorted(unique, key=lambda p: (type(p).__name__, str(p)))


def table_cost(table: Sequence[PlayerId], pairs: Mapping[frozenset[PlayerId], float]) -> float:
    return sum(pairs.get(frozenset(pair), 0.0) for pair in combinations(table, 2))


def draw_cost(tables: Iterable[Sequence[PlayerId]], history: History) -> float:
    """The cost of a draw's meetings against the history (partners not counted)."""
    pairs = history.pair_costs()
    return sum(table_cost(table, pairs) for table in tables)


def _who_waits(players: list[PlayerId], seats: int, history: History,
               rng: random.Random) -> tuple[list[PlayerId], list[PlayerId]]:
    """(seated, waiting): those who waited least so far are seated first, ties drawn."""
    if seats >= len(players):
        return players, []
    keyed = sorted(players, key=lambda p: (-history.waited.get(p, 0), rng.random()))
    return keyed[:seats], keyed[seats:]


def _cut(players: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start:start + size]))
        start += size
    return tables


def _improve(tables: list[list[PlayerId]], pairs: Mapping[frozenset[PlayerId], float]) -> None:
    """Swap two players of different tables while it lowers the cost (in place, in a fixed
    order, so as deterministic as the shuffles)."""
    for _ in range(MAX_SWAP_ROUNDS):
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    before = table_cost(tables[a], pairs) + table_cost(tables[b], pairs)
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    after = table_cost(tables[a], pairs) + table_cost(tables[b], pairs)
                    if after < before:
                        improved = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        if not improved:
            return


def _random_tables(players: list[PlayerId], sizes: list[int], history: History,
                   rng: random.Random, tries: int) -> list[list[PlayerId]]:
    pairs = history.pair_costs()
    best: list[list[PlayerId]] | None = None
    best_cost = 0.0
    order = list(players)
    for _ in range(max(1, tries)):
        rng.shuffle(order)
        tables = _cut(order, sizes)
        cost = sum(table_cost(t, pairs) for t in tables)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
            if cost == 0:
                break
    assert best is not None
    _improve(best, pairs)
    return best


def _level_tables(players: list[PlayerId], sizes: list[int], order: Sequence[PlayerId],
                  rng: random.Random, history: History) -> list[list[PlayerId]]:
    """Strongest together: the standings' order, players without a place after them (drawn),
    then the repeats traded away between neighbouring tables."""
    rank = {player: index for index, player in enumerate(order)}
    unranked = [p for p in players if p not in rank]
    rng.shuffle(unranked)
    ranked = sorted((p for p in players if p in rank), key=rank.__getitem__)
    tables = _cut(ranked + unranked, sizes)
    _trade_between_neighbours(tables, history.pair_costs())
    return tables


def _trade_between_neighbours(tables: list[list[PlayerId]], pairs: Mapping[frozenset[PlayerId], float]) -> None:
    """For each table and the next one down: the cheapest trade of one of its last
    LEVEL_SLACK players (the weakest there) with one of the next table's first LEVEL_SLACK
    (the strongest there), if it lowers the cost of the two tables (in place, top down)."""
    for upper, lower in pairwise(tables):
        best, best_cost = None, table_cost(upper, pairs) + table_cost(lower, pairs)
        for i in range(max(0, len(upper) - LEVEL_SLACK), len(upper)):
            for j in range(min(LEVEL_SLACK, len(lower))):
                upper[i], lower[j] = lower[j], upper[i]
                cost = table_cost(upper, pairs) + table_cost(lower, pairs)
                upper[i], lower[j] = lower[j], upper[i]
                if cost < best_cost:
                    best, best_cost = (i, j), cost
        if best is not None:
            i, j = best
            upper[i], lower[j] = lower[j], upper[i]


def _balanced_tables(players: list[PlayerId], sizes: list[int], ratings: Mapping[PlayerId, float],
                     rng: random.Random) -> list[list[PlayerId]]:
    """A snake over the tables by rating (unrated players count as the lowest-rated, ties drawn)."""
    floor = min(ratings.values(), default=0.0)
    keyed = sorted(players, key=lambda p: (-ratings.get(p, floor), rng.random()))
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    lane = list(range(len(sizes)))
    index, step = 0, 1
    for player in keyed:
        while len(tables[lane[index]]) >= sizes[lane[index]]:
            index, step = _next_lane(index, step, len(lane))
        tables[lane[index]].append(player)
        index, step = _next_lane(index, step, len(lane))
    return tables


def _next_lane(index: int, step: int, lanes: int) -> tuple[int, int]:
    """The snake's next table: 0, 1, 2, 2, 1, 0, 0, 1, ..."""
    following = index + step
    if 0 <= following < lanes:
        return following, step
    return index, -step


def seat_order(table: Sequence[PlayerId], sizes: Sizes, history: History,
               rng: random.Random) -> Table:
    """The table's seats, drawn; at a team table, the pairing with the fewest repeated partners
    (partners opposite: seats 1 and 3, seats 2 and 4)."""
    seats = list(table)
    rng.shuffle(seats)
    if sizes.teams_at is None or len(seats) != sizes.teams_at or len(seats) != 4:
        return tuple(seats)
    partners = history.partner_costs()
    first, *others = seats
    pairings = []
    for mate in others:
        rest = [p for p in others if p != mate]
        cost = partners.get(frozenset((first, mate)), 0.0) + partners.get(frozenset(rest), 0.0)
        pairings.append((cost, (first, rest[0], mate, rest[1])))
    return min(pairings, key=lambda pairing: pairing[0])[1]


def draw(players: Iterable[PlayerId], *, sizes: Sizes, seed: int, mode: str = RANDOM,
         history: History | None = None, order: Sequence[PlayerId] = (),
         ratings: Mapping[PlayerId, float] | None = None, tries: int = TRIES) -> Draw:
    """The night's tables for the players present (see the module's docstring).

    `order`: the standings, best first (LEVEL); `ratings`: each player's rating (BALANCED)."""
    if mode not in MODES:
        raise ValueError(f"unknown draw mode {mode!r}")
    history = history or History()
    rng = random.Random(seed)
    present = _canonical(players)
    counts = table_sizes(len(present), sizes)
    seated, waiting = _who_waits(present, sum(counts), history, rng)
    if mode == LEVEL:
        tables = _level_tables(seated, counts, order, rng, history)
    elif mode == BALANCED:
        tables = _balanced_tables(seated, counts, ratings or {}, rng)
    else:
        tables = _random_tables(seated, counts, history, rng, tries)
    seated_tables = tuple(seat_order(table, sizes, history, rng) for table in tables)
    return Draw(tables=seated_tables, waiting=tuple(waiting),
                cost=draw_cost(seated_tables, history))


def seat_arrivals(current: Draw, arrivals: Iterable[PlayerId], *, sizes: Sizes, seed: int,
                  playing: Iterable[int] = (), history: History | None = None) -> Draw:
    """Late arrivals placed without moving anyone: each joins the table not yet playing with
    room whose players they met least (the fewest first); those left over, with whoever
    waits, open new tables when they are enough; the rest wait. `playing`: indexes of
    `current.tables` already playing (never changed)."""
    history = history or History()
    rng = random.Random(seed)
    busy = set(playing)
    seated = set(current.seated())
    newcomers = [p for p in _canonical(arrivals) if p not in seated and p not in current.waiting]
    rng.shuffle(newcomers)
    pairs = history.pair_costs()
    tables = [list(t) for t in current.tables]
    waiting = list(current.waiting)
    for player in newcomers:
        open_tables = [i for i, t in enumerate(tables) if i not in busy and len(t) < sizes.largest
                       and _allowed_after(len(t) + 1, sizes)]
        if not open_tables:
            waiting.append(player)
            continue
        choice = min(open_tables, key=lambda i: (len(tables[i]) >= sizes.preferred,
                                                 table_cost([*tables[i], player], pairs)
                                                 - table_cost(tables[i], pairs),
                                                 len(tables[i]), i))
        tables[choice].append(player)
    new_tables: list[Table] = []
    counts = table_sizes(len(waiting), sizes)
    if counts:
        ready, waiting = _who_waits(waiting, sum(counts), history, rng)
        for table in _random_tables(ready, counts, history, rng, TRIES):
            new_tables.append(seat_order(table, sizes, history, rng))
    result = tuple(tuple(t) for t in tables) + tuple(new_tables)
    return Draw(tables=result, waiting=tuple(waiting), cost=draw_cost(result, history))


def _allowed_after(size: int, sizes: Sizes) -> bool:
    return size in sizes.allowed


def remove_leavers(current: Draw, leavers: Iterable[PlayerId], *, sizes: Sizes, seed: int,
                   playing: Iterable[int] = (), history: History | None = None) -> Draw:
    """Players who leave taken off their table; a table not yet playing that is left too small
    is closed and its players seated again as late arrivals. A playing table keeps its game
    (the leaver's seat empties; nobody moves)."""
    gone = set(leavers)
    busy = set(playing)
    kept: list[Table] = []
    kept_busy: list[int] = []
    orphans: list[PlayerId] = []
    for index, table in enumerate(current.tables):
        rest = tuple(p for p in table if p not in gone)
        if index in busy:
            if rest:
                kept_busy.append(len(kept))
                kept.append(rest)
        elif len(rest) in sizes.allowed:
            kept.append(rest)
        else:
            orphans.extend(rest)
    waiting = tuple(p for p in current.waiting if p not in gone)
    remaining = Draw(tables=tuple(kept), waiting=waiting)
    return seat_arrivals(remaining, orphans, sizes=sizes, seed=seed, playing=kept_busy,
                         history=history)


def dealer(seats: Sequence[PlayerId], round_number: int,
           still_in: Iterable[PlayerId] | None = None) -> PlayerId | None:
    """Who deals round `round_number` (1 = the first): the first seat deals the first round,
    then the deal passes to the next seat each round, as play goes round the table, skipping
    players already out (dutch). Our reading: table-rules.md names no dealer, and the next
    seat dealing is what the rules texts' tables do."""
    if not seats or round_number < 1:
        return None
    playing = set(seats if still_in is None else still_in)
    start = (round_number - 1) % len(seats)
    for step in range(len(seats)):
        seat = seats[(start + step) % len(seats)]
        if seat in playing:
            return seat
    return None
