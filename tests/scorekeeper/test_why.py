""""Why this score": the engine's steps for one cell of the sheet, plain and HTMX."""

from __future__ import annotations

import pytest

from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def why(client, game, number, player=None, htmx=False):
    url = f"/games/{game.token}/rounds/{number}/why/"
    data = {"player": player} if player is not None else {}
    return client.get(url, data, headers=HTMX if htmx else {})


def test_it_explains_a_tamalou_cell_with_card_values_rule_and_link(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=["KH", "3S"], Ben=["AS", "2C"])])
    text = why(client, game, 1, "Ben").content.decode()
    assert "A♠ 1 + 2♣ 2 = 3" in text
    assert "Ben : 3, pas plus que l&#x27;annonceur Ana (3) → 0" in text
    assert 'href="/rules/tamalou/#tamalou-at-or-below-announcer"' in text
    assert "R♥ 0 + 3♠ 3 = 3" not in text  # only the asked player


def test_it_shows_the_plain_branch_as_a_full_page_with_a_way_back(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])
    response = why(client, game, 1)
    text = response.content.decode()
    assert response.status_code == 200
    assert "<html" in text and "Retour à la feuille" in text
    assert "main comptée par le joueur : 5" in text and "main comptée par le joueur : 7" in text  # both players


def test_it_answers_htmx_with_the_partial_only(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])
    response = why(client, game, 1, "Ana", htmx=True)
    text = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in text and "Retour à la feuille" not in text
    assert 'class="why"' in text and "Personne n&#x27;a annoncé : Ana marque sa main, 5" in text


def test_it_speaks_english_when_asked(client):
    game = make_game("tamoul", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=["KH", "3S"], Ben=["QS", "9C"])])
    text = client.get(f"/games/{game.token}/rounds/1/why/", {"player": "Ana"},
                      headers={"accept-language": "en"}).content.decode()
    assert "K♥ 0.5 + 3♠ 3 = 3.5" in text
    assert "Ana calls with 3.5 and nobody has less → 0" in text


def test_it_escapes_a_hostile_player_name(client):
    hostile = "<script>alert(1)</script>"
    game = make_game("tamalou", ["Ana", hostile], rounds=[tamalou_round("Ana", Ana=["AS"], **{hostile: ["9C"]})])
    for htmx in (False, True):
        text = why(client, game, 1, hostile, htmx=htmx).content.decode()
        assert hostile not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_it_explains_a_cabo_bruxellois_failed_call(client):
    game = make_game("cabo-bruxellois", ["Ana", "Ben"],
                     rounds=[tamalou_round("Ana", Ana=["9S"], Ben=["KS"])])
    ana = why(client, game, 1, "Ana").content.decode()
    assert "Ana dit cabo avec 9, plus que 5 : cabo raté → 10" in ana
    assert "#cabo-failed-call" in ana
    ben = why(client, game, 1, "Ben").content.decode()
    assert "Cabo raté d’Ana : Ben marque 0" in ben


def test_it_explains_a_tamoul_reset_from_a_hundred_to_fifty(client):
    rounds = [tamalou_round(None, Ana=50, Ben=1), tamalou_round(None, Ana=50, Ben=1)]
    game = make_game("tamoul", ["Ana", "Ben"], rounds=rounds)
    text = why(client, game, 2, "Ana").content.decode()
    assert "Ana tombe pile sur 100 : le total redescend à 50" in text
    assert "#tamoul-hundred-drops-to-fifty" in text
    assert "<strong>50</strong>" in text  # the total after the reset


