"""Keeping a season's stored standings in step with its games.

- `record_ended_game`: the incremental path, run when a game ends: reads the
  stored figures of the game's players, folds the game in with the same
  functions as a from-scratch computation (standings.py) and writes them back.
- `recompute_season`: from scratch, in the order games ended; used when an
  ended game was corrected (an edited round, an undo): a correction changes
  the game's place in the fold, so the only honest answer is to refold the season.
- `ImportCount`: a bulk import's games, counted inside the import's transaction
  from the summaries it built (nothing read back), resuming from the stored
  standings when the new games all ended after the counted ones.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from leagues.models import LeagueGame, Result, Season, Standing
from leagues.ranking.standings import (
    OVERALL,
    GameSummary,
    PlayerResult,
    Rater,
    Skill,
    Tally,
    chronological,
    results_of,
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
    return {player_key(p.pk): p for p in Player.objects.filter(pk__in=[int(k[1:]) for k in keys])}


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
def record_ended_game(league_game: LeagueGame) -> None:
    """Fold one ended game into its season's stored standings (the incremental path)."""
    season = Season.objects.select_for_update().get(pk=league_game.table.night.season_id)
    game = Game.objects.with_players().get(pk=league_game.game_id)
    summary = summary_of(game)
    players = _players_by_key(summary.players)
    rater = Rater()
    results = results_of(summary)
    skills_after: dict[str, dict[str, Skill]] = {}
    for scope in (summary.variant, OVERALL):
        stored = {player_key(s.player_id): s for s in Standing.objects.filter(
            season=season, scope=scope, player__in=players.values())}
        skills = {name: s.skill() for name, s in stored.items()}
        skills_after[scope] = rater.rate(summary, skills)
        for result in results:
            standing = stored.get(result.player) or Standing(
                season=season, player=players[result.player], scope=scope)
            tally = standing.tally() if standing.pk else Tally()
            tally.add(result)
            standing.store(tally, skills_after[scope][result.player])
            standing.save()
    bulk.insert(Result, RESULT_FIELDS, [
        _result_row(season, r, players[r.player], summary, skills_after[summary.variant][r.player],
                    skills_after[OVERALL][r.player])
        for r in results
    ])


@transaction.atomic
def recompute_season(season: Season) -> int:
    """Rebuild the season's standings and results from its ended games. Returns the game count."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    summaries = chronological(season_summaries(season))
    players = _players_by_key({name for s in summaries for name in s.players})
    _write_fold(season, SeasonFold(), summaries, players, replace_results=True)
    return len(summaries)


def _write_fold(season: Season, fold: SeasonFold, summaries: list[GameSummary],
                players: Mapping[str, Player], *, replace_results: bool) -> None:
    """Fold `summaries` (in the order they ended) into `fold` and store the outcome: their
    results (after deleting the season's, with `replace_results`) and every standing.

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
    standings: list[Standing] = []
    for scope, tallies in fold.tallies.items():
        for name, tally in tallies.items():
            standing = Standing(season=season, player=players[name], scope=scope)
            standing.store(tally, fold.skills[scope][name])
            standings.append(standing)
    Standing.objects.bulk_create(standings, batch_size=2000)
    if season.ratings_stale:
        Season.objects.filter(pk=season.pk).update(ratings_stale=False)


@dataclass
class ImportCount:
    """Counting a bulk import's ended games into their season, inside the import's
    transaction, with the season locked (`select_for_update`) by the caller.

    `begin` runs before the new games are saved. When the season's stored standings
    are up to date and every new game ended after the last counted one (past nights
    imported in order, or a first import), the fold resumes from the stored standings
    and only the new games are folded: the stored figures are the whole state of the
    fold (tallies, streaks, mu and sigma), so this is exactly what a recomputation would
    give. Otherwise the season's earlier games are read now and everything is refolded.
    """

    season: Season
    fold: SeasonFold
    players: dict[str, Player]
    earlier: list[GameSummary] | None  # None: resumed from the stored standings
    last: tuple[datetime, int] | None  # the last counted game's end and id, when resumed

    @classmethod
    def begin(cls, season: Season) -> ImportCount:
        if not season.ratings_stale:
            last = (Result.objects.filter(season=season).order_by("-finished_at", "-game_id")
                    .values_list("finished_at", "game_id").first())
            if last is None or last[0] is not None:
                fold, players = _stored_fold(season)
                return cls(season, fold, players, None, last)
        earlier = season_summaries(season)
        players = _players_by_key({name for s in earlier for name in s.players})
        return cls(season, SeasonFold(), players, earlier, None)

    def finish(self, summaries: list[GameSummary], players: Mapping[str, Player]) -> None:
        """Fold the new ended games in (their players by `player_key`) and store the outcome."""
        new = chronological(summaries)
        self.players.update(players)
        if self.earlier is None and (self.last is None or not new or _ends_after(new[0], self.last)):
            _write_fold(self.season, self.fold, new, self.players, replace_results=False)
            return
        if self.earlier is None:  # a new game ended before the last counted one: refold all
            self.earlier = season_summaries(self.season, excluding={s.game_id for s in new})
            self.players.update(_players_by_key({n for s in self.earlier for n in s.players}))
            self.fold = SeasonFold()
        _write_fold(self.season, self.fold, chronological(self.earlier + new), self.players,
                    replace_results=True)


def _ends_after(summary: GameSummary, last: tuple[datetime, int]) -> bool:
    return summary.finished_at is not None and (summary.finished_at, summary.game_id) > last


def _stored_fold(season: Season) -> tuple[SeasonFold, dict[str, Player]]:
    """The fold's state as the season's stored standings hold it, with their players."""
    fold = SeasonFold()
    players: dict[str, Player] = {}
    for standing in Standing.objects.filter(season=season).select_related("player"):
        name = player_key(standing.player_id)
        players[name] = standing.player
        fold.tallies[standing.scope][name] = standing.tally()
        fold.skills[standing.scope][name] = standing.skill()
    return fold, players


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
        Season.objects.filter(pk=season.pk).update(ratings_stale=True)
        ended_games = LeagueGame.objects.in_season(season).finished().count()
        if ended_games <= RECOMPUTE_INLINE_LIMIT:
            recompute_season(season)
    return season
