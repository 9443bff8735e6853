"""A table's log on the database: read what is newer than a state, append the next event.

The per-event write path, with no explicit transaction:

1. one SELECT (the table row LEFT JOIN its events newer than the cached state):
   whether the table is closed, and what another process appended meanwhile;
2. one INSERT of the event numbered right after the newest one known, which appends
   nothing if the table is closed.

Order without a lock: the log's unique (table, seq) constraint is the referee.
If another process appended the same number first, the INSERT fails and the
caller reads again and rules again on the newer state (`SeqTaken`), so the log
never has a gap, a duplicate, or an event ruled on a stale state. That is also why
the caller may skip the SELECT when its process already holds the table's state
(referee/models.py): whatever another process appended since, the INSERT finds it.
This replaces BEGIN, SAVEPOINT, SELECT … FOR UPDATE, SELECT, INSERT, RELEASE,
COMMIT (seven statements, docs/benchmarks.md). Inside a caller's transaction (a
member joining, a reveal from a view) the INSERT gets a savepoint of its own, so a
taken number does not break the caller's transaction.

It knows the log's SQL and nothing of the models: `referee/models.py` makes its `Log`
with the models' table names and turns the rows into `TableEvent`s (models -> eventlog,
never the other way).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, NamedTuple

from django.db import IntegrityError, connection, transaction

TRIES = 20  # appends lost to other processes in a row before giving up (each loss is one event)

# Written out rather than built by the ORM: compiling the two queries cost more CPU
# than running them (cProfile, docs/benchmarks.md).
_READ = ("SELECT t.closed_at, e.id, e.seq, e.kind, e.payload, e.member_id, e.at "
         "FROM {tables} t LEFT JOIN {events} e ON e.table_id = t.id AND e.seq > %s "
         "WHERE t.id = %s ORDER BY e.seq")
# The event, only while its table is open: no row comes back for a closed (or deleted) table.
_INSERT = ("INSERT INTO {events} (table_id, seq, kind, payload, member_id, at) "
           "SELECT {values} FROM {tables} WHERE id = %s AND closed_at IS NULL RETURNING id")
# PostgreSQL types a SELECT's parameters from the values alone (psycopg sends a str or a
# None untyped), not from the columns they go into: each is cast to its column's type.
_VALUES = {"postgresql": "%s::bigint, %s::integer, %s::text, %s::jsonb, %s::bigint, %s::timestamptz"}
_PLAIN_VALUES = "%s, %s, %s, %s, %s, %s"
_TAKEN = "SELECT 1 FROM {events} WHERE table_id = %s AND seq = %s"


class SeqTaken(Exception):
    """Another writer appended this number first: read again and rule again."""


class Row(NamedTuple):
    """One logged event as read back: what `TableEvent` is made from."""

    pk: int
    seq: int
    kind: str
    payload: dict[str, Any]
    member_id: int | None
    at: datetime


class Log:
    """The log of every table, in the tables `tables` (one row per table) and `events`."""

    def __init__(self, tables: str, events: str) -> None:
        self.tables, self.events = tables, events

    def _sql(self, template: str) -> str:
        return template.format(tables=self.tables, events=self.events,
                               values=_VALUES.get(connection.vendor, _PLAIN_VALUES))

    def read_newer(self, table_id: int, after_seq: int) -> tuple[bool, list[Row]]:
        """(whether the table is closed, its events numbered after `after_seq`, in order): one query."""
        with connection.cursor() as cursor:
            cursor.execute(self._sql(_READ), [after_seq, table_id])
            rows = cursor.fetchall()
        closed, events = False, []
        for closed_at, pk, seq, kind, payload, member_id, at in rows:
            closed = closed_at is not None
            if pk is not None:
                events.append(Row(pk, seq, kind, payload if isinstance(payload, dict) else json.loads(payload),
                                  member_id, _moment(at)))
        return closed, events

    def append(self, table_id: int, seq: int, kind: str, payload: dict[str, Any], member_id: int | None,
               at: datetime) -> int | None:
        """Insert event number `seq` and return its id; None if the table is closed (nothing is
        appended); `SeqTaken` if another writer has the number already."""
        values = [table_id, seq, kind, json.dumps(payload, ensure_ascii=False), member_id,
                  connection.ops.adapt_datetimefield_value(at), table_id]
        try:
            if connection.in_atomic_block:
                with transaction.atomic():
                    return self._insert(values)
            return self._insert(values)  # autocommit: the INSERT is its own transaction
        except IntegrityError as exc:
            if self._taken(table_id, seq):
                raise SeqTaken(seq) from exc
            raise  # something else (a member deleted meanwhile): not ours to hide

    def _insert(self, values: list[Any]) -> int | None:
        with connection.cursor() as cursor:
            cursor.execute(self._sql(_INSERT), values)
            row = cursor.fetchone()
            return row[0] if row is not None else None

    def _taken(self, table_id: int, seq: int) -> bool:
        with connection.cursor() as cursor:
            cursor.execute(self._sql(_TAKEN), [table_id, seq])
            return cursor.fetchone() is not None


def _moment(value: datetime | str) -> datetime:
    when = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)  # SQLite keeps UTC, naive
