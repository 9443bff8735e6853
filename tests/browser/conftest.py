from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.referee.servers import start_daphne, stop_daphne

# Every expect waits on its condition; on a loaded machine (CI, two workers, a Daphne and
# several browsers each) a socket may take more than Playwright's default 5 s to open.
# A passing expect returns as soon as its condition holds, so this costs nothing then.
expect.set_options(timeout=15_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session", autouse=True)
def _allow_async_unsafe() -> Iterator[None]:
    """Let the ORM run beside sync Playwright's event loop.

    Session-scoped on purpose: the loop keeps running until Playwright's session
    fixtures are torn down, and pytest-django's database teardown may come before
    that. Browser tests run last (tests/conftest.py), so no other test sees it.
    """
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _no_csp_violation(browser: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail the test on any Content-Security-Policy violation in any page's console, and
    close every context and page the test opened.

    Every context and page a test opens (the `page` fixture, browser.new_context,
    browser.new_page) reports its console here: an inline script, style or handler
    the policy refuses would otherwise only be a silent line in the browser.
    pytest-playwright closes only its own: the other phones of a table, left open, kept
    their sockets and timers running in the one browser for the rest of the run (66
    renderers at load 44 two thirds of the way through the browser tests).
    """
    refused: list[str] = []
    opened: list[Any] = []

    def listen(target: Any) -> Any:
        target.on("console", lambda message: refused.append(message.text)
                  if "Content Security Policy" in message.text else None)
        opened.append(target)
        return target

    new_context, new_page = browser.new_context, browser.new_page
    monkeypatch.setattr(browser, "new_context", lambda *a, **k: listen(new_context(*a, **k)))
    monkeypatch.setattr(browser, "new_page", lambda *a, **k: listen(new_page(*a, **k)))
    yield
    for target in reversed(opened):
        with contextlib.suppress(Exception):  # closed already (pytest-playwright's own)
            (target.context if hasattr(target, "context") and hasattr(target, "goto") else target).close()
    assert not refused, "Content-Security-Policy violations:\n" + "\n".join(refused)


@pytest.fixture
def daphne(transactional_db: None) -> Iterator[str]:
    """Daphne on 127.0.0.1 and a free port (pages that open a WebSocket need it), serving
    static files too; yields its base URL."""
    process = start_daphne(static=True)
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        stop_daphne(process)
