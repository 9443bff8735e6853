"""Correcting an earlier round from the score sheet: the form comes back filled in, the
change is confirmed with the points before and after, and the totals are recomputed."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import RoundChange
from tests.browser.play_helpers import hand, pick_cards, wait_for_preview
from tests.factories import make_game, tamalou_round


def test_it_edits_a_past_round_after_a_confirmation(live_server: LiveServer, page: Page, artifacts: Path,
                                                   transactional_db):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"], rounds=[
        tamalou_round("Ana", Ana=["KH", "3S"], Ben=["QS", "7D"], Chloé=9),
        tamalou_round(None, Ana=4, Ben=5, Chloé=6),
        tamalou_round("Ben", Ana=["10S"], Ben=["AS"], Chloé=["2D", "2C"]),
    ])
    assert game.totals == {"Ana": 14, "Ben": 22, "Chloé": 19}
    page.goto(f"{live_server.url}/games/{game.token}/")

    # On the sheet, round 1's number leads to its correction.
    page.get_by_role("link", name="1", exact=True).first.tap()
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/rounds/1/edit/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Modifier la manche 1")
    expect(hand(page, "Ana").locator(".chip")).to_have_text(["R♥", "3♠"])
    expect(hand(page, "Chloé").locator("[data-count]")).to_have_value("9")
    expect(page.locator('#announcer label.choice:has-text("Ana") input')).to_be_checked()

    # Ben really had Q♠ and 2♦, not Q♠ and 7♦: take the 7♦ back, pick the 2♦.
    hand(page, "Ben").locator(".chip", has_text="7♦").tap()
    pick_cards(page, hand(page, "Ben").locator("[data-cards-field]"), ["2D"], already=1)
    wait_for_preview(page)
    row = page.locator("#preview tr", has_text="Ben")
    expect(row).to_contain_text("17 → 12")  # the round's points, before and after
    expect(row).to_contain_text("22 → 17")  # the game's total

    page.get_by_role("button", name="Vérifier la modification").tap()
    expect(page.get_by_role("alertdialog")).to_contain_text(
        "Modifier la manche 1 ? Les totaux seront recalculés.")
    # The question comes under the thumb, beside the before → after preview.
    yes = page.get_by_role("button", name="Oui, modifier")
    expect(yes).to_be_in_viewport()
    box = yes.bounding_box()
    assert box is not None  # and nothing covers it: the element at its centre is the button
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).textContent",
                         [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]) == "Oui, modifier"
    page.screenshot(path=artifacts / "play-edit-confirm.png")
    game.refresh_from_db()
    assert game.totals["Ben"] == 22  # nothing changed before the confirmation

    page.get_by_role("button", name="Oui, modifier").tap()
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    game.refresh_from_db()
    assert game.totals == {"Ana": 14, "Ben": 17, "Chloé": 19}
    assert game.rounds.get(number=1).data["hands"]["Ben"] == ["QS", "2D"]
    change = RoundChange.objects.get(game=game, action=RoundChange.EDITED)
    assert change.before["hands"]["Ben"] == ["QS", "7D"]
    page.screenshot(path=artifacts / "play-edit-sheet-after.png", full_page=True)
