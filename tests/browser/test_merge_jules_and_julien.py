"""Jules and Julien are one person (issue 30 item 3): the organiser merges them from the
season page on a 360×740 phone, and the standings show one Jules whose figures and rating
are the engine's order over the merged games."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from leagues.models import League, LeagueGame, Night, NightTable, Season
from leagues.ranking.standings import OVERALL, standings
from leagues.results.recording import player_key, summary_of
from leagues.templatetags.leagues import decimal
from scorekeeper.models import Game, Player
from tests.factories import tamalou_round

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


def play(table: NightTable, hands: dict[str, int], announcer: str) -> None:
    game = Game.start("tamalou", list(hands), {"rounds": 1})
    LeagueGame.objects.create(game=game, table=table)
    game.add_round(tamalou_round(announcer, **hands))


def test_jules_and_julien_merged_stand_as_the_engines_order_over_the_merged_games(
        live_server: LiveServer, browser: Browser, transactional_db: None, artifacts: Path) -> None:
    organiser = User.objects.create_user("orga", password="un mot de passe long")
    league = League.objects.create(name="Les jeudis")
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))
    night = Night.objects.create(season=season, date=date(2026, 3, 12))
    table = NightTable.objects.create(night=night, label="Table 1")
    play(table, {"Jules": 2, "Ana": 9}, "Jules")
    play(table, {"Julien": 12, "Ben": 3}, "Ben")
    play(table, {"Ben": 5, "Julien": 4, "Ana": 7}, "Julien")
    play(table, {"Jules": 6, "Ben": 1}, "Ben")
    jules = Player.objects.get(name="Jules")
    client = Client()
    client.force_login(organiser)
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    phone = context.new_page()

    phone.goto(f"{live_server.url}{season.get_absolute_url()}")
    rows = phone.locator("table tbody tr")
    expect(rows.filter(has_text="Julien")).to_have_count(1)
    form = phone.get_by_test_id("merge-form")
    form.get_by_label("Les parties de").select_option(label="Julien")
    form.get_by_label("comptent pour").select_option(label="Jules")
    form.get_by_role("button", name="C'est la même personne").tap()

    expect(phone.get_by_role("status")).to_contain_text("Julien et Jules ne font plus qu'un")
    expect(rows.filter(has_text="Julien")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=artifacts / "merge-jules-julien.png", full_page=True)

    merged = [summary_of(lg.game) for lg in LeagueGame.objects.select_related("game")
              .order_by("game__finished_at", "game_id")]
    expected = {r.player: r for r in standings(merged).rows(OVERALL)}[player_key(jules.pk)]
    assert expected.games == 4
    row = rows.filter(has_text="Jules")
    expect(row.locator("td").nth(1)).to_have_text(f"{expected.wins}/{expected.games}")
    expect(row.locator(".rating summary")).to_have_text(decimal(expected.skill.ordinal, 1))
    expect(row.locator(".rating small")).to_contain_text(f"μ {decimal(expected.skill.mu, 1)}")
