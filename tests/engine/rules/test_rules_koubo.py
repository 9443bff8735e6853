"""Koubo charentais (spec 4.4), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]


def test_it_values_ace_1_and_7_to_10_face__koubo_values():
    # Ana: AS 1 + 7S 7 + 8S 8 = 16; Ben: 9H 9 + 10H 10 = 19
    res = score(record("koubo", P2, [rnd({"Ana": ["AS", "7S", "8S"], "Ben": ["9H", "10H"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 16, "Ben": 19}


def test_it_values_jack_2_queen_3_red_king_0_black_king_11_joker_minus_1__koubo_values():
    # Ana: JS 2 + QS 3 + KH 0 + KD 0 = 5; Ben: KS 11 + KC 11 + JK -1 = 21;
    # Chloé: JK -1 = -1
    res = score(record("koubo", P3, [rnd(
        {"Ana": ["JS", "QS", "KH", "KD"], "Ben": ["KS", "KC", "JK"], "Chloé": ["JK"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 5, "Ben": 21, "Chloé": -1}


def test_it_scores_minus_3_for_a_strictly_lowest_announcer__koubo_announcer_lowest():
    # Reading: -3 replaces the hand's value. Ana calls with 8 (AS 7S), Ben 9, Chloé 12:
    # Ana strictly lowest -> -3; others score their value
    res = score(record("koubo", P3, [rnd(
        {"Ana": ["AS", "7S"], "Ben": ["9S"], "Chloé": ["9H", "QH"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": -3, "Ben": 9, "Chloé": 12}


def test_it_scores_20_for_an_announcer_tied_with_the_lowest__koubo_announcer_not_strictly_lowest():
    # Ana calls with 7; Ben also 7: not strictly lower -> Ana 20 (replacing 7); Ben 7
    res = score(record("koubo", P2, [rnd({"Ana": ["7S"], "Ben": ["7H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 20, "Ben": 7}


def test_it_scores_20_for_an_announcer_beaten_by_someone__koubo_announcer_not_lowest():
    # Reading: 20 replaces the hand's value. Ben calls with 10 (10D); Ana -1 (JK) is lower
    # -> Ben 20, Ana scores her value -1, Chloé 3 (QC)
    res = score(record("koubo", P3, [rnd(
        {"Ana": ["JK"], "Ben": ["10D"], "Chloé": ["QC"]}, announcer="Ben")]))
    assert round_of(res, 1)["points"] == {"Ana": -1, "Ben": 20, "Chloé": 3}


def test_it_scores_everyone_their_value_without_announcer__koubo_no_announcer():
    # 8, 11 (KC), -2 (two jokers)
    res = score(record("koubo", P3, [rnd({"Ana": ["8C"], "Ben": ["KC"], "Chloé": ["JK", "JK"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 8, "Ben": 11, "Chloé": -2}


def test_it_finishes_after_10_rounds_by_default__koubo_option_rounds_default_10():
    # every round Ana 1 (AS), Ben 7 (7S): after 10 rounds Ana 10, Ben 70
    r = rnd({"Ana": ["AS"], "Ben": ["7S"]})
    assert score(record("koubo", P2, [r] * 9))["finished"] is False
    res = score(record("koubo", P2, [r] * 10))
    assert res["totals"] == {"Ana": 10, "Ben": 70}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_refuses_an_eleventh_round_by_default__koubo_option_rounds_default_10():
    r = rnd({"Ana": ["AS"], "Ben": ["7S"]})
    problem_in_round(record("koubo", P2, [r] * 11), 11)


def test_it_finishes_after_the_agreed_rounds__koubo_option_rounds():
    # rounds 2: Ana calls with -1 strictly lowest -> -3; Ben 8; then no call 9 and 9
    rounds = [rnd({"Ana": ["JK"], "Ben": ["8S"]}, announcer="Ana"),
              rnd({"Ana": ["9S"], "Ben": ["9D"]})]
    res = score(record("koubo", P2, rounds, options={"rounds": 2}))
    assert res["totals"] == {"Ana": 6, "Ben": 17}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]


def test_it_lets_tied_lowest_totals_all_win__koubo_winners_ties():
    res = score(record("koubo", P3, [rnd({"Ana": ["9S"], "Ben": ["9D"], "Chloé": ["10D"]})],
                       options={"rounds": 1}))
    assert res["winners"] == ["Ana", "Ben"]


def test_it_refuses_a_card_from_2_to_6__koubo_deck_32():
    # the 32-card deck has no 2-6: 5H must be named
    rec = record("koubo", P2, [rnd({"Ana": ["5H"], "Ben": ["7S"]})])
    problem_in_round(rec, 1, "5H")


def test_it_refuses_a_2_naming_it__koubo_deck_32():
    rec = record("koubo", P2, [rnd({"Ana": ["AS"], "Ben": ["7S", "2C"]})])
    problem_in_round(rec, 1, "2C")


def test_it_refuses_a_third_joker__koubo_deck_jokers():
    rec = record("koubo", P2, [rnd({"Ana": ["JK", "JK"], "Ben": ["JK"]})])
    problem_in_round(rec, 1, "JK")


def test_it_refuses_a_card_twice__koubo_deck_once():
    rec = record("koubo", P2, [rnd({"Ana": ["QS"], "Ben": ["QS"]})])
    problem_in_round(rec, 1, "QS")
