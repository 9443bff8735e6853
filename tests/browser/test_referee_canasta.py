"""Two phones at a canasta live table, 360 × 740: Ana goes out, the table asks both phones
for the count, Ana enters the round by points with the score sheet's own canasta entry (the
spec's worked example, game-record.md v1.1 §4.10), and Ben's phone shows the round's points
before the next round starts for both (issue 20 item 5: "the live table's reveal take it")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from scorekeeper.wording.text import number
from tests.browser.play_helpers import step_up
from tests.factories import make_game

PHONE = {"width": 360, "height": 740}


def sit(browser: Browser, context_args: dict[str, Any], url: str, code: str, seat: str) -> Page:
    phone = browser.new_context(**{**context_args, "viewport": PHONE}).new_page()
    phone.goto(f"{url}/tables/{code}/join/")
    phone.get_by_role("button", name=seat, exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    return phone


def count_side(phone: Page, side: int, melded: str, hand: str = "", naturals: int = 0, mixed: int = 0,
               red_threes: str = "0") -> None:
    block = phone.locator(f"#side-{side}")
    expect(block).to_have_attribute("data-mode", "count")  # points first at the table
    phone.locator(f'[name="side-{side}-counted-melded"]').fill(melded)
    if hand:
        phone.locator(f'[name="side-{side}-counted-hand"]').fill(hand)
    for key, times in (("natural_canastas", naturals), ("mixed_canastas", mixed)):
        step_up(block.locator(f'[name="side-{side}-counted-{key}"]'), times)
    if red_threes != "0":
        block.locator(".red-threes label.choice").filter(has_text=red_threes).tap()


def test_two_phones_count_a_canasta_round_by_points_at_the_live_table(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("canasta", ["Ana", "Ben"])
    table = LiveTable.open_for(game)
    ana, ben = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    # Before anyone goes out, a player's phone does not offer the count.
    for phone in (ana, ben):
        expect(phone.get_by_test_id("reveal-link")).to_be_hidden()
        expect(phone.get_by_test_id("last-card")).to_be_visible()

    # Ana goes out: the round is over on both phones, and both may count it.
    ana.get_by_test_id("last-card").tap()
    expect(ana.get_by_test_id("last-card")).to_have_text("Confirmer\u00a0: Ana finit la manche")  # it ends the round
    ana.get_by_test_id("last-card").tap()
    for phone in (ana, ben):
        expect(phone.get_by_test_id("reveal-link")).to_be_visible()
        expect(phone.get_by_test_id("last-card")).to_be_hidden()
        expect(phone.get_by_test_id("feed").locator("li").first).to_contain_text(
            "Sortie d’Ana : la manche est finie, comptez les points.")
    ben.screenshot(path=artifacts / "referee-canasta-went-out-ben.png")
    assert table.state().over == "went_out"

    ana.get_by_test_id("reveal-link").tap()
    expect(ana.locator("h1")).to_contain_text("Compter la manche")
    expect(ana.locator('#went_out input[value="0"]')).to_be_checked()  # the table heard who went out
    count_side(ana, 0, "1450", naturals=1, mixed=1, red_threes="2")
    count_side(ana, 1, "15", hand="110")
    expect(ana.locator("#preview tbody tr")).to_have_count(2)
    ana.screenshot(path=artifacts / "referee-canasta-count-ana.png", full_page=True)
    assert ana.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ana.get_by_role("button", name="Envoyer à la feuille de score").tap()
    # Ana joined with the table's code: the reveal sends her back to the table, never to the
    # game's private link (issue 28: the code admits to the table, nothing more).
    expect(ana).to_have_url(f"{daphne}/tables/{table.code}/")

    stored = game.rounds.get()
    assert stored.data["went_out"] == "Ana" and stored.data["sides"]["Ana"]["counted"]["melded"] == 1450
    assert stored.result["points"] == {"Ana": 2550, "Ben": -95}  # the spec's worked example

    # Ben's phone shows the round's points and totals, then the next round starts.
    result = ben.get_by_test_id("round-result")
    expect(result).to_be_visible()
    expect(result.locator("h2")).to_have_text("Manche 1 : les points")
    for side, points in (("Ana", 2550), ("Ben", -95)):
        row = result.locator(f'tr[data-side="{side}"]')
        expect(row.get_by_test_id("round-points")).to_have_text(number(points))
        expect(row.get_by_test_id("round-total")).to_have_text(number(points))
    ben.screenshot(path=artifacts / "referee-canasta-result-ben.png")
    ben.get_by_test_id("round-result-next").tap()
    expect(result).to_be_hidden()
    expect(ben.get_by_test_id("reveal-link")).to_be_hidden()  # a new round: nobody went out yet
    expect(ben.get_by_test_id("last-card")).to_be_visible()
    assert table.state().round == 2 and table.state().over is None
