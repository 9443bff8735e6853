"""The rulings of table-rules v1.1 through the WebSocket, as a phone sends them:
a power aimed at a player's card, fontenaysien's last card, no time limit by default."""

from __future__ import annotations

import pytest

from tests.referee.phones import open_table, phone, until, update_with

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_a_power_aimed_at_a_card_outside_its_reach_is_ruled_wrong_for_every_phone():
    t = await open_table("tamalou")
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "7H"})
        await update_with(ben, "power.available")
        await ana.send_json_to({"type": "power.used", "player": "Ana", "targets": [{"player": "Ben", "card": 1}]})
        seen = await update_with(ben, "power.wrong")
    wrong = next(r for r in seen["rulings"] if r["rule"] == "power.wrong")
    assert wrong["targets"] == [{"player": "Ben", "card": 1}] and wrong["reason"] == "outside_reach"
    assert seen["state"]["penalty_cards"] == {"Ana": 1}


async def test_a_malformed_target_is_refused_before_the_table():
    t = await open_table("tamalou")
    async with phone(t["code"], t["tokens"]["Ana"]) as ana:
        await until(ana, "table.state")
        await ana.send_json_to({"type": "power.used", "player": "Ana", "targets": [{"player": "Ben", "card": "x"}]})
        error = await until(ana, "error")
    assert error["code"] == "not_a_list_of_targets" and error["field"] == "targets"


async def test_fontenaysien_no_card_left_ends_the_round_for_every_phone():
    t = await open_table("fontenaysien")
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "round.last_card", "player": "Ana"})
        seen = await update_with(ben, "round.over")
    assert seen["state"]["over"] == "last_card" and seen["state"]["went_out"] == "Ana"


async def test_a_table_opened_without_a_limit_keeps_its_window_open_until_covered():
    t = await open_table("tamalou", snap_limit=0)
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        opened = await update_with(ben, "window.opened")
        assert opened["state"]["window"]["deadline"] is None
        await ben.send_json_to({"type": "discard", "player": "Ben", "card": "5S"})
        covered = await update_with(ana, "window.covered")
    assert covered["state"]["covered"]["close_reason"] == "covered"


async def test_cabo_bruxellois_a_phone_taking_the_pile_after_a_snap_is_refused_alone():
    t = await open_table("cabo-bruxellois")
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben, \
            phone(t["code"], t["tokens"]["Chloé"]) as chloe:
        for p in (ana, ben, chloe):
            await until(p, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "7H"})
        await update_with(chloe, "window.opened")
        await chloe.send_json_to({"type": "snap.claim", "player": "Chloé", "card": "7S"})
        await update_with(ben, "snap.accepted")
        await ben.send_json_to({"type": "discard", "player": "Ben", "card": "4H", "took_pile": True})
        refused = await until(ben, "table.refused")
        await ben.send_json_to({"type": "discard", "player": "Ben", "card": "4H"})  # drawn instead
        seen = await update_with(chloe, "window.opened")
    assert refused["ruling"]["rule"] == "pile.taken_after_snap"
    assert "défausse rapide a réussi sur 7♥" in refused["ruling"]["text"]
    assert seen["state"]["turn"] == "Ben" and seen["state"]["pile_top"] == "4H"


async def test_the_current_player_says_the_stock_is_empty_and_every_phone_reads_it():
    """table-rules.md v1.2, "Memory games, an empty stock": one message, logged, for every phone."""
    t = await open_table("tamalou")
    async with phone(t["code"], t["tokens"]["Ana"]) as ana, phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ana, "table.state")
        await until(ben, "table.state")
        await ana.send_json_to({"type": "discard", "player": "Ana", "card": "4H"})
        await update_with(ben, "window.opened")
        await ben.send_json_to({"type": "stock.empty", "reshuffled": False})
        seen = await update_with(ana, "stock.exhausted")
    said = next(r for r in seen["rulings"] if r["rule"] == "stock.exhausted")
    assert said["player"] == "Ben" and said["text"].startswith("Pioche vide, et rien à mélanger")
    assert seen["state"]["stock_out"] is True
