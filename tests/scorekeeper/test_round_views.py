"""The round entry pages: a new round, an edit with its confirmation, the live preview."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from scorekeeper.models import Game, Round, RoundChange
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
XSS = "<script>alert(1)</script>"


def sheet_url(game: Game) -> str:
    return reverse("game_sheet", args=[game.token])


def slot(html: str, key: str) -> str:
    """The text of the message slot beside field `key`."""
    found = re.search(rf'<div id="err-{re.escape(key)}" class="field-errors"[^>]*>(.*?)</div>', html, re.S)
    assert found, f"no slot for {key}"
    return re.sub(r"<[^>]+>", " ", found.group(1)).strip()


def new_url(game: Game) -> str:
    return reverse("round_new", args=[game.token])


def tamalou_post(**extra: str) -> dict[str, str]:
    return {"hand-0-cards": "KH 3S", "hand-1-cards": "QS 7D", "hand-2-mode": "count",
            "hand-2-count": "9", "announcer": "0", "request_id": str(uuid.uuid4()), **extra}


# -- round_new ------------------------------------------------------------------------


def test_it_shows_an_empty_round_with_a_block_per_player_and_the_picker(client):
    game = make_game("tamalou")
    response = client.get(new_url(game))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "card-picker.js" in html and "entry.css" in html
    assert all(f'name="hand-{i}-cards"' in html for i in range(3))
    assert re.search(r'name="request_id" value="[0-9a-f-]{36}"', html)
    assert 'data-card="5H"' in html and 'data-card="JK"' in html


def test_it_answers_htmx_with_the_form_alone(client):
    game = make_game("tamalou")
    html = client.get(new_url(game), **HTMX).content.decode()
    assert html.lstrip().startswith("<form") and "<html" not in html


def test_it_answers_htmx_with_the_edit_form_alone(client):
    game = make_game("tamalou", rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    html = client.get(reverse("round_edit", args=[game.token, 1]), **HTMX).content.decode()
    assert html.lstrip().startswith("<form") and "<html" not in html
    assert 'name="hand-1-count" value="2"' in html


def test_it_sizes_the_preview_for_its_table_before_the_points_arrive(client):
    """A row per player with a hand (or per canasta side): the block keeps its height
    when the points replace the sentence, so "save" below it does not move."""
    page = client.get(new_url(make_game("tamalou", ["Ana", "Ben", "Chloé", "Dan"]))).content.decode()
    assert '<section id="preview" class="preview rows-4"' in page and "<table>" not in page
    canasta = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                        teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]})
    assert 'class="preview rows-2"' in client.get(new_url(canasta)).content.decode()
    game = make_game("tamalou", rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    edit = client.get(reverse("round_edit", args=[game.token, 1])).content.decode()
    assert 'class="preview rows-3"' in edit
    assert '<th><span class="visually-hidden">Joueur</span></th>' in edit  # no empty header cell


def test_it_names_every_card_of_the_picker_for_screen_readers(client):
    """Each key starts with what it shows (label in name), then says the card in words."""
    html = client.get(new_url(make_game("tamalou"))).content.decode()
    assert 'class="red" data-card="KH" aria-label="R♥ (roi de cœur)"' in html
    assert 'data-card="10S" aria-label="10♠ (10 de pique)"' in html
    assert '<div class="suit-cards" role="group" aria-label="cœur">' in html


def test_it_offers_only_the_variants_deck(client):
    """Koubo plays 32 cards and two jokers; cactus has no joker."""
    koubo = client.get(new_url(make_game("koubo"))).content.decode()
    assert 'data-card="7S"' in koubo and 'data-card="6S"' not in koubo and 'data-card="JK"' in koubo
    assert koubo.count('class="grid-row cols-4"') == 8  # A 7 8 9 / 10 V D R, for each suit
    cactus = client.get(new_url(make_game("cactus", players=["Dan", "Eve"]))).content.decode()
    assert 'data-card="2C"' in cactus and 'data-card="JK"' not in cactus
    assert cactus.count('class="grid-row cols-7"') == 8  # A to 7 / 8 to R, for each suit


def test_it_shows_each_variants_extras(client):
    extras = {"cactus-tas": 'name="draw-0"', "tamoul": 'name="counter-0"', "fontenaysien": 'name="went_out"',
              "cabo-bruxellois": 'name="snaps-0"', "dutch-toulousain": 'name="penalty_cards"'}
    for variant, field in extras.items():
        html = client.get(new_url(make_game(variant))).content.decode()
        assert field in html, variant
    assert 'data-key="½"' in client.get(new_url(make_game("tamoul"))).content.decode()
    assert 'data-key="½"' not in client.get(new_url(make_game("tamalou"))).content.decode()


def test_it_saves_a_round_and_goes_back_to_the_sheet(client):
    game = make_game("tamalou")
    response = client.post(new_url(game), tamalou_post())
    assert response.status_code == 302 and response["Location"] == sheet_url(game)
    stored = game.rounds.get()
    assert stored.data == {"hands": {"Ana": ["KH", "3S"], "Ben": ["QS", "7D"], "Chloé": 9}, "announcer": "Ana"}
    assert RoundChange.objects.get().action == RoundChange.ADDED


def swapped_sheet(response, game) -> bool:
    """A save over HTMX answers with the sheet page's title and what its <main> holds,
    swapped into the form's <main>, the sheet's URL pushed; not the whole page."""
    html = response.content.decode()
    return (response.status_code == 200 and response["HX-Push-Url"] == sheet_url(game)
            and response["HX-Retarget"] == "#main" and response["HX-Reswap"] == "innerHTML show:window:top"
            and "HX-Reselect" not in response and html.startswith("<title>")
            and 'id="sheet"' in html and "<html" not in html and "<main" not in html)


def test_it_saves_a_round_over_htmx_and_answers_with_the_sheet_in_place(client):
    game = make_game("tamalou")
    response = client.post(new_url(game), tamalou_post(), **HTMX)
    assert swapped_sheet(response, game)
    assert game.rounds.count() == 1
    html = response.content.decode()
    assert html.count('<table class="score-table') == 1 and "Manche suivante" in html  # the sheet, once
    assert f"<title>Tamalou · partie n° {game.pk} · Marque-carte</title>" in html
    # What the sheet page's <main> holds around the sheet: the live socket, the rounds
    # kept offline, the game's links, the share link and its QR code, the drawer.
    for part in ('ws-connect=', 'id="pending-rounds"', 'class="game-links"', 'id="drawer"',
                 f'value="http://testserver{sheet_url(game)}"', 'class="share-qr"'):
        assert part in html, part


def test_it_answers_a_save_with_the_messages_waiting_for_this_phone(client):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"], options={"rounds": 1},
                     rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    client.get(new_url(game))  # the game is over: a message, and back to the sheet
    edit = reverse("round_edit", args=[game.token, 1])
    post = {"hand-0-mode": "count", "hand-0-count": "4", "hand-1-mode": "count", "hand-1-count": "2",
            "hand-2-mode": "count", "hand-2-count": "3", "announcer": "", "confirm": "1", "edit": "1"}

    html = client.post(edit, post, **HTMX).content.decode()

    assert "La partie est terminée" in html  # shown once, on this phone's sheet
    assert "La partie est terminée" not in client.get(sheet_url(game)).content.decode()


@pytest.mark.parametrize("tampered", [{"round_number": "-5"}, {"round_number": "0"},
                                      {"round_number": "99999999999999999999999"},
                                      {"round_number": "abc", "version": "-1", "request_id": "not-a-uuid"}])
def test_it_stores_a_round_posted_with_tampered_controls_as_the_next_round(client, tampered):
    game = make_game("tamalou")
    response = client.post(new_url(game), tamalou_post(**tampered))
    assert response.status_code == 302
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_it_stores_a_double_tap_once(client):
    game = make_game("tamalou")
    post = tamalou_post()
    first = client.post(new_url(game), post)
    second = client.post(new_url(game), post)
    assert first.status_code == second.status_code == 302
    assert game.rounds.count() == 1
    assert RoundChange.objects.filter(game=game).count() == 1


def test_it_shows_an_invalid_round_beside_the_field_at_fault_and_saves_nothing(client):
    game = make_game("tamalou")
    response = client.post(new_url(game), tamalou_post(**{"hand-1-cards": "7D 7D"}))
    html = response.content.decode()
    assert response.status_code == 422  # a refused save: htmx swaps it into the form
    assert "♦" in slot(html, "hand-1") or "7D" in slot(html, "hand-1")
    assert slot(html, "hand-0") == "" and slot(html, "top") == ""
    assert game.rounds.count() == 0 and RoundChange.objects.count() == 0
    # The form keeps what was entered, and the same request id for the retry.
    assert 'value="7D 7D"' in html and post_id(html) != ""


@pytest.mark.parametrize(("field", "value", "slot_key"), [
    ("hand-2-count", "9\x00", "hand-2"),  # a NUL byte: Django's forms refuse it (it was a 500)
    ("hand-0-cards", "KH\x00 3S", "hand-0"),
    ("announcer", "7", "announcer"),  # a seat the game does not have (was saved as nobody)
    ("announcer", "Zoé", "announcer"),  # nobody of this game
    ("announcer", "0\x00", "announcer"),
])
def test_it_refuses_a_tampered_field_beside_it_and_saves_nothing(client, field, value, slot_key):
    game = make_game("tamalou")
    response = client.post(new_url(game), tamalou_post(**{field: value}))
    html = response.content.decode()
    assert response.status_code == 422
    assert slot(html, slot_key) != "" and slot(html, "top") == ""
    assert game.rounds.count() == 0 and RoundChange.objects.count() == 0


def test_it_refuses_a_tampered_field_in_the_live_preview_and_in_an_edit_without_a_server_error(client):
    game = make_game("tamalou", rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    preview = client.post(reverse("round_preview", args=[game.token]), tamalou_post(**{"hand-2-count": "9\x00"}))
    edit = client.post(reverse("round_edit", args=[game.token, 1]),
                       tamalou_post(**{"hand-2-count": "9\x00", "confirm": "1", "edit": "1"}))
    assert preview.status_code == 200 and "hand-2" in preview.content.decode()
    assert edit.status_code == 422
    assert game.rounds.get().data["hands"] == {"Ana": 1, "Ben": 2, "Chloé": 3}


def post_id(html: str) -> str:
    found = re.search(r'name="request_id" value="([^"]+)"', html)
    return found.group(1) if found else ""


def test_it_keeps_the_request_id_when_it_shows_the_form_again(client):
    game = make_game("tamalou")
    post = tamalou_post(**{"hand-1-cards": "KH"})
    html = client.post(new_url(game), post).content.decode()
    assert post_id(html) == post["request_id"]


def test_it_shows_an_invalid_round_over_htmx_in_the_form_partial(client):
    game = make_game("tamalou")
    html = client.post(new_url(game), tamalou_post(**{"hand-2-count": "huit"}), **HTMX).content.decode()
    assert html.lstrip().startswith("<form")
    assert slot(html, "hand-2") != ""
    assert game.rounds.count() == 0


def test_it_offers_no_round_form_once_the_game_is_finished(client):
    game = make_game("tamalou", options={"rounds": 1}, rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    response = client.get(new_url(game), follow=True)
    assert response.redirect_chain == [(game.get_absolute_url(), 302)]
    html = response.content.decode()
    assert html.count("La partie est terminée : aucune manche ne s’ajoute.") == 1
    assert 'id="entry-form"' not in html


def test_it_refuses_a_round_posted_after_the_end_with_a_message_at_the_top(client):
    game = make_game("tamalou", options={"rounds": 1}, rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    html = client.post(new_url(game), tamalou_post()).content.decode()
    assert slot(html, "top") != ""
    assert game.rounds.count() == 1


def test_it_adds_a_canasta_meld_without_saving(client):
    game = make_game("canasta", players=["Ana", "Ben"])
    post = {"side-0-melds": "1", "side-0-meld-0": "QS QH QD", "action": "add-meld:0"}
    for extra in ({}, HTMX):
        html = client.post(new_url(game), post, **extra).content.decode()
        assert 'name="side-0-meld-1"' in html and 'value="QS QH QD"' in html
    assert game.rounds.count() == 0


def test_it_adds_a_cactus_game_play_and_a_stop_without_saving(client):
    game = make_game("cactus-game")
    html = client.post(new_url(game), {"player": "0", "action": "add-play:free_point"}, **HTMX).content.decode()
    assert 'name="play-0-card" value="free_point"' in html
    html = client.post(new_url(game), {"player": "0", "plays": "1", "play-0-card": "free_point",
                                       "action": "add-stop:0"}, **HTMX).content.decode()
    assert 'name="play-0-stop-0"' in html
    assert game.rounds.count() == 0


def test_it_shows_no_mistake_when_a_play_is_added_before_choosing_who_plays(client):
    """Adding a row changes the form's shape: nothing is wrong yet, so nothing is red."""
    game = make_game("cactus-game")
    html = client.post(new_url(game), {"action": "add-play:set"}, **HTMX).content.decode()
    assert 'name="play-0-card" value="set"' in html
    assert slot(html, "player") == "" and slot(html, "top") == "" and "invalide" not in html


