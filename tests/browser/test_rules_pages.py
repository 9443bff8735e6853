"""A rules page and a "why this score" explanation on a phone, in real chromium."""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import make_game, tamalou_round


def test_it_shows_a_rules_page_that_fits_a_phone(live_server: LiveServer, page: Page, artifacts: Path):
    page.goto(f"{live_server.url}/rules/cabo-bruxellois/")

    expect(page.get_by_role("heading", level=1)).to_have_text("Cabo bruxellois")
    expect(page.locator("#reading-cabo-failed-call")).to_contain_text("Notre lecture")
    expect(page.locator("[data-card]")).to_have_count(53)  # 52 cards and the joker (twice)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "rules-cabo-phone.png")
    page.locator("#values").screenshot(path=artifacts / "rules-cabo-values.png")
    page.locator("#readings").screenshot(path=artifacts / "rules-cabo-readings.png")
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=artifacts / "rules-cabo-phone-dark.png")


def test_it_explains_a_score_and_links_to_its_rule(live_server: LiveServer, page: Page, artifacts: Path,
                                                    transactional_db):
    game = make_game("tamalou", ["Ana", "Ben", "<script>alert(1)</script>"], rounds=[
        tamalou_round("Ana", Ana=["KH", "3S"], Ben=["AS", "2C"], **{"<script>alert(1)</script>": ["KS", "9D"]})])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/1/why/")

    expect(page.get_by_role("heading", name="<script>alert(1)</script>")).to_be_visible()
    expect(page.get_by_text("Ben : 3, pas plus que l'annonceur Ana (3) → 0")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "why-tamalou-phone.png", full_page=True)

    page.locator('li[data-rule="tamalou.above_announcer"] a').tap()

    expect(page).to_have_url(f"{live_server.url}/rules/tamalou/#tamalou-above-announcer")
    expect(page.locator("#tamalou-above-announcer")).to_be_in_viewport()
    page.screenshot(path=artifacts / "why-rule-target-phone.png")


def test_it_opens_why_this_score_in_the_sheet_drawer(live_server: LiveServer, page: Page, artifacts: Path,
                                                     transactional_db):
    game = make_game("tamoul", ["Ana", "Ben"], rounds=[
        tamalou_round(None, Ana=50, Ben=1), tamalou_round("Ben", Ana=["QS", "JD", "KC", "5S"],
                                                           Ben=["KH", "AD"])])
    page.goto(f"{live_server.url}/games/{game.token}/")

    page.locator(f'a[href="/games/{game.token}/rounds/2/why/?player=Ana"]').tap()

    drawer = page.locator("dialog#drawer")
    expect(drawer).to_be_visible()
    expect(drawer).to_contain_text("Pourquoi ce score ? Manche 2")
    expect(drawer).to_contain_text("Ana tombe pile sur 100 : le total redescend à 50")
    expect(drawer.locator(".why-cards")).to_contain_text("D♠ 15 + V♦ 15 + R♣ 15 + 5♠ 5 = 50")
    page.screenshot(path=artifacts / "why-drawer-phone.png")
