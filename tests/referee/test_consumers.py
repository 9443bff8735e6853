"""The table's WebSocket consumer: membership, fair claims, broadcasts, rate limiting."""

from __future__ import annotations

import time

import pytest
from channels.db import database_sync_to_async

from referee.limits import gates
from referee.live import consumers
from referee.models import TableEvent, forget_cached_states
from tests.referee.phones import open_table, phone, until, update_with

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]



async def test_it_sends_the_current_state_to_a_member_with_a_valid_token():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        hello = await until(ana, "table.state")
    assert hello["member"]["seat"] == "Ana"
    assert hello["state"]["players"] == ["Ana", "Ben", "Chloé"]
    assert hello["rulings"][0]["text"] == "Ana a rejoint la table."


async def test_it_closes_with_4403_without_a_token_and_a_wrong_first_message():
    t = await open_table()
    async with phone(t["code"], None) as stranger:
        await stranger.send_json_to({"type": "discard", "player": "Ana", "card": "7H"})
        closed = await stranger.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": 4403}


async def test_it_closes_with_4403_for_a_token_of_another_table():
    t, other = await open_table(), await open_table()
    async with phone(t["code"], other["tokens"]["Ana"]) as stranger:
        closed = await stranger.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": 4403}


async def test_it_accepts_the_token_in_the_first_message():
    t = await open_table()
    async with phone(t["code"], None) as ana:
        await ana.send_json_to({"type": "auth", "token": t["tokens"]["Ana"]})
        hello = await until(ana, "table.state")
    assert hello["member"]["seat"] == "Ana"


async def test_it_broadcasts_a_discard_and_a_claim_to_every_phone_of_the_table():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await update_with(ben, "window.opened")
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S",
                                "window": opened["state"]["window"]["id"]})
        seen_by_ana = await update_with(ana, "snap.accepted")
    assert seen_by_ana["state"]["snapped"] == {"Ben": 1}
    assert "Ben pose 4♠ : accepté." in [r["text"] for r in seen_by_ana["rulings"]]


async def test_it_orders_claims_by_tap_time_converted_with_each_phones_clock_offset(monkeypatch):
    t = await open_table()
    base = time.time() + 60  # the server's clock, moved by hand from here on
    clock = {"now": base}
    monkeypatch.setattr(consumers, "now", lambda: clock["now"])
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["Chloé"]) as chloe, \
            phone(t["code"], t["tokens"]["referee"]) as referee:
        for communicator in (ben, chloe, referee):
            await until(communicator, "table.state")
        # Chloé's phone clock is 500 s behind the server's; 20 ms each way.
        behind = base - 500
        await chloe.send_json_to({"type": "clock.ping", "t0": behind - 0.02})
        await until(chloe, "clock.pong")
        clock["now"] = base + 0.04  # her sample comes back a round trip after our pong
        await chloe.send_json_to({"type": "clock.sample", "t0": behind - 0.02, "t3": behind + 0.02})
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(chloe, "window.opened")
        # Chloé presses "Snap !" at +0.30 (her press arrives 20 ms later), then takes her time naming the card.
        clock["now"] = base + 0.32
        await chloe.send_json_to({"type": "snap.tap", "tap": behind + 0.30, "id": "c1"})
        assert (await until(chloe, "received"))["id"] == "c1"
        # Ben (clock right) taps at +0.40 and his claim arrives first.
        clock["now"] = base + 0.45
        await chloe.send_json_to({"type": "ping-noise"})  # unknown types are refused, not fatal
        await until(chloe, "error")
        await ben.send_json_to({"type": "snap.claim", "player": "Ana", "card": "4S"})  # not Ben's seat
        refused = await until(ben, "table.refused")  # to Ben alone
        assert refused["ruling"]["text"] == "Ce téléphone ne peut pas agir pour Ana."
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4S", "tap": base + 0.40})
        await update_with(ben, "snap.accepted")
        clock["now"] = base + 0.60
        await chloe.send_json_to({"type": "snap.claim", "player": "Chloé", "card": "4C", "tap": behind + 0.30})
        overturned = await update_with(ben, "snap.overturned")
    verdicts = {c["player"]: c["verdict"] for c in overturned["state"]["window"]["claims"]}
    assert verdicts == {"Ben": "handed_back", "Chloé": "accepted"}  # the refused claim left no trace
    chloe_claim = next(c for c in overturned["state"]["window"]["claims"] if c["player"] == "Chloé")
    assert round(chloe_claim["tap"] - base, 3) == 0.30
    kinds = await database_sync_to_async(lambda: list(TableEvent.objects.filter(table_id=t["pk"])
                                                      .values_list("kind", flat=True)))()
    assert kinds[-3:] == ["discard", "snap.claim", "snap.claim"]  # the refused claim is not in the log


