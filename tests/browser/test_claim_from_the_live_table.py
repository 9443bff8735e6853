"""« C'est moi » from the live table (issue 30 item 2), on a 360×740 phone: a phone seated
as Ana claims her from its seat (it never opened the game's sheet), and her page then
shows the game."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from referee.models import LiveTable
from tests.factories import make_game, tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


def test_a_phone_seated_as_ana_claims_her_and_her_page_shows_the_game(
        daphne: str, browser: Browser, artifacts: Path) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 2}, rounds=[tamalou_round("Ana", Ana=2, Ben=9)])
    table = LiveTable.open_for(game)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{daphne}/me/")
    expect(phone.get_by_test_id("nobody")).to_be_visible()

    phone.goto(f"{daphne}/tables/{table.code}/join/")
    phone.get_by_role("button", name="Ana", exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    claim = phone.get_by_test_id("claim")
    expect(claim).to_have_text("C'est moi, Ana : garder mes parties")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    claim.tap()

    mine = phone.get_by_test_id("person-page")
    expect(mine.locator("h1")).to_have_text("Ana")
    expect(phone.get_by_test_id("person-games")).to_contain_text(f"n° {game.pk}")
    expect(mine.locator('[data-figure="games"]')).to_have_text("1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=artifacts / "claim-from-the-live-table.png", full_page=True)