def test_it_saves_a_cactus_game_turn_with_a_stop_chain(client):
    """cactus_game.stop_stopped: a chain of even length lets the play take effect."""
    game = make_game("cactus-game")
    post = {"player": "0", "plays": "1", "play-0-card": "free_point", "play-0-stops": "2",
            "play-0-stop-0": "1", "play-0-stop-1": "0", "request_id": str(uuid.uuid4())}
    assert client.post(new_url(game), post).status_code == 302
    game.refresh_from_db()
    assert game.totals == {"Ana": 1, "Ben": 0, "Chloé": 0}


def test_it_offers_the_next_player_for_a_cactus_game_turn(client):
    game = make_game("cactus-game", rounds=[{"player": "Ben", "plays": [{"card": "draw"}]}])
    html = client.get(new_url(game)).content.decode()
    assert re.search(r'name="player" value="2" checked', html)


def test_it_leaves_an_eliminated_dutch_player_out_of_the_form(client):
    game = make_game("dutch", rounds=[tamalou_round(None, Ana=100, Ben=3, Chloé=4)])
    html = client.get(new_url(game)).content.decode()
    assert 'name="hand-0-cards"' not in html and 'name="hand-1-cards"' in html


def test_it_escapes_a_players_name_on_the_entry_page(client):
    game = make_game("tamalou", players=[XSS, "Ben"])
    html = client.get(new_url(game)).content.decode()
    assert XSS not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    preview = client.post(reverse("round_preview", args=[game.token]), {"hand-1-cards": "KH"}).content.decode()
    assert XSS not in preview and "&lt;script&gt;" in preview