async def test_it_rebuilds_the_state_from_the_log_after_a_restart_in_the_middle_of_a_window():
    t = await open_table(snap_limit=10.0)
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        await until(ana, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(ana, "window.opened")
    forget_cached_states()  # the process restarted: nothing in memory
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        hello = await until(ben, "table.state")
        assert hello["state"]["window"]["card"] == "4H" and hello["state"]["window"]["closed"] is None
        await ben.send_json_to({"type": "snap.claim", "player": "Ben", "card": "4D"})
        accepted = await update_with(ben, "snap.accepted")
    assert accepted["state"]["snapped"] == {"Ben": 1}


async def test_it_slows_down_a_member_that_sends_too_much_whatever_its_sockets(monkeypatch):
    t = await open_table()
    frozen = time.time()
    monkeypatch.setattr(consumers, "now", lambda: frozen)  # no time passes: the bucket never refills
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ana"]) as ana_again:
        await until(ana, "table.state")
        await until(ana_again, "table.state")
        for i in range(gates.BURST + 3):
            await (ana if i % 2 else ana_again).send_json_to({"type": "clock.ping", "t0": float(i)})
        replies = [r for communicator in (ana, ana_again) for r in await _all_sent(communicator)]
    kinds = [r["type"] for r in replies]
    # One bucket for the member, made with BURST tokens; the connects used none. Each socket
    # says "rate_limited" once for its run of refused messages (not for every one of a flood).
    assert kinds.count("clock.pong") == gates.BURST
    assert kinds.count("error") == 2 and {r["code"] for r in replies if r["type"] == "error"} == {"rate_limited"}


async def _all_sent(communicator) -> list[dict]:
    """Every message the socket was sent until it goes quiet."""
    out = []
    while not await communicator.receive_nothing(timeout=0.3):
        out.append(await communicator.receive_json_from())
    return out


async def test_it_logs_every_accepted_event_with_increasing_numbers():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["referee"]) as referee:
        await until(referee, "table.state")
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(referee, "window.opened")
        await referee.send_json_to({"type": "call.made", "player": "Ana"})  # at the end of her turn
        await update_with(referee, "call.made")

    kinds = await database_sync_to_async(
        lambda: list(TableEvent.objects.filter(table_id=t["pk"]).values_list("seq", "kind")))()
    assert kinds[-2:] == [(5, "discard"), (6, "call.made")]
    assert [seq for seq, _ in kinds] == list(range(1, 7))


async def test_it_speaks_english_to_an_english_phone():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"], lang="en") as ana:
        hello = await until(ana, "table.state")
    assert hello["rulings"][0]["text"] == "Ana joined the table."


async def test_the_server_closes_the_window_on_time_by_itself():
    t = await open_table(snap_limit=0.01)  # the discarding phone's timer fires at once
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        closed = await update_with(ben, "window.timeout")
    assert closed["state"]["window"]["close_reason"] == "timeout"


async def test_a_phones_tick_closes_a_window_past_its_deadline_and_is_ignored_before(monkeypatch):
    t = await open_table(snap_limit=10.0)
    clock = {"now": time.time() + 60}
    monkeypatch.setattr(consumers, "now", lambda: clock["now"])
    monkeypatch.setattr(consumers, "TIMER_SLACK", 3600.0)  # the server's own timer stays out of it
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        await until(ana, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(ana, "window.opened")
        await ana.send_json_to({"type": "window.tick"})  # too early: nothing is logged or sent
        clock["now"] += 10.5
        await ana.send_json_to({"type": "window.tick"})
        closed = await update_with(ana, "window.timeout")
    assert closed["seq"] == 6  # 4 joins, the discard, the timeout: the early tick left no trace


async def test_it_drops_a_message_too_big_to_be_a_table_action():
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        await until(ana, "table.state")
        await ana.send_to(text_data='{"type": "ask", "junk": "' + "x" * 5000 + '"}')
        error = await until(ana, "error")
    assert error["code"] == "message_too_big"
    count = await database_sync_to_async(lambda: TableEvent.objects.filter(table_id=t["pk"], kind="ask").count())()
    assert count == 0
