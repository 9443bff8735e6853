"""Bounded sizes: rounds per game, and a long game's sheet that folds its older rounds
so the page stays small."""

import pytest
from django.test import Client

from engine.rules import RecordError
from scorekeeper.models import MAX_ROUNDS, Game
from scorekeeper.sheet.build import SHEET_ROUNDS, build_sheet
from scorekeeper.views.game.history import HISTORY_PAGE
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
ROUND = tamalou_round(None, Ana=3, Ben=4)


def test_it_refuses_a_round_past_the_most_a_game_holds():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[ROUND] * MAX_ROUNDS)

    with pytest.raises(RecordError) as refused:
        game.add_round(ROUND)

    assert refused.value.problems[0].code == "game.too_many_rounds"
    assert Game.objects.get(pk=game.pk).rounds.count() == MAX_ROUNDS


def test_it_shows_the_last_rounds_of_a_long_game_and_folds_the_older_ones():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[ROUND] * (SHEET_ROUNDS + 30))

    sheet = build_sheet(game)

    assert [r.number for r in sheet.rows] == list(range(31, SHEET_ROUNDS + 31))
    assert sheet.folded == 30 and sheet.newer is None


def test_it_shows_an_older_window_with_the_newer_rounds_folded(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[ROUND] * (2 * SHEET_ROUNDS + 10))

    html = client.get(game.get_absolute_url(), {"upto": "60"}).content.decode()

    assert f'/games/{game.token}/rounds/11/edit/' in html and f'/games/{game.token}/rounds/60/edit/' in html
    assert f'/games/{game.token}/rounds/10/edit/' not in html and "/rounds/61/edit/" not in html
    assert "10 manches plus anciennes repliées" in html and 'href="?upto=10"' in html
    assert "Manches 61 à 110 repliées : revenir aux dernières" in html


def test_it_folds_nothing_in_a_short_game(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[ROUND] * 3)

    html = client.get(game.get_absolute_url()).content.decode()

    assert "repliée" not in html and "/rounds/1/edit/" in html


def test_it_shows_a_long_history_a_page_at_a_time(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[ROUND] * (HISTORY_PAGE + 5))
    url = f"/games/{game.token}/history/"

    first = client.get(url).content.decode()
    second = client.get(url, {"page": "2"}).content.decode()

    assert first.count('class="change change-imported"') == HISTORY_PAGE
    assert f"Manche {HISTORY_PAGE + 5} importée" in first and "Page 1 sur 2" in first
    assert second.count('class="change change-imported"') == 5 and "Manche 1 importée" in second
    assert 'reversed start="5"' in second
