"""A state another process made as JSON is read back from the update this process relayed to
its phones, not made again (referee/live/relayed.py): the same JSON, one `to_json` less."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from engine.table import delta
from engine.table.machine import TableState
from referee import models
from referee.live import relayed
from referee.live.messages import update_message
from referee.models import LiveTable
from tests.factories import make_game
from tests.referee.phones import open_table, phone, until

PLAYERS = ["Ana", "Ben", "Chloé"]


def seated() -> tuple[LiveTable, dict[str, int]]:
    table = LiveTable.open_for(make_game("tamalou", PLAYERS), snap_limit=30)
    return table, {p: table.join("seat", p)[0].pk for p in PLAYERS}


def key(table: LiveTable) -> tuple[int, str]:
    return (table.pk, table.secret)


def elsewhere(table: LiveTable, seats: dict[str, int], kind: str, payload: dict, at: float,
              whole: bool = False) -> tuple[models.Outcome, dict]:
    """An event recorded by another process: this process's cache stays at the state before,
    and the update that process sent the group is what this one relays to its phones."""
    here = models._STATES.get(key(table))
    outcome = table.record(kind, payload, seats[payload["player"]], at)
    message = update_message(outcome.event.seq, outcome.state_json(), outcome.rulings,
                             before=None if whole else outcome.before_json())
    models._STATES[key(table)] = here
    return outcome, message


def counting_to_json(monkeypatch) -> list[int]:
    calls: list[int] = []
    made = TableState.to_json

    def to_json(state: TableState) -> dict:
        calls.append(state.last_seq)
        return made(state)

    monkeypatch.setattr(TableState, "to_json", to_json)
    return calls


def ruled_here(table: LiveTable, seats: dict[str, int], at: float) -> models.Outcome:
    """This process's own event: its state before is the one the other process recorded."""
    return table.record("snap.claim", {"player": "Chloé", "card": "7S"}, seats["Chloé"], at)


@pytest.mark.django_db
@pytest.mark.parametrize("whole", [False, True], ids=["changes", "whole state"])
def test_it_reads_the_state_before_from_the_update_heard_instead_of_making_it(monkeypatch, whole):
    table, seats = seated()
    mine = table.record("discard", {"player": "Ana", "card": "7H"}, seats["Ana"], 100.0)
    mine.state_json()  # this process sent it: its JSON is made and cached with it
    models._STATES[key(table)] = mine._known
    theirs, message = elsewhere(table, seats, "snap.claim", {"player": "Ben", "card": "7C"}, 100.5, whole)
    assert ("state" in message) is whole and ("delta" in message) is not whole
    relayed.heard(key(table), message)
    expected = theirs.state.to_json()
    calls = counting_to_json(monkeypatch)

    outcome = ruled_here(table, seats, 101.0)
    before = outcome.before_json()

    assert before == expected and json.dumps(before) == json.dumps(expected)  # keys in order too
    assert theirs.event.seq not in calls  # read back, not made again


@pytest.mark.django_db
def test_without_the_update_of_that_event_the_state_before_is_made_here(monkeypatch):
    table, seats = seated()
    mine = table.record("discard", {"player": "Ana", "card": "7H"}, seats["Ana"], 100.0)
    mine.state_json()
    models._STATES[key(table)] = mine._known
    relayed.heard(key(table), update_message(mine.event.seq, mine.state_json(), mine.rulings))  # an older one
    theirs, _message = elsewhere(table, seats, "snap.claim", {"player": "Ben", "card": "7C"}, 100.5)
    calls = counting_to_json(monkeypatch)

    outcome = ruled_here(table, seats, 101.0)

    assert outcome.before_json() == theirs.state.to_json()
    assert calls.count(theirs.event.seq) == 2  # made for the diff (and by the assertion)


def test_changes_that_do_not_fit_the_state_before_are_not_used():
    before = {"last_seq": 4, "window": None}
    message = {"seq": 5, "delta": json.dumps([[["window", "claims", 0], {}], [["last_seq"], 5]])}
    relayed.heard((1, "x"), message)
    assert relayed.state_json((1, "x"), 5, before) is None
    assert relayed.state_json((1, "x"), 5, {**before, "last_seq": 3}) is None  # not the state at seq - 1
    assert relayed.state_json((2, "x"), 5, before) is None  # another table's


def test_the_changes_put_on_a_shared_state_leave_it_as_it_was():
    before = {"last_seq": 4, "window": {"id": 3, "claims": [{"seq": 4}]}, "snapped": {}}
    kept = json.loads(json.dumps(before))
    changes = [[["covered"], "from", ["window"]], [["covered", "claims", 0, "seq"], 9],
               [["window", "claims", 1], {"seq": 5}], [["snapped", "Ben"], 1], [["last_seq"], 5]]
    after = delta.patched(before, changes)
    assert before == kept
    assert after == delta.patch(before, changes) == {
        "last_seq": 5, "window": {"id": 3, "claims": [{"seq": 4}, {"seq": 5}]}, "snapped": {"Ben": 1},
        "covered": {"id": 3, "claims": [{"seq": 9}]}}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_update_a_phone_is_sent_is_heard_for_its_table():
    t = await open_table()
    table = await sync_to_async(LiveTable.objects.get)(pk=t["pk"])
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        hello = await until(ana, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await until(ana, "table.update")
        async with phone(t["code"], t["tokens"]["Ben"]) as ben:
            now = await until(ben, "table.state")
    heard = relayed.state_json(key(table), hello["seq"] + 1, hello["state"])
    assert heard is not None and json.dumps(heard) == json.dumps(now["state"])
