"""A night's tables score games on the night's day, until the morning after: a table set up
weeks ahead takes no game yet (it would count in the standings), and a table whose night is
over says so instead of showing a form it would refuse."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from leagues.models import LeagueGame, Night, NightTable

pytestmark = pytest.mark.django_db

START = {"variant": "cactus", "seat": ["Ana", "Ben"], "action": "start"}


def table_on(season, days_from_today: int) -> NightTable:
    night = Night.objects.create(season=season, date=timezone.localdate() + timedelta(days=days_from_today))
    return NightTable.objects.create(night=night, label="Future" if days_from_today > 0 else "Past")


def test_it_opens_a_night_on_its_day_until_the_morning_after(season):
    night = Night.objects.create(season=season, date=timezone.localdate())
    assert night.is_open()
    assert not night.is_open(night.opens_at() - timedelta(seconds=1))
    assert not night.is_open(night.closes_at())


def test_a_table_of_a_night_weeks_ahead_starts_no_game_and_says_when(client: Client, season):
    table = table_on(season, 28)

    page = client.get(table.get_absolute_url())
    start = client.post(reverse("leagues:table_game_create", args=[table.token]), START)

    assert 'data-testid="night-refusal"' in page.content.decode() and "Nouvelle partie" in page.content.decode()
    assert 'name="seat"' not in page.content.decode()
    assert start.status_code == 403 and "a lieu le" in start.content.decode()
    assert not LeagueGame.objects.filter(table=table).exists()


def test_a_table_whose_night_is_over_says_so_instead_of_showing_the_form(client: Client, season):
    table = table_on(season, -3)

    html = client.get(table.get_absolute_url() + "?variant=cactus").content.decode()

    assert "est close" in html and 'name="seat"' not in html


def test_an_organiser_may_still_start_a_game_at_a_past_night_s_table(client: Client, season, organiser):
    table = table_on(season, -3)
    client.force_login(organiser)

    assert 'name="seat"' in client.get(table.get_absolute_url() + "?variant=cactus").content.decode()
