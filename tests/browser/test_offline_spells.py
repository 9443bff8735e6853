"""A round typed without network is never lost (issue 19), on a 360×740 phone.

Rounds kept offline are intentions ("the next round"), numbered by the server when they
arrive; a real conflict is shown beside the stored round until the player chooses; the
pages kept offline stay true; a page never kept shows our offline page; the queue
survives a closed browser. Daphne serves the app; the service worker runs because the
pages come from 127.0.0.1, a secure context. A screenshot per case in test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from scorekeeper.models import Game
from tests.browser.offline_phone import cached, enter_round, eventually, phone_args
from tests.browser.play_helpers import count_hand, hand, pick_cards, save_round
from tests.factories import make_game, tamalou_round

# Also run in CI's PostgreSQL + Redis pass (.ci/run): rounds sent back across the back ends.
pytestmark = pytest.mark.backends

BEN = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1"
SINCE = re.compile(r"Hors ligne depuis \d{1,2} h \d{2}")


@pytest.fixture
def ana(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(**phone_args(browser_context_args))
    yield context.new_page()
    context.close()


def hands(game: Game) -> list[dict[str, Any]]:
    return [r.data["hands"] for r in Game.objects.get(pk=game.pk).rounds.all()]


def next_round(page: Page) -> None:
    page.get_by_role("link", name="Manche suivante").tap()


def test_it_sends_rounds_typed_in_two_offline_spells_once_each_in_order_with_the_numbers_typed(
        daphne: str, ana: Page, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=2, Ben=9)])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    ana.goto(sheet_url)  # only the sheet, online: its next round's page is kept ahead
    cached(ana, entry_url, 'name="round_number" value="2"')

    ana.context.set_offline(True)
    expect(ana.locator("#offline-banner")).to_contain_text(SINCE)
    next_round(ana)
    expect(ana.get_by_role("heading", level=1)).to_have_text("Manche 2")
    enter_round(ana, "3", "17")
    expect(ana).to_have_url(sheet_url)
    next_round(ana)  # the kept page said 2: the phone counts the round it keeps
    expect(ana.get_by_role("heading", level=1)).to_have_text("Manche 3")
    expect(ana.locator(".entry-offline-note")).to_contain_text("numérotée à l’envoi")
    ana.screenshot(path=artifacts / "offline-1-entry-renumbered.png")
    enter_round(ana, "1", "12")
    expect(ana).to_have_url(sheet_url)

    ana.reload()  # offline: the sheet as last seen, and the two rounds waiting
    pending = ana.locator("#pending-rounds li")
    expect(pending).to_have_count(2)
    expect(pending.nth(0)).to_contain_text("en attente d’envoi")
    expect(pending.nth(0)).to_contain_text("Ana 3 · Ben 17 · Annonce Ana")
    expect(pending.nth(1)).to_contain_text("Ana 1 · Ben 12")
    expect(ana.locator("#offline-banner")).to_contain_text(SINCE)
    ana.screenshot(path=artifacts / "offline-2-sheet-reloaded-with-pending.png", full_page=True)
    assert hands(game) == [{"Ana": 2, "Ben": 9}]

    ana.context.set_offline(False)
    expect(pending).to_have_count(0)
    expect(ana.locator(".score-table tbody tr")).to_have_count(3)
    expect(ana.locator("#offline-banner")).to_be_hidden()
    # The kept entry page is fetched again: the next spell starts from round 4.
    cached(ana, entry_url, 'name="round_number" value="4"')

    ana.context.set_offline(True)
    next_round(ana)
    expect(ana.get_by_role("heading", level=1)).to_have_text("Manche 4")
    enter_round(ana, "4", "15")
    expect(ana.locator("#pending-rounds li")).to_have_count(1)
    ana.context.set_offline(False)

    expect(ana.locator(".score-table tbody tr")).to_have_count(4)
    expect(pending).to_have_count(0)
    ana.screenshot(path=artifacts / "offline-3-after-two-spells.png", full_page=True)
    assert hands(game) == [{"Ana": 2, "Ben": 9}, {"Ana": 3, "Ben": 17}, {"Ana": 1, "Ben": 12},
                           {"Ana": 4, "Ben": 15}]
    assert [r.number for r in Game.objects.get(pk=game.pk).rounds.all()] == [1, 2, 3, 4]


def test_it_stores_an_offline_round_after_the_round_another_phone_saved_meanwhile(
        daphne: str, ana: Page, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    ana.goto(sheet_url)
    cached(ana, entry_url)
    ana.context.set_offline(True)
    next_round(ana)
    enter_round(ana, "3", "17")  # typed as round 1
    expect(ana.locator("#pending-rounds li")).to_have_count(1)

    ben = browser.new_context(**phone_args(browser_context_args)).new_page()
    ben.goto(entry_url)
    enter_round(ben, "5", "9")  # saved first: round 1
    expect(ben).to_have_url(sheet_url)

    ana.context.set_offline(False)
    expect(ana.locator("#pending-rounds li")).to_have_count(0)
    expect(ana.locator(".score-table tbody tr")).to_have_count(2)
    expect(ben.locator(".score-table tbody tr")).to_have_count(2)  # over its WebSocket
    ana.screenshot(path=artifacts / "offline-4-stored-after-the-other-phone.png", full_page=True)
    assert hands(game) == [{"Ana": 5, "Ben": 9}, {"Ana": 3, "Ben": 17}]
    ben.context.close()


def test_it_shows_an_offline_edit_beside_the_other_phone_s_and_replaces_it_when_asked(
        daphne: str, ana: Page, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=["3S"], Ben=["QS"])])
    sheet_url, edit_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/1/edit/"
    ana.goto(edit_url)  # kept by its visit
    cached(ana, edit_url)
    cached(ana, sheet_url)

    ana.context.set_offline(True)
    hand(ana, "Ben").locator(".chip", has_text="D♠").tap()  # Ben had the 2♦, not the Q♠
    pick_cards(ana, hand(ana, "Ben").locator("[data-cards-field]"), ["2D"])
    ana.get_by_role("button", name="Vérifier la modification").tap()
    expect(ana).to_have_url(sheet_url)
    kept = ana.locator("#pending-rounds li")
    expect(kept).to_contain_text("Modification de la manche 1")
    expect(kept).to_contain_text("en attente d’envoi")

    # Meanwhile another phone corrects round 1 its own way.
    Game.objects.get(pk=game.pk).edit_round(1, tamalou_round("Ana", Ana=["3S"], Ben=["JS"]),
                                            device=BEN)
    ana.context.set_offline(False)

    expect(kept).to_contain_text("La manche 1 vient d’être modifiée par Safari · iPhone.")
    expect(kept).to_contain_text("Ana 3♠ · Ben 2♦ · Annonce Ana")  # the cards typed
    ben = kept.locator("[data-testid=round-compare] tr", has_text="Ben")
    expect(ben.locator("td.mine")).to_have_text("0 (main 2)")  # the lowest hand scores nothing
    expect(ben.locator("td.theirs")).to_have_text("10")
    ana.screenshot(path=artifacts / "offline-5-conflict-both-rounds.png", full_page=True)
    assert hands(game) == [{"Ana": ["3S"], "Ben": ["JS"]}]  # nothing stored over theirs unasked

    kept.get_by_role("button", name="Remplacer par la mienne").tap()
    expect(kept).to_have_count(0)
    assert_eventually_hands(ana, game, [{"Ana": ["3S"], "Ben": ["2D"]}])


def assert_eventually_hands(page: Page, game: Game, expected: list[dict[str, Any]]) -> None:
    eventually(page, lambda: hands(game) == expected, f"the rounds becoming {expected}")


def test_it_lets_the_player_discard_a_round_the_sheet_refused_in_two_taps(daphne: str, ana: Page,
                                                                          artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=2, Ben=9)])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    ana.goto(sheet_url)
    cached(ana, entry_url)
    ana.context.set_offline(True)
    next_round(ana)
    count_hand(ana, "Ana", "3")  # Ben's hand forgotten: only the server can tell
    save_round(ana)
    ana.context.set_offline(False)

    refused = ana.locator("#pending-rounds li.pending-refused")
    expect(refused).to_contain_text("Il manque la main de Ben.")
    expect(refused).to_contain_text("Ana 3")  # what was typed stays readable
    ana.screenshot(path=artifacts / "offline-6-refused.png", full_page=True)
    discard = refused.get_by_role("button", name="Abandonner la mienne")
    discard.tap()
    expect(refused).to_be_visible()  # the first tap only asks
    refused.get_by_role("button", name="Toucher encore : elle sera effacée de ce téléphone").tap()
    expect(refused).to_have_count(0)
    assert hands(game) == [{"Ana": 2, "Ben": 9}]


@pytest.mark.parametrize("locale, title, kept_title", [
    ("fr-FR", "Pas de réseau, et cette page n’est pas gardée sur ce téléphone", "Parties gardées sur ce téléphone"),
    ("en-GB", "No network, and this page is not kept on this phone", "Games kept on this phone"),
])
def test_it_shows_our_offline_page_for_a_page_never_kept_listing_the_games_kept(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path,
        locale: str, title: str, kept_title: str):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=2, Ben=9)])
    sheet_url = daphne + game.get_absolute_url()
    page = browser.new_context(**phone_args(browser_context_args, locale=locale)).new_page()
    page.goto(sheet_url)
    cached(page, sheet_url)
    cached(page, f"{daphne}/offline/", kept_title)

    page.context.set_offline(True)
    page.goto(f"{daphne}/games/{game.token}/history/")  # never visited

    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    games = page.locator("#kept-games a")
    expect(games).to_have_count(1)
    expect(games).to_contain_text("Tamalou")  # named by the sheet's own title
    expect(games).to_contain_text(str(game.pk))
    expect(games).to_have_attribute("href", game.get_absolute_url())
    page.screenshot(path=artifacts / f"offline-7-page-not-kept-{locale}.png", full_page=True)
    games.tap()  # the kept sheet, offline
    expect(page).to_have_url(sheet_url)
    expect(page.locator(".score-table tbody tr")).to_have_count(1)
    page.context.close()


def test_it_sends_the_rounds_kept_when_the_browser_was_closed_from_a_new_one_on_the_same_storage(
        daphne: str, browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
        browser_context_args: dict[str, Any], tmp_path: Path, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    args = {**browser_type_launch_args, **phone_args(browser_context_args)}

    first = browser_type.launch_persistent_context(tmp_path / "profile", **args)
    page = first.new_page()
    page.goto(sheet_url)
    cached(page, entry_url)
    first.set_offline(True)
    next_round(page)
    enter_round(page, "3", "17")
    next_round(page)
    enter_round(page, "6", "8")
    expect(page.locator("#pending-rounds li")).to_have_count(2)
    first.close()  # the browser killed with two rounds kept
    assert hands(game) == []

    again = browser_type.launch_persistent_context(tmp_path / "profile", **args)
    page = again.pages[0] if again.pages else again.new_page()
    page.goto(daphne + "/")  # any page of ours: the queue is sent from there
    assert_eventually_hands(page, game, [{"Ana": 3, "Ben": 17}, {"Ana": 6, "Ben": 8}])
    page.goto(sheet_url)
    expect(page.locator(".score-table tbody tr")).to_have_count(2)
    expect(page.locator("#pending-rounds li")).to_have_count(0)
    page.screenshot(path=artifacts / "offline-8-sent-after-restart.png", full_page=True)
    again.close()


def test_the_service_worker_sends_the_queue_on_a_background_sync_with_no_page_of_ours_open(
        daphne: str, ana: Page, artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    ana.goto(sheet_url)
    cached(ana, entry_url)
    ana.context.set_offline(True)
    next_round(ana)
    enter_round(ana, "3", "17")
    expect(ana.locator("#pending-rounds li")).to_have_count(1)

    # No page of ours open: nothing but the worker can send it. Chromium fires the sync
    # when the network returns (it may have by the next line); the DevTools protocol
    # fires it too, so the test does not wait on the browser's schedule. Once, either way.
    ana.goto("about:blank")
    ana.context.set_offline(False)
    devtools = ana.context.new_cdp_session(ana)
    registrations: list[dict[str, Any]] = []
    devtools.on("ServiceWorker.workerRegistrationUpdated",
                lambda event: registrations.extend(event["registrations"]))
    devtools.send("ServiceWorker.enable")
    eventually(ana, lambda: bool(registrations), "the worker's registration")
    devtools.send("ServiceWorker.dispatchSyncEvent", {
        "origin": daphne, "registrationId": registrations[0]["registrationId"],
        "tag": "send-rounds", "lastChance": False})

    assert_eventually_hands(ana, game, [{"Ana": 3, "Ben": 17}])
    ana.goto(sheet_url)  # the worker kept the sheet as the server has it now
    expect(ana.locator(".score-table tbody tr")).to_have_count(1)
    expect(ana.locator("#pending-rounds li")).to_have_count(0)


def test_a_live_update_and_a_save_refresh_the_pages_kept_for_offline(
        daphne: str, ana: Page, browser: Browser, browser_context_args: dict[str, Any]):
    game = make_game("tamalou", ["Ana", "Ben"])
    sheet_url, entry_url = daphne + game.get_absolute_url(), f"{daphne}/games/{game.token}/rounds/new/"
    ana.goto(sheet_url)
    cached(ana, entry_url, 'name="round_number" value="1"')

    ben = browser.new_context(**phone_args(browser_context_args)).new_page()
    ben.goto(entry_url)
    enter_round(ben, "5", "9")  # Ana's sheet follows over its WebSocket...
    expect(ana.locator(".score-table tbody tr")).to_have_count(1)
    cached(ana, entry_url, 'name="round_number" value="2"')  # ...and her kept pages with it

    next_round(ana)  # Ana saves the next round online
    enter_round(ana, "3", "17")
    expect(ana).to_have_url(sheet_url)
    cached(ana, entry_url, 'name="round_number" value="3"')
    ana.context.set_offline(True)
    ana.reload()  # the sheet kept is the one after her save
    expect(ana.locator(".score-table tbody tr")).to_have_count(2)
    ben.context.close()
