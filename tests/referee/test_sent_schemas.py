"""Every message the server sends has a schema (referee/live/sent.py), as Zulip's event_schema.

Real sockets are driven through a scenario that produces every type a phone can receive; each
text a phone is sent, and each message a table's group carries, is decoded against the union of
the schemas. A type sent without a schema fails the decoding; a schema no scenario produces fails
the coverage check (add the message to the scenario)."""

from __future__ import annotations

import time
from typing import Any, get_args

import msgspec
import pytest
from channels.db import database_sync_to_async

from referee.live import broadcast, consumers, sent
from referee.models import LiveTable
from tests.referee.phones import open_table, phone, until, update_with
from tests.referee.test_consumer_guard import measure

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

TAGS = {cls.__struct_config__.tag for cls in get_args(sent.PhoneMessage)}


def check_phone_message(text: str) -> str:
    """The message's type, once it decoded against its schema (raises otherwise)."""
    message = msgspec.json.decode(text, type=sent.PhoneMessage)
    for ruling in getattr(message, "rulings", []) + [getattr(message, "ruling", {"rule": "", "text": ""})]:
        assert isinstance(ruling.get("rule"), str) and isinstance(ruling.get("text"), str), text
    tag = type(message).__struct_config__.tag
    assert isinstance(tag, str)
    return tag


@pytest.fixture
def checked(monkeypatch) -> dict[str, set[str]]:
    """Every text the consumers send, and every group message they handle, checked against the schemas."""
    seen: dict[str, set[str]] = {"phone": set(), "group": set(), "failures": set()}
    send, dispatch = consumers.TableConsumer.send, consumers.TableConsumer.dispatch

    async def checked_send(self, text_data=None, bytes_data=None, close=False):
        if text_data is not None:
            try:
                seen["phone"].add(check_phone_message(text_data))
            except (msgspec.ValidationError, AssertionError) as error:
                seen["failures"].add(f"{text_data[:200]}: {error}")
        await send(self, text_data, bytes_data, close)

    async def checked_dispatch(self, message: dict[str, Any]):
        if not message["type"].startswith("websocket."):
            try:
                msgspec.convert(message, sent.GroupMessage)
                seen["group"].add(message["type"])
            except msgspec.ValidationError as error:
                seen["failures"].add(f"group {message}: {error}")
        await dispatch(self, message)

    monkeypatch.setattr(consumers.TableConsumer, "send", checked_send)
    monkeypatch.setattr(consumers.TableConsumer, "dispatch", checked_dispatch)
    return seen


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by hand (as in test_consumer_guard.py: `measure` moves it)."""
    moment = {"now": time.time() + 60}
    monkeypatch.setattr(consumers, "now", lambda: moment["now"])
    monkeypatch.setattr(consumers, "TIMER_SLACK", 3600.0)
    return moment


@database_sync_to_async
def _ask_for_a_held_seat(pk: int) -> None:
    LiveTable.objects.get(pk=pk).ask_to_join("seat", "Ben")


async def test_every_message_a_phone_receives_matches_its_schema(checked, clock):
    t = await open_table()
    await _ask_for_a_held_seat(t["pk"])
    async with phone(t["code"], t["tokens"]["referee"]) as referee, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(referee, "table.state")
        await until(referee, "join.requested")  # pending when the referee connected
        await until(ben, "table.state")
        await measure(ben, clock, 0.040)
        await until(referee, "member.delay")
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H", "id": "d1"})
        await until(referee, "received")
        await update_with(ben, "window.opened")
        await ben.send_json_to({"type": "call.made", "player": 7})
        await until(ben, "error")
        await ben.send_json_to({"type": "round.last_card", "player": "Zed", "id": "r1"})
        await until(ben, "table.refused")
        broadcast._missed.add(t["code"])  # as after the channel layer failed: a resync goes first
        await referee.send_json_to({"type": "settings.change", "credit_cap_ms": 100})
        await until(referee, "table.option")
        await referee.send_json_to({"type": "join.answer", "request": 1 << 40, "approve": True})
        await until(referee, "error")
        # what the referee's page sends on closing (referee/views.py, table_close)
        await broadcast.to_table(t["code"], sent.TableClosed())
        await until(referee, "table.closed")
    assert not checked["failures"]
    assert checked["phone"] >= TAGS - {"join.answered"}
    assert {"table.update", "member.delay", "table.option", "table.resync", "table.closed"} <= checked["group"]


async def test_the_referees_answer_and_the_removed_seat_match_their_schemas(checked):
    t = await open_table()
    await _ask_for_a_held_seat(t["pk"])
    async with phone(t["code"], t["tokens"]["referee"]) as referee, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(referee, "table.state")
        asked = await until(referee, "join.requested")
        await until(ben, "table.state")
        await referee.send_json_to({"type": "join.answer", "request": asked["request"]["id"], "approve": True})
        await until(referee, "join.answered")
        closed = await ben.receive_output(timeout=3)
        while closed["type"] != "websocket.close":
            closed = await ben.receive_output(timeout=3)
    assert not checked["failures"]
    assert "join.answered" in checked["phone"]
    assert {"member.removed", "join.answered", "table.update"} <= checked["group"]


async def test_a_message_of_a_type_without_a_schema_fails_the_check():
    with pytest.raises(msgspec.ValidationError):
        check_phone_message('{"type": "table.gossip", "about": "Ben"}')
    with pytest.raises(msgspec.ValidationError):  # a known type missing a field
        check_phone_message('{"type": "received", "id": "d1", "refused": false}')
