"""The sheet says who deals the next round (issue 27): the next seat each round."""

from __future__ import annotations

from tests.factories import make_game, tamalou_round


def test_it_shows_the_first_seat_dealing_the_first_round_then_the_next_seat(client, db):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Donne de la manche 1 : <strong>Ana</strong>" in html
    game.add_round(tamalou_round(None, Ana=3, Ben=5, Chloé=9))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Donne de la manche 2 : <strong>Ben</strong>" in html


def test_it_escapes_the_dealers_name(client, db):
    game = make_game("tamalou", ["<b>Ana</b>", "Ben"])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Donne de la manche 1 : <strong>&lt;b&gt;Ana&lt;/b&gt;</strong>" in html


def test_it_names_no_dealer_once_the_game_is_over(client, db):
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 1},
                     rounds=[tamalou_round(None, Ana=3, Ben=5)])
    assert "Donne de la manche" not in client.get(game.get_absolute_url()).content.decode()
