"""After a reveal every phone of the table shows the round's points and the new totals
(issue 20): the reveal's ruling names the sheet's round, and the table answers its points
to its members only."""

from __future__ import annotations

from urllib.parse import quote_plus

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from scorekeeper.models import Game
from tests.referee.test_reveal_views import hands, reveal_url
from tests.referee.test_views import open_table, seated

pytestmark = pytest.mark.django_db


def revealed_round(client: Client) -> LiveTable:
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)
    client.get(table.game.get_absolute_url())  # the referee's phone holds the sheet's link
    referee = table.members.get()
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("call.made", {"player": "Ana"}, referee)
    assert client.post(reveal_url(table), hands("AS 2H", "KS 10C", "5D 5C")).status_code == 302
    return table


def test_the_reveals_ruling_names_the_sheets_round_so_every_phone_can_show_its_points(client: Client):
    table = revealed_round(client)
    ready = [r for _event, rulings in table.history() for r in rulings if r["rule"] == "round.ready"]
    assert ready[-1]["sheet_round"] == 1


def test_it_answers_a_members_phone_with_each_players_points_total_and_why(client: Client):
    table = revealed_round(client)
    game = Game.objects.get(pk=table.game.pk)
    response = client.get(reverse("table_round", args=[table.code, 1]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Manche 1 : les points" in html
    points = game.score().round_json(game.score().rounds[0])["points"]
    for player in ("Ana", "Ben", "Chloé"):
        assert f'<tr data-side="{player}">' in html
        assert f"/games/{game.token}/rounds/1/why/?player={quote_plus(player)}" in html
    assert points == {"Ana": 0, "Ben": 25, "Chloé": 10}
    assert '<td class="num" data-testid="round-points">25</td>' in html


def test_it_links_neither_why_nor_the_sheet_for_a_phone_that_has_only_the_tables_code(client: Client):
    table = revealed_round(client)
    stranger = Client()
    seated(stranger, table, role="spectator", seat=None)
    html = stranger.get(reverse("table_round", args=[table.code, 1])).content.decode()
    assert '<td class="num" data-testid="round-points">25</td>' in html
    assert table.game.token not in html and "/games/" not in html


def test_it_says_the_points_in_english_on_an_english_phone(client: Client):
    table = revealed_round(client)
    html = client.get(reverse("table_round", args=[table.code, 1]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 1: the points" in html and "why?" in html


def test_it_shows_a_round_only_to_the_tables_members_and_only_once_it_is_on_the_sheet(client: Client):
    table = revealed_round(client)
    assert client.get(reverse("table_round", args=[table.code, 2])).status_code == 404
    assert Client().get(reverse("table_round", args=[table.code, 1])).status_code == 404


def test_the_log_names_a_phone_without_a_seat_by_its_role_in_french(client: Client):
    table = revealed_round(client)
    html = client.get(reverse("table_log", args=[table.code])).content.decode()
    assert '<span class="who">arbitre</span>' in html and ">referee<" not in html


def test_it_says_who_deals_the_next_round_after_the_reveal(client: Client):
    table = revealed_round(client)
    html = client.get(reverse("table_round", args=[table.code, 1])).content.decode()
    seats = Game.objects.get(pk=table.game.pk).player_names()
    assert f"Donne de la manche 2 : <strong>{seats[1]}</strong>" in html
