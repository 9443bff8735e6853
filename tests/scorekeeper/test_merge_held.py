"""Merge by the holders of the games (issue 30 item 3, games outside any league): the phone
that holds them says « Julien is Jules too »; history kept, a league's games left to its
organisers, and a phone that does not hold the games changes nothing."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import RoundChange, Seat
from tests.factories import make_game, tamalou_round


def holding(*games) -> Client:
    phone = Client()
    for game in games:
        phone.get(game.get_absolute_url())
    return phone


@pytest.mark.django_db
def test_the_phone_holding_the_games_merges_julien_into_jules_outside_leagues_only() -> None:
    first = make_game(players=["Jules", "Ana"], rounds=[tamalou_round("Jules", Jules=1, Ana=7)])
    second = make_game(players=["Julien", "Ben"], rounds=[tamalou_round(None, Julien=4, Ben=2)])
    league_game = make_game(players=["Julien", "Chloé"])
    season = Season.objects.create(league=League.objects.create(name="L"), name="S", start=date(2026, 1, 1))
    table = NightTable.objects.create(night=Night.objects.create(season=season, date=date(2026, 1, 8)), label="T")
    LeagueGame.objects.create(game=league_game, table=table)
    jules = first.seats.get(name="Jules").player

    assert holding().post(reverse("merge_held_players"), {"keep": "Jules", "absorb": "Julien"}).status_code == 302
    assert not RoundChange.objects.filter(action=RoundChange.REGROUPED).exists()  # holds nothing

    holding(first, second, league_game).post(reverse("merge_held_players"), {"keep": "Jules", "absorb": "Julien"})

    assert Seat.objects.get(game=second, name="Julien").player == jules
    assert Seat.objects.get(game=league_game, name="Julien").player != jules  # the organisers' to say
    assert second.player_names() == ["Julien", "Ben"]  # the record as it was
    assert RoundChange.objects.get(action=RoundChange.REGROUPED).game == second
