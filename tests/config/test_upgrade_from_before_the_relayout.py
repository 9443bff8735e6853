"""A database made by main before the re-layout (issue 17) upgrades with `migrate` and keeps
its games, live tables and leagues.

tests/fixtures/before_relayout.sqlite3 was made by the code as it stood before the move
(scorekeeper.leagues, referee.table, ...): two games, a live table with its log, a league
with a season, a night, a table and a finished game's results. The app labels and the
migrations' names did not change, so Django finds nothing to do but must read it all.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BEFORE = ROOT / "tests" / "fixtures" / "before_relayout.sqlite3"

READ_BACK = """
from leagues.models import League, Result
from referee.models import LiveTable
from scorekeeper.models import Game
games = Game.objects.order_by("pk")
print("games", games.count(), [g.rounds.count() for g in games])
table = LiveTable.objects.get()
print("table", table.code, table.state().last_seq, len(table.history()))
league = League.objects.get()
print("league", league.name, Result.objects.filter(game__league_game__table__night__season__league=league).count())
"""


def _manage(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {"DATABASE_URL": f"sqlite:///{database}", "DJANGO_SETTINGS_MODULE": "config.settings"}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_it_upgrades_a_database_made_before_the_relayout_and_keeps_everything(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    shutil.copy(BEFORE, database)

    with sqlite3.connect(BEFORE) as before:
        applied_before = {f"{app}.{name}" for app, name in before.execute("SELECT app, name FROM django_migrations")}

    migrated = _manage(database, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    applied_now = set(re.findall(r"Applying (\S+)\.\.\.", migrated.stdout))
    # Same app labels, same migration names: only migrations written since are applied.
    assert applied_now.isdisjoint(applied_before)
    assert {"scorekeeper.0004_records_game_token_version", "referee.0005_live_snap_limit_off",
            "leagues.0001_leagues"} <= applied_before

    read = _manage(database, "shell", "-c", READ_BACK)
    assert read.returncode == 0, read.stderr
    lines = dict(line.split(" ", 1) for line in read.stdout.strip().splitlines() if " " in line)
    assert lines["games"] == "2 [1, 1]"
    assert lines["table"].split()[1:] == ["1", "1"]  # its one event replays from the log
    assert lines["league"] == "Les jeudis 2"  # the league game's two players' results


def test_its_models_need_no_new_migration(tmp_path: Path) -> None:
    check = _manage(tmp_path / "db.sqlite3", "makemigrations", "--check", "--dry-run")
    assert check.returncode == 0, check.stdout + check.stderr
