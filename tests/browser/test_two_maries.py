"""Two people called Marie at one league night (issue 30 item 1), on a 360×740 phone:
the table's form asks which Marie a seat means, and the season's standings keep one
row each, with the figures and ratings the engine's order gives over her own games."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import timezone
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


@pytest.fixture
def tables(transactional_db: None) -> tuple[Season, NightTable, NightTable]:
    season = Season.objects.create(league=League.objects.create(name="Les jeudis"), name="Printemps",
                                   start=timezone.localdate().replace(day=1))
    night = Night.objects.create(season=season, date=timezone.localdate())
    return (season, NightTable.objects.create(night=night, label="Table 1"),
            NightTable.objects.create(night=night, label="Table 2"))


def end(game: Game, hands: dict[str, int]) -> None:
    game.add_round(tamalou_round(None, **hands))  # autocommit: the league counts it at once


def test_two_maries_at_one_league_night_keep_separate_standings_and_ratings(
        live_server: LiveServer, browser: Browser, tables: tuple[Season, NightTable, NightTable],
        artifacts: Path) -> None:
    season, first_table, second_table = tables
    earlier = Game.start("tamalou", ["Marie", "Ana"], {"rounds": 1})
    LeagueGame.objects.create(game=earlier, table=first_table)
    end(earlier, {"Marie": 2, "Ana": 9})  # the first Marie won at Table 1
    first_marie = Player.objects.get(name="Marie")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}{second_table.get_absolute_url()}?variant=tamalou")
    phone.get_by_role("button", name="+ Marie").tap()  # the league's Marie... but not this one
    who = phone.get_by_test_id("who-0")
    expect(who).to_be_visible()
    who.select_option(label="Une autre personne (Marie)")
    phone.get_by_label("Place 2", exact=True).fill("Ben")
    phone.get_by_label("Nombre de manches").fill("1")
    phone.screenshot(path=artifacts / "two-maries-another-one.png", full_page=True)
    phone.get_by_role("button", name="Commencer la partie").tap()
    expect(phone.locator(".score-table thead")).to_contain_text("Marie")
    second_marie = Player.objects.exclude(pk=first_marie.pk).get(name="Marie")
    end(Game.objects.latest("pk"), {"Marie": 12, "Ben": 3})

    # Back at Table 1, a seat written « Marie » must now say which one.
    phone.goto(f"{live_server.url}{first_table.get_absolute_url()}?variant=tamalou")
    phone.get_by_label("Place 1", exact=True).fill("Marie")
    phone.get_by_label("Place 2", exact=True).fill("Chloé")
    phone.get_by_label("Nombre de manches").fill("1")
    phone.get_by_role("button", name="Commencer la partie").tap()
    expect(phone.get_by_role("alert")).to_contain_text("Plusieurs personnes s'appellent Marie ici : dites laquelle.")
    phone.get_by_test_id("who-0").select_option(label="Marie (2)")
    phone.screenshot(path=artifacts / "two-maries-which-one.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.get_by_role("button", name="Commencer la partie").tap()
    expect(phone.locator(".score-table thead")).to_contain_text("Chloé")
    end(Game.objects.latest("pk"), {"Marie": 1, "Chloé": 7})

    phone.goto(f"{live_server.url}/leagues/seasons/{season.pk}/")
    rows = phone.locator("table tbody tr")
    expect(rows.filter(has_text="Marie (1)")).to_have_count(1)
    expect(rows.filter(has_text="Marie (2)")).to_have_count(1)
    phone.screenshot(path=artifacts / "two-maries-standings.png", full_page=True)

    fold = standings(summary_of(lg.game) for lg in LeagueGame.objects.order_by("game__finished_at", "game_id"))
    engine = {r.player: r for r in fold.rows(OVERALL)}
    for marie, label in ((first_marie, "Marie (1)"), (second_marie, "Marie (2)")):
        expected = engine[player_key(marie.pk)]
        assert expected.games == (1 if marie == first_marie else 2)
        row = rows.filter(has_text=label)
        expect(row.locator("td").nth(1)).to_have_text(f"{expected.wins}/{expected.games}")
        expect(row.locator(".rating summary")).to_have_text(decimal(expected.skill.ordinal, 1))
        expect(row.locator(".rating small")).to_contain_text(f"μ {decimal(expected.skill.mu, 1)}")
