"""Two phones on one game: a round saved, edited or undone on one shows on the other
without a reload.

Daphne serves the app (pytest-django's live_server has no WebSockets). With Redis
(REDIS_URL) the second phone talks to a second Daphne process, as behind a load
balancer; with the in-memory layer both phones share one process.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.play_helpers import choose, count_hand, save_round, wait_for_preview
from tests.browser.qr import scanned
from tests.factories import make_game, tamalou_round
from tests.referee.servers import start_daphne, stop_daphne

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends


@pytest.fixture
def servers(transactional_db: None) -> Iterator[tuple[str, str]]:
    """The base URLs the two phones use: two Daphne processes when Redis joins them."""
    processes = [start_daphne(static=True)]
    if os.environ.get("REDIS_URL"):
        processes.append(start_daphne(static=True))
    try:
        urls = [f"http://127.0.0.1:{process.port}" for process in processes]
        yield urls[0], urls[-1]
    finally:
        for process in processes:
            stop_daphne(process)


def open_sheet(browser: Browser, context_args: dict[str, Any], url: str) -> Page:
    phone = browser.new_context(**context_args).new_page()
    phone.goto(url)
    # The socket is open once the server has accepted it: htmx marks nothing, so ask the page.
    phone.wait_for_function("() => { const e = document.querySelector('[ws-connect]');"
                            " const s = e && htmx && e['htmx-internal-data'] &&"
                            " e['htmx-internal-data'].webSocket; return s && s.socket.readyState === 1; }")
    return phone


def test_it_shows_a_round_saved_on_one_phone_on_the_other_without_a_reload(
        servers: tuple[str, str], browser: Browser, browser_context_args: dict[str, Any]):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=2, Ben=9)])
    first_url, second_url = servers
    ana = open_sheet(browser, browser_context_args, first_url + game.get_absolute_url())
    ben = open_sheet(browser, browser_context_args, second_url + game.get_absolute_url())
    ben.evaluate("() => { window.notReloaded = true; }")
    expect(ben.locator(".score-table tbody tr")).to_have_count(1)

    ana.goto(f"{first_url}/games/{game.token}/rounds/new/")
    count_hand(ana, "Ana", "3")
    count_hand(ana, "Ben", "17")
    choose(ana, "announcer", "Ana")
    wait_for_preview(ana)
    ana.evaluate("() => { window.notReloaded = true; }")
    save_round(ana)
    expect(ana.locator(".score-table tbody tr")).to_have_count(2)
    # Ana's phone answered with the sheet in place of the form: the sheet's URL, title,
    # one <main>, its links and share link, and no new page loaded.
    expect(ana).to_have_url(first_url + game.get_absolute_url())
    expect(ana).to_have_title(f"Tamalou · partie n° {game.pk} · Marque-carte")
    expect(ana.locator("main")).to_have_count(1)
    expect(ana.locator("#entry-form")).to_have_count(0)
    expect(ana.locator("input.share-url")).to_have_value(first_url + game.get_absolute_url())
    assert ana.evaluate("() => window.notReloaded") is True
    ana.get_by_text("Partager cette partie").click()
    assert scanned(ana.locator("svg.share-qr")) == [ana.locator("input.share-url").input_value()]

    rows = ben.locator(".score-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("17")
    assert ben.evaluate("() => window.notReloaded") is True  # swapped in place, not reloaded

    # Undone on Ana's phone: gone from Ben's.
    ana.get_by_role("link", name="Annuler la dernière manche").tap()
    ana.locator("#drawer").get_by_role("button", name="Oui, annuler la manche 2").tap()
    expect(rows).to_have_count(1)

    # The sheet Ana's save swapped in is live too: Ben's round shows on it.
    ben.goto(f"{second_url}/games/{game.token}/rounds/new/")
    count_hand(ben, "Ana", "5")
    count_hand(ben, "Ben", "8")
    wait_for_preview(ben)
    save_round(ben)
    expect(rows).to_have_count(2)
    expect(ana.locator(".score-table tbody tr")).to_have_count(2)
    expect(ana.locator(".score-table tbody tr").nth(1)).to_contain_text("8")
    assert ana.evaluate("() => window.notReloaded") is True
