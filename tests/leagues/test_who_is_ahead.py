"""Who is ahead, at the seams: the sheet's marks and the league's places against the engine.

Random records of every variant (finished and not) are imported as games: the sheet marks
as leading exactly the best totals in the variant's direction (written from the spec in
tests/random_records.py), at the end exactly the engine's winners; a finished game at a
league table is recorded with the places of the engine's ranking.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from engine.rules import score_record
from leagues.models import LeagueGame, Result, Standing
from leagues.ranking.standings import OVERALL
from leagues.results.recording import record_ended_game
from scorekeeper.models import Game
from scorekeeper.sheet.build import build_sheet
from tests.random_records import HIGHEST_IS_BEST, records

SEAMS = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def best_totals(variant: str, totals: dict[str, float], among: list[str]) -> set[str]:
    pick = max if variant in HIGHEST_IS_BEST else min
    top = pick(totals[s] for s in among)
    return {s for s in among if totals[s] == top}


@SEAMS
@given(record=records())
def test_it_marks_the_best_totals_as_leading_then_the_engines_winners(db, record):
    engine = score_record(record)
    game = Game.create_from_record(record)
    sheet = build_sheet(game)

    marked = {s.name for s in sheet.sides if s.leader}
    crowned = {s.name for s in sheet.sides if s.winner}
    if engine.finished:
        assert crowned == set(engine.winners) and marked == set()
        return
    assert crowned == set()
    playing = [s.name for s in sheet.sides if s.out_since is None]
    totals = {s.name: s.total for s in sheet.sides}
    if not record["rounds"] or (len(playing) > 1 and len({totals[p] for p in playing}) == 1):
        assert marked == set()  # no round yet, or everyone level: nobody leads
    else:
        assert marked == best_totals(record["variant"], totals, playing)
    assert sheet.higher_leads is (record["variant"] in HIGHEST_IS_BEST)


@SEAMS
@given(record=records())
def test_it_records_league_places_in_the_engines_order(table, record):
    engine = score_record(record)
    if not engine.finished:
        return
    game = Game.create_from_record(record)
    league_game = LeagueGame.objects.create(game=game, table=table)
    record_ended_game(league_game)

    places = engine.ranking().places
    side_of = {p: s for s, members in (record.get("teams") or {}).items() for p in members}
    stored = {r.player.name: (r.place, r.won) for r in Result.objects.filter(game=game).select_related("player")}
    assert stored == {p: (places[side_of.get(p, p)], side_of.get(p, p) in engine.winners)
                      for p in record["players"]}


def test_it_places_and_rates_a_cactus_game_at_a_league_table_in_the_engines_order(
        table, django_capture_on_commit_callbacks):
    # Cactus, three rounds: Chloé wins one, Ana two, Ben none. Most rounds won is ahead:
    # Ana first, Chloé second, Ben last (issue 18: Chloé was listed "3e sur 3" below Ben).
    game = Game.start("cactus", ["Ana", "Ben", "Chloé"], {"rounds": 3})
    LeagueGame.objects.create(game=game, table=table)
    with django_capture_on_commit_callbacks(execute=True):
        for hands in ({"Ana": 9, "Ben": 12, "Chloé": 2}, {"Ana": 1, "Ben": 12, "Chloé": 7},
                      {"Ana": 0, "Ben": 8, "Chloé": 4}):
            game.add_round({"hands": hands})
    game.refresh_from_db()

    assert game.finished and game.winners == ["Ana"]
    places = {r.player.name: r.place for r in Result.objects.filter(game=game).select_related("player")}
    assert places == {"Ana": 1, "Chloé": 2, "Ben": 3}
    mu = {s.player.name: s.mu for s in Standing.objects.filter(scope=OVERALL).select_related("player")}
    assert mu["Ana"] > mu["Chloé"] > mu["Ben"]
    sheet = build_sheet(game)
    assert [s.name for s in sheet.winners] == ["Ana"] and sheet.higher_leads
