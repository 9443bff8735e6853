"""The live table speaks to the player at a 360 × 740 phone (issue 20): « à vous » on your own
phone, only the actions legal now, a power's panel with only its legal targets and in view
without scrolling, and the round's points on every phone after the reveal.

One referee phone and three player phones, each its own browser context.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.models import LiveTable, players_in
from tests.browser.play_helpers import pick_french
from tests.browser.test_referee_round import discard, newest
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.backends

SMALL_PHONE = {"width": 360, "height": 740}


def phone_at(browser: Browser, context_args: dict[str, Any], url: str, code: str, button: str) -> Page:
    phone = browser.new_context(**{**context_args, "viewport": SMALL_PHONE}).new_page()
    phone.goto(f"{url}/tables/{code}/join/")
    phone.get_by_role("button", name=button, exact=True).tap()
    expect(phone.locator("#link-status")).to_have_text("en direct")
    return phone


def in_view(phone: Page, test_id: str) -> bool:
    """The element lies wholly inside the viewport (the page brought it there if need be)."""
    return phone.evaluate(
        """(id) => { const box = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
                     return box.top >= 0 && box.bottom <= window.innerHeight; }""", test_id)


def in_view_without_scrolling(phone: Page, test_id: str) -> bool:
    """The element lies wholly inside the viewport, and the page was not scrolled to show it."""
    return phone.evaluate(
        """(id) => { const box = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
                     return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight; }""",
        test_id)


def test_after_a_reveal_every_other_phone_shows_the_rounds_points_and_new_totals_then_the_next_round(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game)
    referee = phone_at(browser, browser_context_args, daphne, table.code, "L'arbitre (saisit pour tout le monde)")
    ana, ben, chloe = (phone_at(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben", "Chloé"))
    players = (ana, ben, chloe)
    expect(referee.get_by_test_id("reveal-link")).to_be_visible()  # the referee may end a round at any time
    # French labels throughout: the referee's own phone among the measured delays is « arbitre ».
    expect(referee.get_by_test_id("delays")).to_contain_text("arbitre")
    expect(referee.get_by_test_id("delays")).not_to_contain_text("referee")
    for phone in players:
        expect(phone.get_by_test_id("reveal-link")).to_be_hidden()  # a player only once the round is over

    discard(ana, "5", "H")
    # « À vous » on Ben's own phone; the others name him.
    expect(ben.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à vous de jouer.")
    expect(chloe.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à Ben de jouer.")
    expect(referee.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à Ben de jouer.")
    # Tamalou: the call is made at the end of your own turn, a snap on another player's discard.
    expect(ana.locator("#call-button")).to_be_visible()
    for phone in (ben, chloe):
        expect(phone.locator("#call-button")).to_be_hidden()
        expect(phone.get_by_test_id("snap")).to_be_visible()
    expect(ana.get_by_test_id("snap")).to_be_hidden()  # not on her own discard
    ben.screenshot(path=artifacts / "referee-a-vous-ben.png")

    discard(ben, "9", "S", turn="Pioche gardée")
    discard(chloe, "A", "C")
    chloe.get_by_role("button", name="Dire « tamalou »").tap()
    chloe.get_by_role("button", name="Confirmer : Chloé dit « tamalou »").tap()
    for phone in players:
        expect(phone.get_by_test_id("round-over")).to_be_visible()
        expect(phone.get_by_test_id("reveal-link")).to_be_visible()

    referee.get_by_test_id("reveal-link").tap()
    pick_french(referee, "Ana", ["9 de pique", "2 de cœur", "4 de trèfle", "3 de carreau"])
    pick_french(referee, "Ben", ["roi de cœur", "4 de cœur", "6 de trèfle", "8 de carreau"])
    pick_french(referee, "Chloé", ["as de pique", "2 de carreau", "6 de pique", "8 de cœur"])
    referee.get_by_role("button", name="Envoyer à la feuille de score").tap()
    # Every phone here joined with the table's code: back to the table, never to the game's
    # private link, which they do not hold (issue 28).
    expect(referee).to_have_url(f"{daphne}/tables/{table.code}/")

    scored = game.score().round_json(game.score().rounds[0])
    for phone, name in zip(players, ("Ana", "Ben", "Chloé"), strict=True):
        result = phone.get_by_test_id("round-result")
        expect(result).to_be_visible()
        expect(result.locator("h2")).to_have_text("Manche 1 : les points")
        for player in ("Ana", "Ben", "Chloé"):
            row = result.locator(f'tr[data-side="{player}"]')
            expect(row.get_by_test_id("round-points")).to_have_text(str(scored["points"][player]))
            expect(row.get_by_test_id("round-total")).to_have_text(str(scored["totals"][player]))
            # « pourquoi ? » is under the game's private link: not for a phone with the code only.
            expect(row.get_by_role("link", name="pourquoi ?")).to_have_count(0)
        phone.screenshot(path=artifacts / f"referee-round-result-{name.lower()}.png")
    for phone in players:  # whatever the player had scrolled to, the points are in view
        assert in_view(phone, "round-result")

    # The next round starts for all: the first discard puts the points away on every phone.
    discard(ben, "3", "D")
    for phone in (ana, chloe):
        expect(phone.get_by_test_id("round-result")).to_be_hidden()
        expect(newest(phone)).to_contain_text("Ben défausse 3♦")
    expect(chloe.get_by_test_id("round-turn")).to_have_text("Ben vient de jouer ; à vous de jouer.")


def test_a_sevens_power_panel_offers_only_the_players_own_cards_in_view_without_scrolling(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """Tamalou's 7: look at one of your own cards. The panel names only the player, with their
    own cards, and stands in the first screen of a 360 × 740 phone."""
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé", "Dan"]))
    ana, ben = (phone_at(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    discard(ana, "7", "H")
    panel = ana.get_by_test_id("power-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("7♥ : regarder une de ses cartes")
    expect(panel.locator('[data-testid="target-player-0"] option')).to_have_text(["Ana"])
    expect(panel.locator('[data-testid="target-card-0"] option')).to_have_text(["1", "2", "3", "4"])
    expect(ana.locator("#power-warning")).to_be_hidden()
    assert in_view_without_scrolling(ana, "power-panel")
    ana.screenshot(path=artifacts / "referee-seven-panel-ana-360.png")
    expect(ben.get_by_test_id("power-panel")).to_be_hidden()

    panel.locator('[data-testid="target-card-0"]').select_option("2")
    ana.get_by_test_id("power-use").tap()
    expect(newest(ben)).to_contain_text("Ana utilise le pouvoir du 7♥.")
    assert table.state().penalty_cards == {}

    # A 9 looks at an opponent's card: the panel offers the others, never Ana herself.
    discard(ben, "9", "S")
    ben_panel = ben.get_by_test_id("power-panel")
    expect(ben_panel.locator('[data-testid="target-player-0"] option')).to_have_text(["Ana", "Chloé", "Dan"])
    assert in_view_without_scrolling(ben, "power-panel")


def test_canasta_going_out_is_checked_on_the_phone_by_re_reading_every_meld(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """table-rules.md v1.2, "Canasta, going out": two canastas of one rank are refused, and
    the pile's question takes the melds an unmelded side makes with the top card."""
    table = LiveTable.open_for(make_game("canasta", ["Ana", "Ben"]))
    ana = phone_at(browser, browser_context_args, daphne, table.code, "Ana")
    go_out = ana.locator('form[data-question="go_out"]')
    go_out.locator('input[name="melds"]').fill("D♠ D♥ D♦ D♣ D♠ D♥ D♦ / D♠ D♥ D♦ D♣ D♠ D♥ 2♣")
    go_out.get_by_role("button", name="Pouvons-nous sortir ?").tap()
    expect(newest(ana)).to_contain_text("Sortie refusée : deux combinaisons du même rang (dame) ; un camp n'en a qu'une par rang.")

    pile = ana.locator('form[data-question="take_pile"]')
    pile.locator('input[name="pile"]').fill("4♦ 9♠")
    pile.locator('input[name="hand"]').fill("9♥ 9♦")
    pile.locator('input[name="side_total"]').fill("1500")
    pile.get_by_role("button", name="Puis-je prendre la pile ?").tap()
    expect(newest(ana)).to_contain_text("Pile refusée : les poses faites avec 9♠ valent 30, il faut 90 pour ouvrir.")
    ana.screenshot(path=artifacts / "referee-canasta-questions-ana.png", full_page=True)


