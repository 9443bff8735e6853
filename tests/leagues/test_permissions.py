"""Only a league's organisers change it; a table's link reaches its own table only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import LeagueGame, Night, NightTable, Season

CHANGES = [
    ("leagues:season_create", "league", {"name": "Été", "start": "2026-06-01"}),
    ("leagues:night_create", "season", {"date": "2026-03-19"}),
    ("leagues:table_create", "night", {"label": "Table 9"}),
    ("leagues:season_recompute", "season", {}),
    ("leagues:season_import", "season", {}),
    ("leagues:organiser_add", "league", {"username": "autre"}),
]


@pytest.mark.parametrize(("name", "target", "data"), CHANGES)
def test_it_refuses_changes_from_a_logged_in_non_organiser(client, stranger, league, season, night,
                                                           name, target, data):
    client.force_login(stranger)
    pk = {"league": league, "season": season, "night": night}[target].pk

    response = client.post(reverse(name, args=[pk]), data)

    assert response.status_code == 403
    assert Season.objects.count() == 1 and Night.objects.count() == 1
    assert not NightTable.objects.filter(label="Table 9").exists()
    assert list(league.organisers.values_list("username", flat=True)) == ["orga"]


@pytest.mark.parametrize(("name", "target", "data"), CHANGES[:4])
def test_it_refuses_changes_from_someone_logged_out(client, league, season, night, name, target, data):
    pk = {"league": league, "season": season, "night": night}[target].pk

    response = client.post(reverse(name, args=[pk]), data)

    assert response.status_code == 403


def test_it_lets_an_organiser_create_seasons_nights_and_tables(client, organiser, league):
    client.force_login(organiser)

    response = client.post(reverse("leagues:season_create", args=[league.pk]),
                           {"name": "Été", "start": "2026-06-01"})
    season = Season.objects.get(name="Été")
    assert response.status_code == 302 and response["Location"] == season.get_absolute_url()
    client.post(reverse("leagues:night_create", args=[season.pk]), {"date": "2026-06-04", "label": "Jeudi"})
    night = Night.objects.get(season=season)
    client.post(reverse("leagues:table_create", args=[night.pk]), {"label": "Terrasse"})

    assert night.tables.get().label == "Terrasse"


def test_it_hides_the_table_links_from_non_organisers(client, stranger, night, table):
    client.force_login(stranger)

    response = client.get(reverse("leagues:night", args=[night.pk]))

    assert response.status_code == 403
    assert table.token not in response.content.decode()


def test_it_sends_someone_logged_out_to_the_login_page_for_a_night(client, night):
    response = client.get(reverse("leagues:night", args=[night.pk]))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_it_shows_a_table_only_its_own_games(client, table, other_table, play):
    mine = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    theirs = play(other_table, {"Xavier": 3, "Yvonne": 10}, announcer="Xavier")

    page = client.get(reverse("leagues:table", args=[table.token])).content.decode()

    assert "Ana, Ben" in page
    assert "Xavier" not in page and "Yvonne" not in page
    assert mine.pk != theirs.pk


def test_it_starts_a_game_at_the_link_s_own_table_only(client, table, other_table):
    client.post(reverse("leagues:table_game_create", args=[table.token]),
                {"variant": "tamalou", "seat": ["Ana", "Ben"], "action": "start"})

    assert LeagueGame.objects.get().table == table
    assert not other_table.games.exists()


def test_it_answers_404_to_a_made_up_table_link(client, table):
    assert client.get(reverse("leagues:table", args=["pas-un-vrai-jeton"])).status_code == 404


def test_it_gives_each_table_a_long_random_link(table, other_table):
    assert len(table.token) >= 24 and table.token != other_table.token


def test_it_lets_an_organiser_add_a_co_organiser(client, organiser, stranger, league):
    client.force_login(organiser)

    client.post(reverse("leagues:organiser_add", args=[league.pk]), {"username": "autre"})

    assert league.is_organiser(stranger)
    missing = client.post(reverse("leagues:organiser_add", args=[league.pk]), {"username": "personne"})
    assert missing.status_code == 422 and "Aucun compte ne porte ce nom." in missing.content.decode()
