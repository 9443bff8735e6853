"""Who is ahead, one fact in the engine: the ranking of a game's sides (scoring.rank).

The direction of each variant is written in tests/random_records.py from the spec, not
read from the engine: a variant whose winners rule and ranking disagreed with it (cactus
counted the fewest rounds won as leading, issue 18) fails here.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from engine.rules import VARIANTS, score_record
from engine.rules.variants.base import HIGHEST, LOWEST
from tests.random_records import HIGHEST_IS_BEST, VARIANT_KEYS, records

MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def best_of(variant: str, totals: dict[str, float], among: list[str]) -> set[str]:
    pick = max if variant in HIGHEST_IS_BEST else min
    top = pick(totals[s] for s in among)
    return {s for s in among if totals[s] == top}


def test_it_declares_each_variants_direction_as_the_spec_says():
    assert {key: VARIANTS[key].best for key in VARIANT_KEYS} == {
        key: HIGHEST if key in HIGHEST_IS_BEST else LOWEST for key in VARIANT_KEYS}


@MANY
@given(records())
def test_it_leads_with_the_best_totals_then_ends_with_the_engines_winners(record):
    result = score_record(record)
    ranking = result.ranking()
    sides = result.variant.side_names(result.game)
    playing = [s for s in sides if s not in result.out]
    if result.finished:
        assert list(ranking.leaders) == list(ranking.winners) == result.winners
        # The winners hold the first places, every other side comes after them.
        worst_winner = max(ranking.places[s] for s in result.winners)
        assert all(ranking.places[s] > worst_winner for s in sides if s not in result.winners)
    elif len(playing) > 1 and len({result.totals[s] for s in playing}) == 1:
        assert ranking.leaders == ()  # everyone level: nobody leads
    else:
        assert set(ranking.leaders) == best_of(record["variant"], result.totals, playing)
    assert sorted(ranking.places) == sorted(sides)


@MANY
@given(records())
def test_it_orders_the_places_by_total_in_the_variants_direction(record):
    result = score_record(record)
    places = result.ranking().places
    higher = record["variant"] in HIGHEST_IS_BEST
    others = [s for s in places if s not in result.winners]
    for a in others:
        for b in others:
            if result.out.get(a) == result.out.get(b) and result.totals[a] != result.totals[b]:
                a_better = result.totals[a] > result.totals[b] if higher else result.totals[a] < result.totals[b]
                assert (places[a] < places[b]) == a_better, (a, b, result.totals)
    # Ties share the average of the places they cover: the places add up to 1 + 2 + ... + n.
    assert sum(places.values()) == len(places) * (len(places) + 1) / 2


def test_it_ranks_a_cactus_game_by_rounds_won_most_first():
    # Cactus, three rounds: Chloé wins round 1 (cactus at 2), Ana rounds 2 and 3.
    result = score_record({"format": 1, "variant": "cactus", "players": ["Ana", "Ben", "Chloé"],
                           "options": {"rounds": 3}, "rounds": [
                               {"hands": {"Ana": 9, "Ben": 12, "Chloé": 2}},
                               {"hands": {"Ana": 1, "Ben": 12, "Chloé": 7}},
                               {"hands": {"Ana": 0, "Ben": 8, "Chloé": 4}}]})
    ranking = result.ranking()
    assert result.totals == {"Ana": 2, "Ben": 0, "Chloé": 1}
    assert ranking.winners == ("Ana",)
    assert ranking.places == {"Ana": 1, "Chloé": 2, "Ben": 3}


def test_it_leads_cactus_with_the_most_rounds_won_while_it_runs():
    result = score_record({"format": 1, "variant": "cactus", "players": ["Ana", "Ben"],
                           "options": {"rounds": 3}, "rounds": [{"hands": {"Ana": 9, "Ben": 2}}]})
    assert result.ranking().leaders == ("Ben",)


def test_it_places_a_dutch_player_still_in_before_one_who_went_out():
    # Round 1: Ben goes out with 100; Ana (3) and Chloé (60) play on.
    result = score_record({"format": 1, "variant": "dutch", "players": ["Ana", "Ben", "Chloé"], "rounds": [
        {"hands": {"Ana": 3, "Ben": 100, "Chloé": 60}}]})
    ranking = result.ranking()
    assert not result.finished and result.out == {"Ben": 1}
    assert ranking.places == {"Ana": 1, "Chloé": 2, "Ben": 3}
    assert ranking.leaders == ("Ana",)


def test_it_shares_places_between_tied_sides_and_leads_nobody_when_all_are_level():
    result = score_record({"format": 1, "variant": "tamalou", "players": ["Ana", "Ben", "Chloé"],
                           "rounds": [{"hands": {"Ana": 4, "Ben": 4, "Chloé": 4}}]})
    ranking = result.ranking()
    assert ranking.places == {"Ana": 2, "Ben": 2, "Chloé": 2}
    assert ranking.leaders == ()
