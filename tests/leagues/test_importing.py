"""Bulk history: record files into a season, each file whole or not at all."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.core.management import call_command

from leagues.models import LeagueGame, Night, NightTable, Standing
from leagues.results.importing import import_files, placement_for
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


def counts() -> dict[str, int]:
    from leagues.models import Result
    from scorekeeper.models import Player, Round, RoundChange, Seat

    return {model.__name__: model.objects.count()
            for model in (Game, Seat, Round, RoundChange, Player, LeagueGame, Night, NightTable, Result,
                          Standing)}


def test_it_saves_nothing_of_an_import_that_fails_while_writing(season, monkeypatch):
    """The files are checked first; once writing starts, it is one transaction: a failure
    (here the results' insert) leaves neither the games nor their nights, players or
    standings, and the season's earlier standings as they were."""
    import_files(season, [("2026-03-05_t1.json", GOOD)])
    before = counts()
    standings_before = list(Standing.objects.values_list("player__name", "scope", "games", "mu"))
    from scorekeeper import bulk

    insert = bulk.insert

    def failing(model, fields, rows):
        if model.__name__ == "Result":
            raise RuntimeError("the disk is full")
        return insert(model, fields, rows)

    monkeypatch.setattr(bulk, "insert", failing)
    files = [("2026-03-12_t1.json", record(["Ana", "Zoé"], {"Ana": 1, "Zoé": 9}, "Ana")),
             ("2026-03-12_t2.json", record(["Ben", "Yann"], {"Ben": 1, "Yann": 9}, "Ben"))]

    with pytest.raises(RuntimeError):
        import_files(season, files)

    assert counts() == before
    assert list(Standing.objects.values_list("player__name", "scope", "games", "mu")) == standings_before


def test_it_makes_no_night_table_or_player_when_every_file_is_refused(season):
    reports = import_files(season, [("2026-03-05_t1.json", BAD), ("2026-03-05_t2.json", "[]")])

    assert not any(r.ok for r in reports)
    assert counts() == dict.fromkeys(counts(), 0)


def test_it_refuses_a_file_past_the_round_limit_with_the_limits_message(season):
    from scorekeeper.models import MAX_ROUNDS

    rounds = [{"announcer": None, "hands": {"Ana": 1, "Ben": 2}}] * (MAX_ROUNDS + 1)
    long = json.dumps({"format": 1, "variant": "tamalou", "options": {"rounds": MAX_ROUNDS + 1},
                       "players": ["Ana", "Ben"], "rounds": rounds})

    reports = import_files(season, [("2026-03-05_long.json", long), ("2026-03-05_t1.json", GOOD)])

    assert [p.code for p in reports[0].problems] == ["game.too_many_rounds"]
    assert reports[1].ok and LeagueGame.objects.count() == 1


def test_it_reports_each_file_by_name_with_its_own_problems_and_keeps_the_good_ones(season):
    files = [("2026-03-05_a.json", GOOD), ("2026-03-05_b.json", BAD),
             ("2026-03-05_c.json", record(["Ana", "ana"], {"Ana": 1, "ana": 2})),
             ("2026-03-05_d.json", record(["Ben", "Chloé"], {"Ben": 5, "Chloé": 1}))]

    reports = import_files(season, files)

    assert [(r.name, r.ok) for r in reports] == [("2026-03-05_a.json", True), ("2026-03-05_b.json", False),
                                                 ("2026-03-05_c.json", False), ("2026-03-05_d.json", True)]
    assert [p.code for p in reports[2].problems] == ["players.same_name_ignoring_case"]
    assert {r.game_id for r in reports if r.ok} == set(LeagueGame.objects.values_list("game_id", flat=True))
    assert all(r.game_id is None for r in reports if not r.ok)


def test_it_refuses_the_seasons_own_csv_exports_saying_which_files_import(season, table, play, client):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    games = client.get(f"/leagues/seasons/{season.pk}/games.csv").content
    standings = client.get(f"/leagues/seasons/{season.pk}/standings.csv").content

    reports = import_files(season, [("parties.csv", games), ("classement.csv", standings)],
                           night_date=date(2026, 3, 5), table="Table 1")

    assert [r.ok for r in reports] == [False, False]
    assert [p.code for r in reports for p in r.problems] == ["import.csv_table", "import.csv_table"]


def test_it_imports_into_the_night_s_table_whatever_the_case_of_its_label(season):
    """The organiser's form reads "t1" as T1 (label iexact): so does the import."""
    night = Night.objects.create(season=season, date=date(2026, 3, 5))
    table = NightTable.objects.create(night=night, label="T1")

    import_files(season, [("a.json", GOOD)], night_date=date(2026, 3, 5), table="t1")
    import_files(season, [("2026-03-05_T2.json", GOOD), ("2026-03-05_t2.json", GOOD)])

    assert LeagueGame.objects.filter(table=table).count() == 1
    assert sorted(NightTable.objects.filter(night=night).values_list("label", flat=True)) == ["T1", "T2"]


def test_it_refuses_a_file_imported_again_and_a_file_given_twice_counting_each_game_once(season):
    """The same record uploaded twice would count its game twice in the standings."""
    first = import_files(season, [("2026-03-05_table-A.json", GOOD)])
    again = import_files(season, [("2026-03-05_table-A.json", GOOD), ("2026-03-05_table-B.json", GOOD),
                                  ("other.json", BAD)], )
    twice = import_files(season, [("2026-03-06_t.json", GOOD), ("2026-03-06_T.json", GOOD)])

    assert first[0].ok
    assert [p.code for p in again[0].problems] == ["league.already_imported"]
    assert again[0].problems[0].params == {"game": first[0].game_id}
    assert again[1].ok  # another table: another game, however alike
    assert twice[0].ok and [p.code for p in twice[1].problems] == ["league.imported_twice"]
    assert LeagueGame.objects.count() == 3  # table A and B on the 5th, one on the 6th
    assert Standing.objects.get(season=season, scope="tamalou", player__name="Ana").wins == 3


def test_it_imports_a_record_that_says_who_sits_behind_each_name__people_v1_2(season):
    """game-record v1.2: a record's optional `people` is accepted (persons are a later piece:
    the game counts by name, as before); a malformed `people` is refused naming it."""
    with_people = json.loads(GOOD) | {"people": {"Ana": "p-7Hq2", "Ben": "p-Xc9"}}
    bad_people = json.loads(GOOD) | {"people": {"Zed": "p-1"}}

    reports = import_files(season, [("2026-03-05_table-1.json", json.dumps(with_people)),
                                    ("2026-03-05_table-2.json", json.dumps(bad_people))])

    assert [r.ok for r in reports] == [True, False]
    assert [p.code for p in reports[1].problems] == ["people.not_a_player"]
    assert Standing.objects.get(season=season, scope="tamalou", player__name="Ana").wins == 1
