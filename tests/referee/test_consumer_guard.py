"""A table nobody can cheat or drown: forged taps and clocks, floods of sockets and messages."""

from __future__ import annotations

import asyncio
import itertools
import time
from contextlib import AsyncExitStack

import pytest
from channels.db import database_sync_to_async

from engine.table.clock import CREDIT_MARGIN
from referee.limits import gates
from referee.live import consumers
from referee.models import LiveTable, TableEvent, TableMember
from tests.referee.phones import open_table, phone, until, update_with

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]



@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by hand."""
    moment = {"now": time.time() + 60}
    monkeypatch.setattr(consumers, "now", lambda: moment["now"])
    monkeypatch.setattr(consumers, "TIMER_SLACK", 3600.0)  # the server's own timers stay out of it
    return moment


async def measure(communicator, clock, one_way: float, phone_behind: float = 0.0) -> None:
    """One honest ping/pong with `one_way` seconds each way (the server's clock moves)."""
    start = clock["now"]
    await communicator.send_json_to({"type": "clock.ping", "t0": start - one_way - phone_behind})
    await until(communicator, "clock.pong")
    clock["now"] = start + 2 * one_way
    await communicator.send_json_to({"type": "clock.sample", "t0": start - one_way - phone_behind,
                                     "t3": start + one_way - phone_behind, "id": "s"})


async def logged(table_pk: int) -> list[str]:
    return await database_sync_to_async(
        lambda: list(TableEvent.objects.filter(table_id=table_pk).values_list("kind", flat=True)))()


async def test_a_forged_tap_gains_no_more_than_the_phones_measured_delay(clock):
    t = await open_table(snap_limit=10.0)
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["Chloé"]) as chloe, \
            phone(t["code"], t["tokens"]["referee"]) as referee:
        for communicator in (ben, chloe, referee):
            await until(communicator, "table.state")
        await measure(chloe, clock, 0.020)  # Chloé, the forger: 20 ms away
        await measure(ben, clock, 0.050)
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(chloe, "window.opened")
        opened = clock["now"]
        clock["now"] = opened + 0.300  # Ben truly taps at +0.250, 50 ms away: his claim arrives at +0.300
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S", "tap": opened + 0.250})
        await update_with(ben, "snap.accepted")
        clock["now"] = opened + 0.320  # Chloé truly taps at +0.300 and stamps it 0
        await chloe.send_json_to({"type": "snap.claim", "player": "Chloé", "card": "4C", "tap": 0})
        ruled = await update_with(chloe, "snap.handed_back")
    taps = {c["player"]: c["tap"] - opened for c in ruled["state"]["window"]["claims"]}
    assert taps["Chloé"] == pytest.approx(0.320 - 0.020 - CREDIT_MARGIN, abs=1e-6)  # credit: delay + margin
    assert {c["player"]: c["verdict"] for c in ruled["state"]["window"]["claims"]}["Ben"] == "accepted"


async def test_forged_clock_samples_cannot_get_a_snap_accepted_after_its_window_closed(clock):
    t = await open_table(snap_limit=1.0)
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["referee"]) as referee:
        await until(ben, "table.state")
        await until(referee, "table.state")
        # "My clock reads 100 and your pong reached me a millisecond later": a perfect network, on paper.
        await ben.send_json_to({"type": "clock.ping", "t0": 100})
        await until(ben, "clock.pong")
        clock["now"] += 0.040
        await ben.send_json_to({"type": "clock.sample", "t0": 100, "t3": 100.001})
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await update_with(ben, "window.opened")
        clock["now"] = opened["state"]["window"]["deadline"] + 2.5
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S", "tap": 100.5})
        refused = await until(ben, "table.refused")
    assert refused["ruling"]["rule"] == "snap.too_late"
    assert "snap.claim" not in await logged(t["pk"])


