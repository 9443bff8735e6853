"""A game of canasta for four in two teams on a phone: started on the new-game page,
melds built card by card, an opening, red 3s, going out, to the 5000 that ends it."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game
from tests.browser.play_helpers import cards_field, choose, pick_cards, save_round, wait_for_preview

KINGS = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]  # two decks: each card twice at most
NINES = ["9S", "9H", "9D", "9C", "9S", "9H", "9D"]


def start_canasta(page: Page, url: str) -> Game:
    page.goto(f"{url}/games/new/?variant=canasta")
    seats = page.locator('input[name="seat"]')
    for i, name in enumerate(["Ana", "Ben", "Chloé", "Dan"]):
        seats.nth(i).fill(name)
    teams = page.locator('input[name="team"]')
    teams.nth(0).fill("Nord-Sud")
    teams.nth(1).fill("Est-Ouest")
    page.get_by_role("button", name="Commencer la partie").tap()
    expect(page).to_have_url(re.compile(rf"{re.escape(url)}/games/[\w-]+/$"))
    game = Game.objects.get()
    assert page.url == f"{url}/games/{game.token}/"
    return game


def add_meld(page: Page, side: int) -> None:
    """"+ Pose" asks the server for one more meld field (an HTMX round-trip)."""
    page.locator(f"#side-{side} button", has_text="+ Pose").first.tap()
    expect(page.locator(f'[name="side-{side}-meld-1"]')).to_have_count(1)


def test_it_plays_canasta_in_teams_to_5000(live_server: LiveServer, page: Page, artifacts: Path,
                                           transactional_db):
    game = start_canasta(page, live_server.url)
    assert game.teams == {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    page.get_by_role("link", name="Manche suivante").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Manche 1")

    # Round 1. Nord-Sud: a natural canasta of kings (70 + 500), three 5s (15), a red 3 (100),
    # Ana goes out (100); their opening was K K K K and a 2 (60, at least 50 at 0).
    pick_cards(page, cards_field(page, "side-0-meld-0"), KINGS)
    add_meld(page, 0)
    pick_cards(page, cards_field(page, "side-0-meld-1"), ["5S", "5H", "5D"])
    # Both K♠ are melded: the picker offers no third one.
    cards_field(page, "side-1-meld-0").locator(".chips").tap()
    expect(page.locator('#picker [data-card="KS"]')).to_be_disabled()
    expect(page.locator('#picker [data-card="KC"]')).to_be_enabled()
    pick_cards(page, cards_field(page, "side-0-red_threes"), ["3H"])
    page.locator("#side-0 details.opening summary").tap()
    page.locator("#side-0 button", has_text="+ Pose d’ouverture").tap()
    expect(page.locator('[name="side-0-opening-0"]')).to_have_count(1)
    pick_cards(page, cards_field(page, "side-0-opening-0"), ["KS", "KH", "KD", "KC", "2S"])
    # Est-Ouest: three 8s (30), 4♣ and 9♦ left in hand (−15).
    pick_cards(page, cards_field(page, "side-1-meld-0"), ["8S", "8H", "8D"])
    pick_cards(page, cards_field(page, "side-1-hand"), ["4C", "9D"])
    choose(page, "went_out", "Ana")
    wait_for_preview(page)
    preview = page.locator("#preview")
    expect(preview.locator("tr", has_text="Nord-Sud")).to_contain_text("785")
    expect(preview.locator("tr", has_text="Est-Ouest")).to_contain_text("15")
    page.screenshot(path=artifacts / "play-canasta-round1.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")

    # Two rounds entered on another phone meanwhile: Nord-Sud reaches 4555.
    game.add_round({"went_out": "Chloé", "sides": {
        "Nord-Sud": {"melds": [["JK", "JK", "JK", "JK", "2S", "2H", "2D"],
                               ["AS", "AH", "AD", "AC", "AS", "AH", "AD"]]},
        "Est-Ouest": {"melds": [["7S", "7H", "7D"]]}}})
    game.add_round({"went_out": "Ana", "sides": {
        "Nord-Sud": {"melds": [["QS", "QH", "QD", "QC", "QS", "QH", "QD"]], "red_threes": ["3D"]},
        "Est-Ouest": {"melds": [["6S", "6H", "6D"]]}}})
    game.refresh_from_db()
    assert game.totals == {"Nord-Sud": 4555, "Est-Ouest": 45}

    # Round 4: Chloé goes out with a canasta of nines; Dan is left holding a joker (−50).
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Manche 4")
    pick_cards(page, cards_field(page, "side-0-meld-0"), NINES)
    pick_cards(page, cards_field(page, "side-1-hand"), ["JK"])
    choose(page, "went_out", "Chloé")
    wait_for_preview(page)
    expect(page.locator("#preview")).to_contain_text("Cette manche termine la partie")
    expect(page.locator("#preview tr", has_text="Nord-Sud")).to_contain_text("5225")
    page.screenshot(path=artifacts / "play-canasta-final-round.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")

    game.refresh_from_db()
    assert game.finished and game.winners == ["Nord-Sud"]
    assert game.totals == {"Nord-Sud": 5225, "Est-Ouest": -5}
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "play-canasta-sheet-end.png", full_page=True)
