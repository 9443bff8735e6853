"""The round entry from a keyboard, and with a thumb: every target at least 44 px."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import hand
from tests.factories import make_game


def test_it_enters_a_hand_by_cards_from_the_keyboard_alone(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    field = hand(page, "Ben").locator("[data-cards-field] .chips")

    field.focus()
    page.keyboard.press("Enter")  # the field takes the cards
    expect(page.locator("#picker-target")).to_have_text("Ben")
    page.locator('#picker [data-rank="K"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#picker [data-suit]:not(:disabled)").first).to_be_focused()  # on to the suits
    page.keyboard.press("Tab")  # ♠ -> ♥
    page.keyboard.press("Enter")

    expect(hand(page, "Ben").locator(".chip")).to_have_text(["R♥"])
    expect(page.locator('#picker [data-rank="K"]')).to_be_focused()  # back to the rank: the focus is kept
    expect(field).to_have_attribute("role", "group")
    expect(field).to_have_attribute("aria-label", "Cartes · Ben")


def test_it_gives_every_control_of_the_entry_a_44px_target(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé", "Dan"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    hand(page, "Ana").locator(".chips").tap()

    small = page.eval_on_selector_all(
        "#entry-form button, #entry-form .mode-switch span, #entry-form .choice span, #entry-form .chips",
        """els => els.filter(e => e.offsetParent !== null && !e.classList.contains('visually-hidden'))
                  .map(e => [e.textContent.trim() || e.getAttribute('aria-label') || e.className,
                             e.getBoundingClientRect().height])
                  .filter(([, h]) => h < 44)""")

    assert small == []


def test_it_opens_the_number_pad_when_correcting_a_round_of_counted_hands(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[{"announcer": None, "hands": {"Ana": 4, "Ben": 9}}])

    page.goto(f"{live_server.url}/games/{game.token}/rounds/1/edit/")

    expect(page.locator("#picker .numpad")).to_be_visible()
    expect(page.locator("#picker .picker-cards")).to_be_hidden()
    expect(page.locator("#picker-target")).to_have_text("Ana")


def test_it_opens_the_cards_when_correcting_a_round_entered_by_cards(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[{"announcer": None, "hands": {"Ana": ["KH"], "Ben": 9}}])

    page.goto(f"{live_server.url}/games/{game.token}/rounds/1/edit/")

    expect(page.locator("#picker .picker-cards")).to_be_visible()
    expect(page.locator("#picker .numpad")).to_be_hidden()
