"""A phone that loses its network: what the offline browser tests share (issue 19).

Waits are on conditions (the cache holding a page, the server holding a round), polled
with short pauses: the conditions live outside the page (Cache Storage, the database),
where Playwright's expect cannot look.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from tests.browser.play_helpers import choose, count_hand, save_round

PHONE = {"width": 360, "height": 740}  # the small phone the issue asks for

CACHED_TEXT = """async ([url, text]) => {
    const hit = await caches.match(url);
    return !!hit && (await hit.text()).includes(text); }"""


def phone_args(browser_context_args: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, **extra}


def eventually(page: Page, check: Callable[[], bool], what: str, timeout_ms: int = 15_000) -> None:
    """Wait until `check()` holds, polling every 100 ms (evaluate awaits promises, where
    wait_for_function would take a pending promise for a truthy answer)."""
    for _ in range(timeout_ms // 100):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{what}: not within {timeout_ms} ms")


def cached(page: Page, url: str, text: str = "") -> None:
    """Wait until the service worker has kept `url` (holding `text`) for offline use."""
    eventually(page, lambda: page.evaluate(CACHED_TEXT, [url, text]),
               f"the service worker keeping {url} with {text!r}")


def enter_round(page: Page, ana: str, ben: str) -> None:
    count_hand(page, "Ana", ana)
    count_hand(page, "Ben", ben)
    choose(page, "announcer", "Ana")
    save_round(page)