# -- round_edit -----------------------------------------------------------------------------


def edited_game() -> Game:
    return make_game("tamalou", rounds=[tamalou_round("Ana", Ana=["KH"], Ben=["QS"], Chloé=9),
                                        tamalou_round(None, Ana=4, Ben=5, Chloé=6)])


def edit_url(game: Game, number: int) -> str:
    return reverse("round_edit", args=[game.token, number])


def test_it_prefills_the_edit_form_from_the_stored_round(client):
    game = edited_game()
    html = client.get(edit_url(game, 1)).content.decode()
    assert 'value="KH"' in html and 'value="QS"' in html and 'name="hand-2-count" value="9"' in html
    assert re.search(r'name="announcer" value="0" checked', html)
    assert 'name="request_id"' not in html
    assert "Chloé</th><td>9</td><td>9</td><td>15</td>" in html  # the round's points as they stand


def test_it_asks_before_changing_an_earlier_round_and_shows_before_and_after(client):
    game = edited_game()
    post = {"hand-0-cards": "KH", "hand-1-cards": "QS", "hand-2-mode": "count", "hand-2-count": "19",
            "announcer": "0"}
    for extra in ({}, HTMX):
        response = client.post(edit_url(game, 1), post, **extra)
        html = response.content.decode()
        assert "Modifier la manche 1 ? Les totaux seront recalculés" in html
        assert re.search(r'<button[^>]*name="confirm" value="1"', html)  # only the "yes" button confirms
        assert re.search(r"Chloé</th><td>19</td><td><del[^>]*>9</del> → 19</td><td><del[^>]*>15</del> → 25</td>", html)
        assert "Ben</th><td>10</td><td>10</td><td>15</td>" in html  # unchanged: shown once
    game.refresh_from_db()
    assert game.rounds.get(number=1).data["hands"]["Chloé"] == 9
    assert game.totals == {"Ana": 4, "Ben": 15, "Chloé": 15}


