"""Headers a scanner asks for (issue 28): Permissions-Policy, Cross-Origin-Resource-Policy,
and noindex on every URL that carries a secret."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def test_every_page_says_what_it_allows_and_who_may_embed_it(client: Client):
    response = client.get(reverse("rules_index"))
    assert "camera=()" in response["Permissions-Policy"] and "screen-wake-lock=(self)" in response["Permissions-Policy"]
    assert response["Cross-Origin-Resource-Policy"] == "same-origin"
    assert "X-Robots-Tag" not in response  # a public page may be found


def test_urls_that_carry_a_secret_are_never_indexed(client: Client):
    game = make_game("tamalou")
    table = LiveTable.open_for(game)
    for url in (game.get_absolute_url(), reverse("game_history", args=[game.token]),
                reverse("table_join", args=[table.code]), reverse("leagues:invite", args=["not-a-secret"]),
                reverse("leagues:table", args=["not-a-token"])):
        assert client.get(url)["X-Robots-Tag"] == "noindex, nofollow", url
    assert "X-Robots-Tag" not in client.get(reverse("table_find"))