def test_it_explains_a_canasta_side_with_its_melds_and_bonuses(client):
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    meld = ["QS", "QH", "QD", "QC", "QS", "QH", "2C"]
    rnd = {"went_out": "Ana", "sides": {
        "Nord-Sud": {"melds": [meld], "red_threes": ["3H"]},
        "Est-Ouest": {"melds": [["5S", "5H", "5D"]], "hand": ["3S", "KH"]}}}
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"], rounds=[rnd], teams=teams)
    ns = why(client, game, 1, "nord-sud").content.decode()  # any case
    assert "pose 1 : D♠ 10 + D♥ 10 + D♦ 10 + D♣ 10 + D♠ 10 + D♥ 10 + 2♣ 20 = 80" in ns
    assert "Nord-Sud : canasta(s) mixte(s) × 1 → +300" in ns
    assert "Nord-Sud termine la manche → +100" in ns
    eo = why(client, game, 1, "Est-Ouest").content.decode()
    assert "en main : 3♠ 100 + R♥ 10 = 110" in eo
    assert "Est-Ouest : 3 noirs restés en main × 1 → −100" in eo


def test_it_explains_a_cactus_game_turn_with_a_stop_chain_and_a_steal(client):
    turns = [
        {"player": "Ana", "plays": [{"card": "free_point"}]},
        {"player": "Ben", "plays": [{"card": "steal_point", "target": "Ana", "stopped_by": ["Ana", "Ben"]}]},
    ]
    game = make_game("cactus-game", ["Ana", "Ben"], rounds=turns)
    ben = why(client, game, 2, "Ben").content.decode()
    assert "Tour 2" in ben
    assert "Le Stop sur Vol de Point de Ben est lui-même arrêté (Ana, Ben) : l&#x27;action a lieu" in ben
    assert "Ben vole un Point à Ana → +1 pour Ben, −1 pour Ana" in ben
    ana = why(client, game, 2, "Ana").content.decode()
    assert "Ben vole un Point à Ana" in ana  # the steal explains Ana's −1 too
    assert "<strong>−1</strong>" in ana


def test_it_answers_404_for_a_missing_game_round_or_player(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])
    assert client.get("/games/999999/rounds/1/why/").status_code == 404
    assert why(client, game, 2).status_code == 404
    assert why(client, game, 0).status_code == 404
    assert why(client, game, 1, "Zoé").status_code == 404


def test_it_refuses_a_post(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])
    assert client.post(f"/games/{game.token}/rounds/1/why/").status_code == 405


def test_it_explains_a_dutch_elimination_and_shows_the_player_out_afterwards(client):
    rounds = [tamalou_round(None, Ana=104, Ben=3, Chloé=5), tamalou_round(None, Ben=3, Chloé=5)]
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=rounds)
    first = why(client, game, 1, "Ana").content.decode()
    assert "Ana atteint 104 (100 ou plus) : éliminé" in first
    assert "#dutch-eliminated" in first
    second = why(client, game, 2, "Ana").content.decode()
    assert "Éliminé : ne joue plus de manche, son total reste." in second
    assert "<strong>104</strong>" in second


def test_it_leaves_out_players_a_cactus_game_turn_does_not_concern(client):
    turns = [{"player": "Ana", "plays": [{"card": "free_point"}]}]
    game = make_game("cactus-game", ["Ana", "Ben", "Chloé"], rounds=turns)
    text = why(client, game, 1).content.decode()
    assert "Ana joue Point gratuit → +1" in text
    assert "<h3>Ben</h3>" not in text and "<h3>Chloé</h3>" not in text


def test_it_brings_its_stylesheet_into_the_sheet_drawer(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])
    assert "css/rules.css" in why(client, game, 1, "Ana", htmx=True).content.decode()


def test_it_heads_its_own_page_with_an_h1_and_sits_under_the_sheet_s_h1_in_the_drawer(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=5, Ben=7)])

    page = why(client, game, 1, "Ana").content.decode()
    drawer = why(client, game, 1, "Ana", htmx=True).content.decode()

    assert '<h1 id="why-title" class="why-title">' in page and '<h2 class="why-side-name">Ana</h2>' in page
    assert '<h2 id="why-title" class="why-title">' in drawer and '<h3 class="why-side-name">Ana</h3>' in drawer
