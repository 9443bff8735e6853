"""Scoring without a network: two rounds entered offline, kept on the phone, sent once
when the network returns, on every sheet exactly once.

Daphne serves the app (the other phone follows over its WebSocket). The service worker
runs because the pages come from 127.0.0.1, a secure context.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Game
from tests.browser.play_helpers import choose, count_hand, hand, save_round
from tests.factories import make_game, tamalou_round
from tests.referee.servers import start_daphne, stop_daphne

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends


@pytest.fixture
def server(transactional_db: None) -> Iterator[str]:
    process = start_daphne(static=True)
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        stop_daphne(process)


def phone(browser: Browser, context_args: dict[str, Any]) -> Page:
    return browser.new_context(**context_args).new_page()


KEPT = """async (urls) => {
    for (const url of urls) { if (!(await caches.match(url))) return false; }
    return true; }"""


def kept(page: Page, *urls: str, timeout_ms: int = 10_000) -> None:
    """Wait until the service worker has kept these pages for offline use.

    Polled with evaluate, which awaits the promise: wait_for_function takes a promise
    for a truthy answer and would return at once, before the pages are kept."""
    for _ in range(timeout_ms // 100):
        if page.evaluate(KEPT, list(urls)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the service worker did not keep {urls} within {timeout_ms} ms")


def enter_round(page: Page, ana: str, ben: str) -> None:
    count_hand(page, "Ana", ana)
    count_hand(page, "Ben", ben)
    choose(page, "announcer", "Ana")
    save_round(page)


def test_it_keeps_rounds_entered_offline_and_sends_each_once_when_the_network_returns(
        server: str, browser: Browser, browser_context_args: dict[str, Any]):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=2, Ben=9)])
    sheet_url, entry_url = server + game.get_absolute_url(), f"{server}/games/{game.token}/rounds/new/"
    ana, ben = phone(browser, browser_context_args), phone(browser, browser_context_args)
    ana.goto(sheet_url)  # the first visit: the sheet and its next round's page are kept
    kept(ana, sheet_url, entry_url)
    ben.goto(sheet_url)

    ana.context.set_offline(True)
    expect(ana.locator("#offline-banner")).to_be_visible()
    ana.goto(entry_url)  # from the phone's cache
    enter_round(ana, "3", "17")
    expect(ana).to_have_url(sheet_url)
    ana.goto(entry_url)
    enter_round(ana, "1", "12")
    expect(ana).to_have_url(sheet_url)

    pending = ana.locator("#pending-rounds li")
    expect(pending).to_have_count(2)
    expect(pending.first).to_contain_text("en attente d’envoi")
    expect(ana.locator("#offline-banner")).to_contain_text("Hors ligne")
    assert Game.objects.get(pk=game.pk).rounds.count() == 1  # nothing reached the server

    ana.context.set_offline(False)

    expect(pending).to_have_count(0)
    expect(ana.locator("#pending-rounds [role=status]")).to_contain_text("Manche envoyée")
    expect(ana.locator("#offline-banner")).to_be_hidden()
    for sheet in (ana, ben):  # Ben's phone without a reload, over its WebSocket
        rows = sheet.locator(".score-table tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(1)).to_contain_text("17")
        expect(rows.nth(2)).to_contain_text("12")
    assert [r.data["hands"] for r in Game.objects.get(pk=game.pk).rounds.all()] == [
        {"Ana": 2, "Ben": 9}, {"Ana": 3, "Ben": 17}, {"Ana": 1, "Ben": 12}]

    ana.reload()  # sent once: nothing left to send again
    expect(pending).to_have_count(0)
    assert Game.objects.get(pk=game.pk).rounds.count() == 3



def test_it_shows_the_sheet_s_refusal_of_a_round_entered_offline(
        server: str, browser: Browser, browser_context_args: dict[str, Any]):
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = server + game.get_absolute_url(), f"{server}/games/{game.token}/rounds/new/"
    ana = phone(browser, browser_context_args)
    ana.goto(entry_url)  # straight to the round: the sheet it goes back to is kept too
    kept(ana, entry_url, sheet_url)

    ana.context.set_offline(True)
    count_hand(ana, "Ana", "3")  # Ben's hand forgotten: only the server can tell
    save_round(ana)
    expect(ana).to_have_url(sheet_url)
    ana.context.set_offline(False)

    refused = ana.locator("#pending-rounds li.pending-refused")
    expect(refused).to_contain_text("refusée par la feuille")
    expect(refused).to_contain_text("Il manque la main de Ben.")
    assert Game.objects.get(pk=game.pk).rounds.count() == 0


def test_a_refused_round_entered_offline_is_corrected_on_its_page_with_the_numbers_typed(
        server: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """Nothing typed is lost: "Corriger la mienne" opens the round's page with what was
    typed and the sheet's reasons in place; once that page holds them, the phone lets go."""
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = server + game.get_absolute_url(), f"{server}/games/{game.token}/rounds/new/"
    ana = phone(browser, browser_context_args)
    ana.goto(entry_url)
    kept(ana, entry_url, sheet_url)
    ana.context.set_offline(True)
    count_hand(ana, "Ana", "3")  # Ben's hand forgotten
    save_round(ana)
    expect(ana).to_have_url(sheet_url)
    ana.context.set_offline(False)
    refused = ana.locator("#pending-rounds li.pending-refused")
    expect(refused).to_contain_text("Il manque la main de Ben.")
    refused.scroll_into_view_if_needed()
    ana.screenshot(path=artifacts / "offline-refused-correct.png")

    refused.get_by_role("button", name="Corriger la mienne").tap()

    expect(ana).to_have_url(entry_url)  # the page, not a copy of it; a reload does not post it again
    expect(ana.locator("#entry-form")).to_contain_text("Il manque la main de Ben.")
    expect(hand(ana, "Ana").locator("[data-count]")).to_have_value("3")
    ana.screenshot(path=artifacts / "offline-correcting.png")
    count_hand(ana, "Ben", "12")
    save_round(ana)
    expect(ana).to_have_url(sheet_url)
    expect(ana.locator(".score-table tbody tr")).to_have_count(1)
    expect(ana.locator("#pending-rounds li")).to_have_count(0)  # let go of: not sent a second time
    ana.reload()
    expect(ana.locator(".score-table tbody tr")).to_have_count(1)
    assert [r.data["hands"] for r in Game.objects.get(pk=game.pk).rounds.all()] == [{"Ana": 3, "Ben": 12}]
