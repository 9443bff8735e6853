"""Cactus (spec 4.1) and Cactus "tas de merde" (spec 4.2), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P3 = ["Ana", "Ben", "Chloé"]


# ---------------------------------------------------------------- 4.1 cactus


def test_it_values_king_0_ace_1_numbers_face_jack_and_queen_10__cactus_values():
    # Ana: KS 0 + AH 1 + 7D 7 = 8
    # Ben: JC 10 + QH 10 = 20
    # Chloé: 2S 2 + 10S 10 + KH 0 = 12
    res = score(record("cactus", P3, [rnd({
        "Ana": ["KS", "AH", "7D"], "Ben": ["JC", "QH"], "Chloé": ["2S", "10S", "KH"],
    })]))
    assert round_of(res, 1)["values"] == {"Ana": 8, "Ben": 20, "Chloé": 12}


def test_it_values_every_rank_of_a_suit__cactus_values():
    # A..10 = 1+2+...+10 = 55, J 10, Q 10, K 0 -> 75; Ben's empty hand is worth 0
    res = score(record("cactus", ["Ana", "Ben"], [rnd({
        "Ana": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
        "Ben": [],
    })]))
    assert round_of(res, 1)["values"] == {"Ana": 75, "Ben": 0}


def test_it_counts_a_hand_given_as_a_number_as_its_value__cactus_number_hand():
    # Ben counted his own cards: 14; Ana 3H = 3 has cactus and wins
    res = score(record("cactus", ["Ana", "Ben"], [rnd({"Ana": ["3H"], "Ben": 14})]))
    assert round_of(res, 1)["values"] == {"Ana": 3, "Ben": 14}
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 0}


def test_it_gives_cactus_at_exactly_5__cactus_has_cactus_at_5_or_less():
    # Ana 5H = 5 has cactus (5 or less); Ben 6H = 6 does not; Chloé 9C = 9
    res = score(record("cactus", P3, [rnd({"Ana": ["5H"], "Ben": ["6H"], "Chloé": ["9C"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 0, "Chloé": 0}


def test_it_gives_no_cactus_at_6__cactus_has_cactus_at_5_or_less():
    # lowest value is Ben's 6 (4C 2D), above 5: nobody has cactus, nobody wins
    res = score(record("cactus", P3, [rnd({"Ana": ["9S"], "Ben": ["4C", "2D"], "Chloé": ["QD"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0, "Chloé": 0}


def test_it_makes_only_the_lowest_cactus_win__cactus_round_winners_lowest_value():
    # Ana KD 0 and Ben 4S 4 both have cactus; only the lowest (Ana, 0) wins
    res = score(record("cactus", P3, [rnd({"Ana": ["KD"], "Ben": ["4S"], "Chloé": ["8C"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 0, "Chloé": 0}


def test_it_makes_every_tied_lowest_cactus_win__cactus_round_winners_ties_all_win():
    # Ana 3S = 3, Ben 2H + AD = 3 (tie, both win), Chloé 4C = 4 has cactus but is not lowest
    res = score(record("cactus", P3, [rnd({"Ana": ["3S"], "Ben": ["2H", "AD"], "Chloé": ["4C"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 1, "Chloé": 0}


def test_it_gives_nobody_a_point_when_nobody_has_cactus__cactus_nobody_wins():
    # 7 + 9 = 16, JH 10, QS + 2S = 12: all above 5
    res = score(record("cactus", P3, [rnd(
        {"Ana": ["7C", "9C"], "Ben": ["JH"], "Chloé": ["QS", "2S"]}, announcer="Ben")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0, "Chloé": 0}
    assert round_of(res, 1)["totals"] == {"Ana": 0, "Ben": 0, "Chloé": 0}


def test_it_counts_round_wins_in_the_totals__cactus_points_are_round_wins():
    # round 1: Ana 1 wins alone; round 2: Ana 2 and Ben 2 tie; round 3: nobody (all > 5)
    res = score(record("cactus", P3, [
        rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]}),
        rnd({"Ana": ["2C"], "Ben": ["2H"], "Chloé": ["8D"]}),
        rnd({"Ana": ["JC"], "Ben": ["9D"], "Chloé": ["8D"]}),
    ]))
    assert [r["totals"] for r in res["rounds"]] == [
        {"Ana": 1, "Ben": 0, "Chloé": 0},
        {"Ana": 2, "Ben": 1, "Chloé": 0},
        {"Ana": 2, "Ben": 1, "Chloé": 0},
    ]
    assert res["totals"] == {"Ana": 2, "Ben": 1, "Chloé": 0}


def test_it_ignores_the_announcer_when_scoring__cactus_announcer_plays_no_part():
    # Ben called but holds 20 (bad memory): no matter; Chloé 2 is the lowest cactus
    # and wins, Ana 4 has cactus but is not lowest
    res = score(record("cactus", P3, [rnd(
        {"Ana": ["4H"], "Ben": ["QC", "JD"], "Chloé": ["2D"]}, announcer="Ben")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0, "Chloé": 1}


def test_it_lets_a_lowest_announcer_win_like_anyone__cactus_announcer_plays_no_part():
    # Ana called with 1, lowest: she wins because she is lowest, not because she called
    res = score(record("cactus", P3, [rnd(
        {"Ana": ["AH"], "Ben": ["3C"], "Chloé": ["9H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 0, "Chloé": 0}


def test_it_finishes_after_the_agreed_rounds__cactus_option_rounds():
    # rounds 2: after round 1 not finished; after round 2 finished
    r1 = rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]})
    r2 = rnd({"Ana": ["JS"], "Ben": ["2D"], "Chloé": ["8D"]})
    res1 = score(record("cactus", P3, [r1], options={"rounds": 2}))
    assert res1["finished"] is False and res1["winners"] == [] and res1["losers"] == []
    res2 = score(record("cactus", P3, [r1, r2], options={"rounds": 2}))
    assert res2["finished"] is True


def test_it_makes_the_most_round_wins_win_the_game__cactus_option_rounds_winners():
    # Ana wins rounds 1 and 2, Ben round 3 -> Ana 2, Ben 1, Chloé 0: Ana wins
    rounds = [
        rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]}),
        rnd({"Ana": ["2S"], "Ben": ["9D"], "Chloé": ["8D"]}),
        rnd({"Ana": ["JS"], "Ben": ["3D"], "Chloé": ["8D"]}),
    ]
    res = score(record("cactus", P3, rounds, options={"rounds": 3}))
    assert res["totals"] == {"Ana": 2, "Ben": 1, "Chloé": 0}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_lets_tied_most_round_wins_all_win_in_seat_order__cactus_option_rounds_ties():
    # round 1 Chloé wins, round 2 Ana wins: 1 each, both win, listed in seat order
    rounds = [
        rnd({"Ana": ["9S"], "Ben": ["9D"], "Chloé": ["AD"]}),
        rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]}),
    ]
    res = score(record("cactus", P3, rounds, options={"rounds": 2}))
    assert res["finished"] is True
    assert res["winners"] == ["Ana", "Chloé"]


def test_it_never_finishes_without_the_rounds_option__cactus_no_rounds_option():
    rounds = [rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]}) for _ in range(12)]
    res = score(record("cactus", P3, rounds))
    assert res["totals"] == {"Ana": 12, "Ben": 0, "Chloé": 0}
    assert res["finished"] is False
    assert res["winners"] == [] and res["losers"] == []


def test_it_refuses_a_round_after_the_agreed_rounds__cactus_rounds_after_finish():
    rounds = [rnd({"Ana": ["AS"], "Ben": ["9D"], "Chloé": ["8D"]}) for _ in range(3)]
    problem_in_round(record("cactus", P3, rounds, options={"rounds": 2}), 3)


# ------------------------------------------------------------ 4.2 cactus-tas

P2 = ["Ana", "Ben"]


def test_it_values_hands_as_in_cactus__cactus_tas_values():
    # Ana: KC 0 + AH 1 + JD 10 + QS 10 = 21; Ben: 4D = 4 (has cactus, no draw)
    res = score(record("cactus-tas", P2, [rnd(
        {"Ana": ["KC", "AH", "JD", "QS"], "Ben": ["4D"]}, draws={"Ana": "2C"})]))
    assert round_of(res, 1)["values"] == {"Ana": 21, "Ben": 4}


def test_it_adds_the_weight_of_the_drawn_card__cactus_tas_kilos_weight():
    # Ana 9S = 9 no cactus, draws QH: +10; Ben 8S = 8, draws 5D: +5;
    # Chloé 2S = 2 has cactus: no draw, 0
    res = score(record("cactus-tas", P3, [rnd(
        {"Ana": ["9S"], "Ben": ["8S"], "Chloé": ["2S"]},
        draws={"Ana": "QH", "Ben": "5D"})]))
    assert round_of(res, 1)["points"] == {"Ana": 10, "Ben": 5, "Chloé": 0}
    assert round_of(res, 1)["totals"] == {"Ana": 10, "Ben": 5, "Chloé": 0}


def test_it_weighs_king_0_ace_1_jack_10__cactus_tas_kilos_weight():
    # draws: Ana KS 0, Ben AD 1, Chloé JC 10 (all hands above 5)
    res = score(record("cactus-tas", P3, [rnd(
        {"Ana": ["9S"], "Ben": ["8S"], "Chloé": ["10H"]},
        draws={"Ana": "KS", "Ben": "AD", "Chloé": "JC"})]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 1, "Chloé": 10}


def test_it_adds_kilos_round_after_round__cactus_tas_totals_are_kilos():
    # round 1: Ana draws 9C (+9), Ben draws 4C (+4)
    # round 2: Ana draws 10D (+10) -> 19, Ben has cactus (AS) -> stays 4
    res = score(record("cactus-tas", P2, [
        rnd({"Ana": ["QS"], "Ben": ["JS"]}, draws={"Ana": "9C", "Ben": "4C"}),
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "10D"}),
    ]))
    assert round_of(res, 2)["points"] == {"Ana": 10, "Ben": 0}
    assert res["totals"] == {"Ana": 19, "Ben": 4}


def test_it_adds_7_for_a_7_on_the_first_draw_of_the_game__cactus_tas_first_draw_seven():
    # Ana's first draw ever is 7H: +7, not a flush (kilos 0 -> 7)
    res = score(record("cactus-tas", P2, [
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "7H"}),
    ]))
    assert round_of(res, 1)["points"] == {"Ana": 7, "Ben": 0}
    assert res["totals"] == {"Ana": 7, "Ben": 0}


def test_it_flushes_kilos_to_0_on_a_later_7__cactus_tas_seven_flush():
    # round 1: Ana draws 9C: 9 kilos; round 2: Ana draws 7S (not her first draw):
    # kilos back to 0, points -9
    res = score(record("cactus-tas", P2, [
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "9C"}),
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "7S"}),
    ]))
    assert round_of(res, 2)["points"] == {"Ana": -9, "Ben": 0}
    assert round_of(res, 2)["totals"] == {"Ana": 0, "Ben": 0}


def test_it_counts_the_first_draw_per_player_not_per_game_round__cactus_tas_first_draw_seven():
    # round 1: Ana has cactus (AS 1): no draw; Ben JS 10 draws 4C: +4
    # round 2: Ana 9S draws 7D, her FIRST draw of the game: +7 (kilos 7);
    #          Ben QS draws 7H, his second draw: flush, 4 -> 0, points -4
    # round 3: Ana JD draws 7S, second draw: flush, 7 -> 0, points -7; Ben AH cactus
    res = score(record("cactus-tas", P2, [
        rnd({"Ana": ["AS"], "Ben": ["JS"]}, draws={"Ben": "4C"}),
        rnd({"Ana": ["9S"], "Ben": ["QS"]}, draws={"Ana": "7D", "Ben": "7H"}),
        rnd({"Ana": ["JD"], "Ben": ["AH"]}, draws={"Ana": "7S"}),
    ]))
    assert [r["points"] for r in res["rounds"]] == [
        {"Ana": 0, "Ben": 4}, {"Ana": 7, "Ben": -4}, {"Ana": -7, "Ben": 0},
    ]
    assert [r["totals"] for r in res["rounds"]] == [
        {"Ana": 0, "Ben": 4}, {"Ana": 7, "Ben": 0}, {"Ana": 0, "Ben": 0},
    ]


def test_it_scores_0_for_a_flush_at_0_kilos__cactus_tas_seven_flush():
    # round 1: Ana's first draw KS weighs 0 (0 kilos); round 2: 7C flushes 0 -> 0
    res = score(record("cactus-tas", P2, [
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "KS"}),
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "7C"}),
    ]))
    assert round_of(res, 2)["points"] == {"Ana": 0, "Ben": 0}
    assert res["totals"] == {"Ana": 0, "Ben": 0}


def test_it_does_not_count_draws_in_the_deck_check__cactus_tas_draws_back_in_deck():
    # Ana holds 9S and draws 9S too (the draw goes back into the deck);
    # Ben holds 8H and Chloé draws 8H as well: no deck problem
    res = score(record("cactus-tas", P3, [rnd(
        {"Ana": ["9S"], "Ben": ["8H"], "Chloé": ["JC"]},
        draws={"Ana": "9S", "Ben": "8H", "Chloé": "8H"})]))
    assert round_of(res, 1)["points"] == {"Ana": 9, "Ben": 8, "Chloé": 8}


def test_it_requires_a_draw_for_every_player_without_cactus__cactus_tas_draws_missing():
    # round 2: Ana 9 has no cactus and no draw
    rec = record("cactus-tas", P2, [
        rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "9C"}),
        rnd({"Ana": ["9S"], "Ben": ["AS"]}),
    ])
    problem_in_round(rec, 2, "draws", "Ana")


def test_it_names_the_player_whose_draw_is_missing__cactus_tas_draws_missing():
    # Ben 10 and Chloé 9 need a draw; only Ben has one
    rec = record("cactus-tas", P3, [rnd(
        {"Ana": ["AS"], "Ben": ["10S"], "Chloé": ["9D"]}, draws={"Ben": "2C"})])
    problem_in_round(rec, 1, "Chloé")


def test_it_refuses_a_draw_for_a_player_with_cactus__cactus_tas_no_draw_with_cactus():
    # Ben 3 has cactus: he draws nothing
    rec = record("cactus-tas", P2, [rnd(
        {"Ana": ["QS"], "Ben": ["3S"]}, draws={"Ana": "9C", "Ben": "4C"})])
    problem_in_round(rec, 1, "Ben")


def test_it_accepts_draws_left_out_when_everyone_has_cactus__cactus_tas_draws_may_be_left_out():
    # Ana 2, Ben 5: both have cactus, nobody draws; the field is left out
    res = score(record("cactus-tas", P2, [rnd({"Ana": ["2S"], "Ben": ["5S"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0}


def test_it_refuses_a_draw_for_someone_not_playing__cactus_tas_draws_unknown_player():
    rec = record("cactus-tas", P2, [rnd(
        {"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "9C", "Zoé": "4C"})])
    problem_in_round(rec, 1, "Zoé")


def test_it_refuses_a_drawn_joker__cactus_tas_no_joker():
    rec = record("cactus-tas", P2, [rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "JK"})])
    problem_in_round(rec, 1, "JK")


def test_it_refuses_more_than_one_card_drawn__cactus_tas_exactly_one_draw():
    rec = record("cactus-tas", P2, [rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": ["9C", "8C"]})])
    problem_in_round(rec, 1)


def test_it_refuses_a_bad_card_in_draws_naming_it__cactus_tas_draw_card_text():
    rec = record("cactus-tas", P2, [rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "ZZ"})])
    problem_in_round(rec, 1, "ZZ")


def test_it_decides_cactus_from_a_number_hand__cactus_tas_number_hand():
    # Ana counted 5: cactus, no draw; Ben counted 6: no cactus, draws 3D (+3)
    res = score(record("cactus-tas", P2, [rnd({"Ana": 5, "Ben": 6}, draws={"Ben": "3D"})]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 3}


def test_it_finishes_after_5_rounds_by_default__cactus_tas_option_rounds_default_5():
    r = rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "2C"})
    assert score(record("cactus-tas", P2, [r] * 4))["finished"] is False
    res = score(record("cactus-tas", P2, [r] * 5))
    assert res["finished"] is True
    # Ana 5 x 2 = 10 kilos, Ben 0: fewest kilos win
    assert res["totals"] == {"Ana": 10, "Ben": 0}
    assert res["winners"] == ["Ben"]
    assert res["losers"] == []


def test_it_refuses_a_sixth_round_by_default__cactus_tas_option_rounds_default_5():
    r = rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "2C"})
    problem_in_round(record("cactus-tas", P2, [r] * 6), 6)


def test_it_finishes_after_the_agreed_rounds__cactus_tas_option_rounds():
    r = rnd({"Ana": ["QS"], "Ben": ["AS"]}, draws={"Ana": "2C"})
    assert score(record("cactus-tas", P2, [r], options={"rounds": 2}))["finished"] is False
    assert score(record("cactus-tas", P2, [r, r], options={"rounds": 2}))["finished"] is True


def test_it_lets_tied_fewest_kilos_all_win__cactus_tas_winners_fewest_kilos():
    # rounds 1: Ana +4, Ben +4 (draws 4S, 4H), Chloé has cactus (0)
    # round 2: Chloé's first draw is 4D: +4; Ana and Ben have cactus
    # totals 4, 4, 4 -> all three win
    res = score(record("cactus-tas", P3, [
        rnd({"Ana": ["QS"], "Ben": ["QH"], "Chloé": ["AC"]}, draws={"Ana": "4S", "Ben": "4H"}),
        rnd({"Ana": ["AS"], "Ben": ["AH"], "Chloé": ["QC"]}, draws={"Chloé": "4D"}),
    ], options={"rounds": 2}))
    assert res["totals"] == {"Ana": 4, "Ben": 4, "Chloé": 4}
    assert res["winners"] == ["Ana", "Ben", "Chloé"]


def test_it_ignores_the_announcer_in_kilos__cactus_tas_announcer_plays_no_part():
    # Ana called with 20 (no cactus): she still just draws, like anyone without cactus
    res = score(record("cactus-tas", P2, [rnd(
        {"Ana": ["QS", "JS"], "Ben": ["AS"]}, announcer="Ana", draws={"Ana": "6C"})]))
    assert round_of(res, 1)["points"] == {"Ana": 6, "Ben": 0}
