"""A game of Cactus Game (Blue Orange) on a phone, turn by turn, with Stop chains:
a steal stopped once (no effect), a free point stopped and stopped again (it counts)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.play_helpers import choose, save_round, wait_for_preview
from tests.factories import make_game


def add_play(page: Page, label: str) -> None:
    count = page.locator("fieldset.play").count()
    page.locator(".kind-buttons button", has_text=label).first.tap()
    expect(page.locator("fieldset.play")).to_have_count(count + 1)


def last_play(page: Page):
    return page.locator("fieldset.play").last


def add_stop(page: Page, by: str) -> None:
    """One tap: the chip of the player who played the Stop (issue 27)."""
    play = last_play(page)
    count = play.locator(".stops li").count()
    play.get_by_role("button", name=f"Stop : {by}").tap()
    expect(last_play(page).locator(".stops li")).to_have_count(count + 1)
    expect(last_play(page).locator(".stops select").last).to_have_value(
        str(["Ana", "Ben", "Chloé"].index(by)))


def play_set(page: Page, *characters: str) -> None:
    add_play(page, "Série")
    for i, character in enumerate(characters):
        last_play(page).locator("select").nth(i).select_option(character)


def new_turn(page: Page, url: str, number: int, player: str) -> None:
    page.goto(url)
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Tour {number}")
    # The next player in seat order is already chosen.
    expect(page.locator("#player label.choice", has_text=player).locator("input")).to_be_checked()


def test_it_plays_cactus_game_with_a_stop_chain(live_server: LiveServer, page: Page, artifacts: Path,
                                               transactional_db):
    game = make_game("cactus-game", ["Ana", "Ben", "Chloé"])
    new_url = f"{live_server.url}/games/{game.token}/rounds/new/"
    sheet = f"{live_server.url}/games/{game.token}/"

    # Turn 1: anyone may start; Ana lays three Walters: 3 points.
    page.goto(new_url)
    choose(page, "player", "Ana")
    play_set(page, "walter", "walter", "walter")
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ana")).to_contain_text("3")
    save_round(page)
    expect(page).to_have_url(sheet)

    # Turn 2: Ben tries to steal a Point from Ana; Ana plays Stop (one Stop: no effect);
    # then Ben draws, which ends his turn.
    new_turn(page, new_url, 2, "Ben")
    add_play(page, "Vol de Point")
    last_play(page).locator('select[name$="-target"]').select_option(label="Ana")
    add_stop(page, "Ana")
    add_play(page, "Pioche (fin du tour)")
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Ana")).to_contain_text("3")
    page.screenshot(path=artifacts / "play-cactus-game-stopped-steal.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(sheet)

    # Turn 3: Chloé's free Point is stopped by Ben, and Ben's Stop by Chloé: it counts.
    new_turn(page, new_url, 3, "Chloé")
    add_play(page, "Point gratuit")
    add_stop(page, "Ben")
    add_stop(page, "Chloé")
    wait_for_preview(page)
    expect(page.locator("#preview tr", has_text="Chloé")).to_contain_text("1")
    page.screenshot(path=artifacts / "play-cactus-game-stop-chain.png", full_page=True)
    save_round(page)
    expect(page).to_have_url(sheet)

    # Turn 4: a set mixing two characters is refused beside that play, then fixed.
    new_turn(page, new_url, 4, "Ana")
    play_set(page, "walter", "spike", "joker")
    wait_for_preview(page)
    expect(page.locator("#err-play-0")).not_to_be_empty()
    save_round(page)
    expect(page.locator("#err-play-0")).not_to_be_empty()
    page.screenshot(path=artifacts / "play-cactus-game-bad-set.png", full_page=True)
    last_play(page).locator("select").nth(1).select_option("joker")
    wait_for_preview(page)
    expect(page.locator("#err-play-0")).to_be_empty()
    save_round(page)
    expect(page).to_have_url(sheet)

    # Turn 5: Ben steals Chloé's Point. Turn 6: Chloé draws. Turn 7: Ana's free Point makes 7.
    new_turn(page, new_url, 5, "Ben")
    add_play(page, "Vol de Point")
    last_play(page).locator('select[name$="-target"]').select_option(label="Chloé")
    wait_for_preview(page)  # as a player reads the preview before saving (every turn does)
    save_round(page)
    expect(page).to_have_url(sheet)
    new_turn(page, new_url, 6, "Chloé")
    add_play(page, "Pioche (fin du tour)")
    wait_for_preview(page)
    save_round(page)
    expect(page).to_have_url(sheet)
    new_turn(page, new_url, 7, "Ana")
    add_play(page, "Point gratuit")
    wait_for_preview(page)
    expect(page.locator("#preview")).to_contain_text("Ce tour termine la partie")
    save_round(page)
    expect(page).to_have_url(sheet)

    game.refresh_from_db()
    assert game.totals == {"Ana": 7, "Ben": 1, "Chloé": 0}
    assert game.finished and game.winners == ["Ana"]
    assert game.rounds.get(number=3).data == {"player": "Chloé", "plays": [
        {"card": "free_point", "stopped_by": ["Ben", "Chloé"]}]}
    page.screenshot(path=artifacts / "play-cactus-game-sheet-end.png", full_page=True)
