"""Starting a game from the new-game page with one thumb, without typing the order twice."""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game
from tests.factories import make_game


def test_it_starts_a_tamalou_game_for_eight_from_the_home_page(live_server: LiveServer, page: Page,
                                                                 artifacts: Path):
    # Zoé came to an earlier game this phone opened: only this phone's own players are offered.
    earlier = make_game("tamalou", ["Zoé", "Yves"])
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(live_server.url + earlier.get_absolute_url())
    page.goto(live_server.url)

    page.get_by_role("link", name="Nouvelle partie").tap()
    page.screenshot(path=artifacts / "new-game-variants.png", full_page=True)
    page.get_by_role("link", name="Tamalou Mémoire").tap()

    expect(page.get_by_role("heading", name="Tamalou")).to_be_visible()
    expect(page).to_have_url(live_server.url + "/games/new/?variant=tamalou")
    page.get_by_label("Nombre de manches").fill("6")
    for seat, name in enumerate(["Ana", "Ben", "Chloé", "Dan", "Élise", "Fanny", "Gus"], start=1):
        page.get_by_label(f"Place {seat}", exact=True).fill(name)
    page.get_by_role("button", name="+ Zoé").tap()  # the known player takes seat 8
    expect(page.get_by_label("Place 8", exact=True)).to_have_value("Zoé")
    page.get_by_role("button", name="Monter la place 8").tap()  # Zoé sits before Gus
    expect(page.get_by_label("Place 7", exact=True)).to_have_value("Zoé")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=artifacts / "new-game-form.png", full_page=True)

    page.get_by_role("button", name="Commencer la partie").tap()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Tamalou")
    game = Game.objects.latest("pk")  # the one just started, after the earlier one
    assert page.url == live_server.url + game.get_absolute_url()
    assert game.player_names() == ["Ana", "Ben", "Chloé", "Dan", "Élise", "Fanny", "Zoé", "Gus"]
    assert game.options == {"rounds": 6}
    expect(page.locator(".score-table thead th.side")).to_have_count(8)
    expect(page.get_by_role("link", name="Manche suivante")).to_be_visible()
    page.screenshot(path=artifacts / "new-game-started-sheet.png", full_page=True)


def test_it_shows_why_a_game_cannot_start_beside_the_form(live_server: LiveServer, page: Page,
                                                           artifacts: Path):
    page.goto(live_server.url + "/games/new/?variant=canasta")

    page.get_by_label("Place 1", exact=True).fill("Ana")
    page.get_by_label("Place 2", exact=True).fill("Ben")
    page.get_by_label("Place 3", exact=True).fill("Chloé")
    page.get_by_role("button", name="Commencer la partie").tap()

    expect(page.get_by_role("alert")).to_contain_text("Canasta se joue à 2 ou à 4 joueurs (ici 3).")
    page.get_by_label("Place 4", exact=True).fill("Dan")
    page.get_by_label("Places 1 et 3").fill("Les Rouges")
    page.screenshot(path=artifacts / "new-game-canasta-error.png", full_page=True)
    page.get_by_role("button", name="Commencer la partie").tap()

    expect(page.locator(".score-table thead")).to_contain_text("Les Rouges")
    assert Game.objects.get().teams == {"Les Rouges": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def test_it_shows_the_known_players_without_scrolling_on_a_phone(live_server: LiveServer, page: Page,
                                                                 artifacts: Path):
    earlier = make_game("tamalou", ["Zoé", "Yann", "Xavier"])  # a game this phone opened
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + earlier.get_absolute_url())
    page.goto(live_server.url + "/games/new/?variant=tamalou")  # eight seats, all empty

    chips = page.locator(".known .chip")
    expect(chips).to_have_count(3)
    page.screenshot(path=artifacts / "new-game-known-players.png", caret="initial")  # the first screen only
    for i in range(3):
        box = chips.nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 740, f"chip {i} is below the fold: {box}"
    assert page.evaluate("window.scrollY") == 0

    chips.first.tap()
    expect(page.get_by_label("Place 1", exact=True)).not_to_have_value("")
