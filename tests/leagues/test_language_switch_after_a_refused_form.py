"""The header's language switch after a refused form: back to the page the form was sent
from, never to the form's POST-only address (a newcomer got an empty 405 there)."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from leagues.models import League


def _next_of_the_language_switch(html: str) -> str:
    found = re.search(r'<form class="language"[^>]*>.*?name="next" value="([^"]*)"', html, re.S)
    assert found is not None
    return found.group(1)


def test_it_sends_the_switch_back_to_the_league_page_after_a_refused_season(client: Client, organiser,
                                                                           league: League):
    client.force_login(organiser)
    league_page = f"http://testserver{reverse('leagues:league', args=[league.pk])}"

    response = client.post(reverse("leagues:season_create", args=[league.pk]),
                           {"name": "Hiver", "start": "2026-12-31", "end": "2026-01-01"},
                           HTTP_REFERER=league_page)

    assert response.status_code == 422
    assert _next_of_the_language_switch(response.content.decode()) == league_page
    assert client.get(league_page).status_code == 200  # where the switch's redirect lands
    assert client.get(reverse("leagues:season_create", args=[league.pk])).status_code == 405


def test_it_sends_the_switch_home_after_a_refused_form_from_another_site(client: Client, organiser,
                                                                        league: League):
    client.force_login(organiser)

    response = client.post(reverse("leagues:season_create", args=[league.pk]),
                           {"name": "Hiver", "start": "2026-12-31", "end": "2026-01-01"},
                           HTTP_REFERER="https://elsewhere.example/leagues/1/")

    assert _next_of_the_language_switch(response.content.decode()) == reverse("home")


def test_it_keeps_the_page_itself_on_a_get(client: Client, organiser, league: League):
    client.force_login(organiser)
    page = reverse("leagues:league", args=[league.pk]) + "?tab=seasons"

    response = client.get(page)

    assert _next_of_the_language_switch(response.content.decode()) == page
