"""Redis down (issue 21, point 5): an event already logged is answered as logged, the phones
resync when the channel layer is back, and pages that need no channel layer keep answering."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from referee.limits import guesses
from referee.live import broadcast
from referee.models import LiveTable, TableEvent
from tests.factories import make_game
from tests.referee.phones import open_table, phone, until


class Down:
    """A channel layer whose Redis is unreachable."""

    async def group_send(self, group: str, message: dict) -> None:
        raise ConnectionRefusedError("Redis is down")


class CacheDown:
    def __getattr__(self, name: str):
        def fails(*args, **kwargs):
            raise ConnectionRefusedError("Redis is down")
        return fails


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_event_logged_while_the_layer_is_down_is_answered_as_logged_and_phones_resync_after(
        monkeypatch):
    monkeypatch.setattr(broadcast, "RESYNC_EVERY", 0.05)
    t = await open_table(snap_limit=30.0)
    async with phone(t["code"], t["tokens"]["referee"]) as referee, phone(t["code"], t["tokens"]["Ben"]) as ben:
        for communicator in (referee, ben):
            await until(communicator, "table.state")
        working = broadcast.get_channel_layer
        monkeypatch.setattr(broadcast, "get_channel_layer", Down)
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H", "id": "d1"})
        answer = await referee.receive_json_from()
        logged = await database_sync_to_async(
            lambda: list(TableEvent.objects.filter(table_id=t["pk"]).values_list("seq", "kind")))()
        assert answer == {"type": "received", "id": "d1", "seq": logged[-1][0], "refused": False}
        assert logged[-1][1] == "discard"
        assert await ben.receive_nothing(timeout=0.2)  # the update is lost with the layer

        monkeypatch.setattr(broadcast, "get_channel_layer", working)  # Redis is back
        state = await until(ben, "table.state")
    assert state["seq"] == logged[-1][0] and state["state"]["pile_top"] == "4H"


@pytest.mark.django_db
def test_the_join_page_answers_while_redis_is_down(monkeypatch):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    monkeypatch.setattr(broadcast, "get_channel_layer", Down)
    monkeypatch.setattr(guesses, "cache", CacheDown())
    phone = Client()

    assert phone.get(reverse("table_join", args=[table.code])).status_code == 200
    joined = phone.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Ana"})
    assert joined.status_code == 302 and joined["Location"] == reverse("table_page", args=[table.code])
    assert phone.get(reverse("table_page", args=[table.code])).status_code == 200
    assert phone.get(reverse("table_find"), {"code": "ZZZZZZ"}).status_code == 422
