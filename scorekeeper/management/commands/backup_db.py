"""`manage.py backup_db FILE` / `manage.py backup_db --restore FILE`: the whole database,
saved and put back (docs/deploy.md, "Backup and restore").

PostgreSQL: `pg_dump --format=custom` while the site runs (a consistent snapshot), and
`pg_restore --clean --if-exists` in one transaction (all or nothing). SQLite: its online
backup API, page by page, safe while the app writes. Both read the connection from
DATABASES, so DATABASE_URL is the one setting to give.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connection


class Command(BaseCommand):
    help = "Save the database to FILE, or put it back from FILE (--restore)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--restore", action="store_true", help="replace the database's tables with FILE's")

    def handle(self, *args: Any, file: Path, restore: bool, **options: Any) -> None:
        if restore and not file.is_file():
            raise CommandError(f"{file}: no such backup file")
        vendor = connection.vendor
        if vendor == "postgresql":
            _pg_restore(file) if restore else _pg_dump(file)
        elif vendor == "sqlite":
            _sqlite_copy(file, restore)
        else:
            raise CommandError(f"no backup for a {vendor} database")
        self.stdout.write(f"{'restored from' if restore else 'saved to'} {file}")


def _pg_env() -> dict[str, str]:
    """libpq's variables for the configured database (no password on a command line)."""
    db = connection.settings_dict
    env = {**os.environ, "PGDATABASE": db["NAME"]}
    for key, name in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if db.get(key):
            env[name] = str(db[key])
    return env


def _run(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        raise CommandError(f"{command[0]} is missing: apt-get install postgresql-client")
    done = subprocess.run(command, env=_pg_env(), capture_output=True, text=True)
    if done.returncode != 0:
        raise CommandError(f"{command[0]} failed: {done.stderr.strip()}")


def _pg_dump(file: Path) -> None:
    _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={file}"])


def _pg_restore(file: Path) -> None:
    connection.close()  # our own connection must not hold a lock on what is replaced
    _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
          f"--dbname={connection.settings_dict['NAME']}", str(file)])


def _sqlite_copy(file: Path, restore: bool) -> None:
    connection.ensure_connection()
    live = connection.connection
    other = sqlite3.connect(file)
    try:
        (other.backup(live) if restore else live.backup(other))
    finally:
        other.close()
