"""axe-core over every page a player meets, error states included, light and dark: 0 violations.

axe-core comes from the npm registry (tests/browser/vendor/README.md) and runs inside
each page; the rules are axe's defaults (WCAG 2 A and AA, best practices).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import count_hand, pick_hand, save_round, wait_for_preview
from tests.factories import make_game, tamalou_round

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()


def violations(page: Page) -> list[str]:
    # Evaluated through the DevTools protocol, not as a <script> the page runs: the app's
    # Content-Security-Policy (script-src 'self') rightly refuses an inline script.
    page.evaluate(AXE + "\n;true")
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
    }""")
    return found


def new_game_refused(page: Page, url: str) -> None:
    page.goto(url + "/games/new/?variant=tamalou")
    page.get_by_label("Place 1", exact=True).fill("Ana")
    page.get_by_label("Place 2", exact=True).fill("Ana")
    page.get_by_role("button", name="Commencer la partie").tap()
    expect(page.locator("#form-errors")).to_be_visible()


def import_refused(page: Page, url: str) -> None:
    page.goto(url + "/games/import/")
    page.locator("textarea").fill('{"format": 1, "variant": "belote"}')
    page.locator("#import-form button[type=submit]").tap()
    expect(page.locator("#import-errors")).to_be_visible()


def wrong_table_code(page: Page, url: str) -> None:
    page.goto(url + "/tables/join/")
    page.locator("input[name=code]").fill("ZZZZZZ")
    page.locator("#find-form button[type=submit]").tap()
    expect(page.locator("#code-error")).to_be_visible()


def round_refused(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    count_hand(page, "Ana", "7")
    wait_for_preview(page)
    save_round(page)
    expect(page.locator("#err-hand-1")).to_be_visible()


def sheet_with_rounds(page: Page, url: str) -> None:
    game = make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=[
        tamalou_round(None, Ana=60, Ben=3, Chloé=5), tamalou_round(None, Ana=40, Ben=2, Chloé=1)])
    page.goto(url + game.get_absolute_url())


def finished_sheet(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 1},
                     rounds=[tamalou_round(None, Ana=3, Ben=9)])
    page.goto(url + game.get_absolute_url())


def undo_drawer(page: Page, url: str) -> None:
    sheet_with_rounds(page, url)
    page.get_by_role("link", name="Annuler la dernière manche").tap()
    expect(page.locator("dialog#drawer")).to_be_visible()


def entry_page(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")


def cards_picked(page: Page, url: str) -> None:
    entry_page(page, url)
    pick_hand(page, "Ana", ["KH", "3S"])


def counting(page: Page, url: str) -> None:
    """The number pad, open on the hands counted last round, one value already in."""
    game = make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=[tamalou_round(None, Ana=4, Ben=9, Chloé=2)])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    page.locator('#picker [data-value="7"]').tap()
    expect(page.locator("#picker-target")).to_have_text("Ben")


def visit(path: str) -> Callable[[Page, str], None]:
    def go(page: Page, url: str) -> None:
        page.goto(url + path)
    return go


PAGES: dict[str, Callable[[Page, str], None]] = {
    "home": visit("/"),
    "new game: the games": visit("/games/new/"),
    "new game: the form": visit("/games/new/?variant=tamalou"),
    "new game: refused": new_game_refused,
    "import": visit("/games/import/"),
    "import: refused": import_refused,
    "sheet": sheet_with_rounds,
    "sheet: finished": finished_sheet,
    "sheet: undo drawer": undo_drawer,
    "round entry": entry_page,
    "round entry: refused": round_refused,
    "round entry: cards picked": cards_picked,
    "round entry: counting": counting,
    "join a table": visit("/tables/join/"),
    "join a table: wrong code": wrong_table_code,
    "rules": visit("/rules/"),
    "rules of tamoul": visit("/rules/tamoul/"),
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_it_finds_no_accessibility_violation(live_server: LiveServer, page: Page, name: str, scheme: str):
    page.emulate_media(color_scheme=scheme)
    PAGES[name](page, live_server.url)

    assert violations(page) == []


def test_it_would_see_a_violation_if_there_were_one(live_server: LiveServer, page: Page):
    page.goto(live_server.url + "/")
    page.evaluate("() => document.querySelector('main').insertAdjacentHTML('beforeend',"
                  " '<button class=\"bare\"></button>')")

    assert any(found.startswith("button-name:") for found in violations(page))
