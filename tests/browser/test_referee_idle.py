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

from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.test_referee_round import discard, sit
from tests.factories import make_game

IDLE_MS = 10_000
MOST_TASK_SECONDS = 0.3
MOST_LAYOUTS = 30


def idle_spend(pages: dict[str, Page]) -> dict[str, dict[str, float]]:
    """Main-thread seconds and layouts each page spends while nobody touches it for IDLE_MS,
    all pages measured over the same ten seconds (one wait for all: CI's time)."""
    sessions = {who: page.context.new_cdp_session(page) for who, page in pages.items()}
    for cdp in sessions.values():
        cdp.send("Performance.enable")

    def metrics() -> dict[str, dict[str, float]]:
        return {who: {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                for who, cdp in sessions.items()}

    before = metrics()
    next(iter(pages.values())).wait_for_timeout(IDLE_MS)  # the idle time measured
    after = metrics()
    return {who: {name: after[who][name] - before[who][name] for name in ("TaskDuration", "LayoutCount")}
            for who in pages}


def test_idle_table_pages_spend_almost_nothing_with_a_card_on_the_pile(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    """A seated player's page and the referee's, left alone side by side."""
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    ana = sit(browser, browser_context_args, daphne, table.code, "Ana")
    discard(ana, "5", "H")  # an open window with no time limit: lasts until covered, nothing to count
    referee = sit(browser, browser_context_args, daphne, table.code, "L'arbitre (saisit pour tout le monde)")
    pages = {"Ana": ana, "the referee": referee}
    for phone in pages.values():
        expect(phone.get_by_test_id("countdown")).to_have_text("jusqu'à la prochaine défausse")
    spent = idle_spend(pages)
    print(f"idle 10 s: {spent}")  # the figures for docs/benchmarks.md (pytest -s)
    for who, figures in spent.items():
        assert figures["TaskDuration"] <= MOST_TASK_SECONDS and figures["LayoutCount"] <= MOST_LAYOUTS, (who, figures)


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
