"""Keeping a season's stored standings in step with its games, by one route: `count_games`.

Its three callers:
- `record_ended_game`, when a league game ends (the `game_scored` signal): its summary
  folded in, from the stored figures of its players;
- `recompute_season`, after a correction (an edited round, an undo) or an organiser's
  button: a correction changes the game's place in the fold, so the season is refolded;
- the bulk import (leagues/results/importing.py), inside its transaction, with the
  summaries it built (nothing read back).
`tests/leagues/test_one_standings_route.py` checks that they agree with a refold.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q

from leagues.models import LeagueGame, Result, Season, Standing
from leagues.ranking.standings import (
    OVERALL,
    GameSummary,
    PlayerResult,
    Skill,
    chronological,
)
from leagues.ranking.standings import Season as SeasonFold
from scorekeeper import bulk
from scorekeeper.models import Game, Player, Seat

# A correction refolds the season inside the request that made it: about 0.8 ms a game
# when this was set, 0.2-0.35 ms since the import's fold (docs/benchmarks.md, "League
# import"), so up to this many ended games it is done on the spot; beyond, the season
# is flagged and an organiser recomputes it (button or `recompute_ratings`).
RECOMPUTE_INLINE_LIMIT = 2_000


def player_key(pk: int) -> str:
    """Whom the standings fold counts a player as: their Player, not their name (two
    people of one name are two rows; a record may write "ana" for the Player "Ana"). A
    control character starts it, which no name or team name may hold (players/names.py)."""
    return f"\x1f{pk}"


def _pks(keys: Iterable[str]) -> list[int]:
    return [int(key[1:]) for key in keys]


def summary_of(game: Game) -> GameSummary:
    """The plain summary the standings module works on, with every player under their
    `player_key` (seats prefetched)."""
    # Seat.name (the record's spelling) is newer than Seat: fall back on the player's name.
    return summary_from(game, [(getattr(seat, "name", "") or seat.player.name, player_key(seat.player_id))
                               for seat in game.seats.all()])


def summary_from(game: Game, names: Iterable[tuple[str, str]]) -> GameSummary:
    """`summary_of` for a game whose seats are given as (the record's name, the Player's
    key) in seat order: a bulk import builds its summaries without reading them back."""
    canonical = dict(names)

    def side(name: str) -> str:
        return name if game.teams else canonical.get(name, name)

    return GameSummary(
        game_id=game.pk, variant=game.variant, players=tuple(canonical.values()),
        winners=tuple(side(s) for s in game.winners), losers=tuple(side(s) for s in game.losers),
        totals={side(s): float(total) for s, total in game.totals.items()},
        out={side(s): n for s, n in (game.eliminated or {}).items()} or None, finished_at=game.finished_at,
        teams={team: [canonical.get(m, m) for m in members] for team, members in game.teams.items()}
        if game.teams else None,
    )


def season_summaries(season: Season, excluding: Collection[int] = ()) -> list[GameSummary]:
    """The season's counted games as summaries, in two queries: the games (only what a
    summary reads) and every seat with its player's name (a season holds 20,000 games)."""
    # An abandoned game is kept but counts for nothing.
    counted = Game.objects.filter(league_game__table__night__season=season, finished=True,
                                  abandoned_at__isnull=True)
    seats: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for game_id, name, player, pk in (Seat.objects.filter(game__in=counted).order_by("game_id", "position")
                                      .values_list("game_id", "name", "player__name", "player_id")):
        seats[game_id].append((name or player, player_key(pk)))
    games = counted.order_by().only("variant", "teams", "winners", "losers", "totals", "eliminated",
                                             "finished_at")
    return [summary_from(game, seats[game.pk]) for game in games if game.pk not in excluding]


def _players_by_key(keys: Iterable[str]) -> dict[str, Player]:
    return {player_key(p.pk): p for p in Player.objects.filter(pk__in=_pks(keys))}


RESULT_FIELDS = ("season", "game", "player", "variant", "finished_at", "side", "place", "sides", "won",
                 "points", "mu", "sigma", "overall_mu", "overall_sigma")


def _result_row(season: Season, result: PlayerResult, player: Player, game: GameSummary,
                variant_skill: Skill, overall_skill: Skill) -> tuple[Any, ...]:
    """A Result row's values, in the order of RESULT_FIELDS (written by scorekeeper.bulk)."""
    side = player.name if result.side == player_key(player.pk) else result.side  # a team keeps its name
    return (season.pk, game.game_id, player.pk, game.variant, game.finished_at, side,
            result.place, result.sides, result.won, result.points, variant_skill.mu,
            variant_skill.sigma, overall_skill.mu, overall_skill.sigma)


