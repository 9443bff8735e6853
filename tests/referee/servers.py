"""Daphne in a forked process for tests, reading the test database."""

from __future__ import annotations

import weakref
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from asgiref.sync import SyncToAsync
from channels.testing.live import make_application
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

# What the fork brought of the parent's connections, kept referenced in the child for its
# whole life: collected, a psycopg pool closes its connections, which sends the server
# a Terminate on the parent's own sockets (the parent's next query then read another
# statement's answer: "the last operation didn't produce records (command status:
# ROLLBACK)"). The child ends with os._exit (multiprocessing), so they are never closed.
_INHERITED: list[object] = []


def use_test_database() -> None:
    """In the forked server: the parent's test database, and a channel layer of its own.

    channels' own `set_database_connection` prefixes "test_" again on
    PostgreSQL, where pytest-django has already renamed the database.
    """
    from channels.layers import channel_layers
    from django.conf import settings
    from django.db import connection, connections

    settings.DATABASES["default"]["NAME"] = connection.settings_dict["NAME"]
    # The parent's database connection and psycopg pool came through the fork: their
    # sockets are the parent's. Drop them here without closing them (closing would tell
    # the server to end the parent's sessions); the child opens its own.
    wrapper = connections["default"]
    _INHERITED.append(wrapper.connection)
    wrapper.connection = None
    if hasattr(type(wrapper), "_connection_pools"):  # PostgreSQL with psycopg's pool
        _INHERITED.append(type(wrapper)._connection_pools)
        type(wrapper)._connection_pools = {}
    # A channel layer made in the parent (an async test ran there) holds Redis
    # connections and locks of the parent's event loops: start from a new one.
    channel_layers.backends = {}
    if wrapper.vendor == "sqlite":
        _retry_a_busy_open(type(wrapper))


# How long a forked server's SQLite connection keeps trying to open a busy file.
OPEN_RETRY_SECONDS = 10.0


def _retry_a_busy_open(wrapper_class: Any) -> None:
    """In the forked server: a new SQLite connection that finds the file busy as it opens
    (its init_command, PRAGMA journal_mode=WAL) tries again, for OPEN_RETRY_SECONDS.

    Twice in a whole browser run on two workers (CI, then a run here), a forked server's
    request failed with « database is locked » raised by that PRAGMA at connect, at once,
    without SQLite's 20 s busy timeout helping; it never happened alone, nor in 56 runs of
    the Daphne tests in a row, nor in a stress test of the pragma beside a writer. SQLite
    says a forked child must not use what it inherited; the parent closes its connections
    before the fork (_close_sqlite_before_the_fork), so what is left is timing we could not
    pin down. Only the test server retries: production's Daphne is never forked."""
    import sqlite3
    import time

    opened = wrapper_class.get_new_connection

    def get_new_connection(self: Any, conn_params: Any) -> Any:
        deadline = time.monotonic() + OPEN_RETRY_SECONDS
        pause = 0.02
        while True:
            try:
                return opened(self, conn_params)
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.5)

    wrapper_class.get_new_connection = get_new_connection


def start_daphne(static: bool = False) -> DaphneProcess:
    """Daphne on 127.0.0.1 and a free port (`.port.value`), started and ready."""
    # A single-thread executor made before the fork does not survive it (testing-stack.md).
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    _close_sqlite_before_the_fork()
    wrapper = ASGIStaticFilesHandler if static else None
    process = DaphneProcess("127.0.0.1", partial(make_application, static_wrapper=wrapper),
                            setup=use_test_database)
    process.start()
    if not process.ready.wait(timeout=20):
        process.terminate()
        raise RuntimeError("Daphne did not start within 20 s")
    return process


# Every SQLite connection this process opened, whatever its thread: Django's are
# per-thread, and an async test leaves one open in the executor thread that ran its ORM
# calls (database_sync_to_async), for the rest of the session (CONN_MAX_AGE).
_SQLITE_OPENED: weakref.WeakSet[Any] = weakref.WeakSet()


def track_sqlite_connections() -> None:
    """Keep a reference (weak) to each SQLite connection from now on: called once by
    tests/conftest.py, before any test opens one."""
    from django.db.backends.signals import connection_created

    connection_created.connect(_track, dispatch_uid="tests.referee.servers._track")


def _track(sender: Any, connection: Any, **kwargs: Any) -> None:
    if connection.vendor == "sqlite":
        _SQLITE_OPENED.add(connection)


def _close_sqlite_before_the_fork() -> None:
    """Close every SQLite connection of this process, in every thread, before a fork.

    SQLite keeps per-process state of each open database file (its POSIX locks, the WAL
    index's shared memory and which connection holds which of its locks); a child forked
    while any connection is open inherits that state without the locks it describes
    (SQLite's advice: no open connection across a fork). Closing only this thread's
    connection left the one an earlier async test opened in the executor thread, so each
    forked Daphne inherited it: a page of a forked server once waited 30 s on a lock, and
    once answered « Not Found » for games the test had just committed
    (test_player_records, CI, the machine busy). With nothing open, the child's SQLite
    starts from nothing; every thread here reopens its connection on its next query.
    PostgreSQL's connections are handled in the child (use_test_database)."""
    for connection in list(_SQLITE_OPENED):
        if connection.connection is None or connection.in_atomic_block:
            continue  # closed already; or a test's transaction, which the server cannot see anyway
        connection.inc_thread_sharing()  # Django's leave to close another thread's connection
        try:
            connection.close()
        finally:
            connection.dec_thread_sharing()


def stop_daphne(process: DaphneProcess) -> None:
    process.terminate()
    process.join(timeout=10)  # Daphne takes a moment to exit; wait before the port is reused
