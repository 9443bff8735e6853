"""Issue 27: the number pad does not stay open over an edit's confirmation (« Pour Bruno »):
a stray tap on it would change a hand while the question is asked."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import hand, tap_pad, wait_for_preview
from tests.factories import make_game, tamalou_round


def test_it_closes_the_number_pad_when_the_edit_asks_for_confirmation(
        live_server: LiveServer, page: Page, artifacts: Path, transactional_db: None):
    page.set_viewport_size({"width": 360, "height": 740})
    game = make_game("tamalou", ["Ana", "Bruno", "Chloé"], rounds=[
        tamalou_round(None, Ana=4, Bruno=5, Chloé=6)])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/1/edit/")
    count = hand(page, "Bruno").locator("[data-count]")
    count.tap()
    expect(page.locator("#picker")).to_be_visible()
    count.fill("")
    tap_pad(page, "7")
    wait_for_preview(page)
    count.tap()  # the pad open again on Bruno's hand, as a player who checks the number
    expect(page.locator("#picker")).to_be_visible()
    page.get_by_role("button", name="Vérifier la modification").click()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    expect(page.locator("#picker")).to_be_hidden()
    page.screenshot(path=artifacts / "edit-confirm-no-pad.png")
    yes = page.get_by_role("button", name="Oui, modifier")
    box = yes.bounding_box()
    assert box is not None
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).textContent",
                         [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]) == "Oui, modifier"
