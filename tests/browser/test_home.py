from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


def test_it_shows_the_home_page_on_a_phone(live_server: LiveServer, page: Page, artifacts: Path):
    page.goto(live_server.url)

    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Les comptes de la table, sans dispute"
    )
    expect(page.get_by_role("link", name="Marque-carte")).to_be_visible()
    # The stylesheet and htmx were served and applied.
    assert page.evaluate("typeof htmx") == "object"
    touch = page.get_by_role("button", name="FR").bounding_box()
    assert touch is not None and touch["height"] >= 44
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.screenshot(path=artifacts / "home-phone.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=artifacts / "home-phone-dark.png", full_page=True)
