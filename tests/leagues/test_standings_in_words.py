"""Standings in words players read: the mean place as « 2ᵉ », the rating as one number with
a line saying what it means, μ and σ for whoever opens it."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from leagues.models import Standing
from leagues.templatetags.leagues import place


@pytest.mark.parametrize(("value", "fr", "en"), [
    (1, "1ᵉʳ", "1st"), (2, "2ᵉ", "2"), (2.333, "2,3ᵉ", "2.3"), (1.5, "1,5ᵉ", "1.5"), (3.96, "4ᵉ", "4")])
def test_it_words_a_mean_place_at_the_table(value, fr, en):
    with translation.override("fr"):
        assert place(value) == fr
    with translation.override("en"):
        assert place(value) == en


def test_it_shows_places_and_one_rating_number_on_the_season_page(client, season, table, play):
    # Two games: Ana 1st then 2nd (1,5ᵉ), Ben 2nd then 1st... Chloé 3rd then 3rd.
    play(table, {"Ana": 3, "Ben": 10, "Chloé": 20}, announcer="Ana")
    play(table, {"Ana": 10, "Ben": 3, "Chloé": 20}, announcer="Ben")

    page = unescape(client.get(reverse("leagues:season", args=[season.pk])).content.decode())

    cells = dict(re.findall(r'>(Ana|Ben|Chloé)</a>(?: <span class="badge[^>]*>[^<]*</span>)?</th>\s*<td>[^<]*</td>\s*<td>[^<]*</td>\s*<td>([^<]*)</td>', page))
    assert cells == {"Ana": "1,5ᵉ", "Ben": "1,5ᵉ", "Chloé": "3ᵉ"}
    assert 'title="Place moyenne">Place</abbr>' in page and "Place 0," not in page
    chloe = Standing.objects.get(season=season, scope="overall", player__name="Chloé")
    ordinal = f"{chloe.mu - 3 * chloe.sigma:.1f}".replace(".", ",").replace("-", "\u2212")
    assert f"<details><summary>{ordinal}</summary><small>μ " in page
    assert "Elle part de 0, monte en gagnant" in page
    assert "±" not in page.split('class="standings-table"')[1].split("</table>")[0]


def test_it_shows_the_mean_place_and_rating_on_a_player_page(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10, "Chloé": 20}, announcer="Ana")
    ben = Standing.objects.get(season=season, scope="overall", player__name="Ben")

    page = unescape(client.get(reverse("leagues:player", args=[season.pk, ben.player_id])).content.decode())

    assert "<dt>Place moyenne</dt><dd>2ᵉ</dd>" in page
    assert "<details><summary>" in page and "Elle part de 0" in page


def test_it_words_the_standings_in_english(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    page = unescape(client.get(reverse("leagues:season", args=[season.pk]),
                               HTTP_ACCEPT_LANGUAGE="en").content.decode())

    assert 'title="Average place"' in page and ">1st<" in page and "It starts at 0, rises with wins" in page
