"""A game's life: abandon (kept, marked, out of the lists and standings, restorable by
whoever holds its link) and correcting a player's name, each in the history."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Player, RoundChange
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db


def test_it_abandons_a_game_keeping_it_marked_and_out_of_the_home_list(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    client.get(game.get_absolute_url())

    response = client.post(f"/games/{game.token}/abandon/")

    game.refresh_from_db()
    assert response.status_code == 302 and game.abandoned_at is not None and game.rounds.count() == 1
    assert game.token not in client.get(reverse("home")).content.decode()
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "Partie abandonnée le" in sheet and "Reprendre la partie" in sheet
    assert f"/games/{game.token}/rounds/new/" not in sheet
    assert game.changes.filter(action=RoundChange.ABANDONED).exists()


def test_it_refuses_a_round_at_an_abandoned_game_until_it_is_restored(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    game.set_abandoned(True)

    response = client.post(f"/games/{game.token}/rounds/new/", {
        "hand-0-cards": "KH", "hand-1-cards": "2S", "announcer": "", "action": "save"})

    assert "La partie est abandonnée : reprenez-la d’abord" in response.content.decode()
    assert game.rounds.count() == 0


def test_it_restores_an_abandoned_game_for_whoever_holds_its_link(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    game.set_abandoned(True)

    response = Client().post(f"/games/{game.token}/restore/")

    game.refresh_from_db()
    assert response.status_code == 302 and game.abandoned_at is None
    assert list(game.changes.values_list("action", flat=True)) == [RoundChange.ABANDONED, RoundChange.RESTORED]
    assert "Partie reprise" in Client().get(f"/games/{game.token}/history/").content.decode()


def test_it_renames_a_player_in_the_seat_the_rounds_and_the_totals(client: Client):
    game = make_game("tamalou", ["Anna", "Ben"], rounds=[tamalou_round("Anna", Anna=3, Ben=4)])

    response = client.post(f"/games/{game.token}/players/rename/", {"player": "Anna", "name": "Ana"})

    game = Game.objects.with_players().get(pk=game.pk)
    assert response.status_code == 302
    assert game.player_names() == ["Ana", "Ben"] and game.totals == {"Ana": 0, "Ben": 4}  # the announcer at or below everyone
    assert game.rounds.get().data == tamalou_round("Ana", Ana=3, Ben=4)
    assert Player.objects.filter(name="Ana").exists()
    history = client.get(f"/games/{game.token}/history/").content.decode()
    assert "« <bdi>Anna</bdi> » renommé·e « <bdi>Ana</bdi> »" in history


def test_it_refuses_a_new_name_that_another_player_already_has(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])

    response = client.post(f"/games/{game.token}/players/rename/", {"player": "Ben", "name": "ana"})

    assert response.status_code == 422
    assert "ne diffèrent que par les majuscules" in response.content.decode()
    assert Game.objects.with_players().get(pk=game.pk).player_names() == ["Ana", "Ben"]


def test_it_renames_a_canasta_team_member(client: Client):
    players = ["Ana", "Ben", "Chloé", "Dan"]
    game = make_game("canasta", players, teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]})

    client.post(f"/games/{game.token}/players/rename/", {"player": "Chloé", "name": "Cloé"})

    game.refresh_from_db()
    assert game.teams["Nord-Sud"] == ["Ana", "Cloé"]


def test_it_takes_an_abandoned_league_game_out_of_the_standings(django_capture_on_commit_callbacks):
    from datetime import date

    from leagues.models import League, LeagueGame, Night, NightTable, Season, Standing

    season = Season.objects.create(league=League.objects.create(name="L"), name="S", start=date(2026, 1, 1))
    table = NightTable.objects.create(night=Night.objects.create(season=season, date=date(2026, 3, 1)), label="T")
    game = Game.start("tamalou", ["Ana", "Ben"], {"rounds": 1})
    LeagueGame.objects.create(game=game, table=table)
    with django_capture_on_commit_callbacks(execute=True):
        game.add_round(tamalou_round(None, Ana=3, Ben=4))
    assert Standing.objects.filter(season=season, scope="overall").count() == 2

    with django_capture_on_commit_callbacks(execute=True):
        game.set_abandoned(True)
    assert not Standing.objects.filter(season=season).exists()

    with django_capture_on_commit_callbacks(execute=True):
        game.set_abandoned(False)
    assert Standing.objects.filter(season=season, scope="overall").count() == 2
