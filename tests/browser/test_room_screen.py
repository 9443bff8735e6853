"""The room screen updates by itself, over its WebSocket, when a game ends at another table.

pytest-django's live_server speaks WSGI only, so Daphne serves the app here, in a
forked process on a free loopback port, reading the test database (a file).

Where the game ends matters: with the in-memory channel layer (the default, and
CI's first run) only the process that ends the game can reach the room's socket,
so the game ends through a page Daphne serves: the organiser, on their phone,
imports a finished game for Table 2. With Redis (REDIS_URL), any process can: the
second test ends the game with an ORM call in the test itself, as a round entered
on another phone would.
"""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from leagues.models import League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import Game
from tests.factories import tamalou_round

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends

NIGHT = date(2026, 3, 12)


@pytest.fixture
def league_night(transactional_db: None) -> dict[str, object]:
    organiser = User.objects.create_user("orga", password="un mot de passe long")
    league = League.objects.create(name="Les jeudis")
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))
    night = Night.objects.create(season=season, date=NIGHT)
    first = NightTable.objects.create(night=night, label="Table 1")
    second = NightTable.objects.create(night=night, label="Table 2")
    finish(first, {"Ana": 2, "Ben": 9})  # Ana has already won a game at Table 1 tonight
    return {"organiser": organiser, "season": season, "night": night, "second": second}


def finish(table: NightTable, hands: dict[str, int]) -> Game:
    """A one-round tamalou game at `table`, ended (after commit, so the signal runs)."""
    game = Game.start("tamalou", list(hands), {"rounds": 1})
    LeagueGame.objects.create(game=game, table=table)
    game.add_round(tamalou_round(next(iter(hands)), **hands))
    return game


def open_room(browser: Browser, url: str) -> Page:
    """The room screen on a laptop-sized window, connected to its socket."""
    room = browser.new_page(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    room.goto(url)
    expect(room.locator(".room")).to_have_attribute("data-connected", "true")
    expect(room.locator("#room-status")).to_have_text("en direct")
    room.evaluate("window.notReloaded = true")  # gone if the page reloads
    return room


def test_it_updates_the_room_screen_when_a_game_ends_at_another_table(
        daphne: str, league_night: dict[str, object], browser: Browser, page: Page, artifacts: Path):
    night = league_night["night"]
    room = open_room(browser, f"{daphne}/leagues/nights/{night.pk}/room/")
    board = room.locator("#board")
    expect(board).to_contain_text("Ana")
    expect(board).not_to_contain_text("Zoé")
    room.screenshot(path=artifacts / "room-before.png")

    # The organiser's phone: a finished game for Table 2, through the import page Daphne serves.
    client = Client()
    client.force_login(league_night["organiser"])
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": daphne}])
    page.goto(f"{daphne}/leagues/seasons/{league_night['season'].pk}/import/")
    record = {"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["Zoé", "Yann"],
              "rounds": [{"announcer": "Zoé", "hands": {"Zoé": 1, "Yann": 14}}]}
    page.get_by_label("Fichiers de parties (JSON)").set_input_files(
        files=[{"name": "zoe.json", "mimeType": "application/json",
                "buffer": json.dumps(record).encode()}])
    page.get_by_label("Date de la soirée").fill(NIGHT.isoformat())
    page.get_by_label("Table (sinon lue dans le nom du fichier)").fill("Table 2")
    page.get_by_role("button", name="Importer").tap()
    expect(page.locator("#result")).to_contain_text("zoe.json : importée")
    page.screenshot(path=artifacts / "room-import-phone.png", full_page=True)

    # The room screen changed by itself: Zoé's win at Table 2 is on the board.
    expect(board).to_contain_text("Zoé")
    expect(board.locator(".room-recent")).to_contain_text("Table 2")
    assert room.evaluate("window.notReloaded") is True
    room.screenshot(path=artifacts / "room-after.png")
    room.close()


@pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                    reason="needs Redis: the in-memory channel layer does not cross processes")
def test_it_updates_the_room_screen_when_a_round_ends_a_game_elsewhere(
        daphne: str, league_night: dict[str, object], browser: Browser, artifacts: Path):
    night = league_night["night"]
    room = open_room(browser, f"{daphne}/leagues/nights/{night.pk}/room/")
    board = room.locator("#board")
    expect(board).not_to_contain_text("Chloé")

    finish(league_night["second"], {"Chloé": 0, "Dan": 12})  # in this process; Redis carries it

    expect(board).to_contain_text("Chloé")
    assert room.evaluate("window.notReloaded") is True
    room.screenshot(path=artifacts / "room-after-round.png")
    room.close()
