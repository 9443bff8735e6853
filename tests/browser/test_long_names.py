"""A name with no spaces, as long as the forms allow, never makes a page wider than a phone
(issue 18: a 200-character league name made the league pages 1,443 px wide)."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser
from pytest_django.live_server_helper import LiveServer

from leagues.models import MAX_LABEL, League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import Game
from tests.factories import tamalou_round

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def long_named(transactional_db: None, django_capture_on_commit_callbacks) -> dict[str, str]:
    long = "Ligue" + "X" * (MAX_LABEL - 5)
    organiser = User.objects.create_user("orga", password="un mot de passe long")
    league = League.objects.create(name=long)
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="S" * MAX_LABEL, start=date(2026, 1, 1))
    night = Night.objects.create(season=season, date=date(2026, 3, 12))
    table = NightTable.objects.create(night=night, label="T" * MAX_LABEL)
    player = "Joueuse" + "Y" * 33
    game = Game.start("tamalou", [player, "Ben"], {"rounds": 1})
    LeagueGame.objects.create(game=game, table=table)
    with django_capture_on_commit_callbacks(execute=True):
        game.add_round(tamalou_round(None, **{player: 3, "Ben": 9}))
    return {"league": league.get_absolute_url(), "season": season.get_absolute_url(),
            "room": f"/leagues/nights/{night.pk}/room/", "table": f"/leagues/t/{table.token}/",
            "sheet": game.get_absolute_url()}


@pytest.mark.parametrize("name", ["league", "season", "room", "table", "sheet"])
def test_it_keeps_every_page_within_a_360_px_phone_with_a_long_name(
        live_server: LiveServer, browser: Browser, long_named: dict[str, str], name: str, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(live_server.url + long_named[name])

    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=str(artifacts / f"long-name-{name}.png"))
    context.close()
    assert width <= PHONE["width"], f"{name} is {width} px wide"
