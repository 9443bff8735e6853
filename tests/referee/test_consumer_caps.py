"""Caps of a live table's sockets (issue 21, point 3): spectators per table, messages per
client address; each refusal says which cap, and the honest phones keep playing."""

from __future__ import annotations

import math
import time
from contextlib import AsyncExitStack

import pytest
from channels.db import database_sync_to_async

from referee.live import consumers
from referee.models import LiveTable
from tests.referee.phones import open_table, phone, until, update_with

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@database_sync_to_async
def spectators(code: str, count: int) -> list[str]:
    table = LiveTable.objects.get(code=code, closed_at__isnull=True)
    return [table.join("spectator")[0].token() for _ in range(count)]


async def test_it_refuses_a_spectators_socket_beyond_the_tables_cap_and_never_a_seat(settings):
    settings.SPECTATORS_PER_TABLE = 3
    t = await open_table()
    tokens = await spectators(t["code"], 5)
    async with AsyncExitStack() as stack:
        watching = [await stack.enter_async_context(phone(t["code"], token)) for token in tokens[:3]]
        for communicator in watching:
            await until(communicator, "table.state")
        async with phone(t["code"], tokens[3]) as fourth:
            assert await fourth.receive_json_from() == {"type": "error", "code": "too_many_spectators",
                                                        "field": None}
            assert (await fourth.receive_output(timeout=1))["code"] == 4429
        async with phone(t["code"], t["tokens"]["Ben"]) as ben:  # a seat is never counted
            assert (await until(ben, "table.state"))["member"]["seat"] == "Ben"
        await watching[0].disconnect()  # one leaves: the fifth may watch
        async with phone(t["code"], tokens[4]) as fifth:
            assert (await until(fifth, "table.state"))["member"]["role"] == "spectator"


async def drain(communicator) -> list[str]:
    """What the socket was sent until it goes quiet: message types, error codes for errors."""
    seen = []
    while not await communicator.receive_nothing(timeout=0.3):
        message = await communicator.receive_json_from()
        seen.append(message.get("code") if message["type"] == "error" else message["type"])
    return seen


async def test_many_members_from_one_address_share_one_rate_and_honest_phones_keep_playing(settings):
    settings.ADDRESS_MESSAGES_RATE, settings.ADDRESS_MESSAGES_BURST = 5, 30
    t = await open_table(snap_limit=30.0)
    tokens = await spectators(t["code"], 10)
    async with phone(t["code"], t["tokens"]["referee"]) as referee, phone(t["code"], t["tokens"]["Ana"]) as ana, \
            AsyncExitStack() as stack:
        for communicator in (referee, ana):
            await until(communicator, "table.state")
        flood = [await stack.enter_async_context(phone(t["code"], token, address="192.0.2.66")) for token in tokens]
        for communicator in flood:
            await until(communicator, "table.state")
        started = time.monotonic()
        for communicator in flood:  # 10 members x 5 pings: each under its own rate, 50 from one address
            for i in range(5):
                await communicator.send_json_to({"type": "clock.ping", "t0": i})
        answers = [answer for communicator in flood for answer in await drain(communicator)]
        # The address's bucket refills at its rate meanwhile: a loaded machine takes longer.
        refilled = math.ceil((time.monotonic() - started) * settings.ADDRESS_MESSAGES_RATE) + 1
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await update_with(ana, "window.opened")
    assert 30 <= answers.count("clock.pong") <= 30 + refilled  # the address's burst and its refill
    assert "rate_limited" in answers
    assert opened["state"]["pile_top"] == "4H"


async def test_asking_for_the_whole_state_costs_a_phone_more_of_its_rate():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ben, "table.state")
        for _ in range(3):
            await ben.send_json_to({"type": "sync"})
        answers = await drain(ben)
    # A sync takes 10 of the 20 a member may send at once (a ping takes 1).
    assert answers == ["table.state", "table.state", "rate_limited"]


async def test_a_socket_flooding_on_regardless_is_closed(monkeypatch):
    monkeypatch.setattr(consumers, "FLOOD_CLOSE", 30)
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ben, "table.state")
        for i in range(60):
            await ben.send_json_to({"type": "clock.ping", "t0": i})
        seen = []
        while True:
            output = await ben.receive_output(timeout=2)
            if output["type"] == "websocket.close":
                break
            seen.append(output)
    assert output["code"] == 4429
    assert sum('"rate_limited"' in m.get("text", "") for m in seen) == 2  # the 1st and 21st refused, not all 30


async def test_a_socket_closed_for_flooding_logs_it_once_and_drops_the_rest_unread(monkeypatch, caplog):
    monkeypatch.setattr(consumers, "FLOOD_CLOSE", 30)
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ben, "table.state")
        for i in range(90):  # 60 still in flight when the server closes the socket
            await ben.send_json_to({"type": "clock.ping", "t0": i})
        while (await ben.receive_output(timeout=2))["type"] != "websocket.close":
            pass
        await ben.receive_nothing(timeout=0.5)
    assert sum("socket closed after" in r.getMessage() for r in caplog.records) == 1


async def test_a_burst_of_sockets_from_one_address_is_refused_before_any_database_work(settings, monkeypatch):
    settings.ADDRESS_SOCKETS_RATE, settings.ADDRESS_SOCKETS_BURST = 1, 3
    t = await open_table()
    tokens = await spectators(t["code"], 4)
    checked = []
    member_for = consumers._member_for
    monkeypatch.setattr(consumers, "_member_for", lambda code, token: checked.append(token) or member_for(code, token))
    async with AsyncExitStack() as stack:
        for token in tokens[:3]:
            await until(await stack.enter_async_context(phone(t["code"], token, address="192.0.2.77")), "table.state")
        async with phone(t["code"], tokens[3], address="192.0.2.77") as fourth:
            # closed with "try again later": the page retries by itself
            assert await fourth.receive_output(timeout=3) == {"type": "websocket.close",
                                                              "code": consumers.TRY_LATER}
        async with phone(t["code"], t["tokens"]["Ana"], address="192.0.2.78") as ana:  # another address
            assert (await until(ana, "table.state"))["member"]["seat"] == "Ana"
    assert checked == [*tokens[:3], t["tokens"]["Ana"]]  # the refused socket's token was never looked up


async def test_a_venues_players_keep_their_rulings_while_spectators_flood_from_the_same_address(settings):
    """Issue 28: the bar's phones and a flood of spectators share one address (through the
    trusted proxy, as nginx sends it); the players are limited per member, never per address."""
    settings.ADDRESS_MESSAGES_RATE, settings.ADDRESS_MESSAGES_BURST = 0.01, 30  # spent, and not refilled
    bar = "192.0.2.80"
    t = await open_table(snap_limit=30.0)
    tokens = await spectators(t["code"], 10)
    async with phone(t["code"], t["tokens"]["referee"], address=bar) as referee, \
            phone(t["code"], t["tokens"]["Ana"], address=bar) as ana, AsyncExitStack() as stack:
        for communicator in (referee, ana):
            await until(communicator, "table.state")
        flood = [await stack.enter_async_context(phone(t["code"], token, address=bar)) for token in tokens]
        for communicator in flood:
            await until(communicator, "table.state")
        for communicator in flood:  # the address's burst and more, spent by spectators
            for i in range(8):
                await communicator.send_json_to({"type": "clock.ping", "t0": i})
        answers = [answer for communicator in flood for answer in await drain(communicator)]
        assert "rate_limited" in answers  # the spectators were held back...
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H", "id": "honest"})
        opened = await update_with(ana, "window.opened")  # ...the honest discard got its ruling
    assert opened["state"]["pile_top"] == "4H"
