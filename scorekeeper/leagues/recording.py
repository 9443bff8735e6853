"""Keeping a season's stored standings in step with its games.

- `record_ended_game`: the incremental path, run when a game ends: reads the
  stored figures of the game's players, folds the game in with the same
  functions as a from-scratch computation (standings.py) and writes them back.
- `recompute_season`: from scratch, in the order games ended; used after a
  bulk import and when an ended game was corrected (an edited round, an undo):
  a correction changes the game's place in the fold, so the only honest
  answer is to refold the season.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

from scorekeeper.leagues.models import LeagueGame, Result, Season, Standing
from scorekeeper.leagues.standings import (
    OVERALL,
    GameSummary,
    PlayerResult,
    Rater,
    Skill,
    Tally,
    chronological,
    results_of,
)
from scorekeeper.leagues.standings import Season as SeasonFold
from scorekeeper.models import Game, Player

# A correction refolds the season inside the request that made it: about 0.8 ms a game
# here, so up to this many ended games it is done on the spot; beyond, the season is
# flagged and an organiser recomputes it (button or `recompute_ratings`).
RECOMPUTE_INLINE_LIMIT = 2_000

# While a bulk import runs, games that end are not folded in one by one: the
# import recomputes the season once at the end, in the order the games ended.
_suspended: ContextVar[bool] = ContextVar("league_recording_suspended", default=False)


@contextmanager
def suspended() -> Iterator[None]:
    token = _suspended.set(True)
    try:
        yield
    finally:
        _suspended.reset(token)


def is_suspended() -> bool:
    return _suspended.get()


def summary_of(game: Game) -> GameSummary:
    """The plain summary the standings module works on, with every player under their
    Player name: a record may write "ana" where the league knows "Ana" (seats prefetched)."""
    # Seat.name (the record's spelling) is newer than Seat: fall back on the player's name.
    canonical = {getattr(seat, "name", "") or seat.player.name: seat.player.name
                 for seat in game.seats.all()}

    def side(name: str) -> str:
        return name if game.teams else canonical.get(name, name)

    return GameSummary(
        game_id=game.pk, variant=game.variant, players=tuple(canonical.values()),
        winners=tuple(side(s) for s in game.winners), losers=tuple(side(s) for s in game.losers),
        totals={side(s): float(total) for s, total in game.totals.items()},
        lower_is_better=game.rules.lower_is_better, finished_at=game.finished_at,
        teams={team: [canonical.get(m, m) for m in members] for team, members in game.teams.items()}
        if game.teams else None,
    )


def season_summaries(season: Season) -> list[GameSummary]:
    # An abandoned game is kept but counts for nothing.
    games = Game.objects.filter(league_game__table__night__season=season, finished=True,
                                abandoned_at__isnull=True).with_players()
    return [summary_of(game) for game in games]


def _players_by_name(names: Iterable[str]) -> dict[str, Player]:
    return {p.name: p for p in Player.objects.filter(name__in=list(names))}


def _result_row(season: Season, result: PlayerResult, player: Player, game: GameSummary,
                variant_skill: Skill, overall_skill: Skill) -> Result:
    return Result(
        season=season, game_id=game.game_id, player=player, variant=game.variant,
        finished_at=game.finished_at, side=result.side, place=result.place, sides=result.sides,
        won=result.won, points=result.points, mu=variant_skill.mu, sigma=variant_skill.sigma,
        overall_mu=overall_skill.mu, overall_sigma=overall_skill.sigma,
    )


@transaction.atomic
def record_ended_game(league_game: LeagueGame) -> None:
    """Fold one ended game into its season's stored standings (the incremental path)."""
    season = Season.objects.select_for_update().get(pk=league_game.table.night.season_id)
    game = Game.objects.with_players().get(pk=league_game.game_id)
    summary = summary_of(game)
    players = _players_by_name(summary.players)
    rater = Rater()
    results = results_of(summary)
    skills_after: dict[str, dict[str, Skill]] = {}
    for scope in (summary.variant, OVERALL):
        stored = {s.player.name: s for s in Standing.objects.filter(
            season=season, scope=scope, player__in=players.values()).select_related("player")}
        skills = {name: s.skill() for name, s in stored.items()}
        skills_after[scope] = rater.rate(summary, skills)
        for result in results:
            standing = stored.get(result.player) or Standing(
                season=season, player=players[result.player], scope=scope)
            tally = standing.tally() if standing.pk else Tally()
            tally.add(result)
            standing.store(tally, skills_after[scope][result.player])
            standing.save()
    Result.objects.bulk_create(
        _result_row(season, r, players[r.player], summary, skills_after[summary.variant][r.player],
                    skills_after[OVERALL][r.player])
        for r in results
    )


@transaction.atomic
def recompute_season(season: Season) -> int:
    """Rebuild the season's standings and results from its ended games. Returns the game count."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    summaries = chronological(season_summaries(season))
    players = _players_by_name({name for s in summaries for name in s.players})
    fold = SeasonFold()
    results: list[Result] = []
    for summary in summaries:
        for r in fold.add(summary):
            results.append(_result_row(season, r, players[r.player], summary,
                                       fold.skills[summary.variant][r.player],
                                       fold.skills[OVERALL][r.player]))
    Result.objects.filter(season=season).delete()
    Standing.objects.filter(season=season).delete()
    Result.objects.bulk_create(results, batch_size=2000)
    standings: list[Standing] = []
    for scope, tallies in fold.tallies.items():
        for name, tally in tallies.items():
            standing = Standing(season=season, player=players[name], scope=scope)
            standing.store(tally, fold.skills[scope][name])
            standings.append(standing)
    Standing.objects.bulk_create(standings, batch_size=2000)
    Season.objects.filter(pk=season.pk).update(ratings_stale=False)
    return len(summaries)


def on_game_scored(game: Game, ended: bool) -> Season | None:
    """Bring the standings in step after a change to a league game; returns its season.

    - the game just ended and never counted: fold it in (incremental);
    - it had counted and changed again (a round edited or undone after the
      end, or it ended a second time after an undo): recompute the season, or
      flag it as behind when it is too big to recompute inside a request.
    """
    league_game = LeagueGame.objects.select_related("table__night__season").filter(game=game).first()
    if league_game is None:
        return None
    season = league_game.season
    if is_suspended():
        return season
    counted = Result.objects.filter(game=game).exists()
    if ended and not counted and game.abandoned_at is None:
        record_ended_game(league_game)
    elif counted:
        Season.objects.filter(pk=season.pk).update(ratings_stale=True)
        ended_games = LeagueGame.objects.in_season(season).finished().count()
        if ended_games <= RECOMPUTE_INLINE_LIMIT:
            recompute_season(season)
    return season
