"""Undoing the last round: a confirmation first, then the round is gone and the history says so."""

import pytest
from django.test import Client

from scorekeeper.models import RoundChange
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"


@pytest.fixture
def game():
    return make_game("tamalou", ["Ana", "Ben"], rounds=[
        tamalou_round(None, Ana=4, Ben=2),
        tamalou_round(None, Ana=1, Ben=7),
    ])


def undo_url(game) -> str:
    return f"/games/{game.token}/rounds/undo/"


def test_it_asks_before_undoing(client: Client, game):
    response = client.get(undo_url(game))

    html = response.content.decode()
    assert response.status_code == 200
    assert "Annuler la manche 2 ?" in html
    assert 'name="number" value="2"' in html and 'method="post"' in html
    assert game.rounds.count() == 2  # asking changes nothing


def test_it_answers_htmx_with_the_confirmation_partial(client: Client, game):
    html = client.get(undo_url(game), headers=HTMX).content.decode()

    assert html.strip().startswith('<section class="confirm"')
    assert f'hx-post="/games/{game.token}/rounds/undo/"' in html
    assert "<html" not in html


def test_it_undoes_the_confirmed_round_and_goes_back_to_the_sheet(client: Client, game):
    response = client.post(undo_url(game), {"number": "2"}, headers={"user-agent": PHONE})

    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert game.rounds.count() == 1
    assert game.totals == {"Ana": 4, "Ben": 2}
    change = game.changes.last()
    assert (change.action, change.number, change.device) == (RoundChange.UNDONE, 2, PHONE)
    assert change.before == {"announcer": None, "hands": {"Ana": 1, "Ben": 7}}
    assert "Manche 2 annulée." in client.get(game.get_absolute_url()).content.decode()


def test_it_answers_an_htmx_undo_with_the_new_sheet(client: Client, game):
    response = client.post(undo_url(game), {"number": "2"}, headers=HTMX)

    html = response.content.decode()
    assert html.strip().startswith('<section id="sheet"')
    assert "Manche 2 annulée." in html
    assert "/rounds/2/why/" not in html
    assert game.rounds.count() == 1


def test_it_undoes_nothing_when_another_phone_added_a_round_since(client: Client, game):
    """The phone confirmed "undo round 2"; round 3 arrived meanwhile: nothing is undone."""
    game.add_round(tamalou_round(None, Ana=3, Ben=3))

    response = client.post(undo_url(game), {"number": "2"}, follow=True)

    assert "Rien n&#x27;a été annulé" in response.content.decode()
    assert game.rounds.count() == 3


def test_it_undoes_nothing_without_the_confirmed_number(client: Client, game):
    client.post(undo_url(game), {})
    client.post(undo_url(game), {"number": "deux"})

    assert game.rounds.count() == 2


def test_it_says_when_there_is_nothing_to_undo(client: Client):
    empty = make_game("tamalou", ["Ana", "Ben"])

    assert "Aucune manche à annuler" in client.get(undo_url(empty)).content.decode()
    assert client.post(undo_url(empty), {"number": "1"}).status_code == 302


def test_it_refuses_other_methods(client: Client, game):
    assert client.put(undo_url(game)).status_code == 405
