"""Players' records (issue 22): a tap on a name on the sheet opens the player's page,
with the figures of this phone's games only."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.factories import make_game, tamalou_round


def test_a_tap_on_a_name_on_the_sheet_opens_the_players_records(daphne: str, page: Page, artifacts: Path):
    first = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 2}, rounds=[
        tamalou_round("Ana", Ana=2, Ben=9), tamalou_round(None, Ana=3, Ben=8)])
    second = make_game("dutch", ["Ana", "Chloé"], rounds=[tamalou_round("Ana", Ana=4, Chloé=6)])
    make_game("tamalou", ["Ana", "Zoé"], rounds=[tamalou_round(None, Ana=1, Zoé=2)])  # another phone's
    page.goto(f"{daphne}{first.get_absolute_url()}")
    page.goto(f"{daphne}{second.get_absolute_url()}")
    page.get_by_test_id("player-link").filter(has_text="Ana").first.click()
    records = page.get_by_test_id("player-records")
    expect(records.locator("h1")).to_have_text("Ana")
    expect(records.locator('[data-testid=records-summary] [data-figure="games"]')).to_have_text("2")  # not Zoé's game
    expect(records.locator('[data-testid=records-summary] [data-figure="wins"]')).to_have_text("1")
    expect(records.locator('[data-testid=records-summary] [data-figure="calls"]')).to_have_text("2 / 2")
    expect(records.locator("section[data-variant]")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "player-records.png", full_page=True)
