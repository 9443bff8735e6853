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


# -- issue 26: on a small phone (360×740), the fact answering the question is on screen
SMALL = {"width": 360, "height": 740}


def _ask(phone: Page, question: str) -> Any:
    box = phone.get_by_test_id("ask-question")
    box.tap()
    box.fill(question)
    box.press("Enter")
    return phone.get_by_test_id("answers").locator(".answer:not(.ruling)").first


def _on_screen(phone: Page, answer: Any) -> None:
    """The answer and its link inside the viewport, with no scroll by the player (0.99:
    a fraction of a pixel is lost to rounding at a device scale of 2), and nothing fixed
    over them (the element at the link's centre is the link)."""
    expect(answer).to_be_in_viewport(ratio=0.99)
    link = answer.locator("a.answer-link")
    expect(link).to_be_in_viewport(ratio=1)
    box = link.bounding_box()
    assert box is not None
    on_top = phone.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.className",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top == "answer-link"


def test_on_a_small_phone_the_rules_page_shows_the_fact_first_on_screen(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    phone = browser.new_context(**{**browser_context_args, "viewport": SMALL}).new_page()
    phone.goto(f"{daphne}/rules/canasta/")
    answer = _ask(phone, "on a 1600 points, il faut combien pour poser ?")
    expect(answer).to_have_class(re.compile(r"\bfact\b"))
    expect(answer).to_contain_text("au moins 90 points")
    expect(answer.locator("a.answer-link")).to_have_attribute("href", "/rules/canasta/#canasta-opening")
    _on_screen(phone, answer)
    phone.screenshot(path=artifacts / "ask-small-rules-page.png")


def test_on_a_small_phone_the_sheet_shows_the_fact_first_on_screen(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("koubo", ["Ana", "Ben", "Chloé"])
    phone = browser.new_context(**{**browser_context_args, "viewport": SMALL}).new_page()
    phone.goto(f"{daphne}{game.get_absolute_url()}")
    answer = _ask(phone, "le valet il vaut combien ?")
    expect(answer).to_contain_text("Chaque valet vaut 2.")
    expect(answer.locator("a.answer-link")).to_have_attribute("href", "/rules/koubo/#values")
    _on_screen(phone, answer)
    phone.screenshot(path=artifacts / "ask-small-sheet.png")


def test_on_a_small_phone_the_live_table_shows_the_rule_that_protects_the_caller_on_screen(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    table = LiveTable.open_for(make_game("tamoul", ["Ana", "Ben"]), snap_limit=30)
    phone = sit(browser, {**browser_context_args, "viewport": SMALL}, daphne, table.code, "Ana")
    answer = _ask(phone, "je peux utiliser mon 9 sur celui qui a dit tamoul ?")
    expect(answer).to_contain_text("les pouvoirs ne peuvent pas viser l'annonceur")
    expect(answer.locator("a.answer-link")).to_have_attribute("href", "/rules/tamoul/#call")
    _on_screen(phone, answer)
    phone.screenshot(path=artifacts / "ask-small-table.png")


def test_when_nothing_answers_the_box_says_so_and_offers_the_rules_page(daphne: str, page: Page):
    page.goto(f"{daphne}/rules/tamalou/")
    page.get_by_test_id("ask-question").fill("la couleur du tapis de la table")
    nothing = page.get_by_test_id("nothing-answers")
    expect(nothing).to_contain_text("ne répondent pas clairement")
    expect(nothing.locator("a")).to_have_attribute("href", "/rules/tamalou/")


def test_searching_every_game_labels_each_answer_with_its_game(daphne: str, page: Page):
    page.goto(f"{daphne}/rules/search/?q=on+peut+défausser+deux+cartes")
    links = page.get_by_test_id("answers").locator(".answer a.answer-link")
    expect(links.first).to_be_visible()
    expect(page.get_by_test_id("several-games")).to_contain_text("Nommez le vôtre")
    names = links.all_inner_texts()
    assert names and all(text.rstrip(" →") in {"Cactus", "Tamalou", "Koubo charentais", "Dutch", "Tamoul",
                                               "Fontenaysien", "Cabo bruxellois", "Dutch toulousain",
                                               "Cactus (tas de merde)", "Canasta", "Cactus Game (Blue Orange)"}
                         for text in names)


def test_on_a_small_phone_the_rules_index_asks_every_game_then_the_game_chosen(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """A newcomer with a dispute lands on the rules index: the box is there, answers from
    every game each named, and choosing the game keeps that game's answers alone."""
    phone = browser.new_context(**{**browser_context_args, "viewport": SMALL}).new_page()
    phone.goto(f"{daphne}/rules/")
    first = _ask(phone, "le valet il vaut combien ?")
    expect(phone.get_by_test_id("several-games")).to_be_visible()
    expect(first.locator("a.answer-link")).to_have_attribute("href", re.compile(r"^/rules/[a-z-]+/#"))
    phone.get_by_test_id("ask-game").select_option("koubo")
    expect(first).to_contain_text("Chaque valet vaut 2.")
    expect(first.locator("a.answer-link")).to_have_attribute("href", "/rules/koubo/#values")
    expect(phone.get_by_test_id("several-games")).to_have_count(0)
    hrefs = phone.get_by_test_id("answers").locator(".answer a.answer-link").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")
    assert hrefs and all(h.startswith("/rules/koubo/") for h in hrefs)
    _on_screen(phone, first)
    phone.screenshot(path=artifacts / "ask-small-rules-index.png")
