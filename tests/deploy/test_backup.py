"""Backup and restore of the production database, PostgreSQL (issue 28): `tools/backup.sh`
saves it with pg_dump, the schema is dropped, `tools/backup.sh --restore` puts it back,
and every table is compared row by row. Needs PostgreSQL and its client tools."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.backup_helpers import every_table, fill

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres")
                       or shutil.which("pg_dump") is None,
                       reason="needs PostgreSQL (DATABASE_URL) and pg_dump"),
    pytest.mark.django_db(transaction=True),
]


def backup(*args: str) -> subprocess.CompletedProcess[str]:
    """tools/backup.sh on the test database (the processes of the recipe read it the same way)."""
    db = connection.settings_dict
    env = {**os.environ, "PYTHON_BIN": str(Path(sys.executable).parent),
           "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"}
    if db.get("PASSWORD"):
        env["DATABASE_URL"] = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    done = subprocess.run([str(ROOT / "tools" / "backup.sh"), *args], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_it_backs_up_the_database_drops_it_and_restores_every_table(tmp_path):
    fill()
    before = every_table()
    assert before["referee_tableevent"] and before["scorekeeper_round"] and before["django_migrations"]
    backup(str(tmp_path / "night.dump"))

    connection.close()
    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    assert connection.introspection.table_names() == []

    backup("--restore", str(tmp_path / "night.dump"))
    connection.close()
    assert every_table() == before
    with connection.cursor() as cursor:  # the sequences too: the next row gets a fresh id
        cursor.execute("SELECT nextval(pg_get_serial_sequence('scorekeeper_game', 'id'))")
        assert cursor.fetchone()[0] > max(row[0] for row in before["scorekeeper_game"])
