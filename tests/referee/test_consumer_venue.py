"""A venue's phones share one address (issue 28, "Limits that follow the harm"): the sockets
of seated members are counted per member, never per address, so a flood of spectators'
sockets from the venue's address keeps no player out; one device opening many sockets is
capped, before any of its sockets costs a database lookup."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

import pytest
from channels.db import database_sync_to_async
from django.core import signing

from referee.limits import gates, guesses
from referee.live import consumers
from referee.models import LiveTable
from tests.referee.phones import open_table, phone, until

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
BAR = "192.0.2.90"


@database_sync_to_async
def spectators(code: str, count: int) -> list[str]:
    table = LiveTable.objects.get(code=code, closed_at__isnull=True)
    return [table.join("spectator")[0].token() for _ in range(count)]


@pytest.fixture
def lookups(monkeypatch) -> list[str]:
    """The tokens the consumer looked up in the database, in order."""
    checked: list[str] = []
    member_for = consumers._member_for
    monkeypatch.setattr(consumers, "_member_for", lambda code, token: checked.append(token) or member_for(code, token))
    return checked


async def closed_with(communicator) -> int | None:
    """The close code of a socket the server closes, skipping what it said first."""
    while True:
        output = await communicator.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            return output["code"]


def device(name: str) -> str:
    return f"{guesses.DEVICE_COOKIE}={guesses.device_cookie(name)}"


async def test_thirty_seated_phones_of_a_venue_connect_while_spectators_flood_from_its_address(
        settings, lookups):
    settings.ADDRESS_SOCKETS_RATE, settings.ADDRESS_SOCKETS_BURST = 1, 5
    tables = [await open_table() for _ in range(8)]
    seated = [(t["code"], token) for t in tables for token in t["tokens"].values()][:30]
    flood = await spectators(tables[0]["code"], 12)
    async with AsyncExitStack() as stack:
        flooding = [await stack.enter_async_context(phone(tables[0]["code"], token, address=BAR,
                                                          cookie=device(f"script-{i}")))
                    for i, token in enumerate(flood)]
        refused = [code for code in await asyncio.gather(*(closed_with(s) for s in flooding[5:]))]
        assert refused == [consumers.TRY_LATER] * 7  # the address's burst, spent by spectators
        venue = [await stack.enter_async_context(phone(code, token, address=BAR, cookie=device(f"phone-{i}")))
                 for i, (code, token) in enumerate(seated)]
        states = [await until(communicator, "table.state") for communicator in venue]
    assert len({(s["member"]["id"]) for s in states}) == 30  # every player is in, each as itself
    assert not set(flood[5:]) & set(lookups)  # the refused spectators' tokens were never looked up


async def test_one_seated_member_opening_many_sockets_is_capped_before_any_lookup(lookups):
    t = await open_table()
    ben = t["tokens"]["Ben"]
    async with AsyncExitStack() as stack:
        sockets = [await stack.enter_async_context(phone(t["code"], ben, address=BAR))
                   for _ in range(gates.MAX_SOCKETS + 3)]
        for communicator in sockets[:gates.MAX_SOCKETS]:
            await until(communicator, "table.state")
        for communicator in sockets[gates.MAX_SOCKETS:]:
            assert await communicator.receive_json_from() == {"type": "error", "code": "too_many_sockets",
                                                              "field": None}
            assert await closed_with(communicator) == consumers.TOO_MANY_SOCKETS
        async with phone(t["code"], t["tokens"]["Ana"], address=BAR) as ana:  # the same address
            assert (await until(ana, "table.state"))["member"]["seat"] == "Ana"
    assert lookups.count(ben) == gates.MAX_SOCKETS


async def test_sockets_one_member_opens_together_are_counted_before_any_of_their_lookups_ends(monkeypatch):
    t = await open_table()
    ben = t["tokens"]["Ben"]
    released, looked_up = asyncio.Event(), []
    member_for = consumers._member_for

    async def slow_lookup(code: str, token: str):
        looked_up.append(token)
        await released.wait()  # a busy database: no socket of the burst is in yet
        return await member_for(code, token)

    monkeypatch.setattr(consumers, "_member_for", slow_lookup)
    async with AsyncExitStack() as stack:
        sockets = [await stack.enter_async_context(phone(t["code"], ben, address=BAR))
                   for _ in range(gates.MAX_SOCKETS + 2)]
        for communicator in sockets[gates.MAX_SOCKETS:]:
            assert await communicator.receive_json_from() == {"type": "error", "code": "too_many_sockets",
                                                              "field": None}
        released.set()
        for communicator in sockets[:gates.MAX_SOCKETS]:
            await until(communicator, "table.state")
    assert looked_up.count(ben) == gates.MAX_SOCKETS


async def test_a_socket_whose_lookup_refuses_it_no_longer_counts_for_the_member_its_token_claimed():
    gates.forget()
    assert gates.member_may_open(7, "a", 0.0)
    gates.leave(7, "a")  # what the consumer does when the lookup finds no such member
    for channel in "bcd"[:gates.MAX_SOCKETS]:
        assert gates.member_may_open(7, channel, 1.0)


async def test_one_device_opening_many_spectators_sockets_is_capped_and_its_neighbours_still_watch(
        settings, lookups):
    settings.DEVICE_SOCKETS_RATE, settings.DEVICE_SOCKETS_BURST = 1, 3
    t = await open_table()
    tokens = await spectators(t["code"], 6)
    async with AsyncExitStack() as stack:
        greedy = [await stack.enter_async_context(phone(t["code"], token, address=BAR, cookie=device("greedy")))
                  for token in tokens[:5]]
        for communicator in greedy[:3]:
            await until(communicator, "table.state")
        for communicator in greedy[3:]:
            assert await closed_with(communicator) == consumers.TRY_LATER
        async with phone(t["code"], tokens[5], address=BAR, cookie=device("neighbour")) as neighbour:
            assert (await until(neighbour, "table.state"))["member"]["role"] == "spectator"
    assert not set(tokens[3:5]) & set(lookups)


async def test_a_token_signed_before_the_role_was_in_it_still_opens_its_seat():
    """Tokens live two days: one handed out before this change is counted as a stranger's
    socket (its role is unknown until it is looked up), then admitted as its seat."""
    t = await open_table()

    @database_sync_to_async
    def old_token() -> str:
        table = LiveTable.objects.get(pk=t["pk"])
        member = table.members.get(seat="Chloé")
        return signing.dumps({"m": member.pk}, salt=table._salt(), compress=True)

    async with phone(t["code"], await old_token(), address=BAR) as chloe:
        assert (await until(chloe, "table.state"))["member"]["seat"] == "Chloé"
