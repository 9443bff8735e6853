"""What the sheet says about the game, on a 360 px phone: what only a browser can measure
(the words alone: tests/scorekeeper/test_sheet_tells_the_game.py)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import make_game, tamalou_round

EIGHT = ["Jean-Christophe", "Marie-Hélène", "Ana", "Benoît", "Chloé", "Dominique", "Éloïse", "Fanny"]


def test_it_fits_an_eliminated_player_s_label_inside_its_column_with_eight_players(
        live_server: LiveServer, page: Page, artifacts: Path):
    hands = dict(zip(EIGHT, [120, 3, 25, 0, 7, 19, 4, 31], strict=True))
    game = make_game("dutch", EIGHT, rounds=[tamalou_round(None, **hands)])
    page.set_viewport_size({"width": 360, "height": 780})

    page.goto(live_server.url + game.get_absolute_url())

    label = page.locator(".totals td.out .out-label")
    expect(label).to_have_count(1)
    expect(page.locator(".sheet-limits")).to_contain_text("Éliminé·e à 100 points.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    inside = page.eval_on_selector(".totals td.out", """td => {
        const l = td.querySelector('.out-label').getBoundingClientRect(), c = td.getBoundingClientRect();
        return l.left >= c.left - 0.5 && l.right <= c.right + 0.5; }""")
    assert inside
    page.screenshot(path=artifacts / "sheet-dutch-eight-out.png", full_page=True)
