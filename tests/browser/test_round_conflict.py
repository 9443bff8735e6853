"""Two phones enter the same round: the second is told who saved it first, sees both
rounds' numbers side by side and, in one tap, keeps theirs, replaces it with its own, or
adds its own as the next round. Nothing is stored twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game, RoundChange
from tests.browser.play_helpers import count_hand, save_round, wait_for_preview
from tests.factories import make_game

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends


def test_the_second_phone_saves_its_round_as_an_edit_in_one_tap(
        live_server: LiveServer, browser: Browser, browser_context_args: dict[str, Any], transactional_db,
        artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben"])
    url = f"{live_server.url}/games/{game.token}/rounds/new/"
    first = browser.new_context(**browser_context_args).new_page()
    second = browser.new_context(**browser_context_args).new_page()
    for phone in (first, second):
        phone.goto(url)

    for phone, (ana, ben) in ((first, ("3", "12")), (second, ("5", "9"))):
        count_hand(phone, "Ana", ana)
        count_hand(phone, "Ben", ben)
        wait_for_preview(phone)
    save_round(first)
    expect(first).to_have_url(f"{live_server.url}/games/{game.token}/")
    save_round(second)

    told = second.get_by_role("alertdialog")
    expect(told).to_contain_text("La manche 1 vient d’être enregistrée par")
    ben = told.locator("[data-testid=round-compare] tr", has_text="Ben")
    expect(ben.locator("td.mine")).to_have_text("9")
    expect(ben.locator("td.theirs")).to_have_text("12")
    second.screenshot(path=artifacts / "conflict-both-rounds-online.png", full_page=True)
    assert Game.objects.get(pk=game.pk).rounds.count() == 1
    second.get_by_role("button", name="Remplacer par la mienne").tap()

    expect(second).to_have_url(f"{live_server.url}/games/{game.token}/")
    stored = Game.objects.get(pk=game.pk)
    assert stored.rounds.count() == 1 and stored.totals == {"Ana": 5, "Ben": 9}
    assert list(stored.changes.values_list("action", flat=True)) == [RoundChange.ADDED, RoundChange.EDITED]


def test_the_second_phone_adds_its_round_as_the_next_one_in_one_tap(
        live_server: LiveServer, browser: Browser, browser_context_args: dict[str, Any], transactional_db):
    game = make_game("tamalou", ["Ana", "Ben"])
    url = f"{live_server.url}/games/{game.token}/rounds/new/"
    first = browser.new_context(**browser_context_args).new_page()
    second = browser.new_context(**browser_context_args).new_page()
    for phone in (first, second):
        phone.goto(url)
    for phone, (ana, ben) in ((first, ("3", "12")), (second, ("5", "9"))):
        count_hand(phone, "Ana", ana)
        count_hand(phone, "Ben", ben)
        wait_for_preview(phone)
    save_round(first)
    expect(first).to_have_url(f"{live_server.url}/games/{game.token}/")
    save_round(second)

    second.get_by_role("button", name="Ajouter la mienne comme manche suivante").tap()

    expect(second).to_have_url(f"{live_server.url}/games/{game.token}/")
    expect(second.locator(".score-table tbody tr")).to_have_count(2)
    assert [r.data["hands"] for r in Game.objects.get(pk=game.pk).rounds.all()] == [
        {"Ana": 3, "Ben": 12}, {"Ana": 5, "Ben": 9}]
