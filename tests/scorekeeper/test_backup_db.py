"""Backup and restore of a SQLite database (issue 28): back up, drop, restore, every table
compared. PostgreSQL's is tests/deploy/test_backup.py."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.backup_helpers import every_table, fill

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's online backup")
def test_it_backs_up_a_sqlite_database_and_restores_every_table(tmp_path):
    fill()
    before = every_table()
    assert before["referee_tableevent"] and before["scorekeeper_round"]
    call_command("backup_db", str(tmp_path / "night.sqlite3"))

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA foreign_keys = OFF")
        for name in connection.introspection.table_names(cursor):
            cursor.execute(f'DROP TABLE "{name}"')
        cursor.execute("PRAGMA foreign_keys = ON")
    assert connection.introspection.table_names() == []

    call_command("backup_db", str(tmp_path / "night.sqlite3"), "--restore")
    assert every_table() == before


def test_it_says_so_when_the_file_to_restore_is_not_there(tmp_path):
    with pytest.raises(CommandError, match="no such backup file"):
        call_command("backup_db", str(tmp_path / "missing.dump"), "--restore")