def test_dutch_toulousain_jack_is_compulsory_the_phone_offers_no_pass(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """table-rules.md v1.2: the jack and the red king are compulsory; a frozen dutcher is out of reach."""
    table = LiveTable.open_for(make_game("dutch-toulousain", ["Ana", "Ben", "Chloé"]))
    ana, ben = (phone_at(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    discard(ana, "J", "H")
    panel = ana.get_by_test_id("power-panel")
    expect(panel).to_be_visible()
    expect(ana.locator("#power-decline")).to_be_hidden()
    expect(panel.locator("h2")).to_contain_text("Pouvoir obligatoire : pas de passe.")
    assert in_view_without_scrolling(ana, "power-panel")
    ana.screenshot(path=artifacts / "referee-dutch-toulousain-jack-ana.png")
    # Ben cannot discard before Ana's swap: his phone does not offer it, and the table says
    # why, to Ben alone, to a phone that sends it anyway.
    expect(ben.get_by_role("button", name="Je défausse…")).to_be_disabled()
    ben.evaluate("window.referee.send({type: 'discard', player: 'Ben', card: '5C'})")
    expect(newest(ben)).to_contain_text("Ana doit d'abord utiliser le pouvoir obligatoire du V♥.")
    panel.locator('[data-testid="target-player-1"]').select_option("Ben")
    ana.get_by_test_id("power-use").tap()
    expect(newest(ben)).to_contain_text("Ana utilise le pouvoir du V♥.")
    expect(panel).to_be_hidden()


def test_a_dutch_player_out_of_the_game_is_told_so_and_offered_nothing_to_play(
        daphne: str, browser: Browser, browser_context_args: dict[str, Any], artifacts: Path):
    """Dutch's elimination (game-record 4.5): from 100 points a player is out; the table
    deals the next round without them, and their phone says so instead of offering plays."""
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[tamalou_round(None, Ana=95, Ben=1, Chloé=2)])
    table = LiveTable.open_for(game)
    ana, ben = (phone_at(browser, browser_context_args, daphne, table.code, s) for s in ("Ana", "Ben"))
    expect(ana.locator("#discard-button")).to_be_visible()
    # The round is revealed (as the reveal page does it): Ana reaches 105 and is out.
    hands = {"Ana": ["10S"], "Ben": ["AS"], "Chloé": ["2S"]}
    saved = game.add_round(tamalou_round(None, **hands))
    member = table.members.get(seat="Ben")
    table.record("reveal", {"hands": hands, "extras": {}, "round": saved.number,
                            "players_after": players_in(game)}, member)
    game.refresh_from_db()
    assert not game.finished and players_in(game) == ["Ben", "Chloé"]  # two are still in: the game goes on

    ana.reload()
    ben.reload()
    expect(ana.get_by_test_id("round-turn")).to_have_text("Vous êtes éliminé·e : vous suivez la table sans jouer.")
    for button in ("#discard-button", "#call-button", "#snap-button", "#stock-empty"):
        expect(ana.locator(button)).to_be_hidden()
    expect(ben.get_by_test_id("round-turn")).not_to_contain_text("éliminé")
    expect(ben.locator("#discard-button")).to_be_visible()
    # The round's points fit the small phone's panel (four columns, « pourquoi ? » whole).
    assert ana.evaluate("""() => { const panel = document.querySelector('[data-testid="round-result"]');
                                   return panel.scrollWidth <= panel.clientWidth; }""")
    ana.screenshot(path=artifacts / "referee-dutch-player-out.png")