def test_it_saves_the_edit_once_confirmed_and_recomputes_the_totals(client):
    game = edited_game()
    post = {"hand-0-cards": "KH", "hand-1-cards": "QS", "hand-2-mode": "count", "hand-2-count": "19",
            "announcer": "0", "confirm": "1"}
    response = client.post(edit_url(game, 1), post)
    assert response.status_code == 302 and response["Location"] == sheet_url(game)
    game.refresh_from_db()
    assert game.totals == {"Ana": 4, "Ben": 15, "Chloé": 25}
    change = RoundChange.objects.get(action=RoundChange.EDITED)
    assert change.number == 1 and change.before["hands"]["Chloé"] == 9 and change.after["hands"]["Chloé"] == 19


def test_it_saves_a_confirmed_edit_over_htmx_and_answers_with_the_sheet_in_place(client):
    game = edited_game()
    post = {"hand-0-mode": "count", "hand-0-count": "1", "hand-1-mode": "count", "hand-1-count": "2",
            "hand-2-mode": "count", "hand-2-count": "3", "announcer": "", "confirm": "1"}
    response = client.post(edit_url(game, 2), post, **HTMX)
    assert swapped_sheet(response, game)
    assert Round.objects.get(game=game, number=2).data == {"hands": {"Ana": 1, "Ben": 2, "Chloé": 3},
                                                           "announcer": None}