@pytest.mark.parametrize(("t0", "t3", "problem"), [
    (50.0, 49.0, "clock.negative_delay"),  # received before it was sent
    (-1.0, 5.0, "clock.after_its_report"),  # the pong "arrived" after the phone's report reached us
])
async def test_it_refuses_an_impossible_clock_sample_and_says_why(clock, t0, t3, problem):
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ben, "table.state")
        server = clock["now"]
        await ben.send_json_to({"type": "clock.ping", "t0": server + t0})
        await until(ben, "clock.pong")
        clock["now"] = server + 0.010
        await ben.send_json_to({"type": "clock.sample", "t0": server + t0, "t3": server + t3})
        error = await until(ben, "error")
    assert (error["code"], error["field"]) == (problem, "t3")


async def test_the_referee_sees_each_phones_measured_delay_and_a_phone_winning_at_its_credits_edge_is_flagged(clock):
    t = await open_table(snap_limit=10.0)
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["referee"]) as referee:
        await until(ben, "table.state")
        await until(referee, "table.state")
        await measure(ben, clock, 0.040)
        seen = await until(referee, "member.delay")
        credit = 40 + round(CREDIT_MARGIN * 1000)
        assert (seen["seat"], seen["one_way_ms"], seen["credit_ms"], seen["flagged"]) == ("Ben", 40, credit, False)
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "9H"})
        await update_with(ben, "window.opened")
        clock["now"] += 0.2
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "8S", "tap": 0})  # at the edge, lost
        lost = await until(referee, "member.delay")
        turns = itertools.cycle(["Ben", "Chloé", "Ana"])  # seat order after Ana's discard
        for i, rank in enumerate("456"[:gates.FLAG_AFTER]):
            player = next(turns)
            if player == "Ben":  # the referee logs Ben's turn: Ben snaps on the others' discards
                await referee.send_json_to({"type": "discard", "player": "Ben", "card": f"2{'CDS'[i]}"})
                await update_with(ben, "window.opened")
                player = next(turns)
            await referee.send_json_to({"type": "discard", "player": player, "card": f"{rank}H"})
            await update_with(ben, "window.opened")
            clock["now"] += 0.2
            await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": f"{rank}S", "tap": 0})
            report = await until(referee, "member.delay")
    assert (lost["at_limit"], lost["flagged"]) == (0, False)  # a wrong card at the edge wins nothing
    assert report["flagged"] and report["at_limit"] == gates.FLAG_AFTER and report["claims"] == gates.FLAG_AFTER + 1


async def test_a_phone_without_a_token_is_closed_after_a_few_seconds(monkeypatch):
    monkeypatch.setattr(consumers, "AUTH_WAIT", 0.05)
    t = await open_table()
    async with phone(t["code"], None) as stranger:
        closed = await stranger.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": consumers.FORBIDDEN}


async def test_a_member_gets_no_more_than_its_cap_of_sockets():
    t = await open_table()
    first = []
    async with AsyncExitStack() as stack:
        for _ in range(gates.MAX_SOCKETS + 1):  # one after the other: each says who it is before the next
            communicator = await stack.enter_async_context(phone(t["code"], t["tokens"]["Chloé"]))
            first.append(await communicator.receive_json_from(timeout=3))
        closed = await communicator.receive_output(timeout=3)
    assert [m["type"] for m in first] == ["table.state"] * gates.MAX_SOCKETS + ["error"]
    error = first[-1]
    assert error["code"] == "too_many_sockets"
    assert closed == {"type": "websocket.close", "code": consumers.TOO_MANY_SOCKETS}


async def test_a_refused_event_answers_its_sender_alone_and_is_counted_not_logged():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["Ana"]) as ana:
        await until(ben, "table.state")
        await until(ana, "table.state")
        await ben.send_json_to({"type": "ask", "question": "x" * 60, "id": "q1"})
        refused = await until(ben, "table.refused")
        received = await until(ben, "received")
        await ana.send_json_to({"type": "clock.ping", "t0": 1.0})
        first_for_ana = await ana.receive_json_from(timeout=3)  # no broadcast came before her pong
    assert refused["ruling"]["rule"] == "ask.unknown"
    assert received == {"type": "received", "id": "q1", "seq": None, "refused": True}
    assert first_for_ana["type"] == "clock.pong"
    assert "ask" not in await logged(t["pk"])
    count = await database_sync_to_async(lambda: TableMember.objects.get(table_id=t["pk"], seat="Ben").refused)()
    assert count == 1


