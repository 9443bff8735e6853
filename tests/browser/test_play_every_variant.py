"""Every variant's entry page on a phone: it fits 390 px with eight players (six in
cactus-game, four in canasta), its picker offers the variant's deck, in light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from engine.rules import VARIANTS
from tests.factories import make_game

EIGHT = ["Anne-Sophie", "Benoît", "Chloé", "Dominique", "Éléonore", "François", "Gwendoline", "Hugo"]
TEAMS = {"Nord-Sud": ["Anne-Sophie", "Chloé"], "Est-Ouest": ["Benoît", "Dominique"]}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_it_fits_a_phone_for_every_variant(variant: str, live_server: LiveServer, page: Page, artifacts: Path,
                                           transactional_db):
    rules = VARIANTS[variant]
    players = EIGHT[: rules.max_players]
    game = make_game(variant, players, teams=TEAMS if variant == "canasta" else None)
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.locator("#entry-form")).to_be_visible()
    if rules.deck is not None:
        jokers = page.locator('#picker [data-card="JK"]')
        expect(jokers).to_have_count(1 if "JK" in rules.deck else 0)
        # Every card of the deck is a key of its own, each code once (the joker too).
        expect(page.locator("#picker [data-card]")).to_have_count(len(rules.deck.codes))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / f"entry-{variant}.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=artifacts / f"entry-{variant}-dark.png")
