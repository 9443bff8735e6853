"""Rounds kept on a phone offline are intentions: "the next round of this game", numbered
by the server when they arrive, stored once per request id, refused only for a real
conflict, which is answered with both rounds' numbers (scorekeeper/views/offline.py)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from scorekeeper.models import Game
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
BEN = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1"
QUEUED = {"X-Round-Queue": "1"}


def queued_round(ana: str, ben: str, request_id: str | None = None, **extra: str) -> dict[str, str]:
    return {"round_number": "next", "version": "0", "request_id": request_id or str(uuid.uuid4()),
            "hand-0-count": ana, "hand-1-count": ben, "hand-0-mode": "count", "hand-1-mode": "count",
            "announcer": "", "action": "save", **extra}


def send(game: Game, body: dict[str, str], path: str = "rounds/new/", **headers: str):
    return Client(headers={**QUEUED, **headers}).post(f"/games/{game.token}/{path}", body)


def test_it_numbers_a_round_that_means_the_next_one_when_it_arrives():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)] * 2)

    response = send(game, queued_round("5", "9") | {"round_number": "1"} | {"round_number": "next"})

    assert response.status_code == 200
    assert response.json() == {"state": "stored", "number": 3, "sheet": game.get_absolute_url()}
    assert Game.objects.get(pk=game.pk).rounds.last().data["hands"] == {"Ana": 5, "Ben": 9}


def test_it_ignores_the_stale_number_of_a_cached_page_when_the_round_means_the_next_one():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    body = queued_round("5", "9")
    body["round_number"] = ["1", "next"]  # the cached page's number, then the intention

    response = Client(headers=QUEUED).post(f"/games/{game.token}/rounds/new/", body)

    assert response.json()["number"] == 2


def test_it_stores_a_queued_round_once_when_it_is_sent_twice():
    game = make_game("tamalou", ["Ana", "Ben"])
    body = queued_round("5", "9")

    first, again = send(game, body), send(game, body)

    assert first.json()["number"] == again.json()["number"] == 1
    assert Game.objects.get(pk=game.pk).rounds.count() == 1


def test_it_stores_queued_rounds_in_the_order_they_arrive_after_another_phone_s_round():
    game = make_game("tamalou", ["Ana", "Ben"])
    Client(headers={"user-agent": BEN}).post(f"/games/{game.token}/rounds/new/", queued_round("1", "1"))

    numbers = [send(game, queued_round(a, b)).json()["number"] for a, b in (("5", "9"), ("7", "2"))]

    assert numbers == [2, 3]
    assert [r.data["hands"]["Ana"] for r in Game.objects.get(pk=game.pk).rounds.all()] == [1, 5, 7]


def test_it_answers_a_queued_edit_of_a_round_changed_meanwhile_with_both_rounds():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    drawn = game.version
    game.edit_round(1, tamalou_round(None, Ana=11, Ben=4), device=BEN)

    response = send(game, queued_round("6", "12", edit="1", confirm="1", version=str(drawn)),
                    path="rounds/1/edit/")

    assert response.status_code == 409
    answer = response.json()
    assert answer["state"] == "conflict" and answer["exists"] and answer["mine_valid"]
    assert answer["title"] == "La manche 1 vient d’être modifiée par Safari · iPhone."
    assert answer["edit_url"] == f"/games/{game.token}/rounds/1/edit/"
    assert answer["new_url"] == f"/games/{game.token}/rounds/new/"
    assert answer["version"] == Game.objects.get(pk=game.pk).version
    cells = [c.strip() for c in answer["compare"].split("<td")[1:]]
    assert [c.split(">", 1)[1].split("<", 1)[0] for c in cells] == ["6", "11", "12", "4"]  # mine, theirs
    assert Game.objects.get(pk=game.pk).rounds.get().data["hands"] == {"Ana": 11, "Ben": 4}


def test_it_replaces_the_stored_round_when_the_player_chooses_so_with_the_version_given():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    drawn = game.version
    game.edit_round(1, tamalou_round(None, Ana=11, Ben=4))
    told = send(game, queued_round("6", "12", edit="1", confirm="1", version=str(drawn)), path="rounds/1/edit/")

    response = send(game, queued_round("6", "12", edit="1", confirm="1", version=str(told.json()["version"])),
                    path="rounds/1/edit/")

    assert response.json()["state"] == "stored"
    assert Game.objects.get(pk=game.pk).rounds.get().data["hands"] == {"Ana": 6, "Ben": 12}


def test_it_answers_a_queued_round_the_engine_refuses_with_its_reasons():
    game = make_game("tamalou", ["Ana", "Ben"])

    response = send(game, queued_round("5", ""))

    assert response.status_code == 422
    assert response.json() == {"state": "refused", "reasons": ["Il manque la main de Ben."]}
    assert Game.objects.get(pk=game.pk).rounds.count() == 0


def test_it_answers_a_queued_edit_the_engine_refuses_with_its_reasons():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])

    response = send(game, queued_round("5", "", edit="1", confirm="1", version=str(game.version)),
                    path="rounds/1/edit/")

    assert response.status_code == 422
    assert response.json()["reasons"] == ["Il manque la main de Ben."]


def test_it_shows_a_phone_whose_round_was_taken_both_rounds_and_three_choices():
    game = make_game("tamalou", ["Ana", "Ben"])
    version = game.version
    body = queued_round("5", "9") | {"round_number": "1", "version": str(version)}
    Client(headers={"user-agent": BEN}).post(f"/games/{game.token}/rounds/new/", body)

    html = Client().post(f"/games/{game.token}/rounds/new/",
                         queued_round("3", "12") | {"round_number": "1", "version": str(version)}).content.decode()

    assert 'data-testid="round-compare"' in html
    assert "Manche 1 : points de chaque version" in html
    assert "Garder la leur" in html and "Remplacer par la mienne" in html
    assert f'name="round_number" value="next" formaction="/games/{game.token}/rounds/new/"' in html


def test_it_adds_the_second_phone_s_round_as_the_next_round_when_it_chooses_so():
    game = make_game("tamalou", ["Ana", "Ben"])
    version = game.version
    Client().post(f"/games/{game.token}/rounds/new/", queued_round("5", "9") | {"round_number": "1"})
    mine = queued_round("3", "12") | {"version": str(version)}
    mine["round_number"] = ["1", "next"]  # the form's number, then the button's choice

    response = Client().post(f"/games/{game.token}/rounds/new/", mine)

    assert response.status_code == 302
    assert [r.data["hands"] for r in Game.objects.get(pk=game.pk).rounds.all()] == [
        {"Ana": 5, "Ben": 9}, {"Ana": 3, "Ben": 12}]


def test_it_serves_the_offline_page_in_the_visitor_s_language():
    french = Client().get("/offline/").content.decode()
    english = Client(headers={"accept-language": "en"}).get("/offline/").content.decode()

    assert "Parties gardées sur ce téléphone" in french
    assert 'id="kept-games"' in english and "Games kept on this phone" in english


def test_it_serves_the_queue_inside_the_service_worker():
    source = Client().get("/sw.js").content.decode()

    assert "RoundQueue" in source and "marque-carte-v2" in source
    assert json.dumps("send-rounds") in source
