"""Split outside leagues (issue 30 item 3), on a 360×740 phone: the phone holding Marie's
games ticks the one another Marie played; it goes to a new person of that name told apart
by a nickname, and the game's history says so."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from scorekeeper.models import Seat
from tests.factories import make_game, tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


def test_the_phone_holding_maries_games_splits_off_the_other_maries_game(
        daphne: str, browser: Browser, artifacts: Path) -> None:
    hers = make_game("tamalou", ["Marie", "Ana"], rounds=[tamalou_round("Marie", Marie=2, Ana=9)])
    other = make_game("tamalou", ["Marie", "Ben"], rounds=[tamalou_round(None, Marie=8, Ben=3)])
    marie = hers.seats.get(name="Marie").player
    assert other.seats.get(name="Marie").player == marie

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{daphne}{hers.get_absolute_url()}")
    phone.goto(f"{daphne}{other.get_absolute_url()}")
    phone.get_by_test_id("player-link").filter(has_text="Marie").first.tap()
    split = phone.get_by_test_id("split-held")
    split.locator("summary").tap()
    split.get_by_label(f"n° {other.pk}").check()
    split.get_by_label("Son nom pour les distinguer").fill("Marie L.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=artifacts / "split-outside-leagues.png", full_page=True)
    split.get_by_role("button", name="Séparer").tap()

    expect(phone.get_by_role("status")).to_contain_text("Ces parties comptent désormais pour Marie L.")
    moved = Seat.objects.select_related("player").get(game=other, name="Marie").player
    assert moved != marie and (moved.name, moved.nickname) == ("Marie", "Marie L.")
    assert Seat.objects.get(game=hers, name="Marie").player == marie
    phone.goto(f"{daphne}/games/{other.token}/history/")
    expect(phone.locator(".change-what").first).to_contain_text("compté·e pour Marie L.")