def test_it_refuses_an_invalid_edit_even_when_confirmed(client):
    game = edited_game()
    post = {"hand-0-cards": "KH", "hand-1-cards": "KH", "hand-2-cards": "2S", "confirm": "1"}
    html = client.post(edit_url(game, 1), post).content.decode()
    assert slot(html, "hand-1") != ""
    assert "Les totaux seront recalculés" not in html
    assert game.rounds.get(number=1).data["hands"]["Ben"] == ["QS"]
    assert not RoundChange.objects.filter(action=RoundChange.EDITED).exists()


def test_it_answers_404_for_a_round_that_does_not_exist(client):
    game = edited_game()
    assert client.get(edit_url(game, 3)).status_code == 404
    assert client.get(reverse("round_new", args=["not-a-game-token"])).status_code == 404


# -- round_preview --------------------------------------------------------------------------


def test_it_previews_the_points_of_a_valid_round(client):
    game = make_game("tamalou")
    post = {k: v for k, v in tamalou_post().items() if k != "request_id"}
    html = client.post(reverse("round_preview", args=[game.token]), post, **HTMX).content.decode()
    assert '<section id="preview"' in html
    assert re.search(r"Ben</th><td>17</td><td>17</td><td>17</td>", html)
    assert slot(html, "hand-1") == ""
    assert game.rounds.count() == 0


def test_it_previews_an_invalid_round_with_messages_swapped_beside_their_fields(client):
    game = make_game("tamalou")
    post = {"hand-0-cards": "KH", "hand-1-cards": "QS QS", "hand-2-cards": "2S"}
    html = client.post(reverse("round_preview", args=[game.token]), post, **HTMX).content.decode()
    assert 'id="err-hand-1" class="field-errors" hx-swap-oob="true"' in html
    assert slot(html, "hand-1") != "" and slot(html, "hand-0") == ""
    assert game.rounds.count() == 0


def test_it_previews_an_edit_against_the_stored_round(client):
    game = edited_game()
    post = {"edit": "2", "hand-0-mode": "count", "hand-0-count": "10", "hand-1-mode": "count",
            "hand-1-count": "5", "hand-2-mode": "count", "hand-2-count": "6"}
    html = client.post(reverse("round_preview", args=[game.token]), post).content.decode()
    assert re.search(r"Ana</th><td>10</td><td><del[^>]*>4</del> → 10</td><td><del[^>]*>4</del> → 10</td>", html)


