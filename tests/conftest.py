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

from tests.referee import servers

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


def is_browser_test(item: pytest.Item) -> bool:
    return BROWSER_TESTS in Path(str(item.path)).parents


# What CI's second pass (.ci/run: PostgreSQL + Redis) runs again: the tests whose answer
# can differ on those back ends, by module (or folder) under tests/, with why. Every other
# test reaches the database only through ORM calls whose meaning does not depend on the
# back end, and gave its answer in the first pass (SQLite + the in-memory channel layer).
# A new test of raw SQL, locks, the channel layer, the cache or sizes belongs here.
ON_POSTGRESQL_AND_REDIS = {
    # Raw SQL and branches on connection.vendor.
    "scorekeeper/test_bulk.py": "bulk inserts and id reservation: SQL of each back end (scorekeeper/bulk.py)",
    "leagues/test_bulk_import.py": "the same bulk path, through a league import",
    "referee/test_event_log.py": "the event log's raw SQL, jsonb on PostgreSQL (referee/eventlog.py)",
    "referee/test_snapshots.py": "the event log and its snapshots, read back with raw SQL",
    "config/test_health.py": "the health check's own query and channel-layer round trip",
    "scorekeeper/test_database.py": "the configured back end stores and reads back",
    "leagues/test_becoming_organiser.py": "LOCK TABLE on PostgreSQL, an invitation under select_for_update",
    "scorekeeper/test_player_names.py": "name__iexact and the Lower() unique constraint: SQLite folds ASCII only",
    "leagues/test_standings.py": "players ordered by name: each back end's collation",
    # Sizes: PostgreSQL refuses a string longer than its column, SQLite stores it.
    "leagues/test_table_names.py": "labels at their longest",
    "scorekeeper/test_limits.py": "rounds and sizes at their limits",
    # Locks: select_for_update is a no-op on SQLite (one writer at a time there).
    "scorekeeper/test_concurrency.py": "two phones saving at once, in threads: the game row's lock",
    "referee/test_reveal_once.py": "two reveals at once: one stored",
    "leagues/test_recording.py": "a league result recorded under the season's lock",
    "leagues/test_importing.py": "an import checked and saved under the season's lock",
    "referee/test_one_save.py": "one save action: the game row's lock, the reveal's event in the round's transaction",
    "leagues/test_one_standings_route.py": "standings counted through one route under the season's lock",
    # The channel layer: Redis pub/sub, groups shared by processes.
    "referee/test_consumers.py": "the live table's socket",
    "referee/test_consumer_asks.py": "the live table's socket: questions",
    "referee/test_consumer_caps.py": "the live table's socket: caps per address and member",
    "referee/test_consumer_credit.py": "the live table's socket: its credit",
    "referee/test_consumer_delta.py": "the live table's socket: deltas, after a restart",
    "referee/test_consumer_guard.py": "the live table's socket: guards",
    "referee/test_consumer_venue.py": "the live table's socket: a venue's phones at one address",
    "referee/test_consumer_input.py": "the live table's socket: fuzzed input",
    "referee/test_consumer_rulings.py": "the live table's socket: rulings",
    "referee/test_two_servers.py": "two servers on one channel layer",
    "referee/test_layer_down.py": "the channel layer out of reach",
    "referee/test_relayed_updates.py": "the update a socket heard through the layer, read back for the log's next event",
    "scorekeeper/test_live_sheet.py": "the sheet's socket",
    "leagues/test_room_socket.py": "the room screen's socket",
    "config/test_asgi.py": "the ASGI application and its channel layer",
    "config/test_pool_check.py": "PostgreSQL's pool lends connections without a round trip, never a dead one",
    # The cache: Redis's counters, shared by processes.
    "scorekeeper/test_round_throttle.py": "round saves throttled per game and device",
    "referee/test_guesses.py": "join-code guesses limited per phone and address",
    "leagues/test_import_people.py": "files waiting for « Laquelle ? » in the cache: pickled into Redis, any process",
    "referee/test_refused_cheaply.py": "refusals read from Redis's counters before any query",
    # The production recipe: nginx, Daphne processes, PostgreSQL and Redis.
    "deploy": "the production recipe",
}
TESTS = Path(__file__).parent


def runs_on_postgresql_and_redis(item: pytest.Item) -> bool:
    path = Path(str(item.path)).relative_to(TESTS).as_posix()
    return any(path == place or path.startswith(place + "/") for place in ON_POSTGRESQL_AND_REDIS)


def pytest_itemcollected(item: pytest.Item) -> None:
    # Marked as collected, before `-m` deselects (marking in modifyitems would come too late).
    if is_browser_test(item):
        item.add_marker(pytest.mark.browser)
    if runs_on_postgresql_and_redis(item):
        item.add_marker(pytest.mark.pg_redis)


# The slowest browser tests (10 to 55 s each, --durations): started first, so that no
# worker is left running one alone at the end of a pass while the other waits.
SLOW_BROWSER_TESTS = ("test_whole_evening.py", "test_referee_table.py", "test_referee_speaks_to_the_player.py",
                      "test_round_conflict.py", "test_referee_round.py", "test_play_cactus_game.py",
                      "test_play_tamalou.py", "test_play_canasta.py", "test_referee_offline.py",
                      "test_referee_updates.py", "test_offline_spells.py")


def run_order(item: pytest.Item) -> tuple[bool, bool]:
    browser = is_browser_test(item)
    return browser, not (browser and Path(str(item.path)).name in SLOW_BROWSER_TESTS)


@pytest.hookimpl(trylast=True)  # after pytest-django's own reordering
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=run_order)  # browser tests last, the slowest of them first; stable otherwise


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


QUICK_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"


def _hashing_with(hashers: list[str]) -> Iterator[None]:
    from django.contrib.auth.hashers import get_hashers

    with override_settings(PASSWORD_HASHERS=hashers):
        get_hashers.cache_clear()
        yield
    get_hashers.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashes() -> Iterator[None]:
    """New passwords hashed with MD5 in tests, as Django's testing docs advise: the
    production hasher's million rounds made each login of a test half a second on CI (the
    lockout test alone took 12 s). The production hashers stay in the list, so passwords
    stored by the upgrade fixtures are still checked with theirs."""
    yield from _hashing_with([QUICK_HASHER, *settings.PASSWORD_HASHERS])


@pytest.fixture(scope="session", autouse=True)
def _daphne_factory(django_test_environment: None, django_db_blocker: Any, _plain_static_files: None,
                    _quick_password_hashes: None) -> Iterator[None]:
    """The process every test's Daphne is forked from (tests/referee/servers.py): forked once
    the session's settings are set, before any test opens the database."""
    with servers.factory(django_db_blocker.unblock):
        yield


@pytest.fixture
def production_password_hashes() -> Iterator[None]:
    """For a test whose users log in to the production recipe: its own processes read the
    production settings, which do not know the tests' quick hasher."""
    yield from _hashing_with([h for h in settings.PASSWORD_HASHERS if h != QUICK_HASHER])


@pytest.fixture(autouse=True)
def _the_sites_language() -> Iterator[None]:
    """Each test starts in the site's language. The test client runs a request in the test's
    own thread, and LocaleMiddleware leaves that request's language active there: an English
    request made a later test, of the same worker, write « 3.4 » where the page said « 3,4 »
    (CI, two browser tests, depending on which test ran before them)."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


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
