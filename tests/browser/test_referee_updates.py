"""The table page draws from updates that carry what changed, and heals a lost one by `sync`.

One update to Ana's phone is dropped on its way (Playwright stands between the
page and its WebSocket): the next one, a delta for a state her page never had,
waits; the page asks the server for the whole state and draws the table as it is.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from referee.models import LiveTable
from tests.browser.test_referee_table import pick, ruling, sit
from tests.factories import make_game

pytestmark = pytest.mark.backends


def to_the_microsecond(value: Any) -> Any:
    """The log keeps times to the microsecond; the live state has the clock's own float."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {k: to_the_microsecond(v) for k, v in value.items()}
    return [to_the_microsecond(v) for v in value] if isinstance(value, list) else value


def test_a_page_draws_from_deltas_and_asks_for_the_whole_state_when_one_update_is_lost(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=30)
    ben = sit(browser, browser_context_args, daphne, table.code, "Ben")
    chloe = sit(browser, browser_context_args, daphne, table.code, "Chloé")
    ana = browser.new_context(**browser_context_args).new_page()
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []
    drop = {"next": False}

    def between(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data["type"] == "table.update" and drop["next"]:
                drop["next"] = False
                return  # lost on the way
            received.append(data)
            ws.send(message)

        def to_server(message: str | bytes) -> None:
            sent.append(json.loads(message))
            server.send(message)

        server.on_message(to_page)
        ws.on_message(to_server)

    ana.route_web_socket("**/ws/tables/**", between)
    ana.goto(f"{daphne}/tables/{table.code}/join/")
    ana.get_by_role("button", name="Ana", exact=True).tap()
    expect(ana.locator("#link-status")).to_have_text("en direct")

    pick(ben, "Je défausse…", "7", "H")
    expect(ana.get_by_test_id("pile-top")).to_have_text("7♥")
    pick(ana, "Snap !", "7", "C")
    expect(ana.get_by_test_id("feed").locator("li").first).to_have_text(ruling("Ana pose 7♣ : accepté."))
    updates = [m for m in received if m["type"] == "table.update"]
    assert updates and all("delta" in m and "state" not in m for m in updates)
    assert not [m for m in sent if m["type"] == "sync"]

    drop["next"] = True  # Chloé's discard, in her turn after Ben's, never reaches Ana's page
    pick(chloe, "Je défausse…", "5", "D")
    expect(chloe.get_by_test_id("pile-top")).to_have_text("5♦")
    expect(ana.get_by_test_id("pile-top")).to_have_text("7♣")  # the discard was lost
    pick(ben, "Snap !", "9", "S")  # a delta on top of a state Ana's page does not have
    penalty = "Ben pose 9♠, mauvaise carte : 9♠ revient dans sa main, avec une carte de pénalité prise sans la regarder."
    expect(ana.get_by_test_id("feed").locator("li").first).to_have_text(ruling(penalty))
    expect(ana.get_by_test_id("pile-top")).to_have_text("5♦")
    syncs = [m for m in sent if m["type"] == "sync"]
    assert len(syncs) == 1 and syncs[0]["since"] == updates[-1]["seq"]
    healed = [m for m in received if m["type"] == "table.state"][-1]
    assert healed["since"] == updates[-1]["seq"] and "window.opened" in [r["rule"] for r in healed["rulings"]]
    assert ana.get_by_test_id("feed").locator("li", has_text="Chloé défausse 5♦").count() == 1  # once, not twice

    page_state = ana.evaluate("window.referee.state")
    assert to_the_microsecond(page_state) == to_the_microsecond(table.state().to_json())
