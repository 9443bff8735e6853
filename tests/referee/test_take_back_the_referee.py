"""The referee's phone lost (or its cookie): nobody else could approve a phone or close the
table. A phone holding the game's link takes the referee's role back from the join page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from engine.table import machine as tbl
from referee.models import LiveTable
from referee.views import cookie_name
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def test_it_offers_the_game_s_own_phone_to_take_the_referee_s_role_back(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    table = LiveTable.open_for(game)
    lost, _ = table.join(tbl.REFEREE)
    client.get(game.get_absolute_url())  # this phone holds the game's link

    page = client.get(reverse("table_join", args=[table.code])).content.decode()
    assert 'data-testid="take-back"' in page

    response = client.post(reverse("table_open", args=[game.token]), {"take_back": "1"})

    assert response.status_code == 302 and response.url == reverse("table_page", args=[table.code])
    now = table.member_for_token(response.cookies[cookie_name(table)].value)
    assert now.role == tbl.REFEREE and list(table.holders(tbl.REFEREE)) == [now]
    assert table.member_for_token(lost.token()) is None  # the lost phone's token stops working


def test_it_offers_no_take_back_to_a_phone_that_only_knows_the_table_s_code(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    table = LiveTable.open_for(game)
    table.join(tbl.REFEREE)

    page = client.get(reverse("table_join", args=[table.code])).content.decode()

    assert 'data-testid="take-back"' not in page


def test_opening_the_table_again_without_asking_to_take_back_leaves_the_referee_in_place(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    table = LiveTable.open_for(game)
    referee, _ = table.join(tbl.REFEREE)

    response = client.post(reverse("table_open", args=[game.token]))

    assert response.url == reverse("table_join", args=[table.code])
    assert list(table.holders(tbl.REFEREE)) == [referee]
