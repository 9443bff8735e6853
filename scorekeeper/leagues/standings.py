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

- place: the variant's winners share the first places, then the other sides by
  their total (lower first when the variant's lower total is better); sides with
  the same standing share the average of the places they cover;
- scaled place: (place − 1) / (sides − 1): 0 is first, 1 is last, whatever the
  table's size; a side is a player, or a canasta team;
- win rate: wins / games; average points: the mean of the player's side's final
  total, within one variant only (points of different games do not compare).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from openskill.models import PlackettLuce

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
    lower_is_better: bool = True
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
    """Each side's place: winners first, then by total; ties share the average place."""
    sides = list(summary.sides())
    winners = [s for s in sides if s in summary.winners]
    others = [s for s in sides if s not in summary.winners]
    sign = 1 if summary.lower_is_better else -1
    groups: list[list[str]] = [winners] if winners else []
    by_total: dict[float, list[str]] = defaultdict(list)
    for side in others:
        by_total[sign * summary.totals.get(side, 0)].append(side)
    groups += [by_total[key] for key in sorted(by_total)]
    places: dict[str, float] = {}
    taken = 0
    for group in groups:
        # The group covers places taken+1 .. taken+len(group): each gets their mean.
        average = taken + (len(group) + 1) / 2
        for side in group:
            places[side] = average
        taken += len(group)
    return places


def results_of(summary: GameSummary) -> list[PlayerResult]:
    """One result per player, in seat order."""
    sides = summary.sides()
    side_of = {player: side for side, members in sides.items() for player in members}
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

    def add(self, result: PlayerResult) -> None:
        self.games += 1
        self.place_sum += result.scaled_place
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
    """Plackett–Luce ratings for games of any number of sides (teams of one or two)."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.initial = Skill(self.model.mu, self.model.sigma)

    def rate(self, summary: GameSummary, skills: Mapping[str, Skill]) -> dict[str, Skill]:
        """The players' new skills after the game; a player missing from `skills` starts fresh."""
        sides = summary.sides()
        places = side_places(summary)
        teams = [
            [self.model.rating(mu=s.mu, sigma=s.sigma)
             for s in (skills.get(p, self.initial) for p in members)]
            for members in sides.values()
        ]
        rated = self.model.rate(teams, ranks=[places[side] for side in sides])
        return {
            player: Skill(new.mu, new.sigma)
            for members, team in zip(sides.values(), rated, strict=True)
            for player, new in zip(members, team, strict=True)
        }


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
                       row.key)


@dataclass
class Season:
    """Tallies and skills per scope, folded from games in the order they ended."""

    rater: Rater = field(default_factory=Rater)
    tallies: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(dict))
    skills: dict[str, dict[str, Skill]] = field(default_factory=lambda: defaultdict(dict))

    def add(self, summary: GameSummary) -> list[PlayerResult]:
        results = results_of(summary)
        for scope in (summary.variant, OVERALL):
            for result in results:
                self.tallies[scope].setdefault(result.player, Tally()).add(result)
            self.skills[scope].update(self.rater.rate(summary, self.skills[scope]))
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
