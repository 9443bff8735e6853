"""« C'est moi » (issue 30 item 2), on 360×740 phones: a phone claims Ana from her page on
the sheet, and her personal link opens on a second phone with the same records, games
from every phone included."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.qr import scanned
from tests.factories import make_game, tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}
FIGURES = ("games", "wins", "streak", "calls")


def test_a_phone_claims_ana_and_her_link_opens_on_a_second_phone_with_the_same_records(
        daphne: str, browser: Browser, artifacts: Path) -> None:
    first = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 2}, rounds=[
        tamalou_round("Ana", Ana=2, Ben=9), tamalou_round(None, Ana=3, Ben=8)])
    elsewhere = make_game("dutch", ["Ana", "Chloé"], rounds=[tamalou_round("Ana", Ana=4, Chloé=6)])  # a friend's phone

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{daphne}{first.get_absolute_url()}")
    phone.get_by_test_id("player-link").filter(has_text="Ana").first.tap()
    phone.get_by_test_id("claim").tap()
    mine = phone.get_by_test_id("person-page")
    expect(mine.locator("h1")).to_have_text("Ana")
    expect(mine.locator('[data-figure="games"]')).to_have_text("2")  # the friend's phone's game too
    expect(phone.get_by_test_id("person-games")).to_contain_text(f"n° {elsewhere.pk}")
    phone.get_by_role("button", name="Créer mon lien").tap()
    link = phone.get_by_test_id("personal-link")
    expect(link).to_be_visible()
    expect(phone.locator(".share-qr")).to_be_visible()
    assert scanned(phone.locator(".share-qr")) == [link.inner_text()]  # what the other phone's camera reads
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=artifacts / "person-page-link.png", full_page=True)
    figures = {f: mine.locator(f'[data-figure="{f}"]').inner_text() for f in FIGURES}
    url = link.inner_text()

    second = browser.new_context(**PHONE).new_page()
    second.goto(url)
    second.get_by_role("button", name="Oui, c'est moi, Ana").tap()
    theirs = second.get_by_test_id("person-page")
    expect(theirs.locator("h1")).to_have_text("Ana")
    assert {f: theirs.locator(f'[data-figure="{f}"]').inner_text() for f in FIGURES} == figures
    expect(second.get_by_test_id("person-phones").locator("li")).to_have_count(2)
    second.screenshot(path=artifacts / "person-page-second-phone.png", full_page=True)

    # The first phone is lost: the second takes it away; it then shows nothing of Ana.
    second.get_by_test_id("person-phones").locator("li").first.get_by_role("button").tap()
    expect(second.get_by_test_id("person-phones").locator("li")).to_have_count(1)
    phone.goto(f"{daphne}/me/")
    expect(phone.get_by_test_id("nobody")).to_be_visible()
