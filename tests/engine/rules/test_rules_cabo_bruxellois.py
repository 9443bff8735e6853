"""Cabo bruxellois (spec 4.8), one test per rule and per numbered case."""
import pytest
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
V = "cabo-bruxellois"


def test_it_values_ace_1_jack_11_queen_12_black_king_13__cabo_values():
    # Ana: AS 1 + 10S 10 + JS 11 + QS 12 + KS 13 = 47; Chloé: 2H 2 + 9H 9 = 11
    res = score(record(V, P3, [rnd(
        {"Ana": ["AS", "10S", "JS", "QS", "KS"], "Ben": ["KC"], "Chloé": ["2H", "9H"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 47, "Ben": 13, "Chloé": 11}


def test_it_values_red_king_minus_2_and_joker_0__cabo_values_red_king_negative():
    # Ana: KH -2 + KD -2 + JK 0 = -4; Ben: JK 0 + 3C 3 = 3
    res = score(record(V, P2, [rnd({"Ana": ["KH", "KD", "JK"], "Ben": ["JK", "3C"]})]))
    assert round_of(res, 1)["values"] == {"Ana": -4, "Ben": 3}


def test_it_scores_10_for_a_failed_cabo_above_5__cabo_case_1_failed_call():
    # Reading: Ana calls with 6 (6S) > 5: she scores 10, everyone else 0
    # (even Ben, who holds 2, and Chloé, who holds 20)
    res = score(record(V, P3, [rnd(
        {"Ana": ["6S"], "Ben": ["2S"], "Chloé": ["QD", "8D"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 10, "Ben": 0, "Chloé": 0}


def test_it_fails_a_call_above_5_even_when_lowest__cabo_case_1_failed_call():
    # Ana calls with 6, Ben has 9: the call is still failed (10 and 0)
    res = score(record(V, P2, [rnd({"Ana": ["6S"], "Ben": ["9S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 10, "Ben": 0}


def test_it_does_not_fail_a_call_at_exactly_5__cabo_case_4_call_at_5():
    # Ana calls with 5, Ben has 9: case 4, Ana scores 5, Ben 9
    res = score(record(V, P2, [rnd({"Ana": ["5S"], "Ben": ["9S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 5, "Ben": 9}


def test_it_doubles_the_gap_when_someone_is_lower__cabo_case_2_someone_lower():
    # Ana calls with 5; m = lowest other = Ben's 3 < 5 -> Ana 5 + (5 - 3) = 7;
    # others as in case 4: Ben 3, Chloé 9
    res = score(record(V, P3, [rnd(
        {"Ana": ["5S"], "Ben": ["3S"], "Chloé": ["9C"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 7, "Ben": 3, "Chloé": 9}


def test_it_measures_the_gap_to_a_negative_lowest_value__cabo_case_2_someone_lower():
    # Ana calls with 3; Ben KH = -2 is lowest -> Ana 3 + (3 - (-2)) = 8;
    # Ben's negative value counts 0; Chloé 8
    res = score(record(V, P3, [rnd(
        {"Ana": ["3S"], "Ben": ["KH"], "Chloé": ["8C"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 8, "Ben": 0, "Chloé": 8}


def test_it_gives_a_negative_caboteur_0_and_others_the_gap__cabo_case_3_negative_call():
    # Ana calls with KH KD = -4; Ben 5 is not lower -> case 3: Ana 0, Ben 5 + 4 = 9
    res = score(record(V, P2, [rnd({"Ana": ["KH", "KD"], "Ben": ["5S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 9}


def test_it_adds_the_gap_to_a_tied_negative_other__cabo_case_3_negative_call():
    # Ana calls with KH = -2; Chloé KD = -2 is not lower (m = -2 is not < -2) -> case 3:
    # Ana 0; Ben 7 + 2 = 9; Chloé's own points: -2 counts 0, + 2 = 2
    res = score(record(V, P3, [rnd(
        {"Ana": ["KH"], "Ben": ["7S"], "Chloé": ["KD"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 9, "Chloé": 2}


def test_it_scores_the_caboteurs_value_when_nobody_is_lower__cabo_case_4_plain():
    # Ana calls with 4, Ben also 4 (not lower), Chloé 10: 4, 4, 10
    res = score(record(V, P3, [rnd(
        {"Ana": ["4S"], "Ben": ["4D"], "Chloé": ["10C"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 4, "Ben": 4, "Chloé": 10}


def test_it_scores_0_for_a_caboteur_at_0__cabo_case_4_plain():
    # Ana calls with JK = 0 (not negative -> case 4); Ben KH + 5S = 3: 0 and 3
    res = score(record(V, P2, [rnd({"Ana": ["JK"], "Ben": ["KH", "5S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 3}


def test_it_scores_values_with_negatives_as_0_without_caboteur__cabo_no_call():
    # no call: Ana KH = -2 -> 0; Ben 7; Chloé 12
    res = score(record(V, P3, [rnd({"Ana": ["KH"], "Ben": ["7S"], "Chloé": ["QS"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 7, "Chloé": 12}


def test_it_adds_2_per_wrong_snap_without_a_call__cabo_wrong_snaps_no_call():
    # no call: Ana 7 + 1 snap x 2 = 9; Ben KH -2 -> 0 + 2 snaps x 2 = 4
    res = score(record(V, P2, [rnd({"Ana": ["7S"], "Ben": ["KH"]}, wrong_snaps={"Ana": 1, "Ben": 2})]))
    assert round_of(res, 1)["points"] == {"Ana": 9, "Ben": 4}


def test_it_adds_wrong_snaps_to_a_failed_cabo__cabo_wrong_snaps_case_1():
    # Ana fails with 6: 10 + 1 x 2 = 12; Ben 0 + 2 x 2 = 4
    res = score(record(V, P2, [rnd(
        {"Ana": ["6S"], "Ben": ["2S"]}, announcer="Ana", wrong_snaps={"Ana": 1, "Ben": 2})]))
    assert round_of(res, 1)["points"] == {"Ana": 12, "Ben": 4}


def test_it_adds_wrong_snaps_when_someone_is_lower__cabo_wrong_snaps_case_2():
    # Ana calls 5, Ben 3: Ana 7 + 2 = 9, Ben 3 + 2 = 5
    res = score(record(V, P2, [rnd(
        {"Ana": ["5S"], "Ben": ["3S"]}, announcer="Ana", wrong_snaps={"Ana": 1, "Ben": 1})]))
    assert round_of(res, 1)["points"] == {"Ana": 9, "Ben": 5}


def test_it_adds_wrong_snaps_to_a_negative_call__cabo_wrong_snaps_case_3():
    # Ana calls -2 (KH), Ben 7: Ana 0 + 2 = 2; Ben 7 + 2 + 2 x 2 = 13
    res = score(record(V, P2, [rnd(
        {"Ana": ["KH"], "Ben": ["7S"]}, announcer="Ana", wrong_snaps={"Ana": 1, "Ben": 2})]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 13}


def test_it_adds_wrong_snaps_in_the_plain_case__cabo_wrong_snaps_case_4():
    # Ana calls 4, Ben 8 with 3 wrong snaps: Ana 4, Ben 8 + 6 = 14
    res = score(record(V, P2, [rnd(
        {"Ana": ["4S"], "Ben": ["8S"]}, announcer="Ana", wrong_snaps={"Ben": 3})]))
    assert round_of(res, 1)["points"] == {"Ana": 4, "Ben": 14}


def test_it_accepts_zero_wrong_snaps__cabo_wrong_snaps_zero():
    res = score(record(V, P2, [rnd({"Ana": ["4S"], "Ben": ["8S"]}, wrong_snaps={"Ben": 0})]))
    assert round_of(res, 1)["points"] == {"Ana": 4, "Ben": 8}


@pytest.mark.parametrize("bad", [-1, 1.5, True, "1", None, [1]])
def test_it_refuses_wrong_snaps_that_are_not_whole_numbers_from_0__cabo_wrong_snaps_whole(bad):
    rec = record(V, P2, [rnd({"Ana": ["4S"], "Ben": ["8S"]}, wrong_snaps={"Ben": bad})])
    problem_in_round(rec, 1, "Ben")


def test_it_refuses_wrong_snaps_for_someone_not_playing__cabo_wrong_snaps_unknown_player():
    rec = record(V, P2, [rnd({"Ana": ["4S"], "Ben": ["8S"]}, wrong_snaps={"Zoé": 1})])
    problem_in_round(rec, 1, "Zoé")


def test_it_finishes_after_the_agreed_rounds_with_lowest_totals_winning__cabo_option_rounds():
    # rounds 2: Ana 4 + 2 = 6, Ben 8 + 1 = 9
    rounds = [rnd({"Ana": ["4S"], "Ben": ["8S"]}), rnd({"Ana": ["2S"], "Ben": ["AS"]})]
    assert score(record(V, P2, rounds[:1], options={"rounds": 2}))["finished"] is False
    res = score(record(V, P2, rounds, options={"rounds": 2}))
    assert res["totals"] == {"Ana": 6, "Ben": 9}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_lets_tied_lowest_totals_all_win__cabo_winners_ties():
    res = score(record(V, P3, [rnd({"Ana": ["4S"], "Ben": ["8S"], "Chloé": ["4D"]})],
                       options={"rounds": 1}))
    assert res["winners"] == ["Ana", "Chloé"]


def test_it_never_finishes_without_the_rounds_option__cabo_no_rounds_option():
    res = score(record(V, P2, [rnd({"Ana": ["4S"], "Ben": ["8S"]})] * 8))
    assert res["finished"] is False


def test_it_refuses_a_round_after_the_agreed_rounds__cabo_rounds_after_finish():
    rec = record(V, P2, [rnd({"Ana": ["4S"], "Ben": ["8S"]})] * 2, options={"rounds": 1})
    problem_in_round(rec, 2)
