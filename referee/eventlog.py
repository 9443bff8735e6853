"""A table's log on the database: read what is newer than a state, append the next event.

The per-event write path, in two statements and no explicit transaction:

1. one SELECT (the table row LEFT JOIN its events newer than the cached state):
   whether the table is closed, and what another process appended meanwhile;
2. one INSERT of the event numbered right after the newest one read.

Order without a lock: the log's unique (table, seq) constraint is the referee.
If another process appended the same number between 1 and 2, the INSERT fails
and the caller reads again and rules again on the newer state (`SeqTaken`), so
the log never has a gap, a duplicate, or an event ruled on a stale state. This
replaces BEGIN, SAVEPOINT, SELECT … FOR UPDATE, SELECT, INSERT, RELEASE, COMMIT
(seven statements, docs/benchmarks.md). Inside a caller's transaction (a member
joining, a reveal from a view) the INSERT gets a savepoint of its own, so a
taken number does not break the caller's transaction.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, connection, transaction

if TYPE_CHECKING:
    from .models import LiveTable, TableEvent

TRIES = 20  # appends lost to other processes in a row before giving up (each loss is one event)

# Written out rather than built by the ORM: compiling the two queries cost more CPU
# than running them (cProfile, docs/benchmarks.md). Tables and columns are the models'.
_READ = ("SELECT t.closed_at, e.id, e.seq, e.kind, e.payload, e.member_id, e.at "
         "FROM {tables} t LEFT JOIN {events} e ON e.table_id = t.id AND e.seq > %s "
         "WHERE t.id = %s ORDER BY e.seq")
_INSERT = ("INSERT INTO {events} (table_id, seq, kind, payload, member_id, at) "
           "VALUES (%s, %s, %s, {payload}, %s, %s) RETURNING id")


class SeqTaken(Exception):
    """Another writer appended this number first: read again and rule again."""


def _sql(template: str) -> str:
    from .models import LiveTable, TableEvent

    return template.format(tables=LiveTable._meta.db_table, events=TableEvent._meta.db_table,
                           payload="%s::jsonb" if connection.vendor == "postgresql" else "%s")


def _moment(value: datetime | str) -> datetime:
    when = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)  # SQLite keeps UTC, naive


def read_newer(table: LiveTable, after_seq: int) -> tuple[bool, list[TableEvent]]:
    """(whether the table is closed, its events numbered after `after_seq`, in order): one query."""
    from .models import TableEvent

    with connection.cursor() as cursor:
        cursor.execute(_sql(_READ), [after_seq, table.pk])
        rows = cursor.fetchall()
    closed, events = False, []
    for closed_at, pk, seq, kind, payload, member_id, at in rows:
        closed = closed_at is not None
        if pk is not None:
            events.append(TableEvent(pk=pk, table_id=table.pk, seq=seq, kind=kind, member_id=member_id,
                                     payload=payload if isinstance(payload, dict) else json.loads(payload),
                                     at=_moment(at)))
    return closed, events


def append(table: LiveTable, seq: int, kind: str, payload: dict[str, Any], member_id: int | None,
           at: datetime) -> TableEvent:
    """Insert event number `seq`; `SeqTaken` if another writer has it already."""
    from .models import TableEvent

    values = [table.pk, seq, kind, json.dumps(payload, ensure_ascii=False), member_id,
              connection.ops.adapt_datetimefield_value(at)]
    try:
        if connection.in_atomic_block:
            with transaction.atomic():
                pk = _insert(values)
        else:
            pk = _insert(values)  # autocommit: the INSERT is its own transaction
    except IntegrityError as exc:
        if TableEvent.objects.filter(table=table, seq=seq).exists():
            raise SeqTaken(seq) from exc
        raise  # something else (a member deleted meanwhile): not ours to hide
    return TableEvent(pk=pk, table=table, seq=seq, kind=kind, payload=payload, member_id=member_id, at=at)


def _insert(values: list[Any]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(_sql(_INSERT), values)
        return cursor.fetchone()[0]
