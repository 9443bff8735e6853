"""Two people of one name in a league (issue 30 item 1): separate standings and ratings,
told apart where they meet, and the table's form asks which one a name means."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from leagues.models import LeagueGame, NightTable, Season, Standing
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL, standings
from leagues.results.recording import player_key, summary_of
from scorekeeper.models import Game, Player
from scorekeeper.players.circle import NEW
from tests.factories import tamalou_round

HTMX = {"HTTP_HX_REQUEST": "true"}


def start(client: Client, table: NightTable, seats: list[str], who: list[str] | None = None) -> Any:
    return client.post(reverse("leagues:table_game_create", args=[table.token]),
                       {"variant": "tamalou", "option-rounds": "1", "seat": seats,
                        "who": who or [""] * len(seats), "action": "start"}, **HTMX)


def finish(game: Game, hands: dict[str, int], capture: Any) -> None:
    with capture(execute=True):
        game.add_round(tamalou_round(None, **hands))


def test_two_maries_of_one_league_night_have_their_own_standings_and_ratings(
        client: Client, table: NightTable, other_table: NightTable, season: Season,
        django_capture_on_commit_callbacks: Any) -> None:
    start(client, table, ["Marie", "Ana"])
    first_marie = Player.objects.get(name="Marie")
    finish(Game.objects.get(), {"Marie": 2, "Ana": 9}, django_capture_on_commit_callbacks)

    # At the other table, another Marie: the seat says so.
    assert start(client, other_table, ["Marie", "Ben"], [NEW, ""]).status_code == 200
    second_marie = Player.objects.exclude(pk=first_marie.pk).get(name="Marie")
    finish(Game.objects.order_by("-pk").first(), {"Marie": 12, "Ben": 3}, django_capture_on_commit_callbacks)

    # Now the league has two: a seat written « Marie » must say which.
    unclear = start(client, table, ["Marie", "Chloé"])
    assert unclear.status_code == 422
    assert "Plusieurs personnes s&#x27;appellent Marie ici : dites laquelle." in unclear.content.decode()
    assert "Marie (1)" in unclear.content.decode() and "Marie (2)" in unclear.content.decode()
    assert start(client, table, ["Marie", "Chloé"], [str(second_marie.pk), ""]).status_code == 200
    finish(Game.objects.order_by("-pk").first(), {"Marie": 1, "Chloé": 7}, django_capture_on_commit_callbacks)

    rows = {row.player: row for row in season_rows(season, OVERALL)}
    assert (rows["Marie (1)"].games, rows["Marie (1)"].wins) == (1, 1)
    assert (rows["Marie (2)"].games, rows["Marie (2)"].wins) == (2, 1)
    # Each equals the engine's order over that person's own games, folded from scratch.
    games = [summary_of(lg.game) for lg in LeagueGame.objects.select_related("game").order_by("game__finished_at")]
    fold = standings(games)
    for marie, label in ((first_marie, "Marie (1)"), (second_marie, "Marie (2)")):
        expected = next(r for r in fold.rows(OVERALL) if r.player == player_key(marie.pk))
        assert (rows[label].games, rows[label].wins, rows[label].skill) == (expected.games, expected.wins,
                                                                           expected.skill)
    assert Standing.objects.filter(season=season, scope=OVERALL, player__name="Marie").count() == 2


def test_a_name_the_league_knows_once_is_that_person_as_before(client: Client, table: NightTable,
                                                               other_table: NightTable) -> None:
    start(client, table, ["Marie", "Ana"])
    start(client, other_table, ["marie", "Ben"])
    assert Player.objects.filter(name__iexact="marie").count() == 1


def test_the_same_name_in_two_leagues_that_never_met_is_two_people(client: Client, table: NightTable,
                                                                   organiser: Any) -> None:
    from datetime import date

    from leagues.models import League, Night
    other = League.objects.create(name="Les mardis")
    night = Night.objects.create(season=Season.objects.create(league=other, name="Été", start=date(2026, 6, 1)),
                                 date=table.night.date)
    elsewhere = NightTable.objects.create(night=night, label="Table 1")
    start(client, table, ["Marie", "Ana"])
    Client().post(reverse("leagues:table_game_create", args=[elsewhere.token]),  # another phone
                  {"variant": "tamalou", "seat": ["Marie", "Ana"], "who": ["", ""], "action": "start"}, **HTMX)
    assert Player.objects.filter(name="Marie").count() == 2
    assert len(set(Player.objects.filter(name="Marie").values_list("person", flat=True))) == 2
