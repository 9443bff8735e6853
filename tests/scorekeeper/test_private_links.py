"""Private links: a game is reached by its unguessable token only, and a phone's
home page lists the games it created or opened, nobody else's."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db


def test_it_gives_every_game_a_long_random_token():
    first, second = make_game(), make_game()

    assert len(first.token) >= 24 and first.token != second.token
    assert first.get_absolute_url() == f"/games/{first.token}/"


@pytest.mark.parametrize("path", ["/games/{pk}/", "/games/{pk}/history/", "/games/{pk}/export.json",
                                  "/games/{pk}/export.csv", "/games/{pk}/rounds/new/",
                                  "/games/{pk}/rounds/1/why/", "/games/{pk}/rounds/undo/"])
def test_it_cannot_reach_a_game_by_its_number(client: Client, path: str):
    game = make_game(players=["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])

    assert client.get(path.format(pk=game.pk)).status_code == 404
    assert client.get(path.format(pk=game.token)).status_code == 200


def test_it_refuses_an_undo_posted_to_a_game_number(client: Client):
    game = make_game(players=["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])

    response = client.post(f"/games/{game.pk}/rounds/undo/", {"number": "1"})

    assert response.status_code == 404 and game.rounds.count() == 1


def test_it_shows_the_number_for_display_only(client: Client):
    game = make_game()

    html = client.get(game.get_absolute_url()).content.decode()

    assert f"n° {game.pk}" in html


def test_it_lists_on_the_home_page_only_the_games_this_phone_opened(client: Client):
    mine, theirs = make_game(players=["Ana", "Ben"]), make_game(players=["Zoé", "Yann"])
    client.get(mine.get_absolute_url())

    html = client.get(reverse("home")).content.decode()

    assert mine.get_absolute_url() in html and "Ana, Ben" in html
    assert theirs.token not in html and "Zoé" not in html


def test_it_lists_a_game_this_phone_created(client: Client):
    response = client.post("/games/new/", {"variant": "tamalou", "seat": ["Ana", "Ben"],
                                           "action": "start"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()

    assert game.token in client.get(reverse("home")).content.decode()
    assert game.token not in Client().get(reverse("home")).content.decode()


def test_it_offers_the_link_and_a_qr_code_to_share_the_game(client: Client):
    game = make_game()

    html = client.get(game.get_absolute_url()).content.decode()

    assert f"http://testserver/games/{game.token}/" in html
    assert "<svg" in html and 'class="share-qr"' in html
