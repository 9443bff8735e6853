"""Names the app cannot keep apart or store, refused wherever a name comes in (an import,
the new-game form, a rename) with a sentence saying which name and why; names that are
the same text written two ways (é, or e and its accent) are one name."""

import json
import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.models import Game, Player
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
IMPORT = "/games/import/"
NEW = "/games/new/"
TEAMS = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def record(players: list[str], rounds: list | None = None, variant: str = "cactus", **more) -> str:
    """The record's JSON as a file holds it: a lone surrogate written as its \\u escape."""
    return json.dumps({"format": 1, "variant": variant, "players": players, "rounds": rounds or [], **more})


def refused(response) -> str:
    assert response.status_code == 422
    assert not Game.objects.exists() and not Player.objects.exists()
    return unescape(response.content.decode())


def new_game(client: Client, variant: str, seats: list[str], **extra):
    return client.post(NEW, {"variant": variant, "seat": seats, "action": "start", **extra})


def rename(client: Client, game: Game, old: str, new: str):
    return client.post(f"/games/{game.token}/players/rename/", {"player": old, "name": new})


# -- a lone surrogate: no text at all, and no database can store it --------------------


def test_it_refuses_a_pasted_player_name_with_a_lone_surrogate_naming_it():
    html = refused(Client().post(IMPORT, {"record": record(["\ud800", "Bob"])}))

    assert "Le nom « \ufffd » contient un caractère Unicode isolé (U+D800)" in html


def test_it_refuses_an_uploaded_player_name_with_a_lone_surrogate_naming_it():
    upload = SimpleUploadedFile("partie.json", record(["Ana\udfff", "Bob"]).encode(), "application/json")

    html = refused(Client().post(IMPORT, {"file": upload}))

    assert "Le nom « Ana\ufffd » contient un caractère Unicode isolé (U+DFFF)" in html


def test_it_refuses_a_lone_surrogate_anywhere_else_in_a_record_saying_which_round_and_field():
    rounds = [tamalou_round(None, Ana=["K\ud800"], Ben=3)]

    html = refused(Client().post(IMPORT, {"record": record(["Ana", "Ben"], rounds, variant="tamalou")}))

    assert "Manche 1 : Le texte « K\ufffd » (champ « hands ») contient un caractère Unicode isolé (U+D800)" in html


def test_it_refuses_a_canasta_team_named_with_a_lone_surrogate():
    teams = {"Nord\ud800": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}

    html = refused(Client().post(IMPORT, {"record": record(["Ana", "Ben", "Chloé", "Dan"], variant="canasta",
                                                           teams=teams)}))

    assert "Le nom « Nord\ufffd » contient un caractère Unicode isolé (U+D800)" in html


def test_it_says_so_in_english_too():
    html = refused(Client().post(IMPORT, {"record": record(["\ud800", "Bob"])},
                                 headers={"Accept-Language": "en"}))

    assert "The name “\ufffd” contains a lone Unicode surrogate (U+D800)" in html


# -- format characters: invisible, and they make two names look the same ----------------


def test_it_refuses_an_imported_name_with_a_zero_width_space():
    html = refused(Client().post(IMPORT, {"record": record(["Ana", "Ana\u200b"])}))

    assert "Le nom « Ana » contient un caractère invisible de mise en forme (U+200B)" in html


def test_it_refuses_a_seat_with_a_zero_width_space_beside_that_seat(client: Client):
    html = refused(new_game(client, "cactus", ["Ana", "Ana\u200b"]))

    assert "Place 2 : Le nom « Ana » contient un caractère invisible de mise en forme (U+200B)" in html


def test_it_refuses_a_team_name_with_a_bidi_override(client: Client):
    html = refused(new_game(client, "canasta", ["Ana", "Ben", "Chloé", "Dan"], team=["\u202eNord", "Sud"]))

    assert "Le nom « Nord » contient un caractère invisible de mise en forme (U+202E)" in html
    assert "\u202e" not in re.sub(r'value="[^"]*"', "", html)  # only in its input, to be corrected


