"""A database made by main before persons (issue 30 item 8) upgrades and loses nothing.

tests/fixtures/before_people.sqlite3 was made by tests/fixtures/make_before_people.py on
the code before persons: twelve games, a league season with ten games counted (a
correction refolded, one abandoned, a canasta game of teams) and "ana" written in lower
case in one game for the Player "Ana". After `migrate`, every row it held reads the same,
every Player stands for exactly one Person of their own (the same people as before), and
refolding the season from its games gives the very standings, results and ratings stored.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from tests.config.test_upgrade_from_before_the_relayout import ROOT, _manage

BEFORE = ROOT / "tests" / "fixtures" / "before_people.sqlite3"
TABLES = ("scorekeeper_player", "scorekeeper_game", "scorekeeper_seat", "scorekeeper_round",
          "scorekeeper_roundchange", "leagues_standing", "leagues_result", "leagues_season")

REFOLD = """
import json
from leagues.models import Result, Season, Standing
from leagues.results.recording import recompute_season
for season in Season.objects.all():
    recompute_season(season)
print(json.dumps({
    "standings": sorted([s.season_id, s.player_id, s.scope, s.games, s.wins, s.place_sum, s.points_sum,
                         s.position_sum, s.current_streak, s.best_streak, s.mu, s.sigma]
                        for s in Standing.objects.all()),
    "results": sorted([r.season_id, r.game_id, r.player_id, r.variant, r.side, r.place, r.sides, r.won,
                       r.points, r.mu, r.sigma, r.overall_mu, r.overall_sigma] for r in Result.objects.all()),
}))
"""


def _rows(database: Path, columns: dict[str, list[str]]) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(database) as db:
        return {table: sorted(db.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall(), key=repr)
                for table, cols in columns.items()}


def _columns(database: Path) -> dict[str, list[str]]:
    with sqlite3.connect(database) as db:
        return {table: [row[1] for row in db.execute(f"PRAGMA table_info({table})")] for table in TABLES}


def test_it_upgrades_a_database_made_before_persons_and_loses_nothing(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    shutil.copy(BEFORE, database)
    columns = _columns(BEFORE)
    before = _rows(BEFORE, columns)
    assert len(before["leagues_result"]) == 23 and len(before["leagues_standing"]) == 16

    migrated = _manage(database, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr

    assert _rows(database, columns) == before  # every figure, as stored
    with sqlite3.connect(database) as db:
        persons = dict(db.execute("SELECT name, person_id FROM scorekeeper_player").fetchall())
        known = {row[0] for row in db.execute("SELECT id FROM scorekeeper_person")}
    assert len(persons) == 8  # Ana, Ben, Chloé, Dan, Élodie, Fred, Zoé, Gus: the same people
    assert len(set(persons.values())) == 8 and set(persons.values()) == known
    assert all(person.startswith("p-") for person in persons.values())


def test_a_season_refolded_after_the_upgrade_gives_the_figures_stored_before(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    shutil.copy(BEFORE, database)
    with sqlite3.connect(BEFORE) as db:
        standings = sorted(list(row) for row in db.execute(
            "SELECT season_id, player_id, scope, games, wins, place_sum, points_sum, position_sum,"
            " current_streak, best_streak, mu, sigma FROM leagues_standing"))
        results = sorted(list(row[:7]) + [bool(row[7])] + list(row[8:]) for row in db.execute(
            "SELECT season_id, game_id, player_id, variant, side, place, sides, won, points, mu, sigma,"
            " overall_mu, overall_sigma FROM leagues_result"))
    assert _manage(database, "migrate", "--noinput").returncode == 0

    refold = _manage(database, "shell", "-c", REFOLD)
    assert refold.returncode == 0, refold.stderr
    after = json.loads(refold.stdout.strip().splitlines()[-1])
    assert after["standings"] == standings
    assert after["results"] == results
