"""Small words of the sheet and the entry that said something false (issue 18)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.models import Game
from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_it_calls_the_number_of_a_game_the_games_number_not_the_variants(client):
    # Two tamalou games first: the first cactus game is the site's game 3, not "Cactus n° 3".
    make_game("tamalou"), make_game("tamalou")
    game = make_game("cactus", ["Ana", "Ben"])

    html = client.get(reverse("game_sheet", args=[game.token])).content.decode()

    assert f"<title>Cactus · partie n° {game.pk} · Marque-carte</title>" in html
    assert f"<small>partie n° {game.pk}</small>" in html
    assert "Cactus n°" not in html


def test_it_heads_canastas_preview_column_with_the_team_at_four(client):
    game = Game.start("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                      teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]})
    post = {"side-0-melds": "1", "side-0-meld-0": "QS QH QD", "side-1-hand": "5H"}

    html = client.post(reverse("round_preview", args=[game.token]), post, **HTMX).content.decode()

    header = re.search(r'<section id="preview".*?<thead>(.*?)</thead>', html, re.S).group(1)
    assert "Équipe" in header and "Joueur" not in header
