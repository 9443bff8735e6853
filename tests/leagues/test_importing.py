"""Bulk history: record files into a season, each file whole or not at all."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.core.management import call_command

from scorekeeper.leagues.importing import import_files, placement_for
from scorekeeper.leagues.models import LeagueGame, Night, NightTable, Standing
from scorekeeper.models import Game


def record(players: list[str], hands: dict[str, int], announcer: str | None = None) -> str:
    return json.dumps({"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": players,
                       "rounds": [{"announcer": announcer, "hands": hands}]})


GOOD = record(["Ana", "Ben"], {"Ana": 2, "Ben": 9}, "Ana")
# Ben's hand is missing: the engine refuses the round.
BAD = json.dumps({"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["Ana", "Ben"],
                  "rounds": [{"announcer": None, "hands": {"Ana": 3}}]})


def test_it_imports_good_files_and_reports_bad_ones_by_name(season):
    reports = import_files(season, [("2026-03-05_table-2.json", GOOD), ("broken.json", BAD),
                                    ("2026-03-05_table-2b.json", "{not json")], )

    assert [r.ok for r in reports] == [True, False, False]
    assert reports[1].name == "broken.json"
    # broken.json has no date in its name and none was given; then the engine is not even asked.
    assert "no night date" in str(reports[1].problems[0])
    assert "not valid JSON" in str(reports[2].problems[0])
    league_game = LeagueGame.objects.get()
    assert league_game.table.label == "table 2"
    assert league_game.table.night.date == date(2026, 3, 5)
    assert Standing.objects.get(season=season, scope="tamalou", player__name="Ana").wins == 1


def test_it_reports_the_engines_problems_and_saves_nothing_of_that_file(season):
    games_before = Game.objects.count()

    reports = import_files(season, [("bad.json", BAD)], night_date=date(2026, 3, 5), table="Table 1")

    assert [str(p) for p in reports[0].problems] == ["round 1: Ben's hand is missing"]
    assert Game.objects.count() == games_before
    assert not Night.objects.exists() and not NightTable.objects.exists()


def test_it_gives_imported_games_an_end_on_their_night_in_file_order(season):
    import_files(season, [("a.json", GOOD), ("b.json", record(["Ana", "Ben"], {"Ana": 9, "Ben": 1}, "Ben"))],
                 night_date=date(2026, 3, 5), table="T")

    ends = list(Game.objects.order_by("pk").values_list("finished_at", flat=True))
    assert ends[0].date() == date(2026, 3, 5) and (ends[1] - ends[0]).total_seconds() == 60
    # Ana won the first, Ben the second: Ben's current streak is 1, Ana's 0.
    ana = Standing.objects.get(season=season, scope="overall", player__name="Ana")
    assert (ana.wins, ana.current_streak, ana.best_streak) == (1, 0, 1)


def test_it_reads_the_night_and_table_from_the_file_name():
    place = placement_for("2026-04-02_terrasse.json", None, None)
    assert (place.date, place.table) == (date(2026, 4, 2), "terrasse")
    assert placement_for("2026-04-02.json", None, None).table == "Table 1"
    assert placement_for("x.json", date(2026, 1, 1), "A").table == "A"
    assert placement_for("2026-13-40_a.json", None, None).code == "league.not_a_date"


def test_it_imports_from_the_command_and_exits_1_on_a_bad_file(season, tmp_path, capsys):
    good, bad = tmp_path / "2026-03-05_t1.json", tmp_path / "2026-03-05_t2.json"
    good.write_text(GOOD)
    bad.write_text(BAD)

    with pytest.raises(SystemExit) as exit_:
        call_command("import_season", str(season.pk), str(good), str(bad))

    assert exit_.value.code == 1
    out = capsys.readouterr()
    assert "1 imported, 1 refused" in out.out
    assert "2026-03-05_t2.json: round 1: Ben's hand is missing" in out.err
    assert LeagueGame.objects.count() == 1


def test_it_refuses_a_game_dated_outside_the_season(season):
    reports = import_files(season, [("2026-02-20_t1.json", GOOD)])

    assert [str(p) for p in reports[0].problems] == [
        "the night 2026-02-20 is outside the season (2026-03-01 – …)"]
    assert not Game.objects.exists()
