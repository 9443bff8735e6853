"""Variant extras on a phone: cactus-tas asks a draw only of players without cactus;
tamoul counts halves on the number pad and takes counter-calls."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import (
    cards_field,
    choose,
    count_hand,
    hand,
    pick_cards,
    pick_hand,
    save_round,
    wait_for_preview,
)
from tests.factories import make_game


def test_it_asks_a_draw_only_of_players_without_cactus(live_server: LiveServer, page: Page, artifacts: Path,
                                                      transactional_db):
    game = make_game("cactus-tas", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    draws = page.locator("#draws [data-draw-for]")
    pick_hand(page, "Ana", ["KH", "4S"])  # 4: cactus, no draw
    pick_hand(page, "Ben", ["QS", "9D"])  # 19: draws
    count_hand(page, "Chloé", "8")  # 8: draws
    expect(draws.nth(0)).to_be_hidden()
    expect(draws.nth(1)).to_be_visible()
    expect(draws.nth(2)).to_be_visible()
    # The 52-card deck of cactus has no joker.
    expect(page.locator('#picker [data-card="JK"]')).to_have_count(0)
    pick_cards(page, cards_field(page, "draw-1"), ["7C"])
    pick_cards(page, cards_field(page, "draw-2"), ["9S"])
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ben")).to_contain_text("7")  # a first 7 adds 7 kilos
    page.screenshot(path=artifacts / "play-cactus-tas-draws.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    game.refresh_from_db()
    assert game.totals == {"Ana": 0, "Ben": 7, "Chloé": 9}
    assert game.rounds.get().data["draws"] == {"Ben": "7C", "Chloé": "9S"}


def test_it_counts_halves_and_counter_calls_in_tamoul(live_server: LiveServer, page: Page, artifacts: Path,
                                                      transactional_db):
    game = make_game("tamoul", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    count_hand(page, "Ana", "6½")
    pick_hand(page, "Ben", ["QH"])  # a red queen is worth 1
    pick_hand(page, "Chloé", ["JS"])  # 15
    choose(page, "announcer", "Ana")
    page.locator("#counter_callers label.choice", has_text="Chloé").tap()
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ana")).to_contain_text("6,5")
    expect(page.locator("#preview tr", has_text="Chloé")).to_contain_text("35")
    page.screenshot(path=artifacts / "play-tamoul-halves.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    game.refresh_from_db()
    assert game.totals == {"Ana": 6.5, "Ben": 0, "Chloé": 35}
    assert hand(page, "Ana").count() == 0  # back on the sheet


def test_it_greys_out_the_joker_once_both_are_used(live_server: LiveServer, page: Page, transactional_db):
    """The 52 + 2 jokers deck: each card once, the joker twice in a round."""
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    joker = page.locator('#picker [data-card="JK"]')
    pick_hand(page, "Ana", ["JK"])
    hand(page, "Ben").locator(".chips").tap()
    expect(joker).to_be_enabled()  # one joker left
    pick_hand(page, "Ben", ["JK"])
    hand(page, "Chloé").locator(".chips").tap()
    expect(joker).to_be_disabled()
    # Taking one back frees it again.
    hand(page, "Ben").locator(".chip").first.tap()
    hand(page, "Chloé").locator(".chips").tap()
    expect(joker).to_be_enabled()


def test_it_counts_the_fontenaysien_player_who_went_out_as_zero(live_server: LiveServer, page: Page,
                                                                transactional_db):
    """fontenaysien.went_out: the player who discarded every card scores −10."""
    game = make_game("fontenaysien", ["Ana", "Ben", "Chloé"])
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    pick_hand(page, "Ben", ["9S", "3D"])
    pick_hand(page, "Chloé", ["KH"])
    choose(page, "went_out", "Ana")
    expect(hand(page, "Ana").locator("[data-count]")).to_have_value("0")
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ana")).to_contain_text("−10")
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    game.refresh_from_db()
    assert game.totals == {"Ana": -10, "Ben": 15, "Chloé": -5}
