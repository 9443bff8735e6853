"""A player's records across games: games and wins per game, average and best round,
calls made and won, longest winning streak.

Read from what the engine cached on each game (Round.result, Game.winners), over the
games this phone knows only (its session's list, scorekeeper/http.py): never anybody
else's. A player in a team (canasta) is counted with the team's side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.rules import VARIANTS
from engine.rules.variants.base import HIGHEST
from scorekeeper.models import Game

Number = int | float


@dataclass
class GameLine:
    """One game (variant) of the player's: the figures per game."""
    variant: str
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    points: Number = 0
    best: Number | None = None
    higher_is_better: bool = False  # the variant's direction (Variant.best)
    calls: int = 0
    calls_won: int = 0

    @property
    def average(self) -> float | None:
        return self.points / self.rounds if self.rounds else None


@dataclass
class Records:
    name: str
    lines: list[GameLine] = field(default_factory=list)
    longest_streak: int = 0
    snaps_won: int = 0
    games: list[Game] = field(default_factory=list)  # newest first

    @property
    def total_games(self) -> int:
        return sum(line.games for line in self.lines)

    @property
    def total_wins(self) -> int:
        return sum(line.wins for line in self.lines)

    @property
    def calls(self) -> int:
        return sum(line.calls for line in self.lines)

    @property
    def calls_won(self) -> int:
        return sum(line.calls_won for line in self.lines)


def side_of(game: Game, name: str) -> str | None:
    """The side `name` plays for in `game` (their team in canasta), or None."""
    if name in game.sides():
        return name
    return next((team for team, players in (game.teams or {}).items() if name in players), None)


def player_records(name: str, games: Iterable[Game], names: Mapping[int, str] | None = None) -> Records:
    """`name`'s records over `games` (those they played in), oldest first for the streak.
    `names`: a game's pk -> the name its record writes them by, where it is not `name`
    (a person's games: « Marie » here, « Marie D. » there)."""
    names = names or {}
    played = sorted((g for g in games if side_of(g, names.get(g.pk, name))), key=lambda g: (g.created_at, g.pk))
    lines: dict[str, GameLine] = {}
    streak = longest = 0
    for game in played:
        side = side_of(game, names.get(game.pk, name))
        rules = VARIANTS[game.variant]
        line = lines.setdefault(game.variant, GameLine(game.variant, rules.name,
                                                       higher_is_better=rules.best == HIGHEST))
        line.games += 1
        won = bool(game.finished and side in game.winners)
        line.finished += game.finished
        line.wins += won
        for stored in game.rounds.all():
            _count_round(line, side, stored.data, stored.result)
        if game.finished:  # an unfinished game neither extends nor breaks a streak
            streak = streak + 1 if won else 0
            longest = max(longest, streak)
    return Records(name, sorted(lines.values(), key=lambda line: -line.games), longest,
                   games=list(reversed(played)))


def _count_round(line: GameLine, side: str, data: object, result: dict) -> None:
    points = (result or {}).get("points", {})
    if points.get(side) is not None:
        value = points[side]
        line.rounds += 1
        line.points += value
        better = max if line.higher_is_better else min
        line.best = value if line.best is None else better(line.best, value)
    if isinstance(data, dict) and data.get("announcer") == side:
        line.calls += 1
        values = (result or {}).get("values", {})
        if side in values and values[side] <= min(values.values()):
            line.calls_won += 1  # the caller's hand was the round's lowest (ties included)
