"""Ask the rules at a live table (issue 22): the table's own ruling first, then the rules
page's paragraph, with its link."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.test_referee_table import pick, sit
from tests.factories import make_game


def test_a_question_at_the_live_table_shows_the_tables_ruling_then_the_rule_with_its_link(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]), snap_limit=30)
    ana, ben = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    pick(ana, "Je défausse…", "7", "H")
    expect(ben.get_by_test_id("pile-top")).to_have_text("7♥")
    pick(ben, "Snap !", "7", "C")
    expect(ben.get_by_test_id("feed")).to_contain_text("Ben pose 7♣ : accepté.")

    ben.get_by_test_id("ask-question").fill("on peut faire un doublé avec deux cartes ?")
    ben.get_by_test_id("ask-question").press("Enter")
    answers = ben.get_by_test_id("answers")
    expect(answers.locator(".ruling").first).to_contain_text("Ben pose 7♣ : accepté.")
    first = answers.locator(".answer:not(.ruling)").first
    expect(first.locator("a.answer-link")).to_have_attribute(
        "href", re.compile(r"^/rules/tamalou/#(snap|reading-table-one-card)$"))
    ben.screenshot(path=artifacts / "ask-the-rules-table.png", full_page=True)

    first.locator("a.answer-link").click()
    expect(ben).to_have_url(re.compile(r"/rules/tamalou/#"))


def test_a_question_on_a_rules_page_answers_as_you_type(daphne: str, page: Page):
    page.goto(f"{daphne}/rules/dutch/")
    page.get_by_test_id("ask-question").fill("a combien on est elimine")
    expect(page.get_by_test_id("answers")).to_contain_text("atteint 100")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
