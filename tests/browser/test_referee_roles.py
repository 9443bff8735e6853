"""Roles on real phones: the creator referees, and a phone taking a held seat waits for the referee's yes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from referee.models import LiveTable
from tests.factories import make_game


def test_the_referee_gives_a_held_seat_to_a_new_phone_from_their_own_phone(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    referee = browser.new_context(**browser_context_args).new_page()
    referee.goto(f"{daphne}{game.get_absolute_url()}")
    referee.get_by_role("button", name="Table en direct").tap()
    expect(referee.locator("#link-status")).to_have_text("en direct")
    expect(referee.get_by_test_id("guard")).to_be_visible()  # the creator is the referee
    code = LiveTable.objects.get(game=game).code

    ben = browser.new_context(**browser_context_args).new_page()
    ben.goto(f"{daphne}/tables/{code}/join/")
    ben.get_by_role("button", name="Ben", exact=True).tap()
    expect(ben.locator("#link-status")).to_have_text("en direct")
    expect(referee.get_by_test_id("delays")).to_contain_text("Ben")  # his measured delay, for the referee

    new_phone = browser.new_context(**browser_context_args).new_page()
    new_phone.goto(f"{daphne}/tables/{code}/join/")
    new_phone.get_by_role("button", name="Ben (place prise : l'arbitre doit accepter)").tap()
    expect(new_phone.get_by_test_id("wait-status")).to_contain_text("l'arbitre doit accepter")
    requests = referee.get_by_test_id("join-requests")
    expect(requests).to_contain_text("Un téléphone veut prendre la place de Ben")
    referee.screenshot(path=artifacts / "referee-join-request.png", full_page=True)
    requests.get_by_role("button", name="Accepter").tap()

    expect(new_phone.locator("#link-status")).to_have_text("en direct", timeout=10_000)  # its wait page polled
    expect(requests.locator("li")).to_have_count(0)
    expect(ben.locator("#link-status")).to_have_text("fermée", timeout=10_000)  # his token died with his seat
