"""The live table's reveal on a phone, in French: the hands are picked with the score
sheet's card picker, whose keys write cards the page's way and say them in French
("R♥ (roi de cœur)"), saved to the score sheet, and the sheet says them the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from referee.models import LiveTable
from tests.browser.play_helpers import pick_french
from tests.factories import make_game


def test_a_reveal_entered_with_the_french_picker_reaches_the_sheet_in_french(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game)
    phone = browser.new_context(**{**browser_context_args, "locale": "fr-FR"}).new_page()
    phone.goto(f"{daphne}{game.get_absolute_url()}")  # Ana's phone started the game: it holds its link
    phone.goto(f"{daphne}/tables/{table.code}/join/")
    phone.get_by_role("button", name="Ana", exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    ana_member = table.members.get(seat="Ana")
    table.record("discard", {"player": "Ana", "card": "7H"}, ana_member)  # the end of her turn
    table.record("call.made", {"player": "Ana"}, ana_member)
    phone.reload()  # recorded here, not sent by a phone: the page learns of it when it opens again
    # A player's phone offers the reveal once the round is over (issue 20).

    phone.get_by_role("link", name="Fin de manche : révéler les mains").tap()
    expect(phone.locator("#entry-form")).to_contain_text("Ana a annoncé")
    pick_french(phone, "Ana", ["roi de cœur", "3 de pique"])
    pick_french(phone, "Ben", ["dame de carreau", "10 de trèfle"])
    pick_french(phone, "Chloé", ["valet de pique", "Joker"])
    ana = phone.locator("fieldset.hand").filter(has=phone.locator("legend", has_text="Ana"))
    expect(ana.locator(".chip")).to_have_text(["R♥", "3♠"])
    expect(ana.locator(".chip").first).to_have_accessible_name("R♥ (roi de cœur)")  # said in French too
    expect(phone.locator("fieldset.hand").nth(2).locator(".chip")).to_have_text(["V♠", "Joker"])
    expect(phone.locator("#preview tbody tr")).to_have_count(3)
    expect(phone.locator("#preview tr", has_text="Ben")).to_contain_text("20")  # the live preview answered (D♦ 10 + 10♣)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=artifacts / "reveal-picker-fr.png", full_page=True)

    # The table saw four cards in each hand: two are refused until someone confirms them.
    phone.get_by_role("button", name="Envoyer à la feuille de score").tap()
    expect(phone.locator("#err-hand-0")).to_contain_text("La table a vu 4 cartes dans la main d’Ana ; 2 sont saisies.")
    assert not game.rounds.exists()
    phone.get_by_label("Mains vérifiées : la table n'a pas vu tous les échanges de cartes").check()
    phone.get_by_role("button", name="Envoyer à la feuille de score").tap()
    expect(phone).to_have_url(f"{daphne}{game.get_absolute_url()}")
    stored = game.rounds.get().data
    assert stored["hands"] == {"Ana": ["KH", "3S"], "Ben": ["QD", "10C"], "Chloé": ["JS", "JK"]}
    assert stored["announcer"] == "Ana"

    # The sheet explains Ana's points with the cards written the French way.
    phone.locator("table a[href$='why/?player=Ana']").first.tap()
    expect(phone.get_by_text("R♥ 0 + 3♠ 3 = 3")).to_be_visible()
    phone.screenshot(path=artifacts / "reveal-picker-sheet-fr.png", full_page=True)
