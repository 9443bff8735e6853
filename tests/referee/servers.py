"""Daphne for tests, reading the test database, forked from a process that never opened it.

SQLite keeps per-process state of each open database file (its POSIX locks, the WAL
index's shared memory and which connection holds which of its locks); a child forked
while any connection of the parent is open, in any thread, inherits that state without
the locks it describes (SQLite's advice: no open connection across a fork). Forking each
test's Daphne from the test process itself, which opens the database in several threads
(the test's, database_sync_to_async's executor, a live server's requests), went wrong
whatever was closed first: a forked server's page once waited 30 s on a lock, once
answered « Not Found » for games just committed, and its join page failed with
« database is locked » on a plain SELECT for over a minute (the canasta live table, two
loaded CI runs of three). So each worker forks one *factory* at the session's start,
before any test opens the database (and before any async test, whose executor does not
survive a fork either), and the factory forks every Daphne a test asks for. The factory
holds no database connection, no event loop and no channel layer: what the servers
inherit is the settings the session set (tests/conftest.py), and nothing else.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from channels.testing.live import make_application
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

START_SECONDS = 20  # a Daphne not listening by then has failed
STOP_SECONDS = 10  # Daphne takes a moment to exit; waited for before its port is reused


@dataclass(frozen=True)
class Served:
    """A test's Daphne: its port on 127.0.0.1 and its process id (in the factory)."""
    port: int
    pid: int


_factory: Connection | None = None  # this process's end of the pipe to its factory
factory_pid: int | None = None


@contextmanager
def factory(unblocked: Callable[[], AbstractContextManager[None]]) -> Iterator[None]:
    """The factory of this test process, forked now, stopped at the end (the session's
    fixture in tests/conftest.py, before any test opens the database). `unblocked`:
    pytest-django's leave to reach the database, which the factory is forked with, for the
    servers it forks (it never uses it itself)."""
    global _factory, factory_pid
    from django.db import connections

    from scorekeeper.rules_search import warmed

    # At the session's start nothing has opened the database; should anything have, it is
    # closed here, in the one thread there is yet, so that the factory inherits nothing.
    for connection in connections.all(initialized_only=True):
        connection.close()
    # Nor a lock held: a test module that imports config.asgi starts the rules index's thread,
    # still running when a short session reaches its first test (the factory then hung).
    warmed()
    ours, theirs = multiprocessing.get_context("fork").Pipe()
    # Not a daemon: a daemonic process may not start processes of its own.
    process = multiprocessing.get_context("fork").Process(target=_serve, args=(theirs,), name="daphne-factory")
    with unblocked():
        process.start()
    theirs.close()
    _factory, factory_pid = ours, process.pid
    try:
        yield
    finally:
        _factory = factory_pid = None
        ours.send(("quit",))
        process.join(timeout=STOP_SECONDS + 5)
        ours.close()


def start_daphne(static: bool = False) -> Served:
    """Daphne on 127.0.0.1 and a free port, reading this test's database, started and
    ready; with `static`, it serves static files too."""
    from django.db import connection

    return Served(*_ask(("start", static, connection.settings_dict["NAME"]), START_SECONDS + 5))


def stop_daphne(server: Served) -> None:
    _ask(("stop", server.pid), STOP_SECONDS + 5)


def _ask(request: tuple[Any, ...], seconds: float) -> tuple[Any, ...]:
    if _factory is None:
        raise RuntimeError("no Daphne factory: tests/conftest.py's session fixture starts it")
    _factory.send(request)
    if not _factory.poll(seconds):
        raise RuntimeError(f"the Daphne factory did not answer {request[0]!r} within {seconds} s")
    answer = _factory.recv()
    if answer[0] == "error":
        raise RuntimeError(answer[1])
    return answer[1:]


# -- in the factory


def _serve(requests: Connection) -> None:
    """The factory's loop: start and stop the Daphne processes the test process asks for,
    until it says quit or is gone."""
    from scorekeeper.rules_search import warm

    # Built once here, inherited by every server: a server's first « ask » built it itself,
    # seconds a loaded machine stretched past a test's wait (the servers forked from the
    # test process inherited it when an earlier test of theirs had asked).
    warm()
    running: dict[int, DaphneProcess] = {}
    while True:
        try:
            request = requests.recv()
        except EOFError:  # the test process ended without saying quit
            break
        if request[0] == "quit":
            break
        if request[0] == "start":
            try:
                process = _start(static=request[1], database=request[2])
            except Exception as error:  # told to the test, which raises it
                requests.send(("error", f"{type(error).__name__}: {error}"))
                continue
            running[process.pid] = process
            requests.send(("ok", process.port.value, process.pid))
        elif request[0] == "stop":
            process = running.pop(request[1], None)
            if process is not None:
                _stop(process)
            requests.send(("ok",))
    for process in running.values():
        _stop(process)


def _start(static: bool, database: str) -> DaphneProcess:
    wrapper = ASGIStaticFilesHandler if static else None
    process = DaphneProcess("127.0.0.1", partial(make_application, static_wrapper=wrapper),
                            setup=partial(use_test_database, database))
    process.start()
    if not process.ready.wait(timeout=START_SECONDS):
        _stop(process)
        raise RuntimeError(f"Daphne did not start within {START_SECONDS} s")
    return process


def _stop(process: DaphneProcess) -> None:
    process.terminate()
    process.join(timeout=STOP_SECONDS)


def use_test_database(name: str) -> None:
    """In the server: the test process's database (pytest-django named it after the
    factory was forked; channels' own `set_database_connection` would prefix "test_" again
    on PostgreSQL, where pytest-django has already renamed it)."""
    from django.conf import settings

    # The same dict every connection of this process is made from (Django's handler keeps it).
    settings.DATABASES["default"]["NAME"] = name
