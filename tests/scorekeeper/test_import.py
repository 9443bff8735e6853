"""A record JSON (uploaded or pasted) becomes a new game; anything else is refused, saving nothing."""

import json
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.models import MAX_ROUNDS, Game, RoundChange
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
URL = "/games/import/"
RECORD = {
    "format": 1, "variant": "tamalou", "options": {"rounds": 6}, "players": ["Ana", "Ben", "Chloé"],
    "rounds": [{"announcer": "Ana", "hands": {"Ana": ["KH", "3S"], "Ben": ["QS", "7D", "2C"], "Chloé": 9}}],
}


def upload(content: bytes, name: str = "partie.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/json")


def refused(response) -> str:
    assert response.status_code == 422
    assert not Game.objects.exists()
    return response.content.decode()


def test_it_shows_the_upload_and_paste_form(client: Client):
    html = client.get(URL).content.decode()

    assert 'type="file" name="file"' in html and '<textarea name="record"' in html
    assert 'enctype="multipart/form-data"' in html and "au plus 512 Ko" in html


def test_it_answers_htmx_with_the_form_only(client: Client):
    html = client.get(URL, headers=HTMX).content.decode()

    assert html.strip().startswith('<form id="import-form"') and "<h1>" not in html


def test_it_imports_a_pasted_record_and_opens_its_sheet(client: Client):
    response = client.post(URL, {"record": json.dumps(RECORD)})

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.player_names() == ["Ana", "Ben", "Chloé"]
    assert game.totals == {"Ana": 0, "Ben": 19, "Chloé": 9}
    assert game.changes.get().action == RoundChange.IMPORTED


def test_it_imports_an_uploaded_file_with_a_bom(client: Client):
    content = "\ufeff".encode() + json.dumps(RECORD, ensure_ascii=False).encode()

    client.post(URL, {"file": upload(content)})

    assert Game.objects.get().record() == RECORD


def test_it_redirects_htmx_to_the_new_sheet(client: Client):
    response = client.post(URL, {"record": json.dumps(RECORD)}, headers=HTMX)

    assert response["HX-Redirect"] == Game.objects.get().get_absolute_url()


def test_it_gives_the_same_totals_after_export_then_import(client: Client):
    original = make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=[
        tamalou_round("Ana", Ana=["KH"], Ben=["AS", "2S"], Chloé=9),
        {"announcer": "Ben", "hands": {"Ana": 4, "Ben": 3, "Chloé": 2}, "counter_callers": ["Chloé"]},
    ])
    exported = client.get(f"/games/{original.token}/export.json").content

    client.post(URL, {"file": upload(exported)})

    copy = Game.objects.exclude(pk=original.pk).get()
    assert copy.totals == original.totals
    assert [r.result for r in copy.rounds.all()] == [r.result for r in original.rounds.all()]


def test_it_lists_every_problem_of_the_record_one_line_each(client: Client):
    bad = {"format": 1, "variant": "tamalou", "options": {"rounds": 0}, "players": ["Ana", ""],
           "rounds": [], "colour": "vert"}

    html = refused(client.post(URL, {"record": json.dumps(bad)}))

    errors = html.split("<ul>")[1].split("</ul>")[0]
    assert errors.count("<li>") == 3
    assert "Rien n'a été importé" in html


def test_it_keeps_the_pasted_text_to_fix_it(client: Client):
    html = refused(client.post(URL, {"record": '{"format": 1,'}))

    assert "{&quot;format&quot;: 1,</textarea>" in html
    assert "JSON" in html


def test_it_answers_htmx_errors_with_the_form_only(client: Client):
    response = client.post(URL, {"record": "[]"}, headers=HTMX)

    html = refused(response)
    assert html.strip().startswith('<form id="import-form"') and 'role="alert"' in html


def test_it_asks_for_a_file_or_a_paste_when_both_are_empty(client: Client):
    html = refused(client.post(URL, {"record": "   "}))

    assert "Choisissez un fichier ou collez le JSON" in html


def test_it_says_an_empty_file_is_empty(client: Client):
    assert "Le fichier est vide." in refused(client.post(URL, {"file": upload(b"")}))


def test_it_refuses_a_binary_file_without_a_traceback(client: Client):
    html = refused(client.post(URL, {"file": upload(bytes(range(256)) * 4, "photo.jpg")}))

    assert "UTF-8" in html


def test_it_refuses_a_file_over_the_import_limit_before_reading_it(client: Client):
    big = b"[" + b"1," * (300 * 1024) + b"1]"

    html = refused(client.post(URL, {"file": upload(big)}))

    assert "Le fichier ou le texte dépasse 512 Ko" in html


def test_it_refuses_a_huge_paste_with_the_same_message(client: Client):
    html = refused(client.post(URL, {"record": "x" * (3 * 1024 * 1024)}))

    assert "Le fichier ou le texte dépasse 512 Ko" in html


def test_it_refuses_a_paste_too_big_to_read_with_the_form_s_message_under_csrf_checks():
    """A real browser's post goes through the CSRF check, which reads the body first:
    past Django's DATA_UPLOAD_MAX_MEMORY_SIZE the form still answers, not a bare 400."""
    client = Client(enforce_csrf_checks=True)
    client.get(URL)
    token = client.cookies["csrftoken"].value

    response = client.post(URL, {"record": "x" * (3 * 1024 * 1024), "csrfmiddlewaretoken": token})

    html = refused(response)
    assert "Le fichier ou le texte dépasse 512 Ko" in html and '<form' in html


