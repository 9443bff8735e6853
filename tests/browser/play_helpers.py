"""Playing rounds through the entry page with a thumb: the card picker, the number pad,
the announcer. Shared by tests/browser/test_play_*.py."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

SUITS = ("S", "H", "D", "C")


def hand(page: Page, name: str) -> Locator:
    return page.locator("fieldset.hand").filter(has=page.locator("legend", has_text=name))


def pick_cards(page: Page, field: Locator, codes: list[str], already: int = 0) -> None:
    """Tap the field, then each card: its rank, then its suit (the joker in one tap)."""
    field.locator(".chips").tap()
    for code in codes:
        if code == "JK":
            page.locator('#picker [data-card="JK"]').tap()
        else:
            page.locator(f'#picker [data-rank="{code[:-1]}"]').tap()
            page.locator(f'#picker [data-suit="{code[-1]}"]').tap()
    expect(field.locator(".chip")).to_have_count(already + len(codes))


def pick_hand(page: Page, name: str, codes: list[str]) -> None:
    block = hand(page, name)
    if block.get_attribute("data-mode") == "count":  # counted last round: the choice is kept
        block.locator(".mode-switch label", has_text="Cartes").tap()
    pick_cards(page, block.locator("[data-cards-field]"), codes)


def count_hand(page: Page, name: str, digits: str) -> None:
    """The player counted their own hand: switch to "Compté" and tap the number pad."""
    block = hand(page, name)
    block.locator(".mode-switch label", has_text="Compté").tap()
    block.locator("[data-count]").tap()
    for key in digits:
        page.locator(f'#picker [data-key="{key}"]').tap()
    expect(block.locator("[data-count]")).to_have_value(digits)


def choose(page: Page, fieldset_id: str, name: str) -> None:
    page.locator(f"#{fieldset_id} label.choice").filter(has_text=name).tap()


def wait_for_preview(page: Page) -> None:
    """The preview follows each change after a short delay; wait until it has settled."""
    page.wait_for_load_state("networkidle")


def save_round(page: Page) -> None:
    """"Enregistrer la manche" (or "le tour" in cactus-game)."""
    page.locator("#entry-form button.save").tap()


def cards_field(page: Page, input_name: str) -> Locator:
    """The picker field holding the input named `input_name` (e.g. "side-0-meld-1")."""
    return page.locator(f'[data-cards-field]:has([name="{input_name}"])')


def pick_french(page: Page, player: str, cards: list[tuple[str, str]]) -> None:
    """Tap the player's hand, then each card by what the French picker shows: its rank
    ("R", "D", "V", "10"…) then its suit, read out by name ("cœur"); "Joker" alone."""
    block = page.locator("fieldset.hand").filter(has=page.locator("legend", has_text=player))
    block.locator(".chips").tap()
    picker = page.locator("#picker")
    for rank, suit in cards:
        picker.get_by_role("button", name=rank, exact=True).tap()
        if suit:
            picker.get_by_role("button", name=suit, exact=True).tap()
