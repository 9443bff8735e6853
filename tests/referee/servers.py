"""Daphne in a forked process for tests, reading the test database."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import partial

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


def _close_sqlite_before_the_fork() -> None:
    """SQLite keeps per-process state of each open database file (its locks, the WAL's
    shared memory); a child forked with a connection open inherits that state without the
    locks it describes (SQLite's advice: no open connection across a fork). A page of a
    forked server then waited 30 s once, in CI. The parent reopens its connection on its
    next query; PostgreSQL's connections are handled in the child (use_test_database)."""
    from django.db import connections

    connection = connections["default"]
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        connection.close()


def stop_daphne(process: DaphneProcess) -> None:
    process.terminate()
    process.join(timeout=10)  # Daphne takes a moment to exit; wait before the port is reused
