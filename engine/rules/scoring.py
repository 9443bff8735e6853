"""A whole game: every round in order, running totals, the end, winners and losers;
and who is ahead (`rank`), the one ranking every page reads."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .errors import TOP, Problems
from .game import Game
from .record import read_game
from .units import to_number
from .variants.base import LOWEST, RoundResult, Step, Trace, Variant

# -- who is ahead: a game's sides ranked from its result, in the variant's direction.
#
# One fact, read by every page: the score sheet's leaders and winners, the league's
# places (and the ratings fed by them), the room screen, the player pages, the exports.
#
# - winners: the engine's own (Variant.outcome), once the game is finished;
# - places: the winners share the first places; then the sides still in the game
#   before those who went out (dutch), those out later before those out earlier;
#   then by total, the best first in the variant's direction (Variant.best); sides
#   level on all of it share the average of the places they cover (two tied for
#   second are both 2.5);
# - leaders: while the game runs, the sides still in whose total is the best in the
#   variant's direction (nobody when every side still in is level); once it is
#   finished, its winners.

Number = int | float
STILL_IN = float("-inf")  # sorts before any "went out in round n" (-n)


@dataclass(frozen=True, slots=True)
class Ranking:
    places: dict[str, float]  # side -> place, 1 = first; ties share the average place
    leaders: tuple[str, ...]  # seat order
    winners: tuple[str, ...]  # seat order; empty until the game is finished
    finished: bool

    def order(self) -> list[str]:
        """The sides best first (ties in seat order)."""
        return sorted(self.places, key=self.places.__getitem__)


def rank(variant: Variant, sides: Iterable[str], totals: Mapping[str, Number], *, finished: bool,
         winners: Iterable[str] = (), out: Mapping[str, int] | None = None) -> Ranking:
    """Rank `sides` (seat order) of a game of `variant` from its result: the totals, the
    engine's winners when `finished`, and the round each side went out in (`out`)."""
    sides = list(sides)
    out = out or {}
    won = set(winners) if finished else set()
    sign = 1 if variant.best == LOWEST else -1

    def standing(side: str) -> tuple[int, float, Number]:
        # Smaller is better: winners first, still in before out (later out before earlier),
        # then the total in the variant's direction.
        gone = out.get(side)
        return (0 if side in won else 1, STILL_IN if gone is None else -gone, sign * totals.get(side, 0))

    keys = {side: standing(side) for side in sides}
    places: dict[str, float] = {}
    taken = 0
    for key in sorted(set(keys.values())):
        group = [s for s in sides if keys[s] == key]
        average = taken + (len(group) + 1) / 2  # the group covers places taken+1 .. taken+len
        for side in group:
            places[side] = average
        taken += len(group)
    return Ranking(places, _leaders(variant, sides, totals, finished, won, out),
                   tuple(s for s in sides if s in won), finished)


def _leaders(variant: Variant, sides: list[str], totals: Mapping[str, Number], finished: bool,
             won: set[str], out: Mapping[str, int]) -> tuple[str, ...]:
    if finished:
        return tuple(s for s in sides if s in won)
    playing = [s for s in sides if s not in out]
    level = {totals.get(s, 0) for s in playing}
    if len(playing) > 1 and len(level) == 1:
        return ()  # everyone level: nobody leads
    return tuple(variant.ahead({s: totals.get(s, 0) for s in playing}))


@dataclass(slots=True)
class GameResult:
    variant: Variant
    game: Game
    rounds: list[RoundResult]
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    losers: list[str]
    out: dict[str, int]  # players who are out of the game (dutch) -> the round they went out in

    def number(self, units: int) -> int | float:
        return to_number(units, self.variant.scale)

    def round_json(self, r: RoundResult) -> dict[str, Any]:
        scale = self.variant.scale
        if scale == 1:
            out: dict[str, Any] = {}
            if r.values is not None:
                out["values"] = dict(r.values)
            out["points"] = dict(r.points)
            out["totals"] = dict(r.totals)
        else:
            out = {}
            if r.values is not None:
                out["values"] = {p: to_number(v, scale) for p, v in r.values.items()}
            out["points"] = {p: to_number(v, scale) for p, v in r.points.items()}
            out["totals"] = {p: to_number(v, scale) for p, v in r.totals.items()}
        if r.winner is not None:
            out["winner"] = r.winner
        return out

    def explain(self, index: int) -> list[Step]:
        """Why round `index` (from 0) scored what it did: the rules applied, in order,
        numbers given as players write them (tamoul's halves included).

        Scoring a whole game records no steps; this scores the rounds up to `index`
        again, recording that round's."""
        if not 0 <= index < len(self.rounds):
            raise IndexError(f"no round {index + 1}")
        with cyclic_gc_paused():
            traced = _score_rounds(self.game, traced=index).rounds[index].trace or []
        scale = self.variant.scale
        steps = []
        for rule, player, params in traced:
            if scale != 1:
                params = {k: to_number(v, scale) if type(v) is int else v for k, v in params.items()}
            steps.append(Step(rule, player, params))
        return steps

    def ranking(self) -> Ranking:
        """Who is ahead: places, leaders and winners (`rank` above)."""
        return rank(self.variant, self.variant.side_names(self.game), self.totals, finished=self.finished,
                    winners=self.winners, out=self.out)

    def to_json(self) -> dict[str, Any]:
        """The result object of the spec, section 3."""
        return {
            "variant": self.variant.key,
            "rounds": [self.round_json(r) for r in self.rounds],
            "totals": {p: self.number(t) for p, t in self.totals.items()},
            "finished": self.finished,
            "winners": list(self.winners),
            "losers": list(self.losers),
        }


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Scoring allocates many small dicts and no reference cycles; left on, the cyclic
    collector would walk the whole (large) record again and again, halving throughput.
    The league import pauses it the same way around a whole season (leagues/importing.py)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def score_game(game: Game) -> GameResult:
    """Score a checked game round by round; raises RecordError at the first faulty round."""
    with cyclic_gc_paused():
        return _score_rounds(game)


def _score_rounds(game: Game, traced: int | None = None) -> GameResult:
    """Score every round; round `traced` (from 0) records its steps, and scoring stops there."""
    variant = game.variant
    state = variant.new_state(game)
    results: list[RoundResult] = []
    finished = False
    winners: list[str] = []
    losers: list[str] = []
    problems = Problems()
    for n, raw in enumerate(game.rounds, 1):
        if problems.items:
            # An earlier round is at fault: report what is wrong on its own in this one,
            # and skip the checks that depend on the faulty round (spec, section 3).
            alone = Problems()
            variant.check_round(raw, n, game, state, alone)
            problems.items += alone.items
            continue
        if finished:
            problems.add(f"the game was already finished after round {n - 1}", n, "end", code="game.finished",
                         field=TOP, last=n - 1)
            break
        trace: Trace = [] if n - 1 == traced else None
        result = variant.play_round(raw, n, game, state, problems, trace)
        if result is not None:
            results.append(result)
            if trace is not None:
                break
            finished, winners, losers = variant.outcome(game, state)
    problems.raise_if_any()
    out = dict(getattr(state, "out_in_round", {}))
    return GameResult(variant, game, results, dict(state.totals), finished, winners, losers, out)


def score_record(raw: Any) -> GameResult:
    """Score a decoded record (section 2). Raises RecordError, and nothing else, on bad input."""
    return score_game(read_game(raw))
