"""Three phones at one live table: a snap race, a wrong snap and its penalty, a reconnect.

Daphne serves the app (pytest-django's live_server has no WebSockets), in a
forked process on a free loopback port reading the test database (a file).
Each phone is its own browser context (its own cookies: its own seat).

The race is played without timing luck: Chloé taps first, but her phone holds
the claim (the `referee.hold` test hook, a slow network) until Ben's later tap
has been accepted; when it arrives, its earlier tap time wins.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.play_helpers import pick_hand
from tests.browser.qr import scanned
from tests.factories import make_game

# Also run in CI's PostgreSQL + Redis pass (.ci/run): phones kept in step across the back ends.
pytestmark = pytest.mark.backends


def test_the_join_page_shows_the_code_and_a_qr_code(daphne: str, page: Page, artifacts: Path):
    table = LiveTable.open_for(make_game("cactus", ["Ana", "<b>Ben</b>"]))
    page.goto(f"{daphne}/tables/{table.code}/join/")
    expect(page.get_by_test_id("table-code")).to_have_text(table.spoken_code)
    expect(page.locator(".qr svg")).to_be_visible()
    assert scanned(page.locator(".qr")) == [page.get_by_test_id("join-url").inner_text()]  # whole, not cut
    expect(page.get_by_role("button", name="<b>Ben</b>")).to_be_visible()  # a name is text
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "referee-join.png", full_page=True)


def ruling(sentence: str) -> re.Pattern[str]:
    """A feed item: the sentence, then the link to its rule."""
    return re.compile("^" + re.escape(sentence))


def sit(browser: Browser, context_args: dict[str, Any], url: str, code: str, seat: str) -> Page:
    phone = browser.new_context(**context_args).new_page()
    phone.goto(f"{url}/tables/{code}/join/")
    phone.get_by_role("button", name=seat, exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    return phone


def pick(phone: Page, action: str, rank: str, suit: str) -> None:
    phone.get_by_role("button", name=action).tap()
    dialog = phone.locator("#chooser")
    dialog.locator(f'.rank[data-rank="{rank}"]').tap()
    dialog.locator(f'.suit[data-suit="{suit}"]').tap()


def test_three_phones_share_a_table_with_a_fair_snap_race_a_penalty_and_a_reconnect(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game, snap_limit=30)  # long enough for the taps below
    ana, ben, chloe = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé"))

    pick(ana, "Je défausse…", "7", "H")
    for phone in (ana, ben, chloe):
        expect(phone.get_by_test_id("pile-top")).to_have_text("7♥")
        expect(phone.get_by_test_id("countdown")).to_have_attribute("data-open", "true")

    # Chloé taps first, on a slow network: her claim waits on her phone.
    chloe.evaluate("window.referee.hold = true")
    pick(chloe, "Snap !", "7", "C")
    assert chloe.evaluate("window.referee.queue.length") == 1
    ben.wait_for_timeout(150)  # Ben taps clearly later
    pick(ben, "Snap !", "7", "S")
    expect(ana.get_by_test_id("feed").locator("li").first).to_have_text(ruling("Ben pose 7♠ : accepté."))
    chloe.evaluate("window.referee.hold = false; window.referee.release()")
    for phone in (ana, ben, chloe):
        expect(phone.get_by_test_id("feed")).to_contain_text("Ben reprend 7♠")
        expect(phone.get_by_test_id("feed").locator("li[data-rule='snap.accepted']").first).to_have_text(
            ruling("Chloé pose 7♣ : accepté."))
    ben.screenshot(path=artifacts / "referee-race-ben.png", full_page=True)

    # Ben's turn. A wrong snap: the card goes back and Chloé takes a penalty card.
    pick(ben, "Je défausse…", "5", "D")
    expect(chloe.get_by_test_id("pile-top")).to_have_text("5♦")
    pick(chloe, "Snap !", "9", "S")
    penalty = "Chloé pose 9♠, mauvaise carte : 9♠ revient dans sa main, avec une carte de pénalité prise sans la regarder."
    for phone in (ana, ben, chloe):
        expect(phone.get_by_test_id("feed").locator("li").first).to_have_text(ruling(penalty))
    chloe.screenshot(path=artifacts / "referee-penalty-chloe.png", full_page=True)

    # Ben's phone drops and comes back: it gets the table as it is now.
    context = ben.context
    ben.close()
    ben = context.new_page()
    ben.goto(f"{daphne}/tables/{table.code}/")
    expect(ben.locator("#link-status")).to_have_text("en direct")
    expect(ben.get_by_test_id("pile-top")).to_have_text("5♦")
    expect(ben.get_by_test_id("feed").locator("li").first).to_have_text(ruling(penalty))
    assert ben.evaluate("document.documentElement.scrollWidth") <= 390
    ben.screenshot(path=artifacts / "referee-reconnected-ben.png", full_page=True)

    assert table.state().penalty_cards == {"Chloé": 1}
    assert table.state().snapped == {"Chloé": 1}

    # The log, then the reveal: the round goes to the score sheet.
    ana.get_by_role("link", name="Journal de la table").tap()
    expect(ana.locator(".log-list")).to_contain_text("Ben reprend 7♠")
    ana.screenshot(path=artifacts / "referee-log-ana.png", full_page=True)
    # A player's phone reveals once the round is over: before it, the page sends her back.
    ana.goto(f"{daphne}/tables/{table.code}/reveal/")
    expect(ana).to_have_url(f"{daphne}/tables/{table.code}/")
    expect(ana.get_by_role("status").or_(ana.locator(".messages"))).to_contain_text("La manche n’est pas finie")
    caller = table.state().turn  # tamalou: the call ends the caller's own turn and stops the round
    table.record("call.made", {"player": caller}, table.members.get(role="seat", seat=caller, active=True))
    assert table.state().over
    ana.goto(f"{daphne}/tables/{table.code}/reveal/")
    pick_hand(ana, "Ana", ["AS", "2H", "6H", "8C"])  # the score sheet's card picker (test_reveal_picker.py: in French)
    pick_hand(ana, "Ben", ["9S", "9H", "KH", "4C"])
    pick_hand(ana, "Chloé", ["10C", "QD", "JS", "3D"])  # her penalty card included
    ana.screenshot(path=artifacts / "referee-reveal-ana.png", full_page=True)
    ana.get_by_role("button", name="Envoyer à la feuille de score").tap()
    # Ana joined with the table's code: the reveal sends her back to the table, never to the
    # game's private link (issue 28: the code admits to the table, nothing more).
    expect(ana).to_have_url(f"{daphne}/tables/{table.code}/")
    assert game.rounds.get().data["hands"]["Chloé"] == ["10C", "QD", "JS", "3D"]


def test_a_button_sends_one_message_however_often_the_table_was_redrawn(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any]):
    """Each table update redraws the page; the buttons' listeners must not pile up with it."""
    table = LiveTable.open_for(make_game("tamoul", ["Ana", "Ben"]), snap_limit=30)
    ana, ben = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    sent: list[str] = []
    ben.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    ben.reload()  # reconnect, so the listener sees the socket from its start
    expect(ben.locator("#link-status")).to_have_text("en direct")
    for player, rank in ((ana, "4"), (ben, "5"), (ana, "6")):  # three updates, three redraws on Ben's phone
        pick(player, "Je défausse…", rank, "H")
        expect(ben.get_by_test_id("pile-top")).to_have_text(f"{rank}♥")

    ben.locator("#counter-button").dispatch_event("click")  # asks once (a wrong counter-call costs points)
    expect(ben.locator("#counter-button")).to_have_text("Confirmer\u00a0: Ben dit «\u00a0contre-tamoul\u00a0»")
    ben.locator("#counter-button").dispatch_event("click")
    ben.wait_for_timeout(300)

    assert sum('"call.counter"' in frame for frame in sent) == 1
