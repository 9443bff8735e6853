"""A wrong « C'est moi » undone on a 360×740 phone (issue 30 item 2): Ana's phone taps Ben's
line, sees Ben's page, takes it back there; the phone is nobody's again, and Ben's own
phone may then say « C'est moi »."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from scorekeeper.models import RoundChange
from tests.factories import make_game, tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


def test_the_phone_that_claimed_ben_by_mistake_undoes_its_claim(daphne: str, browser: Browser,
                                                                 artifacts: Path) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=2, Ben=9)])

    anas = browser.new_context(**PHONE).new_page()
    anas.goto(f"{daphne}{game.get_absolute_url()}")
    anas.get_by_test_id("player-link").filter(has_text="Ben").first.tap()
    anas.get_by_test_id("claim").tap()
    expect(anas.get_by_test_id("person-page").locator("h1")).to_have_text("Ben")
    undo = anas.get_by_role("button", name="Ce n'est pas moi : annuler « C'est moi » sur Ben")
    expect(undo).to_be_visible()
    assert anas.evaluate("document.documentElement.scrollWidth") <= 360
    anas.screenshot(path=artifacts / "undo-claim-before.png", full_page=True)

    undo.tap()

    expect(anas.get_by_test_id("nobody")).to_be_visible()
    expect(anas.locator(".messages")).to_contain_text("Ce téléphone n'est plus à Ben")
    anas.screenshot(path=artifacts / "undo-claim-after.png", full_page=True)
    assert RoundChange.objects.filter(game=game, action=RoundChange.UNCLAIMED).count() == 1

    bens = browser.new_context(**PHONE).new_page()
    bens.goto(f"{daphne}{game.get_absolute_url()}")
    bens.get_by_test_id("player-link").filter(has_text="Ben").first.tap()
    bens.get_by_test_id("claim").tap()
    expect(bens.get_by_test_id("person-page").locator("h1")).to_have_text("Ben")
