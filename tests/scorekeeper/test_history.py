"""The history page: every change to a round, when (Paris time), from which device, before/after."""

import datetime as dt

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper.models import RoundChange
from scorekeeper.wording.round_text import device_label, round_lines
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
SCRIPT = "<script>alert(1)</script>"
PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")


def history(client: Client, game, htmx: bool = False) -> str:
    response = client.get(f"/games/{game.token}/history/", headers=HTMX if htmx else {})
    assert response.status_code == 200
    return response.content.decode()


def test_it_lists_every_change_newest_first_with_before_and_after(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    game.add_round(tamalou_round("Ana", Ana=["AS"], Ben=9), device=PIXEL)
    game.edit_round(2, tamalou_round("Ana", Ana=["2S"], Ben=9), device=IPHONE)
    game.undo_last_round(device=PIXEL)

    html = history(client, game)

    titles = ["Manche 2 annulée", "Manche 2 modifiée", "Manche 2 ajoutée", "Manche 1 importée"]
    positions = [html.index(t) for t in titles]
    assert positions == sorted(positions)
    edited = html.split("Manche 2 modifiée")[1].split("</li>")[0]
    assert "Avant" in edited and "Après" in edited
    assert "<dt>Annonce</dt><dd>Ana</dd>" in edited
    assert "<dd>Ana : A♠ · Ben : 9</dd>" in edited and "<dd>Ana : 2♠ · Ben : 9</dd>" in edited
    assert "Safari · iPhone" in edited and f'title="{IPHONE}"' in edited


def test_it_gives_the_time_in_paris(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])
    game.add_round(tamalou_round(None, Ana=4, Ben=2))
    # 21:30 UTC on a winter evening is 22:30 in Paris.
    RoundChange.objects.filter(game=game).update(at=dt.datetime(2026, 1, 10, 21, 30, tzinfo=dt.UTC))

    html = history(client, game)

    assert "10 janvier 2026, 22:30:00" in html
    assert 'datetime="2026-01-10T22:30:00+01:00"' in html


def test_it_answers_htmx_with_the_list_only(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    html = history(client, game, htmx=True)

    assert html.strip().startswith('<ol id="changes"')
    assert "Manche 1 importée" in html and "<h1>" not in html


def test_it_shows_a_player_named_like_a_script_as_text(client: Client):
    game = make_game("tamalou", [SCRIPT, "Ben"], rounds=[tamalou_round(SCRIPT, **{SCRIPT: 4}, Ben=2)])

    html = history(client, game)

    assert SCRIPT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_it_writes_canasta_and_cactus_game_rounds_readably():
    canasta = {"went_out": "Ana", "concealed": False,
               "sides": {"Ana": {"melds": [["QS", "QH", "QD"]], "hand": []}}}
    turn = {"player": "Ana", "plays": [{"card": "steal_point", "target": "Ben", "stopped_by": ["Ben"]}]}

    assert round_lines(canasta) == [
        ("Sorti·e", "Ana"), ("Main cachée", "non"), ("Camps", "Ana : Poses : [D♠ D♥ D♦] · En main : ∅")]
    assert round_lines(turn) == [
        ("Joueur·se", "Ana"), ("Coups", "Carte : steal_point · Cible : Ben · Stop de : Ben")]
    assert round_lines(None) == []


def test_it_names_the_device_briefly():
    assert device_label(PIXEL) == "Chrome · Android"
    assert device_label(IPHONE) == "Safari · iPhone"
    assert device_label("") == ""
    assert device_label("curl/8.0") == "curl/8.0"


def test_it_says_when_nothing_happened_yet(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])

    assert "Aucun changement pour l'instant." in history(client, game)


def test_it_refuses_to_post(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])

    assert client.post(f"/games/{game.token}/history/").status_code == 405


def test_it_writes_cards_as_the_page_does_and_names_as_they_are():
    memory = {"announcer": "KH", "hands": {"KH": ["KH", "10D"], "Ben": 4}, "penalty_cards": ["QS"]}
    with translation.override("fr"):
        assert round_lines(memory) == [("Annonce", "KH"), ("Mains", "KH : R♥ 10♦ · Ben : 4"),
                                       ("Cartes de pénalité", "D♠")]
    with translation.override("en"):
        assert round_lines(memory)[1][1] == "KH : K♥ 10♦ · Ben : 4"
