"""Two phones saving a round of the same game at the same moment: none lost, none doubled.

Real threads, each with its own database connection and transaction
(`transaction=True`): Game.add_round holds the game row (SELECT … FOR UPDATE on
PostgreSQL; BEGIN IMMEDIATE on SQLite, see scorekeeper/env.py), so the second
phone waits for the first and then numbers its round after it.
"""

import json
import threading
import uuid
from collections.abc import Callable

import pytest
from django.db import connection

from scorekeeper.models import Game
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(*calls: Callable[[], object]) -> list[object]:
    """Run each call in its own thread, released together; their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - handed back to the test to show
            results[i] = exc
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a writer is still waiting"
    return results


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
