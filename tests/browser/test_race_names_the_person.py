"""Who saved (issue 30 item 5): when Ana's phone (« C'est moi ») saves a round first, the
second phone is told « enregistrée par Ana », not the browser every phone shares; the
game's history names her too."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.players import me
from tests.browser.play_helpers import count_hand, save_round, wait_for_preview
from tests.factories import make_game

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR",
         "user_agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"}


def test_the_race_message_names_the_person_who_saved_first(live_server: LiveServer, browser: Browser,
                                                           transactional_db: None, artifacts: Path) -> None:
    game = make_game("tamalou", ["Ana", "Ben"])
    anas_seat = game.seats.select_related("player").get(name="Ana")
    anas_phone = browser.new_context(**PHONE)
    anas_phone.add_cookies([{"name": me.ME_COOKIE, "value": me.claim(anas_seat, "Chrome · Android"),
                             "url": live_server.url}])
    first, second = anas_phone.new_page(), browser.new_context(**PHONE).new_page()
    url = f"{live_server.url}/games/{game.token}/rounds/new/"
    for phone in (first, second):
        phone.goto(url)
    for phone, (a, b) in ((first, ("3", "12")), (second, ("5", "9"))):
        count_hand(phone, "Ana", a)
        count_hand(phone, "Ben", b)
        wait_for_preview(phone)
    save_round(first)
    expect(first).to_have_url(f"{live_server.url}/games/{game.token}/")
    save_round(second)

    told = second.get_by_role("alertdialog")
    expect(told).to_contain_text("La manche 1 vient d’être enregistrée par Ana.")
    assert "Chrome" not in told.inner_text()
    second.screenshot(path=artifacts / "race-names-the-person.png", full_page=True)

    second.goto(f"{live_server.url}/games/{game.token}/history/")
    expect(second.locator("main")).to_contain_text("Ana")
    expect(second.locator("main")).not_to_contain_text("Chrome · Android")
