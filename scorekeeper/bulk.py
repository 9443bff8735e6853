"""Many rows into one table without a model instance per row: what a bulk import writes.

Django's `bulk_create` builds a model instance for every row and compiles every value
of every row through its field, about 30 µs a row here; a league season of 20,000
games is 300,000 rows (docs/benchmarks.md, "League import"). `insert` takes each row
as a tuple in the order of the fields named, converts only the values whose field
changes them on the way to the database (JSON, dates and times, UUIDs) with the
field's own `get_db_prep_save`, as `bulk_create` does, and sends them with
`executemany` (SQLite: one prepared statement, run in C) or `COPY` (PostgreSQL).

What it does not do, like `bulk_create`: send signals, call `save()`, fill in
defaults or `auto_now` values (give every column the row needs), return keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connections, models, router

# Field types whose Python value is not what the database driver takes as it is.
CONVERTED = frozenset({"JSONField", "DateTimeField", "DateField", "TimeField", "UUIDField",
                       "DecimalField", "DurationField"})
BATCH = 5000


def insert(model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """INSERT the rows (tuples in the order of `fields`, foreign keys as ids); returns
    how many. Inside the caller's transaction, if any."""
    opts = model._meta
    columns = [opts.get_field(name) for name in fields]
    connection = connections[router.db_for_write(model)]
    convert = [(index, field) for index, field in enumerate(columns)
               if field.get_internal_type() in CONVERTED]
    quote = connection.ops.quote_name
    table = quote(opts.db_table)
    names = ", ".join(quote(field.column) for field in columns)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(_converted(row, convert, connection))
                    count += 1
            return count
        sql = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))})"
        batch: list[Sequence[Any]] = []
        for row in rows:
            batch.append(_converted(row, convert, connection))
            if len(batch) == BATCH:
                cursor.executemany(sql, batch)
                count += len(batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


def _converted(row: Sequence[Any], convert: list[tuple[int, models.Field[Any, Any]]],
               connection: Any) -> Sequence[Any]:
    if not convert:
        return row
    values = list(row)
    for index, field in convert:
        values[index] = field.get_db_prep_save(values[index], connection)
    return values
