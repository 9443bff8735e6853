"""A refused request costs a small fraction of a served one (issue 28, "Limits that follow
the harm"): a flood is turned away from the cache alone, before the table, its game, its
state or a form is loaded. Each test floods one throttled path of the live tables and
counts the refused request's queries."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from tests.factories import make_game
from tests.referee.test_reveal_views import hands, reveal_url
from tests.referee.test_views import open_table, seated

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
BAR = "192.0.2.7"


def test_a_reveal_beyond_the_minutes_saves_is_refused_before_the_table_or_its_game_is_loaded(
        client: Client, settings, django_assert_num_queries):
    settings.ROUND_SAVES_PER_MINUTE = 2
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)
    for _ in range(2):
        assert client.post(reveal_url(table), hands("KH 3S", "QS 7D", 9), **HTMX).status_code == 204

    with django_assert_num_queries(0):
        refused = client.post(reveal_url(table), hands("KH 3S", "QS 7D", 9), **HTMX)
    assert refused.status_code == 429 and refused["Retry-After"] == "10"
    # The form stays on the phone as filled in: the sentence goes into its top slot.
    assert refused["HX-Retarget"] == "#err-top"
    assert "Trop d’enregistrements de manches en une minute" in re.sub(r"\s+", " ", refused.content.decode())
    with django_assert_num_queries(0):
        assert client.post(reveal_url(table), hands("KH 3S", "QS 7D", 9)).status_code == 429  # without htmx
    assert table.game.rounds.count() == 2
    # The preview saves nothing and is never refused by the saves' count.
    assert client.post(reveal_url(table), hands("KH 3S", "QS 7D", 9) | {"preview": "1"},
                       **HTMX).status_code == 200


def test_a_device_beyond_its_share_of_joins_is_refused_before_the_table_is_loaded(
        settings, django_assert_num_queries):
    settings.SPECTATORS_PER_DEVICE = 10  # the minute's joins are what runs out here
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    greedy = Client(REMOTE_ADDR=BAR)
    greedy.get(reverse("table_join", args=[table.code]))  # its device cookie
    for _ in range(settings.JOINS_PER_DEVICE):
        greedy.post(reverse("table_join", args=[table.code]), {"role": "spectator"})

    with django_assert_num_queries(0):
        refused = greedy.post(reverse("table_join", args=[table.code]), {"role": "spectator"})
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "Trop de téléphones demandent cette table" in refused.content.decode()
    assert reverse("table_join", args=[table.code]) in refused.content.decode()  # the way back
    assert Client(REMOTE_ADDR=BAR).post(reverse("table_join", args=[table.code]),
                                        {"role": "seat", "seat": "Ben"}).status_code == 302  # seats apart


def test_a_client_out_of_guesses_is_refused_before_any_table_is_looked_up(settings, django_assert_num_queries):
    settings.GUESSES_PER_ADDRESS = 3
    table = open_table("tamalou")
    for i in range(3):
        Client(REMOTE_ADDR=BAR).get(reverse("table_page", args=[f"ZZZZZ{i}ZZZZ"]))

    for url in (reverse("table_page", args=[table.code]), reverse("table_page", args=["ZZZZZ9ZZZZ"])):
        with django_assert_num_queries(0):
            assert Client(REMOTE_ADDR=BAR).get(url).status_code == 429
    # The QR's key still opens the table: looked up, then let in.
    assert Client(REMOTE_ADDR=BAR).get(
        f"{reverse('table_join', args=[table.code])}?key={table.join_key}").status_code == 200
