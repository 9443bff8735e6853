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


def test_it_shows_the_red_messages_the_preview_promises_after_adding_a_set(live_server: LiveServer, page: Page,
                                                                          artifacts):
    game = make_game("cactus-game", ["Ana", "Ben"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")

    page.locator(".kind-buttons button", has_text="Série").first.tap()
    expect(page.locator("fieldset.play")).to_have_count(1)

    # Adding a row is no mistake: nothing is red before the player fills anything in.
    expect(page.locator("#entry-form .field-errors p")).to_have_count(0)
    expect(page.locator("#preview .preview-invalid")).to_have_count(0)
    assert "null" not in page.locator("#entry-form").inner_text()

    page.locator("#entry-form label.choice", has_text="Ana").first.tap()  # whose turn: the set's own message
    expect(page.locator("#err-play-0")).to_contain_text("une série a trois cartes")
    expect(page.locator("#err-play-0")).to_be_visible()  # the play the player just added
    page.screenshot(path=artifacts / "entry-set-messages.png", full_page=True)


def test_it_shows_a_touched_hands_message_as_soon_as_the_preview_answers(live_server: LiveServer, page: Page,
                                                                        artifacts):
    """A newcomer was told « voyez les messages en rouge » with nothing red in view: the
    touched block stayed hidden, waiting for a preview that had come back."""
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")

    count_hand(page, "Ana", "999")  # no tamalou hand is worth that much

    expect(page.locator("#preview .preview-invalid")).to_be_visible()
    expect(page.locator("#err-hand-0")).to_be_visible()
    expect(page.locator("#err-hand-0")).not_to_be_empty()
    expect(page.locator("#err-hand-1")).to_be_hidden()  # Ben's hand, untouched, still says nothing
    page.screenshot(path=artifacts / "entry-touched-message.png", full_page=True)
    assert game.rounds.count() == 0
