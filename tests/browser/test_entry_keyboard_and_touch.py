"""The round entry from a keyboard, and with a thumb: every target at least 44 px."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import hand
from tests.factories import make_game, tamalou_round


def test_it_enters_a_hand_by_cards_from_the_keyboard_alone(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    field = hand(page, "Ben").locator("[data-cards-field] .chips")
    expect(field).to_have_attribute("role", "group")
    expect(field).to_have_attribute("aria-label", "Cartes · Ben")

    field.focus()
    page.keyboard.press("Enter")  # the field takes the cards, and the keyboard goes to them
    expect(page.locator("#picker-target")).to_have_text("Ben")
    ace = page.locator('#picker [data-card="AS"]')
    expect(ace).to_be_focused()
    expect(ace).to_have_accessible_name("A♠ (as de pique)")
    page.keyboard.press("ArrowDown")  # A♠ 2♠ … 7♠ / 8♠ … R♠ / A♥: two rows down is the next suit
    page.keyboard.press("ArrowDown")
    page.keyboard.press("End")  # the row's last key
    expect(page.locator('#picker [data-card="7H"]')).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")

    expect(hand(page, "Ben").locator(".chip")).to_have_text(["7♥", "6♥"])
    # Both are used up (one copy each): the focus went on to the next free key each time.
    expect(page.locator('#picker [data-card="7H"]')).to_be_disabled()
    expect(page.locator('#picker [data-card="8H"]')).to_be_focused()
    # One tab stop for the whole grid: Tab leaves it for the bar.
    expect(page.locator("#picker .picker-cards button[tabindex='0']")).to_have_count(1)
    page.keyboard.press("Escape")  # back to the field
    expect(field).to_be_focused()


def test_it_counts_hands_and_moves_on_from_the_keyboard(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"], rounds=[tamalou_round(None, Ana=4, Ben=9, Chloé=2)])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.locator("#picker-target")).to_have_text("Ana")  # counted last round: the pad is open
    page.locator('#picker [data-value="0"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")  # 11
    page.keyboard.press("Enter")
    expect(hand(page, "Ana").locator("[data-count]")).to_have_value("11")
    expect(page.locator("#picker-target")).to_have_text("Ben")  # on to the next hand, the focus kept
    expect(page.locator('#picker [data-value="11"]')).to_be_focused()
    page.keyboard.press("ArrowUp")  # 6
    page.keyboard.press("Enter")
    expect(page.locator("#picker [data-next]")).to_have_accessible_name("Terminé")  # Chloé is the last
    page.keyboard.press("Enter")  # 6 again, for Chloé: nothing is left, the pad closes
    expect(hand(page, "Chloé").locator("[data-count]")).to_have_value("6")
    expect(page.locator("#picker")).to_be_hidden()
    expect(page.locator("#announcer input[value='']")).to_be_focused()  # on to the announcer


def test_it_moves_on_with_suivant_and_closes_with_termine(live_server: LiveServer, page: Page):
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    next_key = page.locator("#picker [data-next]")
    expect(next_key).to_have_accessible_name("Suivant Ben")
    page.locator('#picker [data-card="KH"]').tap()
    next_key.tap()
    expect(page.locator("#picker-target")).to_have_text("Ben")
    expect(next_key).to_have_accessible_name("Terminé")
    # A chip tapped takes its card back, and the picker follows to that hand.
    hand(page, "Ana").locator(".chip").tap()
    expect(hand(page, "Ana").locator(".chip")).to_have_count(0)
    expect(page.locator("#picker-target")).to_have_text("Ana")
    page.locator('#picker [data-card="QS"]').tap()
    next_key.tap()
    page.locator('#picker [data-card="2D"]').tap()
    next_key.tap()
    expect(page.locator("#picker")).to_be_hidden()
    expect(page.locator("#entry-form button.save")).to_be_in_viewport()
    hand(page, "Ben").locator(".chips").tap()  # a hand tapped opens the picker again
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#picker-target")).to_have_text("Ben")


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
