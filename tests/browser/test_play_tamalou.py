"""A whole game of tamalou on a phone, with an invalid entry shown and then fixed."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game
from tests.browser.play_helpers import (
    choose,
    count_hand,
    hand,
    pick_cards,
    pick_hand,
    save_round,
    wait_for_preview,
)
from tests.factories import make_game


def test_it_plays_a_game_of_tamalou_to_its_end(live_server: LiveServer, page: Page, artifacts: Path,
                                               transactional_db):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"], options={"rounds": 3})
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Manche 1")

    # Round 1: Ana calls with 3 (K♥ 3♠); Ben's 7♦ 8♠ = 15; Chloé says "the same K♥" by mistake.
    pick_hand(page, "Ana", ["KH", "3S"])
    # The K♥ is used: once Ana holds it, the picker greys it out for everyone else.
    hand(page, "Chloé").locator(".chips").tap()
    expect(page.locator('#picker [data-card="KH"]')).to_be_disabled()
    expect(page.locator('#picker [data-card="KS"]')).to_be_enabled()
    pick_hand(page, "Ben", ["7D", "8S"])
    choose(page, "announcer", "Ana")
    # Without the picker's help (typed text, or another phone), a card may still come twice:
    # the engine refuses it and says so beside Chloé's hand, and nothing is saved.
    page.evaluate("""() => { const i = document.querySelector('[name="hand-2-cards"]');
                             i.value = 'KH 2C'; i.dispatchEvent(new Event('change', {bubbles: true})); }""")
    wait_for_preview(page)
    expect(page.locator("#err-hand-2")).to_contain_text("R♥")
    expect(page.locator("#preview")).to_contain_text("Manche invalide")
    page.screenshot(path=artifacts / "play-tamalou-invalid-preview.png", full_page=True)
    save_round(page)
    expect(page.locator("#err-hand-2")).to_contain_text("R♥")
    assert Game.objects.get(pk=game.pk).rounds.count() == 0
    page.screenshot(path=artifacts / "play-tamalou-invalid-saved.png", full_page=True)

    # Fixed: Chloé takes the K♥ back (tap its chip) and picks the K♠ she really had.
    hand(page, "Chloé").locator(".chip", has_text="R♥").tap()
    expect(hand(page, "Chloé").locator(".chip")).to_have_text(["2♣"])
    pick_cards(page, hand(page, "Chloé").locator("[data-cards-field]"), ["KS"], already=1)
    wait_for_preview(page)
    expect(page.locator("#err-hand-2")).to_be_empty()
    preview = page.locator("#preview")
    expect(preview.locator("tr", has_text="Ana")).to_contain_text("3")
    expect(preview.locator("tr", has_text="Chloé")).to_contain_text("17")
    page.screenshot(path=artifacts / "play-tamalou-round1-preview.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")

    # Round 2: counted hands on the number pad, nobody called.
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Manche 2")
    count_hand(page, "Ana", "12")
    count_hand(page, "Ben", "4")
    pick_hand(page, "Chloé", ["JK", "AD"])
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ana")).to_contain_text("12")
    page.screenshot(path=artifacts / "play-tamalou-round2-numpad.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")

    # Round 3, the last agreed one: Ben calls with 2 and is lowest. What the phone
    # downloads for the round, after the entry page, is recorded (docs/benchmarks.md).
    page.goto(f"{live_server.url}/games/{game.token}/rounds/new/")
    htmx: list[tuple[str, int]] = []
    page.on("requestfinished", lambda r: htmx.append((r.url, r.sizes()["responseBodySize"]))
            if r.headers.get("hx-request") else None)
    pick_hand(page, "Ana", ["QH", "5S"])
    pick_hand(page, "Ben", ["2H"])
    pick_hand(page, "Chloé", ["9C", "2D"])
    choose(page, "announcer", "Ben")
    wait_for_preview(page)
    expect(page.locator("#preview")).to_contain_text("Cette manche termine la partie")
    save_round(page)
    expect(page).to_have_url(f"{live_server.url}/games/{game.token}/")
    previews = [size for url, size in htmx if url.endswith("/rounds/preview/")]
    # One preview per field left, radio tapped or Cartes/Compté switch (Ana and Ben counted
    # in round 2, so their hands open on Compté): at most 6 here, not one per card.
    assert 1 <= len(previews) <= 6, htmx
    (artifacts / "entry-bytes-tamalou-3-players.json").write_text(json.dumps(
        {"htmx_responses": htmx, "previews": len(previews), "bytes": sum(size for _, size in htmx)}, indent=1))

    game.refresh_from_db()
    assert game.finished
    # Ana 0+12+15, Ben 15+4+0, Chloé 17+1+11
    assert game.totals == {"Ana": 27, "Ben": 19, "Chloé": 29}
    assert game.winners == ["Ben"]
    # The sheet opens at its top after the save (the form was scrolled down to its button):
    # the winner is on screen without scrolling back up.
    page.wait_for_function("() => window.scrollY === 0")
    expect(page.locator(".game-over")).to_be_in_viewport()
    page.screenshot(path=artifacts / "play-tamalou-sheet-end.png", full_page=True)
