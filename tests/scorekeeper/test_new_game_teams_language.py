"""A Canasta game's teams are offered in the page's language."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse


def test_it_offers_the_teams_in_english_on_an_english_page(client: Client, db):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})

    page = client.get("/games/new/?variant=canasta").content.decode()

    assert 'value="North-South"' in page and 'value="East-West"' in page
    assert "Nord-Sud" not in page


def test_it_offers_them_in_french_on_a_french_page(client: Client, db):
    page = client.get("/games/new/?variant=canasta").content.decode()

    assert 'value="Nord-Sud"' in page and 'value="Est-Ouest"' in page
