"""Standings and ratings stored as games end, and recomputed after a correction or an import."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from leagues.models import Result, Season, Standing
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL, standings
from leagues.results.recording import player_key, recompute_season, season_summaries
from scorekeeper.models import Player
from tests.factories import tamalou_round


def stored(season: Season, scope: str) -> dict[str, tuple]:
    return {s.player.name: (s.games, s.wins, round(s.place_sum, 9), s.points_sum,
                            round(s.mu, 9), round(s.sigma, 9), s.current_streak, s.best_streak)
            for s in Standing.objects.filter(season=season, scope=scope).select_related("player")}


def test_it_updates_the_standings_and_ratings_when_a_game_ends(season, table, play):
    # Tamalou, one round: Ana calls at 3 and is lowest -> Ana 0, Ben 10, Chloé 20; Ana wins.
    play(table, {"Ana": 3, "Ben": 10, "Chloé": 20}, announcer="Ana")

    rows = {r.player: r for r in season_rows(season, "tamalou")}
    assert (rows["Ana"].games, rows["Ana"].wins, rows["Ana"].average_place) == (1, 1, 0.0)
    assert (rows["Ben"].wins, rows["Ben"].average_place, rows["Ben"].average_points) == (0, 0.5, 10)
    assert rows["Chloé"].average_place == 1.0
    assert rows["Ana"].skill.mu > 25 > rows["Chloé"].skill.mu
    assert Result.objects.filter(season=season).count() == 3
    assert set(stored(season, OVERALL)) == {"Ana", "Ben", "Chloé"}


def test_it_does_not_count_a_game_that_has_not_ended(season, table, django_capture_on_commit_callbacks):
    from leagues.models import LeagueGame
    from scorekeeper.models import Game

    game = Game.start("tamalou", ["Ana", "Ben"], {"rounds": 2})
    LeagueGame.objects.create(game=game, table=table)
    with django_capture_on_commit_callbacks(execute=True):
        game.add_round(tamalou_round(None, Ana=3, Ben=9))

    assert not Standing.objects.filter(season=season).exists()


def test_it_ignores_games_outside_leagues(season, django_capture_on_commit_callbacks):
    from scorekeeper.models import Game

    game = Game.start("tamalou", ["Ana", "Ben"], {"rounds": 1})
    with django_capture_on_commit_callbacks(execute=True):
        game.add_round(tamalou_round(None, Ana=3, Ben=9))

    assert not Standing.objects.exists()


def test_it_keeps_incremental_figures_equal_to_a_recomputation(season, table, other_table, play):
    play(table, {"Ana": 3, "Ben": 10, "Chloé": 20}, announcer="Ana")
    play(other_table, {"Dan": 1, "Ben": 2}, announcer="Ben")  # Dan lower: Ben scores 2, Dan 0
    play(table, {"Chloé": 4, "Ana": 4, "Dan": 9}, announcer="Chloé")  # tie at 4: both 0
    incremental = {scope: stored(season, scope) for scope in ("tamalou", OVERALL)}

    recompute_season(season)

    assert {scope: stored(season, scope) for scope in ("tamalou", OVERALL)} == incremental
    # ... and both equal the plain module's from-scratch fold.
    fold = standings(season_summaries(season))
    named = {player_key(p.pk): p.name for p in Player.objects.all()}  # the fold counts Players, not names
    assert {named[r.player]: (r.games, r.wins) for r in fold.rows(OVERALL)} == {
        name: values[:2] for name, values in incremental[OVERALL].items()}


def test_it_recomputes_the_season_when_an_ended_game_is_corrected(season, table, play,
                                                                  django_capture_on_commit_callbacks):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    assert stored(season, "tamalou")["Ana"][1] == 1  # Ana won

    # The round is corrected: Ben was lower after all (Ana 3 -> she scores 3, Ben 1 -> 0).
    with django_capture_on_commit_callbacks(execute=True):
        game.edit_round(1, tamalou_round("Ana", Ana=3, Ben=1))

    after = stored(season, "tamalou")
    assert (after["Ana"][:2], after["Ben"][:2]) == ((1, 0), (1, 1))  # one game each, Ben's win
    assert Result.objects.filter(game=game).count() == 2  # not counted twice
    season.refresh_from_db()
    assert season.ratings_stale is False


def test_it_uncounts_a_game_undone_after_its_end(season, table, play, django_capture_on_commit_callbacks):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    with django_capture_on_commit_callbacks(execute=True):
        game.undo_last_round()

    assert not Standing.objects.filter(season=season).exists()
    assert not Result.objects.filter(game=game).exists()


def test_it_recomputes_ratings_with_the_command(season, table, play, capsys):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    Standing.objects.filter(season=season).update(mu=0, wins=0)

    call_command("recompute_ratings", str(season.pk))

    assert stored(season, "tamalou")["Ana"][1] == 1
    assert stored(season, "tamalou")["Ana"][4] > 25
    assert f"season {season.pk}" in capsys.readouterr().out


@pytest.mark.django_db
def test_it_refuses_an_unknown_season_in_the_command():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no season with id 999"):
        call_command("recompute_ratings", "999")


def test_it_keeps_the_round_and_marks_the_season_behind_when_the_update_fails(
        season, table, play, monkeypatch, client, caplog):
    def broken(league_game):
        raise RuntimeError("disk full")

    monkeypatch.setattr("leagues.results.recording.record_ended_game", broken)

    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")  # no exception reaches the caller

    assert game.finished and game.rounds.count() == 1
    season.refresh_from_db()
    assert season.ratings_stale is True
    assert "league standings not updated" in caplog.text
    assert "plus à jour" in client.get(season.get_absolute_url()).content.decode()
    # The organiser's recomputation catches up and clears the flag.
    monkeypatch.undo()
    recompute_season(season)
    season.refresh_from_db()
    assert season.ratings_stale is False and stored(season, "tamalou")["Ana"][1] == 1


def test_it_flags_a_big_season_behind_instead_of_recomputing_inside_the_request(
        season, table, play, monkeypatch, django_capture_on_commit_callbacks):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    monkeypatch.setattr("leagues.results.recording.RECOMPUTE_INLINE_LIMIT", 0)

    with django_capture_on_commit_callbacks(execute=True):
        game.edit_round(1, tamalou_round("Ana", Ana=3, Ben=1))

    season.refresh_from_db()
    assert season.ratings_stale is True
    assert stored(season, "tamalou")["Ana"][1] == 1  # the old figures, until the recomputation
    recompute_season(season)
    assert stored(season, "tamalou")["Ben"][1] == 1
