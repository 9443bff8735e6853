"""Three phones play a tamalou round to its call and reveal, at a phone's viewport:
a power aimed at another player's card, a power used wrongly and penalised, the call
that stops the round at once, the table asking for the reveal, the round folded away.

(table-rules.md v1.1: tamalou's powers and call; readings "A power used wrongly" and
"After the call".) The reveal is entered with the score sheet's card picker, in French.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable
from tests.browser.play_helpers import pick_french
from tests.factories import make_game


def sit(browser: Browser, context_args: dict[str, Any], url: str, code: str, seat: str) -> Page:
    phone = browser.new_context(**context_args).new_page()
    phone.goto(f"{url}/tables/{code}/join/")
    phone.get_by_role("button", name=seat, exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    return phone


def discard(phone: Page, rank: str, suit: str, turn: str | None = None, shot: Path | None = None) -> None:
    """Discard a card; `turn` is what the turn was ("Pioche gardée", "Défausse prise"), drawn and
    thrown by default."""
    phone.get_by_role("button", name="Je défausse…").tap()
    dialog = phone.locator("#chooser")
    if turn is not None:
        dialog.get_by_label(turn).check()
    if shot is not None:
        phone.screenshot(path=shot)
    dialog.locator(f'.rank[data-rank="{rank}"]').tap()
    dialog.locator(f'.suit[data-suit="{suit}"]').tap()


def aim(phone: Page, slot: int, player: str, card: int) -> None:
    panel = phone.get_by_test_id("power-panel")
    panel.locator(f'[data-testid="target-player-{slot}"]').select_option(player)
    panel.locator(f'[data-testid="target-card-{slot}"]').select_option(str(card - 1))


def newest(phone: Page):
    return phone.get_by_test_id("feed").locator("li").first


def test_three_phones_play_a_tamalou_round_to_its_call_and_reveal_with_a_power_aimed_and_one_misused(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game)  # no time limit: the house default
    ana, ben, chloe = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé"))
    expect(ana.get_by_test_id("round-turn")).to_contain_text("La manche commence")

    # Ana draws a 9 and discards it: look at an opponent's card. She aims at Ben's 2nd card.
    discard(ana, "9", "H")
    # Each phone says whose turn to its own player: « à vous » on Ben's (issue 20).
    expect(ben.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à vous de jouer.")
    expect(chloe.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à Ben de jouer.")
    expect(ana.get_by_test_id("round-turn")).to_have_text("Vous venez de jouer ; à Ben de jouer.")
    # Only Ben discards now (our reading "table-turns"): the others' button waits for their turn.
    expect(ben.get_by_role("button", name="Je défausse…")).to_be_enabled()
    for phone in (ana, chloe):
        expect(phone.get_by_role("button", name="Je défausse…")).to_be_disabled()
    expect(ana.get_by_test_id("countdown")).to_have_text("jusqu'à la prochaine défausse")
    panel = ana.get_by_test_id("power-panel")
    expect(panel).to_be_visible()
    expect(ben.get_by_test_id("power-panel")).to_be_hidden()  # not Ben's power
    expect(panel.locator("h2")).to_have_text("9♥ : regarder une carte d'un adversaire")
    aim(ana, 0, "Ben", 2)
    ana.screenshot(path=artifacts / "referee-round-aim-ana.png", full_page=True)
    ana.get_by_test_id("power-use").tap()
    for phone in (ana, ben, chloe):
        expect(newest(phone)).to_contain_text("Ana utilise le pouvoir du 9♥.")
    expect(panel).to_be_hidden()
    assert table.state().penalty_cards == {}

    # Ben discards a 7, "look at one of your own cards": his panel offers only his own cards
    # (issue 20). A phone that sends another player's card anyway (an old page) is a wrong use.
    discard(ben, "7", "S")
    ben_panel = ben.get_by_test_id("power-panel")
    expect(ben_panel).to_be_visible()
    expect(ben_panel.locator('[data-testid="target-player-0"] option')).to_have_text(["Ben"])
    ben.evaluate("window.referee.send({type: 'power.used', player: 'Ben', targets: [{player: 'Chloé', card: 0}]})")
    wrong = ("Ben utilise mal le pouvoir du 7♠ (la carte visée est hors de portée de ce pouvoir) : "
             "le tour est annulé et Ben prend une carte de pénalité.")
    for phone in (ana, ben, chloe):
        expect(newest(phone)).to_contain_text(wrong)
        expect(newest(phone)).to_have_class("penalty")
    rule_link = newest(chloe).get_by_role("link", name="la règle")
    expect(rule_link).to_have_attribute("href", "/rules/tamalou/#reading-table-wrong-power")
    ben.screenshot(path=artifacts / "referee-round-wrong-power-ben.png", full_page=True)
    assert table.state().penalty_cards == {"Ben": 1}

    # Chloé discards and says "tamalou" at the end of her turn: the round stops at once.
    discard(chloe, "A", "C")
    expect(ana.get_by_test_id("pile-top")).to_have_text("A♣")
    chloe.get_by_role("button", name="Dire « tamalou »").tap()
    # A call ends the round for all and cannot be taken back: the button asks once, naming who calls.
    expect(ana.get_by_test_id("round-over")).to_be_hidden()
    chloe.screenshot(path=artifacts / "referee-call-confirm.png")
    chloe.get_by_role("button", name="Confirmer : Chloé dit « tamalou »").tap()
    for phone in (ana, ben, chloe):
        expect(phone.get_by_test_id("round-call")).to_have_text("Chloé a annoncé « tamalou ».")
        expect(phone.get_by_test_id("round-over")).to_be_visible()
        expect(phone.get_by_test_id("round-over")).to_contain_text("Manche finie : révélez les mains.")
        expect(phone.get_by_test_id("round-turn")).to_be_hidden()
    # Nothing more is played in this round: no phone offers a discard or a call any more
    # (the server refuses them too: tests/engine/table/test_table_calls_to_the_letter.py).
    for phone in (ana, ben, chloe):
        expect(phone.locator("#discard-button")).to_be_hidden()
        expect(phone.locator("#call-button")).to_be_hidden()
        expect(phone.locator("#snap-button")).to_be_hidden()  # tamalou: the call stops the round at once
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    ana.screenshot(path=artifacts / "referee-round-over-ana.png", full_page=True)

    # The table asks for the reveal; Ana enters the hands (Ben holds his penalty card).
    ana.get_by_test_id("reveal-now").tap()
    expect(ana.get_by_text("Chloé a annoncé « tamalou ».")).to_be_visible()
    pick_french(ana, "Ana", ["9 de pique", "2 de cœur", "4 de trèfle", "3 de carreau"])
    pick_french(ana, "Ben", ["roi de cœur", "4 de cœur", "6 de trèfle", "8 de carreau", "dame de pique"])
    pick_french(ana, "Chloé", ["as de pique", "2 de carreau", "6 de pique", "8 de cœur"])
    ana.screenshot(path=artifacts / "referee-round-reveal-ana.png", full_page=True)
    ana.get_by_role("button", name="Envoyer à la feuille de score").tap()
    # Ana joined with the table's code: the reveal sends her back to the table, never to the
    # game's private link (issue 28: the code admits to the table, nothing more).
    expect(ana).to_have_url(f"{daphne}/tables/{table.code}/")
    data = game.rounds.get().data
    assert data["announcer"] == "Chloé" and data["hands"]["Ben"] == ["KH", "4H", "6C", "8D", "QS"]

    # On the other phones the round is folded away and the next one begins.
    for phone in (ben, chloe):
        expect(phone.get_by_test_id("earlier-rounds").locator("summary").first).to_have_text("Manche 1")
        expect(phone.get_by_test_id("round-over")).to_be_hidden()
        expect(phone.get_by_test_id("round-call")).to_be_hidden()
    chloe.screenshot(path=artifacts / "referee-round-next-chloe.png", full_page=True)


def test_a_player_without_a_phone_is_skipped_when_no_referee_logs_their_turn(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """Our reading "table-turns": Ben plays with cards only; his turn passes when Chloé discards."""
    table = LiveTable.open_for(make_game("koubo", ["Ana", "Ben", "Chloé"]))
    ana, chloe = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Chloé"))

    discard(ana, "A", "H")
    expect(chloe.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à vous de jouer.")
    expect(chloe.get_by_role("button", name="Je défausse…")).to_be_enabled()
    expect(ana.get_by_role("button", name="Je défausse…")).to_be_disabled()
    chloe.screenshot(path=artifacts / "referee-turn-skipped-chloe.png", full_page=True)
    discard(chloe, "A", "S")
    expect(ana.get_by_test_id("round-turn")).to_have_text("Chloé vient de jouer ; à vous de jouer.")
    expect(ana.get_by_role("button", name="Je défausse…")).to_be_enabled()
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "discard"]


def test_cabo_the_pile_is_refused_after_a_snap_and_a_card_from_the_hand_offers_no_power(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """table-rules.md, cabo-bruxellois: the pile may be taken only when nobody snapped on it;
    memory games: a power counts only for a card drawn from the stock and thrown at once."""
    table = LiveTable.open_for(make_game("cabo-bruxellois", ["Ana", "Ben", "Chloé"]))
    ana, ben, chloe = (sit(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé"))

    discard(ana, "7", "H")
    expect(chloe.get_by_test_id("pile-top")).to_have_text("7♥")
    chloe.get_by_test_id("snap").tap()
    chloe.locator("#chooser .rank[data-rank='7']").tap()
    chloe.locator("#chooser .suit[data-suit='S']").tap()
    expect(newest(ben)).to_contain_text("Chloé pose 7♠ : accepté.")

    # The phone no longer offers the pile (the server's moves); a phone that takes it anyway is refused.
    ben.get_by_role("button", name="Je défausse…").tap()
    expect(ben.locator("#chooser").get_by_label("Défausse prise")).to_be_disabled()
    ben.screenshot(path=artifacts / "referee-discard-origin-ben.png")
    ben.locator("#chooser").get_by_role("button", name="Annuler").tap()
    ben.evaluate("window.referee.send({type: 'discard', player: 'Ben', card: '4H', took_pile: true})")
    expect(newest(ben)).to_contain_text("Ben ne peut pas prendre la défausse : une défausse rapide a réussi sur 7♥.")
    expect(ben.get_by_test_id("pile-top")).to_have_text("7♠")
    expect(newest(ana)).to_contain_text("Chloé pose 7♠ : accepté.")  # the refusal is Ben's alone

    discard(ben, "9", "H", turn="Pioche gardée")  # a 9 swapped out of his hand: no power
    expect(ana.get_by_test_id("pile-top")).to_have_text("9♥")
    expect(ben.get_by_test_id("power-panel")).to_be_hidden()
    assert table.state().power["from_stock"] is False
