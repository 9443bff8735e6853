"""The live table on a phone that loses its network (issue 19): it says so, keeps a snap
it could not send out of the record (a snap cannot be claimed late) and tells its
player, and on return reconnects and shows the table as it is now."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.offline_phone import phone_args
from tests.browser.test_referee_table import pick
from tests.browser.test_referee_table import sit as sit_at_table
from tests.factories import make_game

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends


def sit(browser: Browser, context_args: dict[str, Any], url: str, code: str, seat: str) -> Page:
    """A phone at the table (test_referee_table's), with this file's phone settings."""
    return sit_at_table(browser, phone_args(context_args), url, code, seat)


def test_a_phone_that_lost_its_network_keeps_its_snap_out_and_resyncs_on_return(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=60)
    ana, ben, chloe = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé"))
    pick(ana, "Je défausse…", "7", "H")
    expect(ben.get_by_test_id("pile-top")).to_have_text("7♥")

    ben.context.set_offline(True)
    expect(ben.locator("#link-status")).to_have_text("hors ligne, reconnexion…")
    pick(ben, "Snap !", "7", "S")  # tapped in the cellar: it cannot reach the table
    expect(ben.locator("#lost-claim")).to_be_visible(timeout=10_000)
    ben.screenshot(path=artifacts / "referee-offline-lost-claim.png", full_page=True)
    pick(chloe, "Snap !", "7", "C")  # meanwhile, at the table
    expect(ana.get_by_test_id("feed").locator("li").first).to_have_text(re.compile("^Chloé pose 7♣ : accepté."))

    ben.context.set_offline(False)
    expect(ben.locator("#link-status")).to_have_text("en direct")
    expect(ben.get_by_test_id("feed").locator("li").first).to_have_text(re.compile("^Chloé pose 7♣ : accepté."))
    expect(ben.get_by_test_id("feed")).not_to_contain_text("Ben pose")
    ben.screenshot(path=artifacts / "referee-offline-resynced.png", full_page=True)
    assert table.state().snapped == {"Chloé": 1}
    for phone in (ana, ben, chloe):
        phone.context.close()
