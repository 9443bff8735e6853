"""What is a person's is theirs (issue 30 item 6): they export it, and delete it; their
games stay for the others, with their name replaced if they ask."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Person, PersonKey
from tests.factories import make_game, tamalou_round


def anas_phone(game: Game) -> Client:
    phone = Client()
    phone.get(game.get_absolute_url())
    phone.post(reverse("claim_person"), {"game": game.token, "name": "Ana"})
    return phone


@pytest.mark.django_db
def test_a_person_exports_their_games_and_records_and_a_stranger_gets_nothing() -> None:
    game = make_game(players=["Ana", "Ben"], options={"rounds": 1}, rounds=[tamalou_round("Ana", Ana=1, Ben=9)])
    make_game(players=["Ben", "Chloé"])  # not hers
    phone = anas_phone(game)
    person = game.seats.get(name="Ana").player.person_id

    data = json.loads(phone.get(reverse("export_person")).content)

    assert data["person"] == person and data["names"] == ["Ana"]
    assert data["records"]["games"] == 1 and data["records"]["wins"] == 1
    assert [g["record"]["players"] for g in data["games"]] == [["Ana", "Ben"]]
    assert data["games"][0]["record"]["people"]["Ana"] == person
    assert Client().get(reverse("export_person")).status_code == 404


@pytest.mark.django_db
def test_deleting_a_person_keeps_their_games_for_the_others() -> None:
    game = make_game(players=["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=1, Ben=9)])
    phone = anas_phone(game)
    person = game.seats.get(name="Ana").player.person_id

    phone.post(reverse("forget_person"))

    assert not Person.objects.filter(pk=person).exists() and not PersonKey.objects.exists()
    assert 'data-testid="nobody"' in phone.get(reverse("my_page")).content.decode()
    kept = Game.objects.get(pk=game.pk)
    assert kept.player_names() == ["Ana", "Ben"] and kept.totals == game.totals


@pytest.mark.django_db
def test_deleting_with_the_name_replaced_writes_anonyme_in_each_game_and_rescored_the_same() -> None:
    game = make_game(players=["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=1, Ben=9)])
    other = make_game(players=["Anonyme", "Ana"], rounds=[tamalou_round(None, Anonyme=4, Ana=2)])
    phone = anas_phone(game)

    phone.post(reverse("forget_person"), {"replace_name": "on"})

    first, second = Game.objects.get(pk=game.pk), Game.objects.get(pk=other.pk)
    assert first.player_names() == ["Anonyme", "Ben"]
    assert first.totals == {"Anonyme": game.totals["Ana"], "Ben": game.totals["Ben"]}
    assert second.player_names() == ["Anonyme", "Anonyme 2"]  # the name taken there already
    assert first.changes.filter(action="renamed").exists()
