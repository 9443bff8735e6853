"""Tamoul (spec 4.6), one test per rule."""
import pytest
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]


def test_it_values_jack_15_black_queen_15_red_queen_1__tamoul_values():
    # Ana: JS 15 + QS 15 + QC 15 = 45; Ben: QH 1 + QD 1 + AS 1 = 3;
    # Chloé: 2C 2 + 10C 10 = 12
    res = score(record("tamoul", P3, [rnd(
        {"Ana": ["JS", "QS", "QC"], "Ben": ["QH", "QD", "AS"], "Chloé": ["2C", "10C"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 45, "Ben": 3, "Chloé": 12}


def test_it_values_black_king_15_red_king_half_joker_0__tamoul_values_kings_and_jokers():
    # Ana: KS 15 + KC 15 + KH 0.5 + KD 0.5 = 31; Ben: JK + JK + 10S = 10
    res = score(record("tamoul", P2, [rnd(
        {"Ana": ["KS", "KC", "KH", "KD"], "Ben": ["JK", "JK", "10S"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 31, "Ben": 10}


def test_it_produces_halves_for_red_kings__tamoul_red_king_half():
    # Ana: KH 0.5 + 5S 5 = 5.5; no call -> points 5.5, a JSON number with a half
    res = score(record("tamoul", P2, [rnd({"Ana": ["KH", "5S"], "Ben": ["2S"]})]))
    r1 = round_of(res, 1)
    assert r1["values"]["Ana"] == 5.5
    assert r1["points"] == {"Ana": 5.5, "Ben": 2}
    assert res["totals"] == {"Ana": 5.5, "Ben": 2}
    assert isinstance(res["totals"]["Ana"], float)


def test_it_accepts_a_number_hand_in_halves__tamoul_half_number_hand():
    res = score(record("tamoul", P2, [rnd({"Ana": 7.5, "Ben": 3})]))
    assert round_of(res, 1)["points"] == {"Ana": 7.5, "Ben": 3}


def test_it_refuses_a_number_hand_in_quarters__tamoul_half_number_hand():
    rec = record("tamoul", P2, [rnd({"Ana": 7.25, "Ben": 3})])
    problem_in_round(rec, 1, "Ana")


@pytest.mark.parametrize("huge", [1e308, -1e308, 1e20, float("inf"), float("nan")])
def test_it_refuses_a_huge_or_non_finite_number_hand__tamoul_half_number_hand(huge):
    # outside -50..500 (or not a number at all): a RecordError naming Ana, nothing else
    problem_in_round(record("tamoul", P2, [rnd({"Ana": huge, "Ben": 3})]), 1, "Ana")


def test_it_adds_halves_without_drift__tamoul_exact_halves():
    # 40 rounds of KH (0.5) for Ana and KD (0.5) + AS (1) for Ben: 20 and 60 exactly
    rounds = [rnd({"Ana": ["KH"], "Ben": ["KD", "AS"]})] * 40
    res = score(record("tamoul", P2, rounds))
    assert res["totals"] == {"Ana": 20, "Ben": 60}
    assert res["finished"] is False


def test_it_applies_the_tamalou_rule_first__tamoul_tamalou_rule():
    # Ana calls with 4; Chloé 3.5 (3D 3 + KD 0.5) is lower -> Ana scores her 4
    # (Reading of 4.3); Ben 9 > 4 -> 9; Chloé 3.5 <= 4 -> 0
    res = score(record("tamoul", P3, [rnd(
        {"Ana": ["4S"], "Ben": ["9S"], "Chloé": ["3D", "KD"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 4, "Ben": 9, "Chloé": 0}


def test_it_zeroes_a_lowest_announcer__tamoul_tamalou_rule():
    # Ana calls with 6.5 (6S + KH), lowest: 0; Ben 7 -> 7
    res = score(record("tamoul", P2, [rnd({"Ana": ["6S", "KH"], "Ben": ["7S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 7}


def test_it_scores_minus_20_for_a_counter_caller_lower_than_the_announcer__tamoul_counter_lower():
    # Ana calls with 6; Ben says contre-tamoul with 2 < 6 -> -20 (Reading: replaces his
    # points, which would have been 0); Ana scores 6 since Ben is lower; Chloé 9
    res = score(record("tamoul", P3, [rnd(
        {"Ana": ["6S"], "Ben": ["2S"], "Chloé": ["9C"]}, announcer="Ana", counter_callers=["Ben"])]))
    assert round_of(res, 1)["points"] == {"Ana": 6, "Ben": -20, "Chloé": 9}


def test_it_adds_20_to_a_counter_caller_equal_to_the_announcer__tamoul_counter_not_lower():
    # Ana calls with 6; Ben counter-calls with 6: not lower -> tamalou points 0 (6 <= 6)
    # + 20 = 20 (Reading: the +20 is added); Ana: nobody lower -> 0
    res = score(record("tamoul", P2, [rnd(
        {"Ana": ["6S"], "Ben": ["6H"]}, announcer="Ana", counter_callers=["Ben"])]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 20}


def test_it_adds_20_to_a_counter_caller_above_the_announcer__tamoul_counter_not_lower():
    # Ana calls with 4; Ben counter-calls with 9: tamalou points 9 + 20 = 29; Ana 0
    res = score(record("tamoul", P2, [rnd(
        {"Ana": ["4S"], "Ben": ["9H"]}, announcer="Ana", counter_callers=["Ben"])]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 29}


def test_it_scores_each_counter_caller_on_its_own__tamoul_several_counter_callers():
    # Ana calls with 5. Ben counter 3 < 5 -> -20; Chloé counter 8 -> 8 + 20 = 28;
    # Dan (no counter) 2 <= 5 -> 0; Ana: someone lower -> 5
    res = score(record("tamoul", P4, [rnd(
        {"Ana": ["5S"], "Ben": ["3S"], "Chloé": ["8S"], "Dan": ["2D"]},
        announcer="Ana", counter_callers=["Ben", "Chloé"])]))
    assert round_of(res, 1)["points"] == {"Ana": 5, "Ben": -20, "Chloé": 28, "Dan": 0}


def test_it_scores_a_call_above_6_5_by_the_same_rule__tamoul_call_above_limit():
    # Ana calls with 9; Ben counter-calls with 4 < 9 -> -20; Ana 9 (someone lower)
    res = score(record("tamoul", P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", counter_callers=["Ben"])]))
    assert round_of(res, 1)["points"] == {"Ana": 9, "Ben": -20}


def test_it_refuses_counter_callers_without_an_announcer__tamoul_counter_needs_announcer():
    rec = record("tamoul", P2, [rnd({"Ana": ["9S"], "Ben": ["4S"]}, counter_callers=["Ben"])])
    problem_in_round(rec, 1)


def test_it_refuses_the_announcer_as_a_counter_caller__tamoul_announcer_not_counter_caller():
    rec = record("tamoul", P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", counter_callers=["Ana"])])
    problem_in_round(rec, 1, "Ana")


def test_it_refuses_a_counter_caller_twice__tamoul_counter_caller_once():
    rec = record("tamoul", P3, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["2S"]}, announcer="Ana",
        counter_callers=["Ben", "Ben"])])
    problem_in_round(rec, 1, "Ben")


def test_it_refuses_a_counter_caller_who_is_not_a_player__tamoul_counter_caller_unknown():
    rec = record("tamoul", P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", counter_callers=["Zoé"])])
    problem_in_round(rec, 1, "Zoé")


def test_it_drops_a_total_of_exactly_100_to_50__tamoul_100_to_50():
    # round 1: Ana 90, Ben 10; round 2: Ana +10 -> 100 -> drops to 50; points stay 10
    res = score(record("tamoul", P2, [rnd({"Ana": 90, "Ben": 10}), rnd({"Ana": 10, "Ben": 4})]))
    r2 = round_of(res, 2)
    assert r2["points"] == {"Ana": 10, "Ben": 4}
    assert r2["totals"] == {"Ana": 50, "Ben": 14}
    assert res["totals"] == {"Ana": 50, "Ben": 14}
    assert res["finished"] is False


def test_it_keeps_a_total_of_99_5__tamoul_100_to_50_exactly_100_only():
    # Ana 90 + 9.5 = 99.5: not exactly 100, stays
    res = score(record("tamoul", P2, [rnd({"Ana": 90, "Ben": 10}), rnd({"Ana": 9.5, "Ben": 4})]))
    assert res["totals"] == {"Ana": 99.5, "Ben": 14}
    assert res["finished"] is False


def test_it_does_not_drop_a_total_of_100_5__tamoul_100_to_50_exactly_100_only():
    # Ana 90 + 10.5 = 100.5: not exactly 100, above 100 -> finished, Ana loses
    res = score(record("tamoul", P2, [rnd({"Ana": 90, "Ben": 10}), rnd({"Ana": 10.5, "Ben": 4})]))
    assert res["totals"] == {"Ana": 100.5, "Ben": 14}
    assert res["finished"] is True
    assert res["winners"] == ["Ben"]
    assert res["losers"] == ["Ana"]


def test_it_drops_100_to_50_when_reached_with_halves__tamoul_100_to_50():
    # Ana 89.5 + 10.5 (10S 10 + KH 0.5) = 100 -> drops to 50
    res = score(record("tamoul", P2, [rnd({"Ana": 89.5, "Ben": 10}), rnd({"Ana": ["10S", "KH"], "Ben": 4})]))
    assert round_of(res, 2)["points"]["Ana"] == 10.5
    assert res["totals"]["Ana"] == 50


def test_it_is_not_finished_at_exactly_100_because_of_the_drop__tamoul_finish_above_100():
    res = score(record("tamoul", P2, [rnd({"Ana": 100, "Ben": 0})]))
    assert res["totals"] == {"Ana": 50, "Ben": 0}
    assert res["finished"] is False


def test_it_finishes_when_a_total_is_above_100__tamoul_finish_above_100():
    # Ana 60 + 41 = 101 > 100: finished; Ben 20 + 30 = 50, Chloé 5 + 10 = 15 lowest
    res = score(record("tamoul", P3, [
        rnd({"Ana": 60, "Ben": 20, "Chloé": 5}), rnd({"Ana": 41, "Ben": 30, "Chloé": 10}),
    ]))
    assert res["finished"] is True
    assert res["winners"] == ["Chloé"]
    assert res["losers"] == ["Ana"]


def test_it_drops_before_deciding_the_end__tamoul_drop_then_finish():
    # round 1: Ana 90, Ben 95, Chloé 60. round 2: Ana +10 = 100 -> 50; Ben +6 = 101 > 100;
    # Chloé +5 = 65. Finished; winners lowest totals: Ana (50); losers: Ben
    res = score(record("tamoul", P3, [
        rnd({"Ana": 90, "Ben": 95, "Chloé": 60}), rnd({"Ana": 10, "Ben": 6, "Chloé": 5}),
    ]))
    assert res["totals"] == {"Ana": 50, "Ben": 101, "Chloé": 65}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == ["Ben"]


def test_it_lets_tied_lowest_totals_all_win__tamoul_winners_ties():
    # Ana 110 > 100; Ben and Chloé tie at 20
    res = score(record("tamoul", P3, [rnd({"Ana": 110, "Ben": 20, "Chloé": 20})]))
    assert res["winners"] == ["Ben", "Chloé"]
    assert res["losers"] == ["Ana"]


def test_it_lists_every_player_above_100_as_loser__tamoul_losers_above_100():
    res = score(record("tamoul", P3, [rnd({"Ana": 110, "Ben": 20, "Chloé": 120.5})]))
    assert res["losers"] == ["Ana", "Chloé"]
    assert res["winners"] == ["Ben"]


def test_it_refuses_a_round_after_the_game_is_over__tamoul_rounds_after_finish():
    rec = record("tamoul", P2, [rnd({"Ana": 110, "Ben": 20}), rnd({"Ana": 1, "Ben": 1})])
    problem_in_round(rec, 2)
