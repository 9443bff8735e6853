"""Season standings from finished games: plain Python, no Django.

Everything the league pages show is computed here from `GameSummary` values,
so every figure can be worked by hand in a test:

- a game's results (`results_of`): each player's place, the place scaled to the
  table's size, whether they won, and the points of their side;
- running tallies (`Tally.add`) folded game by game, which is also how the
  stored standings are kept up to date as games end;
- ratings (`Rater.rate`): OpenSkill's Plackett–Luce model, one player per team
  or canasta's pairs as teams;
- ranking with written tie-breaks (`rank_rows`), head to head (`head_to_head`).

Formulas (shown on the standings page too):

- place: the engine's ranking (`rank` in engine/rules/scoring.py), the one every page reads:
  the variant's winners share the first places, then the sides that stayed in the
  game longest (dutch), then by total in the variant's direction (cactus: most
  rounds won first); sides with the same standing share the average of the places
  they cover;
- scaled place: (place − 1) / (sides − 1): 0 is first, 1 is last, whatever the
  table's size; a side is a player, or a canasta team;
- win rate: wins / games; average points: the mean of the player's side's final
  total, within one variant only (points of different games do not compare).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from engine.rules import VARIANTS, rank

OVERALL = "overall"  # the scope of the combined standings; variant keys name the others


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game as the standings need it. Results are keyed by side."""

    game_id: int
    variant: str
    players: tuple[str, ...]  # seat order
    winners: tuple[str, ...]  # sides
    losers: tuple[str, ...]
    totals: Mapping[str, float]  # side -> final total
    out: Mapping[str, int] | None = None  # side -> the round it went out in (dutch)
    finished_at: datetime | None = None
    teams: Mapping[str, Sequence[str]] | None = None  # canasta with four: team -> members

    def sides(self) -> dict[str, tuple[str, ...]]:
        """Side -> its players, in seat order of the sides' first player."""
        if self.teams:
            return {name: tuple(members) for name, members in self.teams.items()}
        return {player: (player,) for player in self.players}


@dataclass(frozen=True, slots=True)
class PlayerResult:
    game_id: int
    variant: str
    player: str
    side: str
    place: float  # 1 = first; ties share the average place
    sides: int  # how many sides played
    won: bool
    points: float  # the side's final total

    @property
    def scaled_place(self) -> float:
        return 0.0 if self.sides < 2 else (self.place - 1) / (self.sides - 1)


def side_places(summary: GameSummary) -> dict[str, float]:
    """Each side's place in a finished game: the engine's ranking (ties share the average place)."""
    return rank(VARIANTS[summary.variant], summary.sides(), summary.totals, finished=True,
                winners=summary.winners, out=summary.out).places


def results_of(summary: GameSummary, places: Mapping[str, float] | None = None) -> list[PlayerResult]:
    """One result per player, in seat order (`places`: side_places(summary), if known)."""
    sides = summary.sides()
    side_of = {player: side for side, members in sides.items() for player in members}
    if places is None:
        places = side_places(summary)
    return [
        PlayerResult(
            game_id=summary.game_id, variant=summary.variant, player=player,
            side=side_of[player], place=places[side_of[player]], sides=len(sides),
            won=side_of[player] in summary.winners,
            points=float(summary.totals.get(side_of[player], 0)),
        )
        for player in summary.players
    ]


@dataclass(slots=True)
class Tally:
    """A player's running figures in one scope (a variant, or overall)."""

    games: int = 0
    wins: int = 0
    place_sum: float = 0.0  # sum of scaled places
    points_sum: float = 0.0
    current_streak: int = 0  # wins in a row, up to the last game
    best_streak: int = 0
    position_sum: float = 0.0  # sum of places at the table (1 = first), for "2e en moyenne"

    def add(self, result: PlayerResult) -> None:
        self.games += 1
        self.place_sum += result.scaled_place
        self.position_sum += result.place
        self.points_sum += result.points
        if result.won:
            self.wins += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            self.current_streak = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.points_sum / self.games if self.games else 0.0

    @property
    def average_position(self) -> float:
        """The mean place at the table, 1 = first (what the pages show, in words)."""
        return self.position_sum / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Skill:
    """An OpenSkill rating: mu, and sigma its uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu − 3·sigma: a rating the player is very likely above."""
        return self.mu - 3 * self.sigma


