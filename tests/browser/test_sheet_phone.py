"""The score sheet on a 360 px phone: eight players, no sideways scrolling, light and dark."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import make_game, tamalou_round

PLAYERS = ["Jean-Christophe", "Marie-Hélène", "Ana", "Benoît", "Chloé", "Dominique", "Éloïse",
           "<script>alert(1)</script>"]


@pytest.fixture
def eight_players():
    hands = [dict(zip(PLAYERS, values, strict=True)) for values in (
        [12, 3, 25, 0, 7, 19, 4, 31], [5, 14, 2, 9, 30, 1, 16, 8], [40, 6, 11, 3, 2, 27, 9, 13])]
    rounds = [tamalou_round(None, **h) for h in hands * 4]
    return make_game("tamalou", PLAYERS, rounds=rounds)


def test_it_fits_eight_players_on_a_360px_phone(live_server: LiveServer, page: Page, artifacts: Path,
                                               eight_players):
    page.set_viewport_size({"width": 360, "height": 780})

    page.goto(live_server.url + eight_players.get_absolute_url())

    expect(page.get_by_role("heading", level=1)).to_contain_text("Tamalou")
    expect(page.locator(".score-table tbody tr")).to_have_count(12)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Every column stays wide enough for a thumb and for a two-digit total.
    widths = page.eval_on_selector_all(".score-table thead th.side", "ths => ths.map(t => t.offsetWidth)")
    assert len(widths) == 8 and min(widths) >= 34
    cell = page.locator(".score-table tbody td a").first.bounding_box()
    assert cell is not None and cell["height"] >= 44
    # A player's name that looks like a script is shown as text.
    expect(page.locator(".score-table thead")).to_contain_text("<script>alert(1)</script>")
    page.screenshot(path=artifacts / "sheet-360-8-players.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=artifacts / "sheet-360-8-players-dark.png")


def test_it_opens_why_a_score_is_what_it_is_in_a_drawer(live_server: LiveServer, page: Page,
                                                        artifacts: Path, eight_players):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + eight_players.get_absolute_url())

    page.locator(".score-table tbody tr").first.locator("td a").nth(2).tap()

    drawer = page.locator("dialog#drawer")
    expect(drawer).to_be_visible()
    expect(drawer.locator("#drawer-body")).not_to_be_empty()
    assert "/why/" not in page.url  # the sheet stayed where it was
    page.screenshot(path=artifacts / "sheet-why-drawer.png")
    drawer.get_by_role("button", name="Fermer").tap()
    expect(drawer).to_be_hidden()


def test_it_keeps_the_screen_on_where_the_phone_allows(live_server: LiveServer, page: Page, eight_players):
    page.goto(live_server.url + eight_players.get_absolute_url())

    # Headless chromium may grant or refuse the lock; either way the page asked for it.
    page.wait_for_function("document.documentElement.dataset.wakeLock !== undefined")
    assert page.evaluate("document.documentElement.dataset.wakeLock") in {"held", "refused", "unsupported"}
    assert page.evaluate("typeof htmx") == "object"


def test_it_lists_games_on_the_home_page_and_opens_one(live_server: LiveServer, page: Page,
                                                       artifacts: Path):
    canasta = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                        teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]},
                        rounds=[{"went_out": None, "sides": {"Nord-Sud": {"hand": ["5H"]}, "Est-Ouest": {}}}])
    cactus = make_game("cactus", ["Chloé", "Dan"], options={"rounds": 1},
                       rounds=[tamalou_round(None, Chloé=["AS"], Dan=["KH", "9S"])])
    page.set_viewport_size({"width": 360, "height": 780})
    for game in (cactus, canasta):  # the home page lists the games this phone has opened
        page.goto(live_server.url + game.get_absolute_url())
    page.goto(live_server.url)

    expect(page.get_by_role("heading", name="Parties en cours")).to_be_visible()
    expect(page.get_by_role("heading", name="Parties terminées")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=artifacts / "home-with-games.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=artifacts / "home-with-games-dark.png", full_page=True)

    page.get_by_role("link", name="Canasta").first.tap()

    expect(page).to_have_url(live_server.url + canasta.get_absolute_url())
    expect(page.locator(".score-table thead")).to_contain_text("Ana & Chloé")
    page.screenshot(path=artifacts / "sheet-canasta-teams-dark.png", full_page=True)


def test_it_shows_cactus_game_turns_and_its_winner(live_server: LiveServer, page: Page, artifacts: Path):
    players = ["Ana", "Ben", "Chloé", "Dan", "Élise", "Fanny"]  # six play to 4 points
    turns = []
    for _ in range(4):
        turns.append({"player": "Ana", "plays": [{"card": "free_point"}]})
        turns += [{"player": p, "plays": [{"card": "draw"}]} for p in players[1:]]
    turns[-6] = {"player": "Ana", "plays": [{"card": "free_point", "stopped_by": ["Ben", "Ana"]}]}
    game = make_game("cactus-game", players, rounds=turns[:-5])
    page.set_viewport_size({"width": 360, "height": 780})

    page.goto(live_server.url + game.get_absolute_url())

    expect(page.get_by_role("status").first).to_contain_text("Partie terminée")
    expect(page.locator(".game-over")).to_contain_text("Ana")
    expect(page.locator("td.acting").first).to_be_visible()
    expect(page.get_by_role("link", name="Tour suivant")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=artifacts / "sheet-cactus-game-finished.png", full_page=True)


def test_it_keeps_four_digit_totals_inside_a_360px_phone(live_server: LiveServer, page: Page,
                                                         artifacts: Path):
    rounds = [tamalou_round(None, **dict.fromkeys(PLAYERS, 499))] * 3  # totals of 1,497
    game = make_game("tamalou", PLAYERS, rounds=rounds)
    page.set_viewport_size({"width": 360, "height": 780})

    page.goto(live_server.url + game.get_absolute_url())

    page.screenshot(path=artifacts / "sheet-360-four-digits.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    overflowing = page.eval_on_selector_all(
        ".score-table td", "tds => tds.filter(td => td.scrollWidth > td.clientWidth).length")
    assert overflowing == 0


WAKE_LOCK_STUB = """
window.__wakeRequests = 0;
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request: async () => {
    window.__wakeRequests += 1;
    const sentinel = new EventTarget();
    sentinel.release = async () => sentinel.dispatchEvent(new Event("release"));
    window.__sentinel = sentinel;
    return sentinel;
  },
}});
"""


def test_it_takes_the_wake_lock_again_when_the_page_comes_back(live_server: LiveServer, page: Page,
                                                              eight_players):
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto(live_server.url + eight_players.get_absolute_url())
    html = page.locator("html")
    expect(html).to_have_attribute("data-wake-lock", "held")

    # The phone locks its screen: the browser releases the lock; back on the page, it is asked again.
    page.evaluate("window.__sentinel.release()")
    expect(html).to_have_attribute("data-wake-lock", "released")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")

    expect(html).to_have_attribute("data-wake-lock", "held")
    assert page.evaluate("window.__wakeRequests") == 2


def test_it_leaves_the_screen_alone_outside_a_game(live_server: LiveServer, page: Page):
    page.add_init_script(WAKE_LOCK_STUB)

    page.goto(live_server.url)

    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert page.evaluate("window.__wakeRequests") == 0
    assert page.evaluate("document.documentElement.dataset.wakeLock") is None
