"""Merge and split by a league's organiser (issue 30 item 3): history kept, standings and
ratings refolded from the games in the engine's order, each change in the games' history
with who made it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import LeagueGame, Season, Standing
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL, standings
from leagues.results.recording import player_key, summary_of
from scorekeeper.models import Player, RoundChange


def engine_rows(season: Season) -> dict[str, Any]:
    """The season folded from scratch over its games as they now stand, by Player pk."""
    games = [summary_of(lg.game) for lg in LeagueGame.objects.in_season(season).finished()
             .select_related("game").order_by("game__finished_at", "game_id")]
    return {row.player: row for row in standings(games).rows(OVERALL)}


@pytest.fixture
def jules_and_julien(play: Any, table: Any, other_table: Any) -> None:
    play(table, {"Jules": 2, "Ana": 9}, announcer="Jules")
    play(other_table, {"Julien": 12, "Ben": 3}, announcer="Ben")
    play(table, {"Ben": 5, "Jules": 4}, announcer="Jules")


def test_an_organiser_merges_jules_and_julien_into_one_row_equal_to_the_engines_order(
        client: Client, organiser: Any, season: Season, jules_and_julien: None) -> None:
    jules, julien = Player.objects.get(name="Jules"), Player.objects.get(name="Julien")
    client.force_login(organiser)

    client.post(reverse("leagues:season_merge", args=[season.pk]), {"keep": jules.pk, "absorb": julien.pk})

    rows = {row.player: row for row in season_rows(season, OVERALL)}
    assert "Julien" not in rows and rows["Jules"].games == 3
    expected = engine_rows(season)[player_key(jules.pk)]
    assert (rows["Jules"].games, rows["Jules"].wins, rows["Jules"].skill) == (expected.games, expected.wins,
                                                                              expected.skill)
    assert not Standing.objects.filter(player=julien).exists()
    line = RoundChange.objects.get(action=RoundChange.REGROUPED)
    assert (line.by, line.before["player"], line.after["counted_as"]) == ("orga", "Julien", "Jules")
    assert line.game.player_names() == ["Julien", "Ben"]  # the record is as it was


def test_two_who_played_one_game_together_are_not_merged(client: Client, organiser: Any, season: Season,
                                                         play: Any, table: Any) -> None:
    play(table, {"Jules": 2, "Julien": 9}, announcer="Jules")
    client.force_login(organiser)
    jules, julien = Player.objects.get(name="Jules"), Player.objects.get(name="Julien")

    page = client.post(reverse("leagues:season_merge", args=[season.pk]),
                       {"keep": jules.pk, "absorb": julien.pk}, follow=True).content.decode()

    assert "ont joué ensemble la partie" in page
    assert not RoundChange.objects.filter(action=RoundChange.REGROUPED).exists()


def test_only_an_organiser_merges(client: Client, stranger: Any, season: Season, jules_and_julien: None) -> None:
    client.force_login(stranger)
    jules, julien = Player.objects.get(name="Jules"), Player.objects.get(name="Julien")
    response = client.post(reverse("leagues:season_merge", args=[season.pk]), {"keep": jules.pk, "absorb": julien.pk})
    assert response.status_code == 403 and Standing.objects.filter(player=julien).exists()


def test_an_organiser_splits_a_player_who_is_two_people(client: Client, organiser: Any, season: Season,
                                                        play: Any, table: Any, other_table: Any) -> None:
    play(table, {"Marie": 2, "Ana": 9}, announcer="Marie")
    other = play(other_table, {"Marie": 12, "Ben": 3}, announcer="Ben")
    marie = Player.objects.get(name="Marie")
    client.force_login(organiser)

    client.post(reverse("leagues:player_split", args=[season.pk, marie.pk]),
                {"game": [other.pk], "nickname": "Marie L."})

    second = Player.objects.get(nickname="Marie L.")
    assert second.person_id != marie.person_id and second.name == "Marie"
    rows = {row.player: row for row in season_rows(season, OVERALL)}
    assert (rows["Marie"].games, rows["Marie"].wins) == (1, 1)
    assert (rows["Marie L."].games, rows["Marie L."].wins) == (1, 0)
    engine = engine_rows(season)
    assert rows["Marie L."].skill == engine[player_key(second.pk)].skill
    assert rows["Marie"].skill == engine[player_key(marie.pk)].skill
