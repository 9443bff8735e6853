"""Errors in place, with debug on (as under `make run`): a refused form comes back in its
own block, the page keeps its title, landmarks and heading, and the focus goes to the error.

django-htmx's debug script writes any 400/403/404/500 answer over the whole document;
forms answer 422 (scorekeeper/http.py), which htmx swaps into the form.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game


@pytest.fixture
def debug_on(settings) -> None:
    settings.DEBUG = True


def assert_page_kept(page: Page, title: str) -> None:
    expect(page).to_have_title(title)
    expect(page.locator("main#main")).to_have_count(1)
    expect(page.locator("header.site-header")).to_have_count(1)
    # django-htmx's debug script is on the page: the test would not prove anything without it.
    expect(page.locator("script[data-debug='True']")).to_have_count(1)


def test_it_shows_two_identical_names_beside_the_new_game_form_with_debug_on(
        live_server: LiveServer, page: Page, debug_on: None):
    page.goto(live_server.url + "/games/new/?variant=tamalou")
    title = page.title()
    page.get_by_label("Place 1", exact=True).fill("Ana")
    page.get_by_label("Place 2", exact=True).fill("Ana")

    page.get_by_role("button", name="Commencer la partie").tap()

    alert = page.locator("#form-errors")
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_be_focused()
    assert_page_kept(page, title)
    expect(page.get_by_role("heading", name="Tamalou")).to_be_visible()
    expect(page.get_by_label("Place 2", exact=True)).to_have_value("Ana")  # nothing typed is lost
    assert not Game.objects.exists()


def test_it_lists_an_import_s_problems_in_the_form_with_debug_on(
        live_server: LiveServer, page: Page, debug_on: None):
    page.goto(live_server.url + "/games/import/")
    title = page.title()
    page.locator("textarea").fill('{"format": 1, "variant": "belote"}')

    page.locator("#import-form button[type=submit]").tap()

    alert = page.locator("#import-errors")
    expect(alert).to_be_visible()
    expect(alert).to_be_focused()
    assert_page_kept(page, title)
    assert not Game.objects.exists()


def test_it_says_a_wrong_table_code_in_the_form_with_debug_off(live_server: LiveServer, page: Page):
    page.goto(live_server.url + "/tables/join/")
    title = page.title()
    page.locator("input[name=code]").fill("ZZZZZZ")

    page.locator("#find-form button[type=submit]").tap()

    expect(page.locator("#code-error")).to_contain_text("ZZZZZZ")
    expect(page.locator("#code-error")).to_have_attribute("role", "alert")
    # The field takes the focus; its aria-describedby reads the error out.
    expect(page.locator("input[name=code]")).to_be_focused()
    expect(page.locator("input[name=code]")).to_have_attribute("aria-describedby", "code-error")
    assert_page_kept_without_debug(page, title)


def assert_page_kept_without_debug(page: Page, title: str) -> None:
    expect(page).to_have_title(title)
    expect(page.locator("main#main")).to_have_count(1)


def league_game_at_tonights_table():
    from datetime import date

    from leagues.models import League, LeagueGame, Night, NightTable, Season
    from tests.factories import tamalou_round

    season = Season.objects.create(league=League.objects.create(name="Les jeudis"), name="Printemps",
                                   start=date(2026, 3, 1))
    table = NightTable.objects.create(night=Night.objects.create(season=season, date=date.today()),
                                      label="Table 1")
    game = Game.start("tamalou", ["Ana", "Ben"])
    LeagueGame.objects.create(game=game, table=table)
    game.add_round(tamalou_round("Ana", Ana=3, Ben=10))
    return game, table


def test_it_says_a_refused_change_in_the_drawer_with_debug_off(live_server: LiveServer, page: Page):
    """Changing a league game needs its table's link while the night is open: a phone that
    had it sees the change buttons, and when the night closes under it, the refusal (403)
    comes back into the block the tap asked for, announced, not dropped."""
    from datetime import date, timedelta

    from leagues.models import Night

    game, table = league_game_at_tonights_table()
    page.goto(live_server.url + table.get_absolute_url())  # this phone holds the table's link
    page.goto(live_server.url + game.get_absolute_url())
    title = page.title()
    Night.objects.update(date=date.today() - timedelta(days=3))  # the night is over

    page.get_by_role("link", name="Annuler la dernière manche").tap()

    refusal = page.locator("#drawer-body .refused [role=alert]")
    expect(refusal).to_contain_text("soirée est close")
    expect(refusal).to_be_focused()
    expect(page).to_have_title(title)
    expect(page.locator("main#main")).to_have_count(1)
    assert game.rounds.count() == 1


def test_it_shows_a_phone_without_the_table_link_a_read_only_sheet(live_server: LiveServer, page: Page, artifacts):
    """Only the table's link (or an organiser) changes a league game: another phone reads the
    sheet, told why, with no button that would be refused."""
    game, _table = league_game_at_tonights_table()
    page.goto(live_server.url + game.get_absolute_url())

    expect(page.get_by_test_id("read-only")).to_contain_text("ouvrez d’abord le lien de sa table (Table 1)")
    expect(page.locator("#sheet .totals")).to_contain_text("10")  # the scores are there
    for hidden in ("Manche suivante", "Annuler la dernière manche"):  # in the sheet every phone gets
        expect(page.get_by_role("link", name=hidden)).to_be_hidden()
    expect(page.get_by_role("link", name="Corriger un nom")).to_have_count(0)
    expect(page.get_by_text("Abandonner la partie")).to_have_count(0)
    page.screenshot(path=artifacts / "sheet-read-only.png", full_page=True)
