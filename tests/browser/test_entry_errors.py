"""The round entry's messages show where the player has been, or all of them on save."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import count_hand, save_round, wait_for_preview
from tests.factories import make_game


def test_it_shows_no_missing_hand_message_on_hands_nobody_touched_until_save(
        live_server: LiveServer, page: Page, settings):
    settings.DEBUG = True  # django-htmx's debug script is on: the refused save stays in place
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")

    count_hand(page, "Ana", "7")
    wait_for_preview(page)

    # The engine already knows Ben's and Chloé's hands are missing, but nobody touched them.
    expect(page.locator("#err-hand-1")).not_to_be_empty()
    expect(page.locator("#err-hand-1")).to_be_hidden()
    expect(page.locator("#err-hand-2")).to_be_hidden()

    save_round(page)

    expect(page.locator("#err-hand-1")).to_be_visible()
    expect(page.locator("#err-hand-2")).to_be_visible()
    expect(page.locator("#err-hand-1")).to_be_focused()  # the first message takes the focus
    expect(page.locator("main#main h1")).to_have_text("Manche 1")  # the page is still the page
    assert game.rounds.count() == 0
