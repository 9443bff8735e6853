"""What the league pages read: stored standings turned into ranked rows, a night's
own standings, a player's history, head to head. No computation of figures here:
that is standings.py's; this module only fetches and hands over."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from engine.rules import VARIANTS
from leagues.models import Night, Result, Season, Standing
from leagues.ranking.standings import (
    OVERALL,
    HeadToHead,
    StandingRow,
    head_to_head,
    rank_rows,
    row_of,
    standings,
)
from leagues.results.recording import player_key, summary_of
from scorekeeper.models import Game, Player, RoundChange
from scorekeeper.players.circle import labels

RECENT_CORRECTIONS = 5


def season_corrections(season: Season, limit: int = RECENT_CORRECTIONS) -> list[RoundChange]:
    """The latest changes made to the season's games after they had ended: each one
    moved the standings, so the season page says so, with who made it."""
    return list(RoundChange.objects.filter(game__league_game__table__night__season=season, after_end=True)
                .select_related("game", "user").order_by("-at", "-pk")[:limit])


def season_scopes(season: Season) -> list[str]:
    """"overall" first, then the variants played this season in the registry's order."""
    played = set(Standing.objects.filter(season=season).values_list("scope", flat=True).distinct())
    return [OVERALL] + [key for key in VARIANTS if key in played] if played else []


def season_rows(season: Season, scope: str) -> list[StandingRow]:
    rows = list(Standing.objects.filter(season=season, scope=scope).select_related("player"))
    shown = labels(s.player for s in rows)  # two Maries of one season told apart
    return rank_rows(row_of(shown[s.player_id], s.tally(), s.skill(), with_points=scope != OVERALL,
                            key=s.player_id) for s in rows)


def night_rows(night: Night) -> list[StandingRow]:
    """Tonight only: the night's ended games folded from scratch (a night has a few dozen)."""
    games = list(Game.objects.filter(league_game__table__night=night, finished=True).with_players())
    shown = {player_key(pk): label for pk, label in
             labels({seat.player for g in games for seat in g.seats.all()}).items()}
    rows = standings(summary_of(g) for g in games).rows(OVERALL)
    return rank_rows(replace(row, player=shown[row.player]) for row in rows)


def night_recent_games(night: Night, limit: int = 6) -> list[Game]:
    return list(Game.objects.filter(league_game__table__night=night, finished=True)
                .select_related("league_game__table").with_players()
                .order_by("-finished_at", "-pk")[:limit])


def player_results(season: Season, player: Player) -> list[Result]:
    return list(Result.objects.filter(season=season, player=player).order_by("finished_at", "game_id"))


def player_standings(season: Season, player: Player) -> dict[str, Standing]:
    return {s.scope: s for s in Standing.objects.filter(season=season, player=player)}


def most_played(season: Season, player: Player) -> list[tuple[str, int]]:
    """(variant key, games) from most to least played."""
    counts = Counter(dict(Standing.objects.filter(season=season, player=player)
                          .exclude(scope=OVERALL).values_list("scope", "games")))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


@dataclass(frozen=True)
class Versus:
    first: Player
    second: Player
    table: dict[str, HeadToHead]


def season_head_to_head(season: Season, first: Player, second: Player) -> Versus:
    shared = (Result.objects.filter(season=season, player=first)
              .filter(game__league_results__player=second).values_list("game_id", flat=True))
    games = Game.objects.filter(pk__in=list(shared)).with_players()
    return Versus(first, second, head_to_head((summary_of(g) for g in games), player_key(first.pk),
                                              player_key(second.pk)))