def test_it_only_previews_on_post(client):
    game = make_game("tamalou")
    assert client.get(reverse("round_preview", args=[game.token])).status_code == 405


def test_it_speaks_english_when_asked(client):
    game = make_game("tamalou")
    html = client.get(new_url(game), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Save the round" in html and "Counted" in html
    assert 'aria-label="K♥ (king of hearts)">K♥<' in html  # English ranks; French reads R, D, V
    assert ">Next<" in html and 'data-done-word="Done"' in html
    french = client.get(new_url(game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'aria-label="R♥ (roi de cœur)">R♥<' in french and 'aria-label="D♠ (dame de pique)">D♠<' in french


def test_it_previews_a_new_round_as_new_even_after_another_phone_saved_one(client):
    """The page said "Manche 2"; meanwhile round 2 was saved elsewhere: still a new round."""
    game = edited_game()
    post = {"hand-0-mode": "count", "hand-0-count": "10", "hand-1-mode": "count",
            "hand-1-count": "5", "hand-2-mode": "count", "hand-2-count": "6"}
    html = client.post(reverse("round_preview", args=[game.token]), post).content.decode()
    assert "Ana</th><td>10</td><td>10</td><td>14</td>" in html and "<del" not in html


def test_it_shows_a_bad_canasta_meld_beside_its_side_and_saves_nothing(client):
    """canasta.meld: natural cards of one rank, no red 3."""
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"], teams=teams)
    post = {"side-0-melds": "1", "side-0-meld-0": "QS KS 3H", "side-1-melds": "1", "side-1-meld-0": "5S 5H 5D",
            "request_id": str(uuid.uuid4())}
    html = client.post(new_url(game), post, **HTMX).content.decode()
    assert slot(html, "side-0") != "" and slot(html, "side-1") == ""
    assert game.rounds.count() == 0


def test_it_stores_a_double_tap_over_htmx_once(client):
    game = make_game("cactus-game")
    post = {"player": "0", "plays": "1", "play-0-card": "free_point", "request_id": str(uuid.uuid4())}
    first = client.post(new_url(game), post, **HTMX)
    second = client.post(new_url(game), post, **HTMX)
    assert swapped_sheet(first, game) and swapped_sheet(second, game)
    assert game.rounds.count() == 1


def test_the_new_round_page_opens_the_number_pad_for_a_player_who_counted_last_time(client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[{"announcer": None, "hands": {"Ana": ["AS"], "Ben": 9}}])

    html = client.get(f"/games/{game.token}/rounds/new/").content.decode()

    assert 'name="hand-0-mode" value="cards" checked' in html
    assert 'name="hand-1-mode" value="count" checked' in html


def test_it_saves_a_canasta_round_with_a_side_given_as_counted_points(client):
    game = make_game("canasta", ["Ana", "Ben"])
    post = {"side-0-mode": "count", "side-0-counted-melded": "1450", "side-0-counted-natural_canastas": "1",
            "side-0-counted-mixed_canastas": "1", "side-0-counted-red_threes": "2",
            "side-1-mode": "cards", "side-1-melds": "1", "side-1-meld-0": "5H 5S 5D", "side-1-hand": "KH 3S",
            "went_out": "0", "request_id": str(uuid.uuid4())}

    client.post(new_url(game), post)

    game.refresh_from_db()
    assert game.totals == {"Ana": 2550, "Ben": -95}
    assert game.rounds.get().data["sides"]["Ana"] == {"counted": {
        "melded": 1450, "hand": 0, "natural_canastas": 1, "mixed_canastas": 1, "wild_canastas": 0, "red_threes": 2}}


def test_the_new_round_page_asks_a_side_that_counted_last_time_for_points_again(client):
    game = make_game("canasta", ["Ana", "Ben"], rounds=[{"went_out": None, "sides": {
        "Ana": {"counted": {"melded": 50}}, "Ben": {"melds": [["5H", "5S", "5D"]]}}}])

    html = client.get(new_url(game)).content.decode()

    assert 'name="side-0-mode" value="count" checked' in html
    assert 'name="side-1-mode" value="cards" checked' in html
    assert 'name="side-0-counted-melded"' in html and 'name="side-0-counted-red_threes" value="0" checked' in html


def test_it_shows_a_counted_side_s_problem_beside_its_side_and_saves_nothing(client):
    game = make_game("canasta", ["Ana", "Ben"])
    post = {"side-0-mode": "count", "side-0-counted-melded": "30", "side-0-counted-natural_canastas": "1",
            "request_id": str(uuid.uuid4())}

    html = client.post(new_url(game), post, **HTMX).content.decode()

    assert "ses cartes posées valent au moins 35, pas 30" in slot(html, "side-0")
    assert game.rounds.count() == 0


def test_it_refuses_a_counted_hand_the_deck_cannot_make_and_says_the_range(client):
    game = make_game("tamalou", ["Ana", "Ben"])
    post = {"hand-0-mode": "count", "hand-0-count": "-5", "hand-1-mode": "count", "hand-1-count": "12",
            "announcer": "", "request_id": str(uuid.uuid4())}

    html = client.post(new_url(game), post, **HTMX).content.decode()

    assert "une main vaut de 0 à 330" in slot(html, "hand-0") and slot(html, "hand-1") == ""
    assert game.rounds.count() == 0


def test_it_accepts_a_counted_hand_below_0_where_the_deck_has_such_cards(client):
    game = make_game("cabo-bruxellois", ["Ana", "Ben"])  # red kings below 0
    post = {"hand-0-mode": "count", "hand-0-count": "-2", "hand-1-mode": "count", "hand-1-count": "12",
            "announcer": "", "request_id": str(uuid.uuid4())}

    client.post(new_url(game), post)

    assert game.rounds.count() == 1


def test_it_refuses_an_empty_canasta_round_with_a_message_in_place(client):
    game = make_game("canasta", ["Ana", "Ben"])

    html = client.post(new_url(game), {"request_id": str(uuid.uuid4())}, **HTMX).content.decode()

    assert "La manche est vide" in slot(html, "top")
    assert game.rounds.count() == 0


def test_it_asks_who_played_a_cactus_game_turn_without_saying_null(client):
    game = make_game("cactus-game", ["Ana", "Ben"])
    post = {"player": "", "plays": "1", "play-0-card": "free_point", "request_id": str(uuid.uuid4())}

    html = client.post(new_url(game), post, **HTMX).content.decode()

    assert "Choisissez qui a joué ce tour." in slot(html, "player")
    assert "null" not in html
    assert game.rounds.count() == 0


def test_it_refuses_a_cactus_game_turn_with_no_play(client):
    game = make_game("cactus-game", ["Ana", "Ben"])

    html = client.post(new_url(game), {"player": "0", "request_id": str(uuid.uuid4())}, **HTMX).content.decode()

    assert "aucun coup" in slot(html, "top")
    assert game.rounds.count() == 0


def test_it_says_at_the_top_which_later_round_an_edit_makes_invalid(client):
    """dutch.eliminated: editing round 2 so that Ana is out after it leaves round 3 with a hand
    for a player who is out; the page names round 3 and what to do, not Ana's round-2 field."""
    game = make_game("dutch", ["Ana", "Dan", "Eve"], rounds=[
        tamalou_round(None, Ana=50, Dan=30, Eve=10), tamalou_round(None, Ana=40, Dan=40, Eve=20),
        tamalou_round(None, Ana=5, Dan=80, Eve=5)])
    post = {"hand-0-mode": "count", "hand-0-count": "60", "hand-1-mode": "count", "hand-1-count": "40",
            "hand-2-mode": "count", "hand-2-count": "20", "edit": "2", "confirm": "1"}

    response = client.post(reverse("round_edit", args=[game.token, 2]), post)

    html = response.content.decode()
    assert response.status_code == 422
    assert "Manche 3 :" in slot(html, "top") and "annulez-la" in slot(html, "top")
    assert slot(html, "hand-0") == ""
    assert game.rounds.get(number=2).data["hands"]["Ana"] == 40
