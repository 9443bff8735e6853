"""One round per round: each save names its round and the game's version; a phone
whose round was saved (or changed) by another first is told who did it and chooses
to keep theirs or to save its own as an edit. Nothing is stored twice."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from scorekeeper.models import Game, RoundChange
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
BEN = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1"


def phone(user_agent: str = "") -> Client:
    return Client(headers={"user-agent": user_agent} if user_agent else {})


def round_post(number: int, version: int, ana: str, ben: str, **extra: str) -> dict[str, str]:
    return {"round_number": str(number), "version": str(version), "request_id": str(uuid.uuid4()),
            "hand-0-cards": ana, "hand-1-cards": ben, "announcer": "", "action": "save", **extra}


def test_it_draws_the_form_with_its_round_and_the_game_s_version():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])

    html = phone().get(f"/games/{game.token}/rounds/new/").content.decode()

    assert 'name="round_number" value="2"' in html
    assert f'name="version" value="{game.version}"' in html


def test_it_tells_the_second_phone_who_saved_its_round_and_stores_nothing():
    game = make_game("tamalou", ["Ana", "Ben"])
    version = game.version
    assert phone(BEN).post(f"/games/{game.token}/rounds/new/",
                           round_post(1, version, "KH", "2S")).status_code == 302

    response = phone().post(f"/games/{game.token}/rounds/new/", round_post(1, version, "3H", "QS"))

    html = response.content.decode()
    assert "La manche 1 vient d’être enregistrée par Safari · iPhone." in html
    assert f'href="{game.get_absolute_url()}">Garder la leur' in html
    assert f'formaction="/games/{game.token}/rounds/1/edit/"' in html
    assert game.rounds.count() == 1


def test_it_saves_the_second_phone_s_round_as_an_edit_in_one_tap():
    game = make_game("tamalou", ["Ana", "Ben"])
    version = game.version
    phone(BEN).post(f"/games/{game.token}/rounds/new/", round_post(1, version, "KH", "2S"))
    second = phone()
    html = second.post(f"/games/{game.token}/rounds/new/", round_post(1, version, "3H", "QS")).content.decode()
    game.refresh_from_db()
    assert f'name="version" value="{game.version}"' in html  # the version of the round it replaces

    response = second.post(f"/games/{game.token}/rounds/1/edit/",
                           round_post(1, game.version, "3H", "QS", confirm="1"))

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.rounds.count() == 1
    assert game.rounds.get().data["hands"] == {"Ana": ["3H"], "Ben": ["QS"]}
    assert list(game.changes.values_list("action", flat=True)) == [RoundChange.ADDED, RoundChange.EDITED]


def test_it_tells_an_editing_phone_that_the_round_was_changed_meanwhile():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    drawn = game.version
    game.edit_round(1, tamalou_round(None, Ana=1, Ben=4), device=BEN)

    response = phone().post(f"/games/{game.token}/rounds/1/edit/",
                            round_post(1, drawn, "9H", "QS", confirm="1"))

    assert "La manche 1 vient d’être modifiée par Safari · iPhone." in response.content.decode()
    assert Game.objects.get(pk=game.pk).rounds.get().data["hands"] == {"Ana": 1, "Ben": 4}


def test_it_lets_an_edit_through_when_only_other_rounds_changed():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)] * 2)
    drawn = game.version
    game.edit_round(2, tamalou_round(None, Ana=1, Ben=4))

    response = phone().post(f"/games/{game.token}/rounds/1/edit/",
                            round_post(1, drawn, "9H", "QS", confirm="1"))

    assert response.status_code == 302


def test_it_says_the_sheet_changed_when_the_round_before_was_undone():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    drawn = game.version
    game.undo_last_round()

    html = phone().post(f"/games/{game.token}/rounds/new/", round_post(2, drawn, "9H", "QS")).content.decode()

    assert "La feuille a changé entre-temps : rien n’a été enregistré." in html
    assert Game.objects.get(pk=game.pk).rounds.count() == 0
