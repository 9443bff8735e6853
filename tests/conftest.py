"""Fixtures shared by the whole suite.

Browser tests (tests/browser/) run last: sync Playwright keeps an asyncio loop
running in the main thread once started, which breaks Django's ORM calls and
pytest-asyncio tests that would run after it (see tests/browser/conftest.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test.utils import override_settings

from tests.referee.servers import track_sqlite_connections

BROWSER_TESTS = Path(__file__).parent / "browser"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _own_redis_for_this_worker() -> None:
    """Under pytest-xdist with Redis (CI's second pass), each worker gets a Redis database
    and a prefix of its own: group names hold primary keys that both workers' test
    databases reuse, a deploy test flushes its database, and Redis's pub/sub channels
    are shared by every database. Set in the environment too, for the servers tests start."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("REDIS_URL")
    if not worker or not url or os.environ.get("REDIS_PREFIX"):
        return
    from config.env import caches, channel_layers

    base, _, number = url.rpartition("/")
    own = f"{base}/{int(number or 0) + int(worker.removeprefix('gw'))}" if number.isdigit() else url
    os.environ["REDIS_URL"], os.environ["REDIS_PREFIX"] = own, f"marque-carte-{worker}"
    from django.test.signals import setting_changed

    for name, value in (("CHANNEL_LAYERS", channel_layers(own)), ("CACHES", caches(own))):
        setattr(settings, name, value)
        # Django's and Channels' own receivers drop what they built from the old value.
        setting_changed.send(sender=type(settings), setting=name, value=value, enter=True)


_own_redis_for_this_worker()
track_sqlite_connections()  # closed before a test server is forked (tests/referee/servers.py)


def is_browser_test(item: pytest.Item) -> bool:
    return BROWSER_TESTS in Path(str(item.path)).parents


def pytest_itemcollected(item: pytest.Item) -> None:
    # Marked as collected, before `-m` deselects: `-m "not browser"` leaves them out
    # (.ci/run's second pass); marking in modifyitems below would come too late.
    if is_browser_test(item):
        item.add_marker(pytest.mark.browser)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--back-ends-only", action="store_true",
                     help="only the tests that reach the database, the channel layer or a server "
                          "(CI's PostgreSQL + Redis pass: the others gave the same answer in the first)")


# Fixtures through which a test reaches the database, the channel layer or a server.
BACK_END_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
                               "live_server", "daphne", "served"})


def reaches_a_back_end(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & BACK_END_FIXTURES) or any(
        item.get_closest_marker(name) for name in ("django_db", "asyncio", "backends"))


@pytest.hookimpl(trylast=True)  # after pytest-django's own reordering
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--back-ends-only"):
        kept = [item for item in items if reaches_a_back_end(item)]
        config.hook.pytest_deselected(items=[item for item in items if not reaches_a_back_end(item)])
        items[:] = kept
    items.sort(key=is_browser_test)  # stable: keeps the order within each group


def pytest_report_header() -> list[str]:
    database = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return [f"back ends: database {database['ENGINE']}, channel layer {layer}"]


@pytest.fixture(scope="session", autouse=True)
def _plain_static_files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests serve static files by their plain names, so they never need collectstatic.
    STATIC_ROOT is an empty folder of the session's: WhiteNoise scans STATIC_ROOT whenever a
    test client loads the middleware, and the recipe started by another worker collects
    (into a folder of its own, tests/deploy/conftest.py), so nothing shared is scanned."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(STORAGES=storages, STATIC_ROOT=tmp_path_factory.mktemp("static_root")):
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's chromium: pytest-playwright's --browser-channel cannot find it."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone in a French hand: the app is used at the table."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,  # a common phone density; 3 drew and encoded 2.25 times the pixels (~10 % of browser time)
        "is_mobile": True,
        "has_touch": True,
        "locale": "fr-FR",
    }
