"""Split by the holders of the games (issue 30 item 3, games outside any league): the phone
that holds them says « these games of Marie are another Marie's »; they go to a new person
of the same name, each game's history says who did it, and a phone that does not hold the
games (or a league's game, its organisers') changes nothing."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import RoundChange, Seat
from tests.factories import make_game, tamalou_round


def holding(*games) -> Client:
    phone = Client(HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile")
    for game in games:
        phone.get(game.get_absolute_url())
    return phone


def split(phone: Client, *games, nickname: str = "Marie D."):
    return phone.post(reverse("split_held_players"),
                      {"name": "Marie", "game": [g.pk for g in games], "nickname": nickname})


@pytest.fixture
def two_maries():
    first = make_game(players=["Marie", "Ana"], rounds=[tamalou_round("Marie", Marie=1, Ana=7)])
    second = make_game(players=["Marie", "Ben"], rounds=[tamalou_round(None, Marie=4, Ben=2)])
    assert first.seats.get(name="Marie").player == second.seats.get(name="Marie").player
    return first, second


@pytest.mark.django_db
def test_it_puts_the_ticked_games_on_a_new_person_of_the_same_name_with_history(two_maries) -> None:
    first, second = two_maries
    marie = first.seats.get(name="Marie").player

    response = split(holding(first, second), second)

    assert response.status_code == 302
    other = Seat.objects.get(game=second, name="Marie").player
    assert other != marie and other.person != marie.person
    assert (other.name, other.nickname) == ("Marie", "Marie D.")
    assert Seat.objects.get(game=first, name="Marie").player == marie
    assert second.player_names() == ["Marie", "Ben"]  # the record as it was
    line = RoundChange.objects.get(action=RoundChange.REGROUPED)
    assert line.game == second and line.after["counted_as"] == "Marie D." and line.device


@pytest.mark.django_db
def test_it_refuses_a_phone_holding_none_of_the_games(two_maries) -> None:
    first, second = two_maries
    marie = first.seats.get(name="Marie").player

    split(holding(), second)
    split(holding(first), second)  # holds another of hers, not this one

    assert Seat.objects.get(game=second, name="Marie").player == marie
    assert not RoundChange.objects.filter(action=RoundChange.REGROUPED).exists()


@pytest.mark.django_db
def test_it_leaves_a_league_game_to_the_organisers(two_maries) -> None:
    first, second = two_maries
    season = Season.objects.create(league=League.objects.create(name="L"), name="S", start=date(2026, 1, 1))
    table = NightTable.objects.create(night=Night.objects.create(season=season, date=date(2026, 1, 8)), label="T")
    league_game = make_game(players=["Marie", "Chloé"])
    LeagueGame.objects.create(game=league_game, table=table)
    marie = league_game.seats.get(name="Marie").player

    split(holding(first, second, league_game), league_game)

    assert Seat.objects.get(game=league_game, name="Marie").player == marie


@pytest.mark.django_db
def test_it_asks_for_a_name_that_tells_them_apart(two_maries) -> None:
    first, second = two_maries
    phone = holding(first, second)

    page = phone.get(split(phone, second, nickname="  ").url)

    assert "donnez-lui un nom qui le distingue" in page.content.decode()
    assert not RoundChange.objects.filter(action=RoundChange.REGROUPED).exists()


@pytest.mark.django_db
def test_the_player_page_offers_the_split_of_games_outside_leagues(two_maries) -> None:
    first, second = two_maries

    page = holding(first, second).get(reverse("player_page"), {"name": "Marie"}).content.decode()

    assert 'data-testid="split-held"' in page and f'value="{second.pk}"' in page


def player_links(page: str) -> dict[str, str]:
    """The players list's entries: label -> link."""
    listed = page.split('data-testid="player-names"', 1)[1].split("</ul>", 1)[0]
    return {html.unescape(label): html.unescape(href) for href, label in re.findall(r'<a href="([^"]+)">([^<]+)</a>', listed)}


@pytest.mark.django_db
def test_after_a_split_the_players_list_shows_each_marie_apart_with_her_own_games(two_maries) -> None:
    first, second = two_maries
    phone = holding(first, second)
    split(phone, second)

    links = player_links(phone.get(reverse("player_page")).content.decode())
    assert set(links) == {"Ana", "Ben", "Marie", "Marie D."}
    hers = phone.get(reverse("player_page") + links["Marie D."]).content.decode()
    assert "<h1>Marie D.</h1>" in hers and 'data-figure="games">1<' in hers and f"n° {second.pk}<" in hers
    assert f"n° {first.pk}<" not in hers
    other = phone.get(reverse("player_page") + links["Marie"]).content.decode()
    assert 'data-figure="games">1<' in other and f"n° {first.pk}<" in other

    # The sheet's link says only « Marie »: the page asks which of the two.
    which = phone.get(reverse("player_page"), {"name": "Marie"}).content.decode()
    assert set(player_links(which)) == {"Marie", "Marie D."}
