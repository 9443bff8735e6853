"""axe-core over every page a player meets, error states included, light and dark, in
French (and six of them in English): 0 violations.

axe-core comes from the npm registry (tests/browser/vendor/README.md) and runs inside
each page; the rules are axe's defaults (WCAG 2 A and AA, best practices). English is
what a phone gets after tapping "EN" (the language cookie Django's set_language
writes); the pages are reached by their fields' names and links, not by their words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import hand, pick_hand, save_round, tap_pad, wait_for_preview
from tests.factories import make_game, tamalou_round

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()


def violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """axe's violations on the page: every default rule, or only `rules`."""
    # Evaluated through the DevTools protocol, not as a <script> the page runs: the app's
    # Content-Security-Policy (script-src 'self') rightly refuses an inline script.
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE + "\n;true")
    options = {"resultTypes": ["violations"], **({"runOnly": rules} if rules else {})}
    return page.evaluate("""async (options) => {
        const result = await axe.run(document, options);
        return result.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
    }""", options)


# The axe rules whose outcome a colour scheme can change: text, links told apart from the
# text around them by colour alone.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def new_game_refused(page: Page, url: str) -> None:
    page.goto(url + "/games/new/?variant=tamalou")
    page.locator("#seat-0").fill("Ana")
    page.locator("#seat-1").fill("Ana")
    page.locator("button[name=action][value=start]").tap()
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


def count_hand(page: Page, name: str, digits: str) -> None:
    """play_helpers.count_hand, in any language: "Compté" is found by its radio's value."""
    block = hand(page, name)
    block.locator(".mode-switch label", has=page.locator("input[value=count]")).tap()
    block.locator("[data-count]").tap()
    tap_pad(page, digits)
    expect(block.locator("[data-count]")).to_have_value(digits)


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
    page.locator('.sheet-actions a[href$="/rounds/undo/"]').tap()
    expect(page.locator("dialog#drawer")).to_be_visible()


def entry_page(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")


def round_previewed(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    count_hand(page, "Ana", "3")
    count_hand(page, "Ben", "9")
    wait_for_preview(page)
    expect(page.locator("#preview table")).to_be_visible()


def cards_picked(page: Page, url: str) -> None:
    entry_page(page, url)
    pick_hand(page, "Ana", ["KH", "3S"])


def counting(page: Page, url: str) -> None:
    """The number pad, open on the hands counted last round, one value already in."""
    game = make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=[tamalou_round(None, Ana=4, Ben=9, Chloé=2)])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    page.locator('#picker [data-value="7"]').tap()
    expect(page.locator("#picker-target")).to_have_text("Ben")


def round_saved(page: Page, url: str) -> None:
    """The sheet swapped in place of the form by a save (the answer's <main> and title)."""
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    count_hand(page, "Ana", "3")
    count_hand(page, "Ben", "9")
    wait_for_preview(page)
    save_round(page)
    expect(page.locator(".score-table tbody tr")).to_have_count(1)
    expect(page).to_have_url(url + game.get_absolute_url())


def why_drawer(page: Page, url: str) -> None:
    sheet_with_rounds(page, url)
    page.locator(".score-table tbody td a").first.tap()
    expect(page.locator("dialog#drawer")).to_be_visible()


def why_page(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=["KH", "3S"], Ben=9)])
    page.goto(f"{url}/games/{game.token}/rounds/1/why/?player=Ana")


