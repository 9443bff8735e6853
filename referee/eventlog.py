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

from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, connection, transaction
from django.db.models import FilteredRelation, Q

if TYPE_CHECKING:
    from .models import LiveTable, TableEvent

TRIES = 20  # appends lost to other processes in a row before giving up (each loss is one event)
_NEWER = ("newer__id", "newer__seq", "newer__kind", "newer__payload", "newer__member_id", "newer__at")


class SeqTaken(Exception):
    """Another writer appended this number first: read again and rule again."""


def read_newer(table: LiveTable, after_seq: int) -> tuple[bool, list[TableEvent]]:
    """(whether the table is closed, its events numbered after `after_seq`, in order): one query."""
    from .models import LiveTable, TableEvent

    rows = (LiveTable.objects.filter(pk=table.pk)
            .annotate(newer=FilteredRelation("events", condition=Q(events__seq__gt=after_seq)))
            .order_by("newer__seq").values_list("closed_at", *_NEWER))
    closed, events = False, []
    for closed_at, pk, seq, kind, payload, member_id, at in rows:
        closed = closed_at is not None
        if pk is not None:
            events.append(TableEvent(pk=pk, table_id=table.pk, seq=seq, kind=kind, payload=payload,
                                     member_id=member_id, at=at))
    return closed, events


def append(table: LiveTable, seq: int, kind: str, payload: dict[str, Any], member_id: int | None,
           at: datetime) -> TableEvent:
    """Insert event number `seq`; `SeqTaken` if another writer has it already."""
    from .models import TableEvent

    event = TableEvent(table=table, seq=seq, kind=kind, payload=payload, member_id=member_id, at=at)
    try:
        if connection.in_atomic_block:
            with transaction.atomic():
                event.save(force_insert=True)
        else:
            event.save(force_insert=True)  # autocommit: the INSERT is its own transaction
    except IntegrityError as exc:
        if TableEvent.objects.filter(table=table, seq=seq).exists():
            raise SeqTaken(seq) from exc
        raise  # something else (a member deleted meanwhile): not ours to hide
    return event
