"""A note on a game (issue 27): its holders write a short free text, shown on the sheet, escaped."""

from __future__ import annotations

from django.urls import reverse

from scorekeeper.http import SESSION_GAMES
from scorekeeper.models import Game
from tests.factories import make_game


def _holder(client, game):
    session = client.session
    session[SESSION_GAMES] = [game.token]
    session.save()


def test_it_shows_the_note_a_holder_wrote_on_the_sheet_escaped(client, db):
    game = make_game("tamalou")
    _holder(client, game)
    client.post(reverse("game_note", args=[game.token]), {"note": "  chez <b>Ana</b>,\n revanche jeudi "})
    assert Game.objects.get(pk=game.pk).note == "chez <b>Ana</b>, revanche jeudi"
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<p class="game-note" data-testid="game-note">chez &lt;b&gt;Ana&lt;/b&gt;, revanche jeudi</p>' in html


def test_it_refuses_a_note_too_long_and_says_why(client, db):
    game = make_game("tamalou")
    _holder(client, game)
    response = client.post(reverse("game_note", args=[game.token]), {"note": "x" * 201}, follow=True)
    assert Game.objects.get(pk=game.pk).note == ""
    assert "200 caractères au plus (ici 201)" in response.content.decode()