class Rater:
    """Plackett–Luce ratings for games of any number of sides (teams of one or two).

    OpenSkill's model with its default parameters, computed by `plackett_luce` below:
    the same arithmetic in the same order, so the same floats to the last bit
    (tests/leagues/test_rating.py checks it against `openskill` on random games), about
    ten times faster than building and deep-copying OpenSkill's rating objects, which
    mattered once a season of 20,000 games is folded in one go (docs/benchmarks.md)."""

    def __init__(self) -> None:
        self.initial = Skill(MU, SIGMA)

    def rate(self, summary: GameSummary, skills: Mapping[str, Skill],
             places: Mapping[str, float] | None = None) -> dict[str, Skill]:
        """The players' new skills after the game; a player missing from `skills` starts fresh
        (`places`: side_places(summary), if known)."""
        sides = summary.sides()
        if places is None:
            places = side_places(summary)
        initial = self.initial
        teams = [[skills.get(p, initial) for p in members] for members in sides.values()]
        rated = plackett_luce(teams, [places[side] for side in sides])
        return {
            player: new
            for members, team in zip(sides.values(), rated, strict=True)
            for player, new in zip(members, team, strict=True)
        }


# OpenSkill's PlackettLuce defaults (openskill.models.PlackettLuce()).
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0


def plackett_luce(teams: Sequence[Sequence[Skill]], ranks: Sequence[float]) -> list[list[Skill]]:
    """New skills after one game: `teams` of players' skills, `ranks` lower for better
    (ties share a rank). OpenSkill 6's `PlackettLuce().rate(teams, ranks=ranks)` without
    weights, scores or a sigma limit, step by step:

    - each sigma is widened by tau: sqrt(sigma² + tau²);
    - teams are taken in order of rank (a stable sort), each rank cut to an int;
    - a team's mu is the sum of its players' mu, its variance the sum of their sigma²
      (players by ordinal, best first, as OpenSkill adds them);
    - c = sqrt(Σ (team variance + beta²)); for each team q, sum_q = Σ exp(mu_i / c) over
      the teams i ranked at or below q; a_q = how many teams share q's rank;
    - for team i, over the teams q ranked at or above it, with p = exp(mu_i / c) / sum_q:
      omega = Σ ((1 − p) if q is i else −p) / a_q, delta = Σ p (1 − p) / a_q; then
      omega ×= var_i / c, delta ×= var_i / c² × gamma with gamma = sqrt(var_i) / c;
    - each player: mu += sigma² / var_i × omega; sigma ×= sqrt(max(1 − sigma² / var_i ×
      delta, kappa)). (OpenSkill's averaging of tied teams' changes compares each
      player with itself, so it changes nothing but −0.0; it is kept as `+ 0.0`.)
    """
    sqrt, exp = math.sqrt, math.exp
    tau_squared = TAU * TAU
    k = len(teams)
    order = sorted(range(k), key=ranks.__getitem__)  # stable, like OpenSkill's
    widened = [[(s.mu, sqrt(s.sigma * s.sigma + tau_squared)) for s in teams[index]]
               for index in order]
    rank = [int(r) for r in sorted(ranks)]
    team_mu: list[float] = []
    team_var: list[float] = []
    for team in widened:
        if len(team) > 1:
            team = sorted(team, key=lambda player: player[0] - 3.0 * player[1], reverse=True)
        mu_summed = 0.0
        var_summed = 0.0
        for mu, sigma in team:
            mu_summed += mu * 1.0
            var_summed += (sigma * 1.0) ** 2
        team_mu.append(mu_summed)
        team_var.append(var_summed)
    beta_squared = BETA**2
    collective = 0.0
    for var in team_var:
        collective += var + beta_squared
    c = sqrt(collective)
    exps = [exp(mu / c) for mu in team_mu]
    sum_q = [0.0] * k
    for i in range(k):
        rank_i, e = rank[i], exps[i]
        for q in range(k):
            if rank_i >= rank[q]:
                sum_q[q] += e
    a = [rank.count(r) for r in rank]
    rated: list[list[Skill]] = [[]] * k
    for i in range(k):
        omega = 0.0
        delta = 0.0
        e = exps[i]
        rank_i = rank[i]
        for q in range(k):
            if rank[q] <= rank_i:
                p = e / sum_q[q]
                delta += p * (1 - p) / a[q]
                if q == i:
                    omega += (1 - p) / a[q]
                else:
                    omega -= p / a[q]
        var_i = team_var[i]
        omega *= var_i / c
        delta *= var_i / c**2
        delta *= sqrt(var_i) / c
        players = []
        for mu, sigma in widened[i]:
            share = sigma**2 / var_i
            if omega >= 0:
                mu += share * omega * 1.0
                sigma *= sqrt(max(1 - share * delta * 1.0, KAPPA))
            else:
                mu += share * omega / 1.0
                sigma *= sqrt(max(1 - share * delta / 1.0, KAPPA))
            if a[i] > 1:
                mu = mu + 0.0
            players.append(Skill(mu, sigma))
        rated[order[i]] = players
    return rated