@transaction.atomic
def count_games(season: Season, new: Sequence[GameSummary] = (), players: Mapping[str, Player] | None = None,
                *, refold: bool = False, refold_limit: int | None = None) -> int:
    """The one route by which a season's standings and results change: `new` ended games,
    not counted yet (their players by `player_key` in `players`, found by key otherwise),
    folded into the season. Returns how many games were folded.

    - From the stored standings, when they are up to date and no counted game of the new
      games' players ended after them: the stored figures are the fold's whole state
      (tallies, streaks, mu and sigma), so this is exactly what a refold would give; only
      the new games' players are read and written.
    - Otherwise (or with `refold`, after a correction) the whole season is refolded from its
      games in the order they ended, unless it holds more than `refold_limit` ended games:
      then it is flagged as behind (an organiser recomputes it) and the new games are added
      to the stored figures as they stand.
    """
    season = Season.objects.select_for_update().get(pk=season.pk)
    new = chronological(new)
    players = dict(players or {})
    if not refold and not season.ratings_stale and _in_order(season, new):
        return _fold_in(season, new, players)
    if refold_limit is not None and LeagueGame.objects.in_season(season).finished().count() > refold_limit:
        Season.objects.filter(pk=season.pk).update(ratings_stale=True)
        return _fold_in(season, new, players)
    summaries = chronological(season_summaries(season, excluding={s.game_id for s in new}) + new)
    players.update(_players_by_key({n for s in summaries for n in s.players} - set(players)))
    _write_fold(season, SeasonFold(), summaries, players, replace_results=True)
    if season.ratings_stale:
        Season.objects.filter(pk=season.pk).update(ratings_stale=False)
    return len(summaries)


def _in_order(season: Season, new: list[GameSummary]) -> bool:
    """May the new games be folded on from the stored figures: did no counted game of their
    players end after the first of them? A game changes only its players' figures, so the
    games of other players that ended later fold the same before or after it (and the
    season's index by player and end time answers this without reading the season)."""
    if not new:
        return True
    first = new[0]
    if first.finished_at is None:
        return False  # a game without an end time folds last: refold rather than guess
    later = (Q(finished_at__gt=first.finished_at) | Q(finished_at=first.finished_at, game_id__gt=first.game_id)
             | Q(finished_at__isnull=True))
    players = _pks({n for s in new for n in s.players})
    return not Result.objects.filter(later, season=season, player__in=players).exists()


def _fold_in(season: Season, new: list[GameSummary], players: dict[str, Player]) -> int:
    """The new games folded into the stored figures of their players, and stored."""
    names = {n for s in new for n in s.players}
    fold = _stored_fold(season, names)
    players.update(_players_by_key(names - set(players)))
    _write_fold(season, fold, new, players, replace_results=False)
    return len(new)


def record_ended_game(league_game: LeagueGame) -> None:
    """Fold one ended game into its season's standings."""
    game = Game.objects.with_players().get(pk=league_game.game_id)
    count_games(league_game.table.night.season, [summary_of(game)], refold_limit=RECOMPUTE_INLINE_LIMIT)


def recompute_season(season: Season) -> int:
    """Rebuild the season's standings and results from its ended games. Returns the game count."""
    return count_games(season, refold=True)


def _write_fold(season: Season, fold: SeasonFold, summaries: list[GameSummary],
                players: Mapping[str, Player], *, replace_results: bool) -> None:
    """Fold `summaries` (in the order they ended) into `fold` and store the outcome: their
    results (after deleting the season's, with `replace_results`) and the standings of
    every player the fold holds (all of the season's, with `replace_results`).

    The results are written as the fold makes them (a generator fed to the INSERT): on
    PostgreSQL the server stores one game's rows while the next game is being rated."""

    def results() -> Iterator[tuple[Any, ...]]:
        for summary in summaries:
            variant_skills, overall_skills = fold.skills[summary.variant], fold.skills[OVERALL]
            for r in fold.add(summary):
                yield _result_row(season, r, players[r.player], summary,
                                  variant_skills[r.player], overall_skills[r.player])

    if replace_results:
        Result.objects.filter(season=season).delete()
        Standing.objects.filter(season=season).delete()
    bulk.insert(Result, RESULT_FIELDS, results())
    if not replace_results:  # only the fold's players changed
        folded = {name for tallies in fold.tallies.values() for name in tallies}
        Standing.objects.filter(season=season, player__in=_pks(folded)).delete()
    standings: list[Standing] = []
    for scope, tallies in fold.tallies.items():
        for name, tally in tallies.items():
            standing = Standing(season=season, player=players[name], scope=scope)
            standing.store(tally, fold.skills[scope][name])
            standings.append(standing)
    Standing.objects.bulk_create(standings, batch_size=2000)


def _stored_fold(season: Season, names: Collection[str]) -> SeasonFold:
    """The fold's state for these players as the season's stored standings hold it."""
    fold = SeasonFold()
    for standing in Standing.objects.filter(season=season, player__in=_pks(names)):
        name = player_key(standing.player_id)
        fold.tallies[standing.scope][name] = standing.tally()
        fold.skills[standing.scope][name] = standing.skill()
    return fold


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
    counted = Result.objects.filter(game=game).exists()
    if ended and not counted and game.abandoned_at is None:
        record_ended_game(league_game)
    elif counted:
        count_games(season, refold=True, refold_limit=RECOMPUTE_INLINE_LIMIT)
    return season
