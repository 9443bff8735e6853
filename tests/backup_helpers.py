"""What a backup test fills and compares: a night's worth of every kind of row, and every
table's rows as they stand."""

from __future__ import annotations

from typing import Any

from django.db import connection

from referee.models import LiveTable
from tests.factories import make_game


def fill() -> None:
    """Games with rounds, a live table with its members and log."""
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    game.add_round({"hands": {"Ana": 3, "Ben": 12, "Chloé": 7}, "announcer": "Ana"})
    table = LiveTable.open_for(game)
    referee, _ = table.join("referee")
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    make_game("cactus", ["Dan", "Eve"])


def every_table() -> dict[str, list[tuple[Any, ...]]]:
    """{table: its rows, ordered}: every table of the database, Django's own included."""
    with connection.cursor() as cursor:
        names = connection.introspection.table_names(cursor)
        rows = {}
        for name in names:
            cursor.execute(f'SELECT * FROM "{name}"')  # noqa: S608 - names from the database itself
            rows[name] = sorted(map(tuple, cursor.fetchall()), key=repr)
    return rows
