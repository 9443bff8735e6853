"""Every name typed on the new-game form counts, wherever the empty seats are: a game is
never started without a player who was typed in."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Game

pytestmark = pytest.mark.django_db
URL = "/games/new/"
NINE = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gil", "Hugo", "Iris"]


def post(client: Client, variant: str, seats: list[str], **extra):
    return client.post(URL, {"variant": variant, "seat": seats, "action": "start", **extra})


def seats_in(html: str) -> list[str]:
    return re.findall(r'name="seat" value="([^"]*)"', html)


def test_it_refuses_a_ninth_player_at_cactus_instead_of_dropping_them(client: Client):
    response = post(client, "cactus", NINE)

    html = response.content.decode()
    assert response.status_code == 422 and not Game.objects.exists()
    assert "Cactus se joue de 2 à 8 joueurs (ici 9)." in html
    assert seats_in(html) == NINE  # every name stays on the form, to take one off


def test_it_refuses_canasta_players_typed_past_empty_seats_instead_of_dropping_them(client: Client):
    response = post(client, "canasta", ["Ana", "", "Ben", "", "Chloé", "Dan", "Eve"], team=["NS", "EO"])

    html = response.content.decode()
    assert response.status_code == 422 and not Game.objects.exists()
    assert "Canasta se joue à 2 ou à 4 joueurs (ici 5)." in html


def test_it_seats_canasta_players_typed_past_empty_seats_in_their_order(client: Client):
    post(client, "canasta", ["Ana", "", "Ben", "", "Chloé", "Dan"], team=["Nord-Sud", "Est-Ouest"])

    game = Game.objects.with_players().get()
    assert game.player_names() == ["Ana", "Ben", "Chloé", "Dan"]
    assert game.teams == {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def test_it_counts_names_typed_after_seven_empty_seats(client: Client):
    response = post(client, "cactus", [""] * 7 + ["Ana", "Ben"])

    assert response.status_code == 302
    assert Game.objects.with_players().get().player_names() == ["Ana", "Ben"]