def history(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    game.edit_round(1, tamalou_round(None, Ana=5, Ben=2))
    game.undo_last_round()
    page.goto(f"{url}/games/{game.token}/history/")


def rename(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{url}/games/{game.token}/players/rename/")


def rename_refused(page: Page, url: str) -> None:
    rename(page, url)
    page.locator("#rename-name").fill("Anna")
    page.locator("#rename-form button[type=submit]").tap()  # which name to correct: none chosen
    expect(page.locator("#rename-form [role=alert]")).to_be_visible()


def edit_confirm(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    page.goto(f"{url}/games/{game.token}/rounds/1/edit/")
    page.evaluate("""() => { const count = document.querySelector('[name="hand-1-count"]');
                             count.value = '8'; count.dispatchEvent(new Event('change', {bubbles: true})); }""")
    wait_for_preview(page)
    save_round(page)
    expect(page.locator("section.confirm")).to_be_visible()


def round_taken(page: Page, url: str) -> None:
    """Another phone saved this round first: keep theirs, or save mine as an edit."""
    game = make_game("tamalou", ["Ana", "Ben"])
    page.goto(f"{url}/games/{game.token}/rounds/new/")
    count_hand(page, "Ana", "3")
    count_hand(page, "Ben", "9")
    wait_for_preview(page)
    game.add_round(tamalou_round(None, Ana=1, Ben=2))
    save_round(page)
    expect(page.locator("section.taken")).to_be_visible()


def abandoned_sheet(page: Page, url: str) -> None:
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    game.set_abandoned(True)
    page.goto(url + game.get_absolute_url())


def login_refused(page: Page, url: str) -> None:
    page.goto(url + "/accounts/login/")
    page.locator("#id_username").fill("nobody")
    page.locator("input[name=password]").fill("wrong")
    page.locator("form.stack button[type=submit]").tap()
    expect(page.locator("[role=alert], .errors, .field-errors").first).to_be_visible()


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
    "sheet: why drawer": why_drawer,
    "sheet: abandoned": abandoned_sheet,
    "sheet: swapped in by a save": round_saved,
    "why this score": why_page,
    "history": history,
    "correct a name": rename,
    "correct a name: refused": rename_refused,
    "round entry": entry_page,
    "round entry: refused": round_refused,
    "round entry: cards picked": cards_picked,
    "round entry: counting": counting,
    "round entry: previewed": round_previewed,
    "round entry: taken by another phone": round_taken,
    "round edit: confirm": edit_confirm,
    "join a table": visit("/tables/join/"),
    "join a table: wrong code": wrong_table_code,
    "rules": visit("/rules/"),
    "rules of tamoul": visit("/rules/tamoul/"),
    "organiser's login": visit("/accounts/login/"),
    "organiser's login: refused": login_refused,
}


# Every page in French, our players' language; in English one page of each kind whose
# words change most (a form refused, the sheet's drawer, the entry with its errors, a
# table's code refused, the rules' text): the language changes words, not markup, and
# each visit costs CI about 3 s.
IN_ENGLISH_TOO = ["new game: refused", "sheet: why drawer", "round entry: refused",
                  "join a table: wrong code", "rules of tamoul", "organiser's login: refused"]
VISITS = [(name, "fr") for name in PAGES] + [(name, "en") for name in IN_ENGLISH_TOO]


@pytest.mark.parametrize(("name", "language"), VISITS, ids=[f"{n}-{lang}" for n, lang in VISITS])
def test_it_finds_no_accessibility_violation(live_server: LiveServer, page: Page, name: str, language: str):
    """Every rule in light, then the contrast rules again in dark on the same page: the scheme
    is a media query that changes colours only, so one visit (with its errors and drawers
    reached) serves both, and the dark pass runs only the rules colours can break."""
    page.emulate_media(color_scheme="light")
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language,
                               "url": live_server.url}])
    PAGES[name](page, live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", language)  # the page speaks it
    found = {"light": violations(page)}

    light_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("body")).not_to_have_css("background-color", light_background)  # dark rules apply
    found["dark"] = violations(page, COLOUR_RULES)

    assert found == {"light": [], "dark": []}


def test_it_would_see_a_violation_if_there_were_one(live_server: LiveServer, page: Page):
    page.goto(live_server.url + "/")
    page.evaluate("() => document.querySelector('main').insertAdjacentHTML('beforeend',"
                  " '<button class=\"bare\"></button>')")

    assert any(found.startswith("button-name:") for found in violations(page))
