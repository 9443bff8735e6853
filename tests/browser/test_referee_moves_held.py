"""A move at the live table either reaches the server or the phone says it did not: offline,
nothing is lost without a word. The call's confirmation sends the player it named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from referee.models import LiveTable
from tests.browser.test_referee_round import discard, newest, sit
from tests.factories import make_game


def test_a_call_made_offline_is_said_not_sent_and_the_table_never_gets_it(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    ana, ben = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    discard(ana, "3", "H")
    expect(ben.get_by_test_id("pile-top")).to_have_text("3♥")

    ana.context.set_offline(True)
    expect(ana.locator("#link-status")).not_to_have_text("en direct")
    ana.get_by_role("button", name="Dire « tamalou »").tap()
    ana.get_by_role("button", name="Confirmer\u00a0: Ana dit «\u00a0tamalou\u00a0»").tap()

    expect(newest(ana)).to_contain_text("Pas de réseau : rien n’est parti de ce téléphone.")
    ana.screenshot(path=artifacts / "referee-move-not-sent.png")
    assert [e.kind for e in table.events.all()][-1] == "discard"


def test_the_referees_call_confirmation_sends_the_player_it_names_and_asks_again_for_another(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    referee = sit(browser, browser_context_args, daphne, table.code, "L'arbitre (saisit pour tout le monde)")
    referee.locator("#for-player").select_option("Ana")
    discard(referee, "4", "H")
    expect(referee.get_by_test_id("pile-top")).to_have_text("4♥")

    referee.get_by_role("button", name="Dire « tamalou »").tap()
    expect(referee.locator("#call-button")).to_have_text("Confirmer\u00a0: Ana dit «\u00a0tamalou\u00a0»")
    referee.locator("#for-player").select_option("Ben")
    expect(referee.locator("#call-button")).to_have_text("Dire « tamalou »")  # another player: asked again

    referee.locator("#for-player").select_option("Ana")
    referee.get_by_role("button", name="Dire « tamalou »").tap()
    referee.get_by_role("button", name="Confirmer\u00a0: Ana dit «\u00a0tamalou\u00a0»").tap()
    expect(referee.get_by_test_id("round-call")).to_have_text("Ana a annoncé « tamalou ».")


def test_a_phone_offers_no_second_snap_on_a_discard_once_its_card_was_taken(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    """table-rules: a player snaps one card per discard (the server refuses a second)."""
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    ana, ben = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    discard(ana, "6", "H")
    expect(ben.get_by_test_id("snap")).to_be_visible()

    ben.get_by_test_id("snap").tap()
    ben.locator("#chooser .rank[data-rank='6']").tap()
    ben.locator("#chooser .suit[data-suit='C']").tap()

    expect(newest(ben)).to_contain_text("accepté")
    expect(ben.get_by_test_id("snap")).to_be_hidden()
