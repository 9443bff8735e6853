"""A game out as the spec's record JSON and as CSV for French Excel."""

import json

import pytest
from django.test import Client

from engine.rules import score_record
from scorekeeper.models import Game
from scorekeeper.sheet.csv_export import game_csv
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture
def game():
    return make_game("tamalou", ["Ana", "Chloé"], options={"rounds": 6}, rounds=[
        tamalou_round("Ana", Ana=["KH", "3S"], Chloé=9),
        tamalou_round(None, Ana=4, Chloé=2),
    ])


def test_it_downloads_the_record_as_utf8_json(client: Client, game):
    response = client.get(f"/games/{game.token}/export.json")

    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="marque-carte-tamalou-{game.pk}.json"'
    text = response.content.decode("utf-8")
    assert '"Chloé"' in text  # ensure_ascii=False: accents written as they are
    assert json.loads(text) == {
        "format": 1, "variant": "tamalou", "options": {"rounds": 6}, "players": ["Ana", "Chloé"],
        "rounds": [{"announcer": "Ana", "hands": {"Ana": ["KH", "3S"], "Chloé": 9}},
                   {"announcer": None, "hands": {"Ana": 4, "Chloé": 2}}],
        "people": game.people(),  # v1.2: each name's person id
    }


def test_it_exports_a_record_the_engine_scores_to_the_same_totals(client: Client, game):
    record = json.loads(client.get(f"/games/{game.token}/export.json").content)

    assert score_record(record).to_json()["totals"] == game.totals


def test_it_exports_canasta_teams(client: Client):
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                     teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]})

    record = json.loads(client.get(f"/games/{game.token}/export.json").content)

    assert record["teams"] == {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def test_it_serves_the_same_file_to_an_htmx_request(client: Client, game):
    plain = client.get(f"/games/{game.token}/export.json")
    htmx = client.get(f"/games/{game.token}/export.json", headers=HTMX)

    assert htmx.content == plain.content
    assert htmx["Content-Disposition"].startswith("attachment;")


def test_it_downloads_csv_with_a_bom_semicolons_and_decimal_commas(client: Client):
    game = make_game("tamoul", ["Ana", "Chloé"], rounds=[tamalou_round(None, Ana=["KH"], Chloé=["AS"])])

    response = client.get(f"/games/{game.token}/export.csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="marque-carte-tamoul-{game.pk}.csv"'
    assert response.content.startswith(b"\xef\xbb\xbf")
    assert response.content.decode("utf-8-sig").splitlines() == [
        "Manche;Ana points;Ana total;Chloé points;Chloé total",
        "1;0,5;0,5;1;1",
    ]


def test_it_writes_one_csv_row_per_round_with_running_totals(game):
    lines = game_csv(game).removeprefix("\ufeff").splitlines()

    assert lines == [
        "Manche;Ana points;Ana total;Chloé points;Chloé total",
        "1;0;0;9;9",  # Ana called with 3 (red K 0 + 3), the lowest: she scores 0
        "2;4;4;2;11",
    ]


def test_it_leaves_a_csv_cell_empty_for_a_player_who_is_out():
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 100, "Ben": 1, "Chloé": 2}},
        {"hands": {"Ben": 1, "Chloé": 2}},
    ])

    assert game_csv(game).splitlines()[2] == "2;;100;1;2;2;4"


def test_it_writes_canasta_sides_and_cactus_game_turns():
    turns = make_game("cactus-game", ["Ana", "Ben"], rounds=[
        {"player": "Ana", "plays": [{"card": "free_point"}]}])

    assert game_csv(turns).removeprefix("\ufeff").splitlines() == [
        "Tour;Joueur;Ana points;Ana total;Ben points;Ben total", "1;Ana;1;1;0;0"]


def test_it_keeps_a_name_that_looks_like_a_formula_a_name():
    game = make_game("tamalou", ["=1+1", "Ben"])

    assert game_csv(game).removeprefix("\ufeff").splitlines()[0].startswith("Manche;'=1+1 points;")


def test_it_writes_a_player_named_like_a_script_as_plain_text(client: Client):
    game = make_game("tamalou", [SCRIPT, "Ben"], rounds=[tamalou_round(None, **{SCRIPT: 4}, Ben=2)])

    as_json = client.get(f"/games/{game.token}/export.json")
    as_csv = client.get(f"/games/{game.token}/export.csv")

    assert json.loads(as_json.content)["players"] == [SCRIPT, "Ben"]
    assert f"{SCRIPT} points" in as_csv.content.decode("utf-8-sig")
    assert "text/html" not in as_json["Content-Type"] + as_csv["Content-Type"]


def test_it_is_404_for_a_game_that_does_not_exist(client: Client):
    assert client.get("/games/999999/export.json").status_code == 404
    assert client.get("/games/999999/export.csv").status_code == 404


COUNTED_RECORD = {  # the spec's worked example canasta-counted (v1.1)
    "format": 1, "variant": "canasta", "players": ["Ana", "Ben"],
    "rounds": [{"went_out": "Ana", "concealed": False, "sides": {
        "Ana": {"counted": {"melded": 1450, "hand": 0, "natural_canastas": 1, "mixed_canastas": 1,
                            "wild_canastas": 0, "red_threes": 2}},
        "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}}],
}


def test_it_imports_and_exports_a_canasta_side_given_as_counted_points_unchanged(client: Client):
    client.post("/games/import/", {"record": json.dumps(COUNTED_RECORD)})
    game = Game.objects.get()

    record = json.loads(client.get(f"/games/{game.token}/export.json").content)

    assert record["rounds"] == COUNTED_RECORD["rounds"] and record["players"] == ["Ana", "Ben"]
    assert game.totals == {"Ana": 2550, "Ben": -95}
    assert game_csv(game).removeprefix("\ufeff").splitlines()[1] == "1;2550;2550;-95;-95"


@pytest.mark.django_db
def test_it_exports_each_names_person_id_and_the_record_scores_the_same(client: Client) -> None:
    """game-record v1.2 (issue 30 item 7): the download carries `people`, and the engine reads it."""
    game = make_game(players=["Ana", "Ben"])
    record = json.loads(client.get(f"/games/{game.token}/export.json").content)
    persons = {seat.name: seat.player.person_id for seat in game.seats.all()}
    assert record["people"] == persons and all(p.startswith("p-") for p in persons.values())
    assert score_record(record).game.people == persons
