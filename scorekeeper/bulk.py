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

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connections, models, router
from django.utils import timezone

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
    convert = [(index, _converter(field, connection)) for index, field in enumerate(columns)
               if field.get_internal_type() in CONVERTED]
    quote = connection.ops.quote_name
    table = quote(opts.db_table)
    names = ", ".join(quote(field.column) for field in columns)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(_converted(row, convert))
                    count += 1
            return count
        sql = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))})"
        batch: list[Sequence[Any]] = []
        for row in rows:
            batch.append(_converted(row, convert))
            if len(batch) == BATCH:
                cursor.executemany(sql, batch)
                count += len(batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


def insert_objects(model: type[models.Model], objs: Sequence[models.Model]) -> None:
    """`bulk_create` for new instances of `model`, each given its key here: keys are
    reserved first (`reserve_ids`), then every column is written by `insert`, the
    values taken from the instances (`auto_now` fields set to one moment for them all)."""
    if not objs:
        return
    fields = list(model._meta.concrete_fields)
    pk = model._meta.pk
    connection = connections[router.db_for_write(model)]
    # auto_now and auto_now_add: one moment for the whole insert rather than one per row.
    stamped = [f.attname for f in fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]
    now = timezone.now()
    for obj, key in zip(objs, reserve_ids(model, len(objs)), strict=True):
        setattr(obj, pk.attname, key)
        for attname in stamped:
            setattr(obj, attname, now)
        obj._state.adding = False
        obj._state.db = connection.alias
    attnames = [f.attname for f in fields]
    insert(model, [f.name for f in fields], ([getattr(obj, a) for a in attnames] for obj in objs))


def reserve_ids(model: type[models.Model], count: int) -> list[int]:
    """`count` new keys for `model`'s rows, in increasing order, none of them ever given
    before: PostgreSQL's sequence is advanced by that much; SQLite (which has one writer
    at a time, this transaction) counts on from the table's AUTOINCREMENT counter, which
    follows the rows inserted with them."""
    connection = connections[router.db_for_write(model)]
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                           [connection.ops.quote_name(table), model._meta.pk.column, count])
            return sorted(row[0] for row in cursor.fetchall())
        if connection.vendor != "sqlite":
            raise NotImplementedError(f"reserve_ids on {connection.vendor}")
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
        counter = cursor.fetchone()
        cursor.execute(f"SELECT MAX({connection.ops.quote_name(model._meta.pk.column)}) "
                       f"FROM {connection.ops.quote_name(table)}")
        highest = cursor.fetchone()[0]
        start = max(counter[0] if counter else 0, highest or 0) + 1
        return list(range(start, start + count))


def _converter(field: models.Field[Any, Any], connection: Any) -> Callable[[Any], Any]:
    """The field's own conversion. Two shortcuts that give the same values: a JSONField
    with the default encoder is `json.dumps` (its text is what SQLite stores, and what
    PostgreSQL's COPY reads into jsonb), None staying SQL NULL; dates and times are
    remembered per value (a bulk insert writes the same moment on many rows)."""
    if isinstance(field, models.JSONField) and field.encoder is None:
        dumps = json.dumps
        return lambda value: None if value is None else dumps(value)
    if field.get_internal_type() not in {"DateTimeField", "DateField", "TimeField"}:
        return lambda value: field.get_db_prep_save(value, connection)
    seen: dict[Any, Any] = {}

    def convert(value: Any) -> Any:
        try:
            return seen[value]
        except KeyError:
            seen[value] = converted = field.get_db_prep_save(value, connection)
            return converted

    return convert


def _converted(row: Sequence[Any], convert: list[tuple[int, Callable[[Any], Any]]]) -> Sequence[Any]:
    if not convert:
        return row
    values = list(row)
    for index, function in convert:
        values[index] = function(values[index])
    return values
