"""An idle table page does nothing (issue 28, item 6): these pages keep the screen on all
evening, so a phone left alone 10 s, nothing happening at the table, spends at most 0.3 s
of main thread and 30 layouts, measured with Chromium's own counters (CDP
`Performance.getMetrics`: TaskDuration, LayoutCount). The countdown's animation frame runs
only while a timed snap window is open.

The ten seconds are the measurement itself (what an idle page spends in that time), not a
wait for something to happen. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.test_referee_round import discard, sit
from tests.factories import make_game

IDLE_MS = 10_000
MOST_TASK_SECONDS = 0.3
MOST_LAYOUTS = 30


def idle_spend(page: Page) -> dict[str, float]:
    """Main-thread seconds and layouts the page spends while nobody touches it for IDLE_MS."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def metrics() -> dict[str, float]:
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}

    before = metrics()
    page.wait_for_timeout(IDLE_MS)  # the idle time measured
    after = metrics()
    return {"TaskDuration": after["TaskDuration"] - before["TaskDuration"],
            "LayoutCount": after["LayoutCount"] - before["LayoutCount"]}


@pytest.mark.parametrize("who", ["Ana", "L'arbitre (saisit pour tout le monde)"])
def test_an_idle_table_page_spends_almost_nothing_with_a_card_on_the_pile(
        who: str, daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    ana = sit(browser, browser_context_args, daphne, table.code, "Ana")
    discard(ana, "5", "H")  # an open window with no time limit: lasts until covered, nothing to count
    phone = ana if who == "Ana" else sit(browser, browser_context_args, daphne, table.code, who)
    expect(phone.get_by_test_id("countdown")).to_have_text("jusqu'à la prochaine défausse")
    spent = idle_spend(phone)
    print(f"idle 10 s, {who}: {spent}")  # the figures for docs/benchmarks.md (pytest -s)
    assert spent["TaskDuration"] <= MOST_TASK_SECONDS and spent["LayoutCount"] <= MOST_LAYOUTS, spent


def test_a_timed_window_still_counts_down_on_the_page_and_stops_when_it_closes(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]), snap_limit=2.0)
    ana = sit(browser, browser_context_args, daphne, table.code, "Ana")
    ben = sit(browser, browser_context_args, daphne, table.code, "Ben")
    discard(ana, "5", "H")
    countdown = ben.get_by_test_id("countdown")
    expect(countdown).to_have_attribute("data-limit", "timed")
    expect(countdown).to_contain_text(",")  # « 1,4 s »: counting down in the page's frames
    expect(countdown).to_have_text("—", timeout=10_000)  # counted down, closed by the tick
    expect(ben.get_by_test_id("snap")).to_be_hidden()