async def test_twenty_sockets_of_one_member_flooding_cost_honest_phones_no_update():
    t = await open_table(snap_limit=30.0)
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben, \
            phone(t["code"], t["tokens"]["referee"]) as referee, AsyncExitStack() as stack:
        for communicator in (ana, ben, referee):
            await until(communicator, "table.state")
        flooders = [await stack.enter_async_context(phone(t["code"], t["tokens"]["Chloé"])) for _ in range(20)]

        async def flood(communicator) -> None:
            for i in range(24):  # eight oversize questions a second for 3 s, all at once
                question = {"type": "ask", "question": "stop_chain", "card": "x" * 60 * (i % 2 + 1)}
                await communicator.send_json_to(question if i % 3 else {**question, "junk": "y" * 5000})

        async def play() -> int:
            cards = ["4H", "5H", "6H", "7H", "8H", "9H"]
            for i, card in enumerate(cards):
                player = ["Ana", "Ben", "Chloé"][i % 3]
                await referee.send_json_to({"type": "discard", "player": player, "card": card})
                await asyncio.sleep(0.02)
            return len(cards)

        _, played = await asyncio.gather(asyncio.gather(*(flood(f) for f in flooders)), play())
        seqs = {"ana": [], "ben": []}
        for name, communicator in (("ana", ana), ("ben", ben)):
            while len(seqs[name]) < played:
                message = await until(communicator, "table.update")
                seqs[name].append(message["seq"])
    kinds = await logged(t["pk"])
    assert kinds.count("discard") == played and "ask" not in kinds  # refusals are counted, never stored
    assert seqs["ana"] == seqs["ben"] == list(range(5, 5 + played))  # every update, in order, none lost


async def test_the_referee_answers_a_request_for_a_held_seat_on_their_phone():
    t = await open_table()
    ask = await database_sync_to_async(
        lambda: LiveTable.objects.get(pk=t["pk"]).ask_to_join("seat", "Ben").as_message())()
    async with phone(t["code"], t["tokens"]["referee"]) as referee, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(referee, "table.state")
        assert (await until(referee, "join.requested"))["request"] == ask  # waiting since before it connected
        await until(ben, "table.state")
        await ben.send_json_to({"type": "join.answer", "request": ask["id"], "approve": True})
        assert (await until(ben, "error"))["code"] == "referee_only"
        await referee.send_json_to({"type": "join.answer", "request": ask["id"], "approve": True})
        left = await update_with(referee, "member.left")
        joined = await until(referee, "table.update")  # the new phone sits (a seat joined again)
        answered = await until(referee, "join.answered")
        while (output := await ben.receive_output(timeout=3))["type"] != "websocket.close":
            pass  # the updates before it
    assert output["code"] == consumers.FORBIDDEN  # the seat's former phone is shown the door
    assert left["seq"] + 1 == joined["seq"] and answered["request"] == ask["id"]
    assert joined["rulings"][0]["seat"] == "Ben"
    old_ben = await database_sync_to_async(lambda: LiveTable.objects.get(pk=t["pk"]).member_for_token(t["tokens"]["Ben"]))()
    assert old_ben is None


async def test_a_recorded_claim_is_acknowledged_to_its_phone_with_its_seq():
    t = await open_table(snap_limit=10.0)
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["referee"]) as referee:
        await until(ben, "table.state")
        await until(referee, "table.state")
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(ben, "window.opened")
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S", "id": "c-1"})
        received = await until(ben, "received")
    assert received == {"type": "received", "id": "c-1", "seq": 6, "refused": False}