@dataclass(frozen=True, slots=True)
class StandingRow:
    player: str
    games: int
    wins: int
    win_rate: float
    average_place: float
    average_points: float | None  # None in the overall scope
    skill: Skill
    current_streak: int
    best_streak: int
    rank: int = 0
    key: int | None = None  # the caller's id for the player (a database key), carried along
    average_position: float = 0.0  # the mean place at the table, 1 = first

    def tie_key(self) -> tuple[float, float, float]:
        """Wins (most first), then win rate (highest), then average scaled place (lowest)."""
        return (-self.wins, -self.win_rate, self.average_place)


def row_of(player: str, tally: Tally, skill: Skill, *, with_points: bool,
           key: int | None = None) -> StandingRow:
    return StandingRow(
        player=player, games=tally.games, wins=tally.wins, win_rate=tally.win_rate,
        average_place=tally.average_place,
        average_points=tally.average_points if with_points else None, skill=skill,
        current_streak=tally.current_streak, best_streak=tally.best_streak, key=key,
        average_position=tally.average_position,
    )


def rank_rows(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """Sorted by the tie-breaks, then by name; rows equal on every tie-break share a rank."""
    ordered = sorted(rows, key=lambda r: (r.tie_key(), r.player.casefold()))
    ranked: list[StandingRow] = []
    for index, row in enumerate(ordered):
        if ranked and ranked[-1].tie_key() == row.tie_key():
            rank = ranked[-1].rank
        else:
            rank = index + 1
        ranked.append(_with_rank(row, rank))
    return ranked


def _with_rank(row: StandingRow, rank: int) -> StandingRow:
    return StandingRow(row.player, row.games, row.wins, row.win_rate, row.average_place,
                       row.average_points, row.skill, row.current_streak, row.best_streak, rank,
                       row.key, row.average_position)


@dataclass
class Season:
    """Tallies and skills per scope, folded from games in the order they ended."""

    rater: Rater = field(default_factory=Rater)
    tallies: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(dict))
    skills: dict[str, dict[str, Skill]] = field(default_factory=lambda: defaultdict(dict))

    def add(self, summary: GameSummary) -> list[PlayerResult]:
        places = side_places(summary)
        results = results_of(summary, places)
        for scope in (summary.variant, OVERALL):
            tallies = self.tallies[scope]
            for result in results:
                tally = tallies.get(result.player)
                if tally is None:
                    tally = tallies[result.player] = Tally()
                tally.add(result)
            self.skills[scope].update(self.rater.rate(summary, self.skills[scope], places))
        return results

    def rows(self, scope: str) -> list[StandingRow]:
        with_points = scope != OVERALL
        return rank_rows(
            row_of(player, tally, self.skills[scope][player], with_points=with_points)
            for player, tally in self.tallies.get(scope, {}).items()
        )

    def scopes(self) -> list[str]:
        return sorted(self.tallies)


def chronological(summaries: Iterable[GameSummary]) -> list[GameSummary]:
    """Games in the order they ended (a game without an end time last), then by id."""
    return sorted(summaries, key=lambda s: (s.finished_at is None, s.finished_at or datetime.min,
                                            s.game_id))


def standings(summaries: Iterable[GameSummary]) -> Season:
    """The whole season computed from scratch (the stored standings must equal this)."""
    season = Season()
    for summary in chronological(summaries):
        season.add(summary)
    return season


@dataclass(slots=True)
class HeadToHead:
    games: int = 0
    first_ahead: int = 0  # the first player finished ahead
    second_ahead: int = 0
    level: int = 0  # same place, or the same team


def head_to_head(summaries: Iterable[GameSummary], first: str, second: str) -> dict[str, HeadToHead]:
    """Per variant and overall: in games where both played, who finished ahead how often."""
    table: dict[str, HeadToHead] = defaultdict(HeadToHead)
    for summary in summaries:
        if first not in summary.players or second not in summary.players:
            continue
        places = {r.player: r.place for r in results_of(summary)}
        for scope in (summary.variant, OVERALL):
            entry = table[scope]
            entry.games += 1
            if places[first] < places[second]:
                entry.first_ahead += 1
            elif places[second] < places[first]:
                entry.second_ahead += 1
            else:
                entry.level += 1
    return dict(table)