def test_it_refuses_a_record_with_more_rounds_than_a_game_holds(client: Client):
    rounds = [{"announcer": None, "hands": {"Ana": 1, "Ben": 2}}] * (MAX_ROUNDS + 1)
    record = json.dumps({"format": 1, "variant": "tamalou", "players": ["Ana", "Ben"], "rounds": rounds})

    html = refused(client.post(URL, {"record": record}))

    assert f"Une partie compte au plus {MAX_ROUNDS} manches ({MAX_ROUNDS + 1} ici)." in html


def test_it_refuses_a_name_longer_than_the_limit(client: Client):
    record = json.dumps({"format": 1, "variant": "tamalou", "players": ["A" * 41, "Ben"], "rounds": []})

    assert "dépasse 40 caractères" in refused(client.post(URL, {"record": record}))


def test_it_refuses_deeply_nested_json(client: Client):
    assert "Le JSON est imbriqué trop profondément." in refused(client.post(URL, {"record": "[" * 100_000}))


def test_it_says_the_engines_problems_in_french_never_in_its_english(client: Client):
    record = {**RECORD, "players": ["Ana", "Ben"],
              "rounds": [{"hands": {"Ana": ["KH"], "Ben": ["KH"]}, "penalty_card": "3S"}]}

    html = refused(client.post(URL, {"record": json.dumps(record)}))

    assert "Manche 1 : Le champ « penalty_card » n&#x27;existe pas ici" in html
    assert "unknown field" not in html and "a tamalou round has" not in html


def test_it_says_the_engines_problems_in_english_on_the_english_page(client: Client):
    record = {**RECORD, "players": ["Ana", "Ben"], "rounds": [{"hands": {"Ana": ["KH"], "Ben": ["KH"]}}]}

    html = refused(client.post(URL, {"record": json.dumps(record)}, HTTP_ACCEPT_LANGUAGE="en"))

    assert "Round 1: K♥ appears 2 times; the deck holds 1." in html and "Manche" not in html


def test_it_refuses_two_players_whose_names_differ_only_in_case(client: Client):
    html = refused(client.post(URL, {"record": json.dumps({**RECORD, "players": ["Ana", "ana", "Ben"],
                                                           "rounds": []})}))

    assert "ne diffèrent que par les majuscules" in html


def test_it_escapes_a_player_named_like_a_script_in_its_messages(client: Client):
    record = {**RECORD, "players": ["<script>alert(1)</script>", "Ben"], "rounds": [{"hands": {}}]}

    html = refused(client.post(URL, {"record": json.dumps(record)}))

    assert "<script>alert(1)</script>" not in html


def test_it_refuses_other_methods(client: Client):
    assert client.put(URL).status_code == 405


def test_it_refuses_a_name_with_a_control_character_without_a_traceback(client: Client):
    """PostgreSQL cannot store a NUL character in text: it must be refused, not crash."""
    record = {**RECORD, "players": ["A\u0000na", "Ben"], "rounds": []}

    html = refused(client.post(URL, {"record": json.dumps(record)}))

    assert "contient un caractère invisible de contrôle" in html


def test_it_says_its_own_csv_export_is_for_spreadsheets_and_which_file_imports(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=9)])
    exported = client.get(f"/games/{game.token}/export.csv").content
    game.delete()

    html = unescape(refused(client.post(URL, {"file": upload(exported, "marque-carte-tamalou-1.csv")})))

    assert "C'est un tableau CSV" in html and "« Export JSON »" in html
    assert "pas du JSON valable" not in html


def test_it_says_so_in_english_too(client: Client):
    html = refused(client.post(URL, {"record": "Manche;Ana points;Ana total\r\n1;4;4\r\n"},
                               headers={"Accept-Language": "en"}))

    assert "This is a CSV table" in html and "“Export JSON”" in html


def test_it_tells_which_files_can_be_imported_before_anything_is_sent(client: Client):
    html = unescape(client.get(URL).content.decode())

    assert "Seul le JSON s'importe" in html and "Importer des parties" in html


def test_it_imports_a_record_that_says_who_sits_behind_each_name__people_v1_2(client: Client):
    """game-record v1.2: `people` is accepted; the game keeps its names (persons come later)."""
    response = client.post(URL, {"record": json.dumps(RECORD | {"people": {"Ana": "p-7Hq2", "Chloé": "p-Xc9"}})})

    game = Game.objects.get()
    assert response.status_code == 302 and game.player_names() == ["Ana", "Ben", "Chloé"]


def test_it_refuses_people_sharing_one_id_saying_where_and_why(client: Client):
    html = refused(client.post(URL, {"record": json.dumps(RECORD | {"people": {"Ana": "p-1", "Ben": "p-1"}})}))

    assert "Ana et Ben ont le même identifiant de personne (p-1)" in unescape(html)


@pytest.mark.django_db
def test_an_import_seats_each_name_on_the_person_its_people_id_names(client: Client) -> None:
    """game-record v1.2 (issue 30 item 7): "Julien" with Jules's id is Jules's person; a
    name without an id is read in this phone's circle (its games), a new name is someone new."""
    jules = make_game(players=["Jules", "Ana"])
    client.get(jules.get_absolute_url())
    person = jules.seats.get(name="Jules").player.person_id
    record = {"format": 1, "variant": "tamalou", "players": ["Julien", "Ana", "Zoé"],
              "people": {"Julien": person}, "rounds": []}
    client.post("/games/import/", {"record": json.dumps(record)})
    imported = Game.objects.latest("pk")
    seats = {s.name: s.player for s in imported.seats.all()}
    assert seats["Julien"].person_id == person
    assert seats["Ana"] == jules.seats.get(name="Ana").player
    assert imported.people()["Julien"] == person
