"""Playing rounds through the entry page with a thumb: the card picker, the number pad,
the announcer. Shared by tests/browser/test_play_*.py."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def hand(page: Page, name: str) -> Locator:
    return page.locator("fieldset.hand").filter(has=page.locator("legend", has_text=name))


def pick_cards(page: Page, field: Locator, codes: list[str], already: int = 0) -> None:
    """Tap the field, then each card: one key per card in the picker's grid."""
    field.locator(".chips").tap()
    for code in codes:
        page.locator(f'#picker [data-card="{code}"]').tap()
    expect(field.locator(".chip")).to_have_count(already + len(codes))


def pick_hand(page: Page, name: str, codes: list[str]) -> None:
    block = hand(page, name)
    if block.get_attribute("data-mode") == "count":  # counted last round: the choice is kept
        block.locator(".mode-switch label", has_text="Cartes").tap()
    pick_cards(page, block.locator("[data-cards-field]"), codes)


def pad_keys(number: str, step: int = 40) -> list[str]:
    """The number pad's keys for a counted hand, as a player taps them: "−" and "½" first,
    "+40" as often as needed, then the value key that ends the number ("47" -> +40, 7)."""
    keys = []
    if number.startswith("-"):
        keys.append("-")
        number = number[1:]
    if number.endswith("½"):
        keys.append("½")
        number = number[:-1]
    value = int(number or 0)
    keys += [f"+{step}"] * (value // step)
    return keys + [str(value % step)]


def tap_pad(page: Page, number: str) -> None:
    for key in pad_keys(number):
        attribute = "data-value" if key.isdigit() else "data-key"
        page.locator(f'#picker [{attribute}="{key}"]').tap()


def count_hand(page: Page, name: str, digits: str) -> None:
    """The player counted their own hand: "Compté" (unless kept from the last round), the
    hand's field, then the number pad's keys (pad_keys)."""
    block = hand(page, name)
    if block.get_attribute("data-mode") != "count":
        # Once the last change's preview has come back: a message it brings above this hand
        # moves the switch between the moment the tap is aimed and the tap (in CI, loaded,
        # the tap landed beside « Compté » and the count field stayed hidden).
        wait_for_preview(page)
        # Tapped again if a late layout shift still took the tap (seen once more in CI): the
        # switch is a radio, so a second tap on « Compté » changes nothing once it is on.
        tap_until(lambda: block.locator(".mode-switch label", has_text="Compté").tap(),
                  lambda: expect(block).to_have_attribute("data-mode", "count", timeout=5_000))
    block.locator("[data-count]").tap()
    tap_pad(page, digits)
    expect(block.locator("[data-count]")).to_have_value(digits)


def tap_until(tap: Callable[[], None], shown: Callable[[], None], attempts: int = 3) -> int:
    """Tap, then wait (`shown`, an expect) for the page to show the tap; tap again when a
    loaded machine lost it, up to `attempts` taps. How many taps were lost."""
    for lost in range(attempts - 1):
        tap()
        try:
            shown()
            return lost
        except AssertionError:
            continue
    tap()
    shown()  # the last tap: its failure is the test's
    return attempts - 1


def step_up(field: Locator, times: int, tap: Callable[[Locator], None] = Locator.tap) -> int:
    """Tap a counter's « + » until `field` holds `times`; how many taps were lost.

    In loaded CI runs the first « + » after a side's points were typed was lost now and then
    (the value stayed 0 for 15 s, the button under the finger): the lost taps are returned
    so that a test counting a player's taps can count them apart.
    """
    plus = field.locator("xpath=following-sibling::button[@data-step='1'][1]")
    return sum(tap_until(lambda: tap(plus), lambda count=count: expect(field).to_have_value(str(count), timeout=5_000))
               for count in range(1, times + 1))


def choose(page: Page, fieldset_id: str, name: str) -> None:
    page.locator(f"#{fieldset_id} label.choice").filter(has_text=name).tap()


def wait_for_preview(page: Page) -> None:
    """The preview follows each change after a short delay; wait until it has settled."""
    page.wait_for_load_state("networkidle")


def save_round(page: Page) -> None:
    """"Enregistrer la manche" (or "le tour" in cactus-game), once htmx has no request in
    flight: a tap while the form is being swapped (a card added, the preview refreshed) lands
    on the button being replaced and is lost (seen once in CI, the machine loaded)."""
    wait_for_htmx_idle(page)
    tap_until_submitted(page, page.locator("#entry-form button.save"))


def tap_until_submitted(page: Page, button: Locator) -> None:
    """Tap a button; tap it again, as a thumb would, if the tap made no click.

    A tap is touchstart then touchend, and the browser makes the click only if the page did
    not move in between: the entry page scrolls itself (the picker bringing its field into
    view), and on a loaded machine a save tap was lost so (CI: the page still on the form,
    no request, no message). The second tap is made only when the button saw no click, so a
    round is never sent twice."""
    button.evaluate("""(b) => { window.__tapped = false;
        b.addEventListener("click", () => { window.__tapped = true; }, { capture: true, once: true }); }""")
    button.tap()
    try:
        # true: clicked; undefined: a new page (the form was sent and the sheet opened)
        page.wait_for_function("() => window.__tapped !== false", timeout=5_000)
    except PlaywrightTimeoutError:
        button.tap()
    except PlaywrightError:
        pass  # the page went on (to the sheet) before the flag was read: the click was made


def wait_for_htmx_idle(page: Page) -> None:
    """Until htmx has no request in flight (it marks the element asking `.htmx-request`)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def cards_field(page: Page, input_name: str) -> Locator:
    """The picker field holding the input named `input_name` (e.g. "side-0-meld-1")."""
    return page.locator(f'[data-cards-field]:has([name="{input_name}"])')


def pick_french(page: Page, player: str, cards: list[str]) -> None:
    """Tap the player's hand, then each card by its French name as the picker says it
    ("roi de cœur", "10 de trèfle", "Joker")."""
    block = page.locator("fieldset.hand").filter(has=page.locator("legend", has_text=player))
    block.locator(".chips").tap()
    picker = page.locator("#picker")
    for name in cards:
        picker.get_by_role("button", name=name, exact=name == "Joker").tap()
    expect(block.locator(".chip")).to_have_count(len(cards))
