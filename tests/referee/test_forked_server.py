"""A test server (Daphne, forked) starts with no SQLite connection open in this process:
SQLite's state of an open database does not survive a fork (tests/referee/servers.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from scorekeeper.models import Game
from tests.referee.servers import _close_sqlite_before_the_fork

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's per-process state only")


def _count_and_connection() -> object:
    Game.objects.count()
    return connections["default"]


def test_it_closes_before_a_fork_the_connection_an_async_tests_thread_left_open(transactional_db: None):
    with ThreadPoolExecutor(max_workers=1) as executor:  # as database_sync_to_async's thread does
        other = executor.submit(_count_and_connection).result()
        mine = _count_and_connection()
        assert other is not mine and other.connection is not None and mine.connection is not None

        _close_sqlite_before_the_fork()

        assert other.connection is None, "another thread's SQLite connection crossed the fork"
        assert mine.connection is None
        assert executor.submit(Game.objects.count).result() == 0  # that thread reopens its own
