"""Tamalou, base rules (spec 4.3), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]


def test_it_values_ace_1_numbers_face_jack_queen_10__tamalou_values():
    # Ana: AS 1 + 9H 9 = 10; Ben: JC 10 + QD 10 = 20; Chloé: 2S 2 + 10D 10 = 12
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["AS", "9H"], "Ben": ["JC", "QD"], "Chloé": ["2S", "10D"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 10, "Ben": 20, "Chloé": 12}


def test_it_values_black_king_15_red_king_0_joker_0__tamalou_values_kings_and_jokers():
    # Ana: KS 15 + KC 15 = 30; Ben: KH 0 + KD 0 = 0; Chloé: JK 0 + JK 0 + 3D 3 = 3
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["KS", "KC"], "Ben": ["KH", "KD"], "Chloé": ["JK", "JK", "3D"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 30, "Ben": 0, "Chloé": 3}


def test_it_scores_zero_for_announcer_when_nobody_is_lower__tamalou_announcer_lowest():
    # Ana calls with 4 (AS + 3C); Ben 9, Chloé 12: nobody lower -> Ana 0;
    # Ben 9 > 4 scores 9, Chloé 12 > 4 scores 12
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["AS", "3C"], "Ben": ["9D"], "Chloé": ["QH", "2H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 9, "Chloé": 12}


def test_it_scores_zero_for_announcer_tied_with_the_lowest__tamalou_announcer_lowest():
    # Ana calls with 4, Ben also has 4: Ben is not lower -> Ana 0; Ben 4 <= 4 -> 0
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["4S"], "Ben": ["4H"], "Chloé": ["8H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0, "Chloé": 8}


def test_it_scores_the_announcers_value_when_someone_is_lower__tamalou_reading_announcer_not_lowest():
    # Reading: Ana calls with 5 (2S 3S), Ben has 2 (lower) -> Ana scores her value 5;
    # Ben 2 <= 5 scores 0; Chloé 10 > 5 scores 10
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["2S", "3S"], "Ben": ["2D"], "Chloé": ["10C"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 5, "Ben": 0, "Chloé": 10}


def test_it_zeroes_every_other_player_at_or_below_the_announcer__tamalou_at_or_below_announcer():
    # Ben calls with 5. Ana 3 (lower) -> 0, and Ben scores 5 because Ana is lower;
    # Chloé 5 (equal) -> 0; Dan 9 -> 9
    res = score(record("tamalou", P4, [rnd(
        {"Ana": ["3H"], "Ben": ["5S"], "Chloé": ["5D"], "Dan": ["9C"]}, announcer="Ben")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 5, "Chloé": 0, "Dan": 9}


def test_it_gives_others_their_value_above_the_announcer__tamalou_above_announcer():
    # Chloé calls with 0 (KH); Ana 1 > 0 scores 1, Ben 15 (KS) scores 15
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["AH"], "Ben": ["KS"], "Chloé": ["KH"]}, announcer="Chloé")]))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 15, "Chloé": 0}


def test_it_scores_everyone_their_value_without_announcer__tamalou_no_announcer():
    # no call: 2, 7, 15
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["2C"], "Ben": ["7C"], "Chloé": ["KC"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 7, "Chloé": 15}


def test_it_accepts_an_omitted_announcer_as_no_call__tamalou_no_announcer():
    res = score(record("tamalou", P2, [{"hands": {"Ana": ["2C"], "Ben": ["7C"]}}]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 7}


def test_it_scores_a_call_above_5_by_the_same_rule__tamalou_call_above_limit():
    # Ana calls with 12 (bad memory): Ben 20 is not lower -> Ana 0, Ben 20 > 12 -> 20
    res = score(record("tamalou", P2, [rnd(
        {"Ana": ["QS", "2S"], "Ben": ["JD", "10D"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 20}


def test_it_scores_a_call_above_5_with_someone_lower__tamalou_call_above_limit():
    # Ana calls with 12; Ben 8 is lower -> Ana 12, Ben 0 (8 <= 12)
    res = score(record("tamalou", P2, [rnd(
        {"Ana": ["QS", "2S"], "Ben": ["8D"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 12, "Ben": 0}


def test_it_adds_round_points_to_the_totals__tamalou_totals():
    # round 1: Ana calls with 1 lowest -> 0; Ben 9
    # round 2: no call: Ana 6, Ben 3
    res = score(record("tamalou", P2, [
        rnd({"Ana": ["AS"], "Ben": ["9S"]}, announcer="Ana"),
        rnd({"Ana": ["6S"], "Ben": ["3S"]}),
    ]))
    assert round_of(res, 1)["totals"] == {"Ana": 0, "Ben": 9}
    assert res["totals"] == {"Ana": 6, "Ben": 12}


def test_it_finishes_after_the_agreed_rounds_with_lowest_totals_winning__tamalou_option_rounds():
    # rounds 2: Ana 6 + 2 = 8, Ben 3 + 9 = 12 -> Ana wins
    rounds = [rnd({"Ana": ["6S"], "Ben": ["3S"]}), rnd({"Ana": ["2S"], "Ben": ["9S"]})]
    assert score(record("tamalou", P2, rounds[:1], options={"rounds": 2}))["finished"] is False
    res = score(record("tamalou", P2, rounds, options={"rounds": 2}))
    assert res["totals"] == {"Ana": 8, "Ben": 12}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_lets_tied_lowest_totals_all_win__tamalou_option_rounds_ties():
    # one round: Ana 4, Ben 7, Chloé 4 -> Ana and Chloé win, in seat order
    res = score(record("tamalou", P3, [rnd(
        {"Ana": ["4S"], "Ben": ["7S"], "Chloé": ["4D"]})], options={"rounds": 1}))
    assert res["finished"] is True
    assert res["winners"] == ["Ana", "Chloé"]


def test_it_never_finishes_without_the_rounds_option__tamalou_no_rounds_option():
    rounds = [rnd({"Ana": ["QS", "QH", "QD", "QC"], "Ben": ["3S"]}) for _ in range(10)]
    res = score(record("tamalou", P2, rounds))
    assert res["totals"] == {"Ana": 400, "Ben": 30}
    assert res["finished"] is False
    assert res["winners"] == [] and res["losers"] == []


def test_it_refuses_a_round_after_the_agreed_rounds__tamalou_rounds_after_finish():
    rounds = [rnd({"Ana": ["6S"], "Ben": ["3S"]})] * 3
    problem_in_round(record("tamalou", P2, rounds, options={"rounds": 2}), 3)


def test_it_refuses_an_announcer_who_is_not_a_player__tamalou_announcer_unknown():
    rec = record("tamalou", P2, [rnd({"Ana": ["6S"], "Ben": ["3S"]}, announcer="Zoé")])
    problem_in_round(rec, 1, "Zoé")


def test_it_accepts_two_jokers_in_a_round__tamalou_deck_54():
    res = score(record("tamalou", P2, [rnd({"Ana": ["JK"], "Ben": ["JK", "5S"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 0, "Ben": 5}