def test_it_refuses_a_rename_to_a_bidi_override_and_keeps_the_name(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])

    response = rename(client, game, "Ben", "\u202eBob")

    html = unescape(response.content.decode())
    assert response.status_code == 422
    assert "Le nom « Bob » contient un caractère invisible de mise en forme (U+202E)" in html
    assert Game.objects.with_players().get(pk=game.pk).player_names() == ["Ana", "Ben"]
    assert not Player.objects.filter(name__contains="\u202e").exists()


# -- one name written two ways -----------------------------------------------------------


def test_it_refuses_two_imported_players_written_with_and_without_a_combining_accent():
    html = refused(Client().post(IMPORT, {"record": record(["\u00e9lodie", "e\u0301lodie"])}))

    assert "Deux joueurs s'appellent \u00e9lodie." in html


def test_it_keeps_an_imported_name_with_a_combining_accent_as_one_character_everywhere():
    rounds = [tamalou_round("Chloe\u0301", **{"Chloe\u0301": 2, "Ben": 9})]

    response = Client().post(IMPORT, {"record": record(["Chloe\u0301", "Ben"], rounds, variant="tamalou")})

    game = Game.objects.with_players().get()
    assert response.status_code == 302
    assert game.player_names() == ["Chlo\u00e9", "Ben"] and set(game.totals) == {"Chlo\u00e9", "Ben"}
    assert game.rounds.get().data["announcer"] == "Chlo\u00e9"


def test_it_refuses_two_keys_of_a_round_that_are_one_name_written_two_ways():
    rounds = [tamalou_round(None, **{"Chlo\u00e9": 2, "Chloe\u0301": 3, "Ben": 9})]

    html = refused(Client().post(IMPORT, {"record": record(["Chlo\u00e9", "Ben"], rounds, variant="tamalou")}))

    assert "La clé « Chlo\u00e9 » apparaît deux fois dans un même objet." in html


def test_it_refuses_two_seats_written_with_and_without_a_combining_accent(client: Client):
    html = refused(new_game(client, "cactus", ["\u00e9lodie", "E\u0301lodie"]))

    assert "Place 2 : Ce nom est déjà à la table :" in html


def test_it_starts_a_game_with_the_name_written_as_one_character(client: Client):
    new_game(client, "cactus", ["Chloe\u0301", "Ben"])

    assert Game.objects.with_players().get().player_names() == ["Chlo\u00e9", "Ben"]


def test_it_refuses_a_rename_to_another_players_name_written_with_a_combining_accent(client: Client):
    game = make_game("tamalou", ["Chlo\u00e9", "Ben"])

    response = rename(client, game, "Ben", "Chloe\u0301")

    assert response.status_code == 422
    assert "Deux joueurs s'appellent Chlo\u00e9." in unescape(response.content.decode())
    assert Game.objects.with_players().get(pk=game.pk).player_names() == ["Chlo\u00e9", "Ben"]


# -- a canasta player named like a team --------------------------------------------------


def test_it_refuses_an_imported_canasta_player_named_like_a_team():
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Est-Ouest", "Dan"]}

    html = refused(Client().post(IMPORT, {"record": record(["Ana", "Est-Ouest", "Chloé", "Dan"],
                                                           variant="canasta", teams=teams)}))

    assert "L'équipe « Est-Ouest » porte le nom d'un joueur" in html


def test_it_refuses_a_canasta_player_named_like_a_team_on_the_form(client: Client):
    html = refused(new_game(client, "canasta", ["Ana", "est-ouest", "Chloé", "Dan"],
                            team=["Nord-Sud", "Est-Ouest"]))

    assert "L'équipe « Est-Ouest » porte le nom d'un joueur" in html


def test_it_refuses_renaming_a_canasta_player_like_a_team(client: Client):
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"], teams=TEAMS)

    response = rename(client, game, "Ben", "Nord-Sud")

    assert response.status_code == 422
    assert "L'équipe « Nord-Sud » porte le nom d'un joueur" in unescape(response.content.decode())


# -- a name inside a sentence keeps its own direction -----------------------------------


def test_it_isolates_the_names_in_the_historys_rename_line(client: Client):
    game = make_game("tamalou", ["Anna", "Ben"])
    rename(client, game, "Anna", "Ana")

    html = client.get(f"/games/{game.token}/history/").content.decode()

    assert re.search(r"« <bdi>Anna</bdi> » renommé·e « <bdi>Ana</bdi> »", html)
