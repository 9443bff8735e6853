"""Two phones saving a round of the same game at the same moment: none lost, none doubled.

Real threads, each with its own database connection and transaction
(`transaction=True`): Game.add_round holds the game row (SELECT … FOR UPDATE on
PostgreSQL; BEGIN IMMEDIATE on SQLite, see config/env.py), so the second
phone waits for the first and then numbers its round after it.
"""

import json
import uuid

import pytest
from django.test import Client

from scorekeeper.models import Game, RoundTaken
from tests.concurrent import at_once
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_keeps_both_rounds_when_two_phones_save_at_once():
    game = make_game("tamalou", ["Ana", "Ben"])
    first, second = tamalou_round(None, Ana=4, Ben=2), tamalou_round(None, Ana=1, Ben=7)

    results = at_once(lambda: Game.objects.get(pk=game.pk).add_round(first, device="phone A"),
                      lambda: Game.objects.get(pk=game.pk).add_round(second, device="phone B"))

    assert not [r for r in results if isinstance(r, Exception)], results
    game.refresh_from_db()
    rounds = list(game.rounds.all())
    assert [r.number for r in rounds] == [1, 2]
    stored = {json.dumps(r.data, sort_keys=True) for r in rounds}
    assert stored == {json.dumps(d, sort_keys=True) for d in (first, second)}
    assert game.totals == {"Ana": 5, "Ben": 9}
    assert sorted(game.changes.values_list("number", flat=True)) == [1, 2]


def test_it_stores_a_double_tap_from_two_requests_at_once_once():
    game = make_game("tamalou", ["Ana", "Ben"])
    tap, data = uuid.uuid4(), tamalou_round(None, Ana=4, Ben=2)

    results = at_once(lambda: Game.objects.get(pk=game.pk).add_round(data, request_id=tap),
                      lambda: Game.objects.get(pk=game.pk).add_round(data, request_id=tap))

    assert not [r for r in results if isinstance(r, Exception)], results
    assert results[0].pk == results[1].pk
    game.refresh_from_db()
    assert game.rounds.count() == 1 and game.changes.count() == 1
    assert game.totals == {"Ana": 4, "Ben": 2}


def test_it_keeps_every_round_when_four_phones_save_at_once():
    game = make_game("tamalou", ["Ana", "Ben"])
    data = [tamalou_round(None, Ana=i, Ben=10 - i) for i in range(4)]

    results = at_once(*[(lambda d=d: Game.objects.get(pk=game.pk).add_round(d)) for d in data])

    assert not [r for r in results if isinstance(r, Exception)], results
    game.refresh_from_db()
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert game.totals == {"Ana": 6, "Ben": 34}


def test_it_stores_one_round_when_two_phones_save_the_same_round_at_once():
    """One round per round: both phones mean round 1; the second is told, not stored."""
    game = make_game("tamalou", ["Ana", "Ben"])
    first, second = tamalou_round(None, Ana=4, Ben=2), tamalou_round(None, Ana=1, Ben=7)

    results = at_once(lambda: Game.objects.get(pk=game.pk).add_round(first, device="A", number=1),
                      lambda: Game.objects.get(pk=game.pk).add_round(second, device="B", number=1))

    taken = [r for r in results if isinstance(r, RoundTaken)]
    assert len(taken) == 1 and taken[0].number == 1, results
    assert taken[0].change is not None and taken[0].change.action == "added"
    game.refresh_from_db()
    assert game.rounds.count() == 1 and game.changes.count() == 1


def _save_from_phone(game: Game, hands: dict[str, str], phone: str) -> str:
    client = Client(headers={"user-agent": phone})
    post = {"round_number": "1", "version": str(game.version), "request_id": str(uuid.uuid4()),
            "announcer": "", **{f"hand-{i}-cards": cards for i, cards in enumerate(hands.values())},
            "action": "save"}
    response = client.post(f"/games/{game.token}/rounds/new/", post)
    return response.content.decode() if response.status_code == 200 else f"saved {response.status_code}"


def test_it_tells_the_second_phone_who_saved_the_round_through_the_page():
    game = make_game("tamalou", ["Ana", "Ben"])
    android = "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36"
    iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1"

    results = at_once(lambda: _save_from_phone(game, {"Ana": "3H", "Ben": "KS"}, android),
                      lambda: _save_from_phone(game, {"Ana": "2H", "Ben": "QS"}, iphone))

    assert sorted(r.startswith("saved 302") for r in results) == [False, True], results
    told = next(r for r in results if not r.startswith("saved"))
    assert "La manche 1 vient d’être enregistrée par" in told
    assert "Garder la leur" in told and "Remplacer par la mienne" in told
    game.refresh_from_db()
    assert game.rounds.count() == 1
