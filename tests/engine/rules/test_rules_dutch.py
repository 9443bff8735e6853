"""Dutch (spec 4.5), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]


def test_it_values_ace_1_numbers_face_jack_11_queen_12__dutch_values():
    # Ana: AS 1 + 10S 10 = 11; Ben: JS 11 + QS 12 = 23; Chloé: 2D + 9D = 11
    res = score(record("dutch", P3, [rnd(
        {"Ana": ["AS", "10S"], "Ben": ["JS", "QS"], "Chloé": ["2D", "9D"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 11, "Ben": 23, "Chloé": 11}


def test_it_values_black_king_20_red_king_0_joker_0__dutch_values_kings_and_jokers():
    # Ana: KS 20 + KC 20 = 40; Ben: KH 0 + KD 0 + JK 0 = 0; Chloé: JK 0 + 4C = 4
    res = score(record("dutch", P3, [rnd(
        {"Ana": ["KS", "KC"], "Ben": ["KH", "KD", "JK"], "Chloé": ["JK", "4C"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 40, "Ben": 0, "Chloé": 4}


def test_it_scores_everyone_their_value__dutch_everyone_scores_value():
    res = score(record("dutch", P3, [rnd({"Ana": ["3S"], "Ben": ["QD"], "Chloé": ["7C"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 3, "Ben": 12, "Chloé": 7}


def test_it_does_not_zero_a_lowest_announcer__dutch_reading_no_zeroing():
    # Reading: Ana calls with 3 and is lowest: she still scores 3
    res = score(record("dutch", P3, [rnd(
        {"Ana": ["3S"], "Ben": ["QD"], "Chloé": ["7C"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 3, "Ben": 12, "Chloé": 7}


def test_it_does_not_punish_an_announcer_who_is_not_lowest__dutch_reading_no_zeroing():
    # Ben calls with 12, Ana has 3: everyone still scores their own value
    res = score(record("dutch", P3, [rnd(
        {"Ana": ["3S"], "Ben": ["QD"], "Chloé": ["7C"]}, announcer="Ben")]))
    assert round_of(res, 1)["points"] == {"Ana": 3, "Ben": 12, "Chloé": 7}


def _to_95_for_ana_and_ben():
    # round 1, with hands given as numbers: Ana 95, Ben 95, Chloé 10
    return rnd({"Ana": 95, "Ben": 95, "Chloé": 10})


def test_it_puts_out_a_player_who_reaches_100__dutch_elimination_at_100():
    # round 1: Ana 95, Ben 95, Chloé 10; round 2: Ana +5 = 100 (out), Ben +4 = 99 (in),
    # Chloé +1 = 11. Round 3 has no hand for Ana.
    res = score(record("dutch", P3, [
        _to_95_for_ana_and_ben(),
        rnd({"Ana": ["5S"], "Ben": ["4S"], "Chloé": ["AS"]}),
        rnd({"Ben": ["KH"], "Chloé": ["2H"]}),  # Ben +0 (red king) stays at 99
    ]))
    assert round_of(res, 2)["totals"] == {"Ana": 100, "Ben": 99, "Chloé": 11}
    assert res["finished"] is False
    assert set(round_of(res, 3)["values"]) == {"Ben", "Chloé"}


def test_it_refuses_a_hand_for_a_player_who_is_out__dutch_elimination_no_hand():
    rec = record("dutch", P3, [
        rnd({"Ana": 100, "Ben": 10, "Chloé": 10}),
        rnd({"Ana": ["2S"], "Ben": ["3S"], "Chloé": ["4S"]}),
    ])
    problem_in_round(rec, 2, "Ana")


def test_it_requires_a_hand_for_a_player_still_in__dutch_hands_for_players_in():
    rec = record("dutch", P3, [rnd({"Ana": ["2S"], "Ben": ["3S"]})])
    problem_in_round(rec, 1, "Chloé")


def test_it_keeps_the_total_of_a_player_who_is_out__dutch_out_keeps_total():
    # round 1: Ana 104 out. Round 2: Ben 3, Chloé 4; Ana keeps 104 in totals
    # and has no entry in values or points.
    res = score(record("dutch", P3, [
        rnd({"Ana": 104, "Ben": 10, "Chloé": 10}),
        rnd({"Ben": ["3S"], "Chloé": ["4S"]}),
    ]))
    r2 = round_of(res, 2)
    assert r2["values"] == {"Ben": 3, "Chloé": 4}
    assert r2["points"] == {"Ben": 3, "Chloé": 4}
    assert r2["totals"] == {"Ana": 104, "Ben": 13, "Chloé": 14}
    assert res["totals"] == {"Ana": 104, "Ben": 13, "Chloé": 14}


def test_it_finishes_when_one_player_is_left__dutch_last_player_wins():
    # round 1: Ana 100 out; round 2: Ben 60 + 50 = 110 out -> Chloé alone is in
    res = score(record("dutch", P3, [
        rnd({"Ana": 100, "Ben": 60, "Chloé": 10}),
        rnd({"Ben": 50, "Chloé": 20}),
    ]))
    assert res["totals"] == {"Ana": 100, "Ben": 110, "Chloé": 30}
    assert res["finished"] is True
    assert res["winners"] == ["Chloé"]
    assert res["losers"] == ["Ana", "Ben"]


def test_it_is_not_finished_while_two_players_are_in__dutch_not_finished():
    res = score(record("dutch", P3, [rnd({"Ana": 100, "Ben": 99, "Chloé": 10})]))
    assert res["finished"] is False
    assert res["winners"] == [] and res["losers"] == []


def test_it_makes_the_lowest_total_win_when_the_last_players_go_out_together__dutch_all_out_same_round():
    # round 1: Dan 100 out. round 2: Ana 90 + 15 = 105, Ben 90 + 20 = 110,
    # Chloé 90 + 12 = 102: all three remaining reach 100 together -> lowest total (Chloé) wins
    res = score(record("dutch", P4, [
        rnd({"Ana": 90, "Ben": 90, "Chloé": 90, "Dan": 100}),
        rnd({"Ana": 15, "Ben": 20, "Chloé": 12}),
    ]))
    assert res["totals"] == {"Ana": 105, "Ben": 110, "Chloé": 102, "Dan": 100}
    assert res["finished"] is True
    assert res["winners"] == ["Chloé"]
    # losers: every player who is out, except the winner, in seat order
    assert res["losers"] == ["Ana", "Ben", "Dan"]


def test_it_lets_tied_lowest_totals_all_win_when_all_go_out_together__dutch_all_out_same_round_ties():
    # round 1: Ana 100, Ben 105, Chloé 100 all out together: Ana and Chloé tie at 100
    res = score(record("dutch", P3, [rnd({"Ana": 100, "Ben": 105, "Chloé": 100})]))
    assert res["finished"] is True
    assert res["winners"] == ["Ana", "Chloé"]
    assert res["losers"] == ["Ben"]


def test_it_compares_totals_not_round_points_when_all_go_out_together__dutch_all_out_same_round():
    # round 1: Ana 80, Ben 20. round 2: Ana +40 = 120, Ben +90 = 110: both out together;
    # Ben scored more this round but has the lower total -> Ben wins
    res = score(record("dutch", P2, [rnd({"Ana": 80, "Ben": 20}), rnd({"Ana": 40, "Ben": 90})]))
    assert res["totals"] == {"Ana": 120, "Ben": 110}
    assert res["winners"] == ["Ben"]
    assert res["losers"] == ["Ana"]


def test_it_refuses_a_round_after_the_game_is_over__dutch_rounds_after_finish():
    rec = record("dutch", P2, [rnd({"Ana": 100, "Ben": 10}), rnd({"Ben": 3})])
    problem_in_round(rec, 2)


def test_it_refuses_the_rounds_option__dutch_no_options():
    # dutch has no options: rounds is an unknown option here
    rec = record("dutch", P2, [], options={"rounds": 5})
    problem_in_round(rec, None, "rounds")
