"""The entry page without JavaScript: typed card codes, a plain POST, the engine's
message beside the field, then a saved round."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import make_game


def test_it_enters_a_round_with_javascript_off(live_server: LiveServer, browser: Browser,
                                               browser_context_args: dict[str, Any], artifacts: Path,
                                               transactional_db):
    game = make_game("tamalou", ["Ana", "Ben"])
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.locator("#picker")).to_be_hidden()  # nothing to tap without the script
    page.locator('[name="hand-0-cards"]').fill("kh 3s")
    page.locator('[name="hand-1-cards"]').fill("7d 7d")
    page.locator("#announcer label.choice", has_text="Ana").click()
    page.get_by_role("button", name="Enregistrer la manche").click()

    expect(page.locator("#err-hand-1")).to_contain_text("7♦")
    expect(page.locator('[name="hand-0-cards"]')).to_have_value("KH 3S")  # written canonically
    page.screenshot(path=artifacts / "play-no-js-invalid.png", full_page=True)
    assert game.rounds.count() == 0

    page.locator('[name="hand-1-cards"]').fill("7D 8C")
    page.get_by_role("button", name="Enregistrer la manche").click()
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    game.refresh_from_db()
    assert game.totals == {"Ana": 0, "Ben": 15}
    context.close()
