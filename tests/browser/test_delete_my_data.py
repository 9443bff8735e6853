"""What is a person's is theirs (issue 30 item 6), on a 360×740 phone: Ana downloads her
games from /me/, then deletes herself with her name replaced; her phone is nobody's, the
game stays for Ben under « Anonyme », and her id is gone."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from scorekeeper.models import Person, PersonKey
from tests.factories import make_game, tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


def test_ana_downloads_her_games_then_deletes_herself_and_the_game_stays_for_ben(
        daphne: str, browser: Browser, artifacts: Path) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 2}, rounds=[
        tamalou_round("Ana", Ana=2, Ben=9), tamalou_round(None, Ana=3, Ben=8)])
    ana = game.seats.get(name="Ana").player

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{daphne}{game.get_absolute_url()}")
    phone.get_by_test_id("player-link").filter(has_text="Ana").first.tap()
    phone.get_by_test_id("claim").tap()
    expect(phone.get_by_test_id("person-page").locator("h1")).to_have_text("Ana")

    with phone.expect_download() as download:
        phone.get_by_test_id("export").tap()
    mine = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert mine["person"] == ana.person_id and mine["records"]["games"] == 1
    assert mine["games"][0]["record"]["people"]["Ana"] == ana.person_id

    forget = phone.get_by_test_id("forget")
    forget.get_by_label("Remplacer aussi mon nom par « Anonyme » dans ces parties").check()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=artifacts / "forget-me-before.png", full_page=True)
    forget.get_by_role("button", name="Me supprimer").tap()

    expect(phone.get_by_test_id("nobody")).to_be_visible()
    assert not Person.objects.filter(pk=ana.person_id).exists()
    assert not PersonKey.objects.exists()

    bens = browser.new_context(**PHONE).new_page()
    bens.goto(f"{daphne}{game.get_absolute_url()}")
    links = bens.get_by_test_id("player-link")
    expect(links.filter(has_text="Anonyme")).to_have_count(1)
    expect(links.filter(has_text="Ana")).to_have_count(0)
    expect(links.filter(has_text="Ben")).to_have_count(1)
    bens.screenshot(path=artifacts / "forget-me-sheet-after.png", full_page=True)
