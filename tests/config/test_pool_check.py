"""The pool lends a PostgreSQL connection without a round trip, and never a dead one
(config/postgres/pool_check.py). Run in CI's PostgreSQL pass; skipped on SQLite."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection

from config.postgres.pool_check import check_quietly

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL pool")


def _connect() -> psycopg.Connection[Any]:
    params = connection.get_connection_params()
    return psycopg.connect(**params, autocommit=True)


@pytest.fixture
def conn() -> Iterator[psycopg.Connection[Any]]:
    with _connect() as c:
        yield c


def _terminate(pid: int) -> None:
    """End server process `pid` as a restart or an administrator would, and wait until it has gone
    (its last message sent and its socket closed)."""
    with _connect() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 10
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            assert time.monotonic() < deadline, f"server process {pid} still there after 10 s"
            time.sleep(0.02)


def _no_round_trip(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a query was sent to check the connection")


def test_it_lends_an_idle_connection_without_a_round_trip(conn, monkeypatch):
    monkeypatch.setattr(conn, "execute", _no_round_trip)

    check_quietly(conn)  # no AssertionError: nothing was sent


def test_it_refuses_a_connection_the_server_ended(conn):
    _terminate(conn.info.backend_pid)

    with pytest.raises(psycopg.OperationalError):
        check_quietly(conn)


def test_it_asks_the_server_about_a_connection_left_in_a_transaction(conn):
    conn.autocommit = False
    conn.execute("SELECT 1")  # a transaction is open: not a connection to lend as it is

    with pytest.raises(psycopg.ProgrammingError):  # the full check will not touch an open transaction
        check_quietly(conn)

    conn.rollback()


def test_it_refuses_a_closed_connection(conn):
    conn.close()

    with pytest.raises(psycopg.OperationalError):
        check_quietly(conn)


@pytest.mark.django_db(transaction=True)
def test_django_s_pool_lends_without_a_round_trip(monkeypatch):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    connection.close()  # back into the pool, as after every database_sync_to_async call
    sent = psycopg.Connection.execute

    def execute(self: psycopg.Connection[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        if query == "":  # the query psycopg_pool's own check sends
            _no_round_trip()
        return sent(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", execute)

    with connection.cursor() as cursor:
        cursor.execute("SELECT 2")
        assert cursor.fetchone() == (2,)


@pytest.mark.django_db(transaction=True)
def test_django_s_pool_throws_away_a_connection_the_server_ended():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        ended = cursor.fetchone()[0]
    connection.close()
    _terminate(ended)

    with connection.cursor() as cursor:  # no error: the pool lends another connection
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != ended
