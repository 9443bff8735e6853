"""Undoing the last round after a confirmation, then reading the history."""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import make_game, tamalou_round


def test_it_undoes_the_last_round_after_confirming_and_the_history_says_so(
        live_server: LiveServer, page: Page, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"], rounds=[
        tamalou_round(None, Ana=4, Ben=2, Chloé=9),
        tamalou_round("Ana", Ana=["AS"], Ben=["KS"], Chloé=7),
    ])
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + game.get_absolute_url())
    rows = page.locator(".score-table tbody tr")
    expect(rows).to_have_count(2)

    page.get_by_role("link", name="Annuler la dernière manche").tap()

    drawer = page.locator("dialog#drawer")
    expect(drawer.get_by_role("heading")).to_have_text("Annuler la manche 2 ?")
    page.screenshot(path=artifacts / "undo-confirm.png")
    # One way to say no ("Fermer" would repeat it), and yes and no a thumb apart.
    expect(drawer.get_by_role("button", name="Fermer")).to_be_hidden()
    yes = drawer.get_by_role("button", name="Oui, annuler la manche 2").bounding_box()
    no = drawer.get_by_role("link", name="Non, revenir à la feuille").bounding_box()
    assert yes and no and no["y"] - (yes["y"] + yes["height"]) >= 12
    drawer.get_by_role("link", name="Non, revenir à la feuille").tap()  # changed my mind
    expect(drawer).to_be_hidden()
    expect(rows).to_have_count(2)  # nothing undone without the confirmation

    page.get_by_role("link", name="Annuler la dernière manche").tap()
    expect(drawer.get_by_role("heading")).to_have_text("Annuler la manche 2 ?")
    drawer.get_by_role("button", name="Oui, annuler la manche 2").tap()

    expect(drawer).to_be_hidden()
    expect(rows).to_have_count(1)
    expect(page.get_by_role("status").first).to_contain_text("Manche 2 annulée.")
    expect(page.locator(".totals")).to_contain_text("4")
    page.screenshot(path=artifacts / "undo-done.png")

    page.get_by_role("link", name="Historique").tap()

    changes = page.locator(".change")
    expect(changes).to_have_count(3)
    expect(changes.first).to_contain_text("Manche 2 annulée")
    expect(changes.first).to_contain_text("Annonce")
    expect(changes.first).to_contain_text("Ana : A♠ · Ben : R♠ · Chloé : 7")  # as the page writes cards
    expect(changes.first).to_contain_text("Chrome · Linux")  # headless chromium, named briefly
    page.screenshot(path=artifacts / "history-after-undo.png", full_page=True)


def test_it_undoes_without_javascript_through_the_confirmation_page(
        live_server: LiveServer, browser, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)] * 2)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 780},
                                  locale="fr-FR")
    page = context.new_page()
    page.goto(live_server.url + game.get_absolute_url())

    page.get_by_role("link", name="Annuler la dernière manche").click()
    expect(page).to_have_url(live_server.url + f"/games/{game.token}/rounds/undo/")
    page.screenshot(path=artifacts / "undo-confirm-no-js.png")
    page.get_by_role("button", name="Oui, annuler la manche 2").click()

    expect(page).to_have_url(live_server.url + game.get_absolute_url())
    expect(page.locator(".score-table tbody tr")).to_have_count(1)
    context.close()
