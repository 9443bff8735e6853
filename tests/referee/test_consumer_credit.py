"""The credit a phone gets is earned (issue 21, point 4).

The attack: a phone on a 20 ms network holds back every clock report by 300 ms. The
server used to measure it 170 ms away, credit it the whole cap (150 ms) and let its
tap overturn an honest winner's 100 ms earlier. Now a sample's round trip is the
smaller of the server's measure and the phone's own stamps, the credit rests on the
fastest round trips of the socket's life, and a claim's own timing bounds it.
"""

from __future__ import annotations

import time

import pytest

from engine.table.clock import CREDIT_MARGIN, DEFAULT_CREDIT_CAP
from referee.live import consumers
from tests.referee.phones import open_table, phone, until, update_with

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by hand (phones' clocks read the same here)."""
    moment = {"now": time.time() + 60}
    monkeypatch.setattr(consumers, "now", lambda: moment["now"])
    monkeypatch.setattr(consumers, "TIMER_SLACK", 3600.0)
    return moment


async def measure(communicator, clock, one_way: float, hold: float = 0.0, times: int = 3) -> None:
    """Ping/pong exchanges `one_way` seconds each way; the phone sits `hold` seconds on each report."""
    for _ in range(times):
        start = clock["now"]
        await communicator.send_json_to({"type": "clock.ping", "t0": start - one_way})
        await until(communicator, "clock.pong")
        clock["now"] = start + 2 * one_way + hold
        await communicator.send_json_to({"type": "clock.sample", "t0": start - one_way, "t3": start + one_way})
        clock["now"] += 1.0


async def race(clock, ben_delay: float, chloe_delay: float, chloe_hold: float,
               first: tuple[str, float], second: tuple[str, float]) -> tuple[dict, dict]:
    """Ben and Chloé snap the 4H; each `(player, true tap after the card was sent)` in arrival
    order; the claims are stamped 0 (as early as anyone may ask). (the last update, taps after opening)"""
    t = await open_table(snap_limit=10.0)
    delays = {"Ben": ben_delay, "Chloé": chloe_delay}
    async with phone(t["code"], t["tokens"]["Ben"]) as ben, phone(t["code"], t["tokens"]["Chloé"]) as chloe, \
            phone(t["code"], t["tokens"]["referee"]) as referee:
        phones = {"Ben": ben, "Chloé": chloe}
        for communicator in (ben, chloe, referee):
            await until(communicator, "table.state")
        await measure(chloe, clock, chloe_delay, chloe_hold)
        await measure(ben, clock, ben_delay)
        await referee.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        for communicator in (ben, chloe):
            await update_with(communicator, "window.opened")
        opened = clock["now"]
        last = None
        for player, tap in (first, second):
            clock["now"] = opened + tap + delays[player]  # the claim arrives
            card = "4S" if player == "Ben" else "4C"
            await phones[player].send_json_to({"type": "snap.claim", "player": player, "card": card, "tap": 0})
            last = await ruled(phones[player], player)
    taps = {c["player"]: round(c["tap"] - opened, 6) for c in last["state"]["window"]["claims"]}
    return last, taps


async def ruled(communicator, player: str) -> dict:
    """The update ruling this player's claim (it may follow updates of earlier events)."""
    while True:
        update = await until(communicator, "table.update")
        if any(r.get("player") == player and r["rule"] in ("snap.accepted", "snap.handed_back")
               or r.get("faster") == player for r in update["rulings"]):
            return update


def verdicts(update: dict) -> dict[str, str]:
    return {c["player"]: c["verdict"] for c in update["state"]["window"]["claims"]}


async def test_a_phone_holding_back_its_clock_reports_no_longer_overturns_a_tap_100_ms_earlier(clock):
    # Ben, honest, 50 ms away, taps at +250 ms; Chloé, 20 ms away, holding each report 300 ms, taps at +350.
    update, taps = await race(clock, 0.050, 0.020, 0.300, ("Ben", 0.250), ("Chloé", 0.350))

    assert verdicts(update) == {"Ben": "accepted", "Chloé": "handed_back"}
    assert taps["Chloé"] == pytest.approx(0.370 - 0.020 - CREDIT_MARGIN)  # her real delay, not 150 ms


async def test_an_honest_phone_300_ms_away_is_credited_the_cap_and_the_ruling_says_so(clock):
    # Ben really is 300 ms away: he sees the card at +300, taps at +450; Chloé (20 ms) taps at +650.
    update, taps = await race(clock, 0.300, 0.020, 0.0, ("Chloé", 0.650), ("Ben", 0.450))

    assert taps["Ben"] == pytest.approx(0.750 - DEFAULT_CREDIT_CAP)  # half his delay: the cap
    assert verdicts(update) == {"Ben": "accepted", "Chloé": "handed_back"}
    overturned = next(r for r in update["rulings"] if r["rule"] == "snap.overturned")
    assert overturned["by_credit"] is True and overturned["credit_ms"] == 150
    assert "Décidé par le délai réseau crédité à Ben (150 ms avant son message)" in overturned["text"]


async def test_an_honest_phone_300_ms_away_loses_to_a_tap_less_than_the_cap_after_its_own(clock):
    # Ben taps at +450 as above, Chloé at +550: 100 ms later, but 150 ms of credit is all Ben gets.
    update, taps = await race(clock, 0.300, 0.020, 0.0, ("Chloé", 0.550), ("Ben", 0.450))

    assert taps["Ben"] == pytest.approx(0.600) and taps["Chloé"] == pytest.approx(0.570 - 0.020 - CREDIT_MARGIN)
    assert verdicts(update) == {"Chloé": "accepted", "Ben": "handed_back"}
