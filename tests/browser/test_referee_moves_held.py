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


CONTROL_MOVES = {
    "discard-button": "discard", "snap-button": "snap.claim", "call-button": "call.made",
    "counter-button": "call.counter", "last-card-button": "round.last_card", "stock-empty": "stock.empty",
    "reveal-link": "reveal", "power-panel": "power.used", "power-decline": "power.declined",
}


def offered_on_screen(page, seat: str) -> tuple[dict, dict]:
    """(each control of the page: usable or not, each control: whether the server's moves offer it)."""
    return page.evaluate("""([seat, controls]) => {
        const moves = window.referee.state.legal.seats[seat] || {};
        const shown = {}, sent = {};
        for (const [id, kind] of Object.entries(controls)) {
            const el = document.getElementById(id);
            if (!el) continue;
            shown[id] = !el.hidden && !el.disabled;
            sent[id] = kind in moves;
        }
        return [shown, sent];
    }""", [seat, CONTROL_MOVES])


def test_each_phones_buttons_are_exactly_the_moves_the_server_sent_it(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """Issue 29: the page draws what the engine says each seat may do now, and nothing else."""
    table = LiveTable.open_for(make_game("tamoul", ["Ana", "Ben", "Chloé"]))
    phones = {s: sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé")}
    discard(phones["Ana"], "8", "H")  # tamoul's 8: look at an opponent's card, Ana's power
    discard(phones["Ben"], "5", "C")
    phones["Ben"].get_by_role("button", name="Dire « tamoul »").tap()
    phones["Ben"].get_by_role("button", name="Confirmer\u00a0: Ben dit «\u00a0tamoul\u00a0»").tap()
    for seat, page in phones.items():
        expect(page.get_by_test_id("round-call")).to_have_text("Ben a annoncé « tamoul ». Derniers tours : Chloé, Ana.")
        shown, sent = offered_on_screen(page, seat)
        assert shown == sent, seat
    chloe_shown, _ = offered_on_screen(phones["Chloé"], "Chloé")
    assert chloe_shown["counter-button"] and chloe_shown["discard-button"] and chloe_shown["snap-button"]
    phones["Chloé"].screenshot(path=artifacts / "referee-moves-chloe.png", full_page=True)
