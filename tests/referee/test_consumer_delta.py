"""Updates on the wire: what changed when that is shorter, the whole state on connect and sync."""

from __future__ import annotations

import json

import pytest

from engine.table import delta
from engine.table.machine import new_table
from referee.live.messages import update_message
from referee.models import forget_cached_states
from tests.referee.phones import open_table, phone, until, update_with

pytestmark = pytest.mark.django_db(transaction=True)


async def raw_update(communicator) -> dict:
    """The next table.update as the server sent it (before the test phone folds it)."""
    while True:
        message = json.loads(await communicator.receive_from(timeout=3))
        if message["type"] == "table.update":
            return message


def to_the_microsecond(value):
    """Times as the log keeps them: a state replayed from the log (a new phone's) has the
    events' times to the microsecond, the live one (the updates') the clock's own float."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {k: to_the_microsecond(v) for k, v in value.items()}
    return [to_the_microsecond(v) for v in value] if isinstance(value, list) else value


@pytest.mark.asyncio
async def test_a_claim_reaches_every_phone_as_its_changes_and_they_rebuild_the_state_a_new_phone_gets():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        hello = await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await raw_update(ben)
        seen_by_ana = await raw_update(ana)
        assert {**seen_by_ana, "server_time": 0} == {**opened, "server_time": 0}  # one update for all
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S", "window": opened["seq"]})
        claimed = await raw_update(ana)
        async with phone(t["code"], t["tokens"]["Chloé"]) as chloe:
            now = await until(chloe, "table.state")
    assert "state" not in opened and "state" not in claimed
    assert opened["seq"] == hello["seq"] + 1 and claimed["seq"] == hello["seq"] + 2
    rebuilt = delta.patch(delta.patch(hello["state"], opened["delta"]), claimed["delta"])
    assert to_the_microsecond(rebuilt) == to_the_microsecond(now["state"]) and rebuilt["snapped"] == {"Ben": 1}
    assert len(json.dumps(claimed["delta"])) < len(json.dumps(now["state"])) / 3
    assert [r["text"] for r in claimed["rulings"]] == ["Ben pose 4♠ : accepté."]  # worded in the phone's language


@pytest.mark.asyncio
async def test_a_phone_that_asks_to_sync_gets_the_whole_state_and_the_rulings_since():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        hello = await until(ana, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(ana, "window.opened")
        await ana.send_json_to({"type": "sync", "since": hello["seq"]})
        synced = await until(ana, "table.state")
    assert synced["since"] == hello["seq"] and synced["state"]["pile_top"] == "4H"
    assert "window.opened" in [r["rule"] for r in synced["rulings"]]


@pytest.mark.asyncio
async def test_a_process_that_did_not_see_the_state_before_still_sends_the_changes_from_it():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        hello = await until(ana, "table.state")
        forget_cached_states()  # a restart, or another process wrote last: no cached state here
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await raw_update(ana)
    assert delta.patch(hello["state"], opened["delta"])["pile_top"] == "4H"


def test_an_update_carries_the_whole_state_when_the_changes_would_not_be_shorter():
    after = {**new_table("koubo", ["Chloé", "Dan", "Eve"], 5.0).to_json(), "turn": "Dan", "last_seq": 1}
    before = {key: 0 for key in after}  # every key changed: its path costs more than its name
    whole = update_message(1, after, [], before=before)
    assert "delta" not in whole and json.loads(whole["state"]) == after
    before = new_table("tamalou", ["Ana", "Ben"]).to_json()
    small = update_message(1, {**before, "last_seq": 1}, [], before=before)
    assert "state" not in small and json.loads(small["delta"]) == [[["last_seq"], 1]]
    assert "state" in update_message(1, after, [])  # nothing to diff from: the whole state
