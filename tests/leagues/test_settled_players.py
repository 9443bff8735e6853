"""Provisional and inactive players (leagues/ranking/settled.py): marked in the standings,
hidden from the ranking when the season says so, never from their own page."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse

from leagues.models import Night, NightTable
from leagues.ranking.settled import INACTIVE, PROVISIONAL, Thresholds, status
from leagues.ranking.standings import Skill, StandingRow

RULES = Thresholds(games=5, sigma=7.5, nights=3)


def _row(games: int, sigma: float, key: int = 1) -> StandingRow:
    return StandingRow(player="Ana", games=games, wins=0, win_rate=0, average_place=0,
                       average_points=None, skill=Skill(25, sigma), current_streak=0,
                       best_streak=0, key=key)


def test_it_marks_provisional_a_player_with_fewer_games_than_the_season_asks():
    assert status(_row(games=4, sigma=5), RULES, None) == PROVISIONAL
    assert status(_row(games=5, sigma=5), RULES, None) is None


def test_it_marks_provisional_a_player_whose_rating_is_still_unsure():
    assert status(_row(games=20, sigma=7.6), RULES, None) == PROVISIONAL


def test_it_marks_inactive_a_settled_player_without_a_game_in_the_last_nights():
    assert status(_row(games=20, sigma=5, key=1), RULES, active={2}) == INACTIVE
    assert status(_row(games=20, sigma=5, key=1), RULES, active={1}) is None


def test_it_marks_provisional_a_newcomer_on_the_season_page(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()
    assert page.count("badge-provisional") == 2


def test_it_hides_unsettled_players_from_the_ranking_but_not_from_their_page(
        client, season, table, play):
    season.provisional_games = 2
    season.hide_unsettled = True
    season.save()
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    play(table, {"Ana": 3, "Zoé": 10}, announcer="Ana")  # Zoé: one game, provisional
    season.provisional_sigma = 100
    season.save()
    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()
    assert "Ana" in page and "Ben" in page and ">Zoé</a>" not in page
    assert "1 joueur provisoire ou inactif n'est pas classé" in page
    zoe = season.standings.filter(player__name="Zoé").first().player
    mine = client.get(reverse("leagues:player", args=[season.pk, zoe.pk])).content.decode()
    assert "Classement provisoire" in mine and "pas encore au classement" in mine


def test_it_marks_inactive_who_missed_the_last_nights(client, season, night, table, play):
    season.provisional_games = 1
    season.provisional_sigma = 100
    season.inactive_nights = 1
    season.save()
    earlier = Night.objects.create(season=season, date=night.date - timedelta(days=7))
    play(NightTable.objects.create(night=earlier, label="T"), {"Ana": 3, "Ben": 10}, announcer="Ana")
    play(table, {"Ana": 3, "Chloé": 10}, announcer="Ana")
    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()
    ben = page.index(">Ben</a>")
    assert "badge-inactive" in page[ben:ben + 200] and page.count("badge-inactive") == 1


def test_the_organiser_sets_the_thresholds_and_a_bad_one_is_refused(client, organiser, season):
    client.force_login(organiser)
    url = reverse("leagues:season_settings", args=[season.pk])
    bad = client.post(url, {"provisional_games": 3, "provisional_sigma": -1, "inactive_nights": 2})
    assert bad.status_code == 422 and "Entre 0 et 100" in bad.content.decode()
    client.post(url, {"provisional_games": 3, "provisional_sigma": 6, "inactive_nights": 2,
                      "hide_unsettled": "on"})
    season.refresh_from_db()
    assert (season.provisional_games, season.provisional_sigma, season.hide_unsettled) == (3, 6, True)


def test_the_room_screen_marks_a_provisional_player_in_the_season(client, night, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    board = client.get(reverse("leagues:room", args=[night.pk])).content.decode()
    assert board.count("badge-provisional") == 2


def test_it_writes_each_players_mark_and_page_rank_in_the_standings_csv(client, season, table, play):
    import csv
    import io

    season.provisional_games = 2
    season.provisional_sigma = 100
    season.hide_unsettled = True
    season.save()
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    play(table, {"Ana": 3, "Zoé": 10}, announcer="Ana")  # Ben and Zoé: one game each
    play(table, {"Ana": 12, "Ben": 4}, announcer="Ben")

    text = client.get(reverse("leagues:standings_csv", args=[season.pk])).content.decode("utf-8-sig")
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(text)) if r["scope"] == "tamalou"}

    assert (rows["Ana"]["status"], rows["Ben"]["status"], rows["Zoé"]["status"]) == ("", "", "provisional")
    # Zoé keeps her computed rank, and has none on the page, which ranks the others again.
    assert rows["Zoé"]["rank"] != "" and rows["Zoé"]["shown_rank"] == ""
    assert sorted((rows["Ana"]["shown_rank"], rows["Ben"]["shown_rank"])) == ["1", "2"]
