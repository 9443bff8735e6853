"""How a pooled PostgreSQL connection is checked before it is lent out.

Django's pool, with health checks on, sends an empty query to the server each time it
lends a connection (psycopg_pool's `ConnectionPool.check_connection`). Channels lends one for
every `database_sync_to_async` call: every live-table event paid a round trip to the server
before its INSERT, and its database thread gave up the GIL and waited to take it back once
more (issue 28, item 5; docs/benchmarks.md).

A connection the server has dropped says so on its socket: a backend that is terminated or
shut down sends its last error and closes, so the socket of an idle connection becomes
readable. An idle connection with nothing to read is lent without a round trip; anything
else (something to read, a connection psycopg already knows is bad or not idle) gets the full
check, and a connection that fails it is thrown away by the pool, which lends another.

What this cannot see, and the round trip only saw after a TCP timeout anyway: a network that
drops packets without closing. The pool's `max_lifetime` and `max_idle` still renew
connections.
"""

from __future__ import annotations

import select
from typing import Any

import psycopg
from psycopg import pq
from psycopg_pool import ConnectionPool


def check_quietly(conn: psycopg.Connection[Any]) -> None:
    """Raise if `conn` is unusable; a round trip to the server only when its socket has spoken."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    quiet = (conn.pgconn.status == pq.ConnStatus.OK
             and conn.pgconn.transaction_status == pq.TransactionStatus.IDLE
             and not _readable(conn.fileno()))
    if not quiet:
        ConnectionPool.check_connection(conn)


def _readable(fd: int) -> bool:
    # poll, not select: a Daphne process holding many sockets has descriptors above 1024.
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLERR | select.POLLHUP)
    return bool(poller.poll(0))
