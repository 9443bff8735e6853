"""Canasta (spec 4.10), one test per rule.

Two players: sides are keyed by the players' names. Four players: by team.
Unless a test is about going out, rounds end with the stock run out
(``went_out`` null), so no going-out check interferes.
"""
from rules_support import problem_in_round, problems, record, round_of, score

P2 = ["Ana", "Ben"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]
TEAMS = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
V = "canasta"

# natural canastas of 7 cards (each code at most twice in a round)
A_CANASTA = ["AS", "AS", "AH", "AH", "AD", "AD", "AC"]  # 7 x 20 = 140, +500 -> 640
K_CANASTA = ["KS", "KS", "KH", "KH", "KD", "KD", "KC"]  # 7 x 10 = 70, +500 -> 570
Q_CANASTA = ["QS", "QS", "QH", "QH", "QD", "QD", "QC"]  # 70, +500 -> 570
J_CANASTA = ["JS", "JS", "JH", "JH", "JD", "JD", "JC"]  # 70, +500 -> 570
T_CANASTA = ["10S", "10S", "10H", "10H", "10D", "10D", "10C"]  # 70, +500 -> 570

BEN_30 = {"melds": [["8S", "8H", "8D"]]}  # Ben's usual side: 3 x 10 = 30


def two(ana, ben=None, went_out=None, concealed=None):
    """A two-player round."""
    r = {"went_out": went_out, "sides": {"Ana": ana, "Ben": BEN_30 if ben is None else ben}}
    if concealed is not None:
        r["concealed"] = concealed
    return r


def four(ns, eo, went_out=None, concealed=None):
    """A four-player round (teams Nord-Sud: Ana + Chloé, Est-Ouest: Ben + Dan)."""
    r = {"went_out": went_out, "sides": {"Nord-Sud": ns, "Est-Ouest": eo}}
    if concealed is not None:
        r["concealed"] = concealed
    return r


def game2(*rounds):
    return record(V, P2, rounds)


def game4(*rounds):
    return record(V, P4, rounds, teams=TEAMS)


def points(rec, n=1):
    return round_of(score(rec), n)["points"]


# ----------------------------------------------------------------- sides


def test_it_keys_results_by_player_with_two_players__canasta_sides_two_players():
    res = score(game2(two({"melds": [["KS", "KH", "KD"]]})))
    assert res["totals"] == {"Ana": 30, "Ben": 30}
    assert set(round_of(res, 1)) == {"points", "totals"}


def test_it_keys_results_by_team_with_four_players__canasta_sides_teams():
    # Nord-Sud: KS KH KD = 30; Est-Ouest: 8S 8H 8D = 30, hand 4C -5 -> 25
    res = score(game4(four({"melds": [["KS", "KH", "KD"]]},
                           {"melds": [["8S", "8H", "8D"]], "hand": ["4C"]})))
    assert round_of(res, 1)["points"] == {"Nord-Sud": 30, "Est-Ouest": 25}
    assert res["totals"] == {"Nord-Sud": 30, "Est-Ouest": 25}


def test_it_refuses_four_players_without_teams__canasta_teams_required():
    problems(record(V, P4, [], ))


def test_it_refuses_partners_sitting_side_by_side__canasta_teams_opposite():
    rec = record(V, P4, [], teams={"Nord-Sud": ["Ana", "Ben"], "Est-Ouest": ["Chloé", "Dan"]})
    problems(rec)


def test_it_refuses_a_team_of_three__canasta_teams_two_of_two():
    rec = record(V, P4, [], teams={"Nord-Sud": ["Ana", "Chloé", "Ben"], "Est-Ouest": ["Dan"]})
    problems(rec)


def test_it_refuses_a_team_member_who_is_not_a_player__canasta_teams_cover_players():
    rec = record(V, P4, [], teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Zoé"]})
    problems(rec)


def test_it_refuses_a_missing_side__canasta_sides_every_side():
    rec = game2({"went_out": None, "sides": {"Ana": {"melds": [["KS", "KH", "KD"]]}}})
    problem_in_round(rec, 1)


def test_it_refuses_an_unknown_side__canasta_sides_unknown():
    rec = game2({"went_out": None, "sides": {"Ana": {}, "Ben": {}, "Zoé": {}}})
    problem_in_round(rec, 1, "Zoé")


def test_it_scores_an_empty_side_0__canasta_sides_fields_may_be_left_out():
    res = score(game2(two({}, {})))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 0}


# ----------------------------------------------------------- card values


def test_it_values_melded_aces_20_and_sevens_to_fours_5__canasta_card_values():
    # AS AH AD = 60; 7S 7H 7D = 15; 5S 5H 5D = 15; 4S 4H 4D = 15 -> 105
    rec = game2(two({"melds": [["AS", "AH", "AD"], ["7S", "7H", "7D"], ["5S", "5H", "5D"],
                               ["4S", "4H", "4D"]]}))
    assert points(rec) == {"Ana": 105, "Ben": 30}


def test_it_values_melded_king_to_eight_10__canasta_card_values():
    # K, Q, J, 10, 9: 5 melds of 3 cards x 10 = 150 (Ben holds the 8s: 30)
    rec = game2(two({"melds": [["KS", "KH", "KD"], ["QS", "QH", "QD"], ["JS", "JH", "JD"],
                               ["10S", "10H", "10D"], ["9S", "9H", "9D"]]}))
    assert points(rec) == {"Ana": 150, "Ben": 30}


def test_it_values_melded_wild_cards_joker_50_two_20__canasta_card_values():
    # 6S 6H 6D 2C = 15 + 20 = 35; 9S 9H 9D JK = 30 + 50 = 80 -> 115
    rec = game2(two({"melds": [["6S", "6H", "6D", "2C"], ["9S", "9H", "9D", "JK"]]}))
    assert points(rec) == {"Ana": 115, "Ben": 30}


def test_it_subtracts_the_cards_left_in_hand__canasta_hand_subtracted():
    # meld 9S 9H 9D = 30; hand JK 50 + AS 20 + 2H 20 + KS 10 + 8C 10 + 7C 5 + 4H 5 = 120
    # -> 30 - 120 = -90
    rec = game2(two({"melds": [["9S", "9H", "9D"]],
                     "hand": ["JK", "AS", "2H", "KS", "8C", "7C", "4H"]}))
    assert points(rec) == {"Ana": -90, "Ben": 30}


def test_it_charges_100_for_each_black_three_in_hand__canasta_black_three_in_hand():
    # Ben: 8s meld 30, hand 3S + 3C -> 30 - 200 = -170 (not 30 - 10)
    rec = game2(two({"melds": [["KS", "KH", "KD"]]},
                    {"melds": [["8S", "8H", "8D"]], "hand": ["3S", "3C"]}))
    assert points(rec) == {"Ana": 30, "Ben": -170}


def test_it_refuses_a_red_three_in_hand__canasta_no_red_three_in_hand():
    rec = game2(two({"melds": [["KS", "KH", "KD"]], "hand": ["3H"]}))
    problem_in_round(rec, 1)


# ------------------------------------------------------------------ melds


def test_it_adds_500_for_a_natural_canasta__canasta_natural_canasta_bonus():
    # 7 queens: 70 + 500 = 570
    assert points(game2(two({"melds": [Q_CANASTA]}))) == {"Ana": 570, "Ben": 30}


def test_it_adds_300_for_a_mixed_canasta__canasta_mixed_canasta_bonus():
    # QS QS QH QH QD (50) + 2C (20) + JK (50) = 120, 7 cards with wild cards: +300 -> 420
    rec = game2(two({"melds": [["QS", "QS", "QH", "QH", "QD", "2C", "JK"]]}))
    assert points(rec) == {"Ana": 420, "Ben": 30}


def test_it_adds_2000_for_a_wild_canasta__canasta_wild_canasta_bonus():
    # six 2s (120) + JK (50) = 170, 7 wild cards and nothing else: +2000 -> 2170
    rec = game2(two({"melds": [["2S", "2S", "2H", "2H", "2D", "2D", "JK"]]}))
    assert points(rec) == {"Ana": 2170, "Ben": 30}


def test_it_gives_no_bonus_to_a_meld_of_six__canasta_canasta_is_seven_cards():
    # six queens: 60, not a canasta
    rec = game2(two({"melds": [["QS", "QS", "QH", "QH", "QD", "QD"]]}))
    assert points(rec) == {"Ana": 60, "Ben": 30}


def test_it_counts_a_canasta_of_more_than_seven__canasta_canasta_is_seven_or_more():
    # 8 kings: KS KS KH KH KD KD KC KC = 80 + 500 = 580
    rec = game2(two({"melds": [["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"]]}))
    assert points(rec) == {"Ana": 580, "Ben": 30}


def test_it_accepts_three_wild_cards_with_three_natural__canasta_meld_wild_limits():
    # QS QH QD (30) + 2H 2D (40) + JK (50) = 120
    rec = game2(two({"melds": [["QS", "QH", "QD", "2H", "2D", "JK"]]}))
    assert points(rec) == {"Ana": 120, "Ben": 30}


def test_it_refuses_a_meld_of_two_cards__canasta_meld_at_least_three():
    problem_in_round(game2(two({"melds": [["QS", "QH"]]})), 1)


def test_it_refuses_a_meld_of_two_ranks__canasta_meld_one_rank():
    problem_in_round(game2(two({"melds": [["QS", "QH", "KD"]]})), 1)


def test_it_refuses_a_meld_with_one_natural_card__canasta_meld_two_natural():
    problem_in_round(game2(two({"melds": [["QS", "2H", "JK"]]})), 1)


def test_it_refuses_more_wild_than_natural_cards__canasta_meld_wild_not_more_than_natural():
    # 2 queens, 3 wild cards
    problem_in_round(game2(two({"melds": [["QS", "QH", "2H", "2D", "JK"]]})), 1)


def test_it_refuses_four_wild_cards_in_a_meld__canasta_meld_at_most_three_wild():
    # 4 natural, 4 wild: not more wild than natural, but more than 3 wild
    problem_in_round(game2(two({"melds": [["QS", "QH", "QD", "QC", "2H", "2D", "JK", "JK"]]})), 1)


def test_it_refuses_a_wild_meld_of_fewer_than_seven__canasta_wild_canasta_only():
    problem_in_round(game2(two({"melds": [["2S", "2H", "JK"]]})), 1)


def test_it_refuses_two_melds_of_one_rank_on_one_side__canasta_one_meld_per_rank():
    problem_in_round(game2(two({"melds": [["QS", "QH", "QD"], ["QS", "QH", "QC"]]})), 1)


def test_it_accepts_one_rank_melded_by_both_sides__canasta_one_meld_per_rank():
    # the rule is per side: Ana (8S 8H 8D) and Ben (8S 8H 8C) each hold a meld of 8s
    rec = game2(two({"melds": [["8S", "8H", "8D"]]}, {"melds": [["8S", "8H", "8C"]]}))
    assert points(rec) == {"Ana": 30, "Ben": 30}


def test_it_refuses_a_melded_red_three__canasta_red_threes_never_melded():
    problem_in_round(game2(two({"melds": [["3H", "3H", "3D"]]})), 1)


def test_it_refuses_a_black_three_among_the_red_threes__canasta_red_threes_are_red():
    problem_in_round(game2(two({"melds": [["KS", "KH", "KD"]], "red_threes": ["3S"]})), 1)


# -------------------------------------------------------------- red threes


def test_it_adds_100_per_red_three_with_a_meld__canasta_red_threes_with_meld():
    # KS KH KD 30 + one red 3: 100 -> 130; three red 3s: 300 -> 330
    assert points(game2(two({"melds": [["KS", "KH", "KD"]], "red_threes": ["3H"]}))) == {
        "Ana": 130, "Ben": 30}
    assert points(game2(two({"melds": [["KS", "KH", "KD"]], "red_threes": ["3H", "3D", "3H"]}))) == {
        "Ana": 330, "Ben": 30}


def test_it_adds_800_for_all_four_red_threes_with_a_meld__canasta_red_threes_all_four():
    # 30 + 800 (not 400) = 830
    rec = game2(two({"melds": [["KS", "KH", "KD"]], "red_threes": ["3H", "3H", "3D", "3D"]}))
    assert points(rec) == {"Ana": 830, "Ben": 30}


def test_it_subtracts_100_per_red_three_without_a_meld__canasta_red_threes_without_meld():
    # no meld: one red 3 -> -100; two red 3s and 4S in hand -> -200 - 5 = -205
    assert points(game2(two({"red_threes": ["3H"]}))) == {"Ana": -100, "Ben": 30}
    assert points(game2(two({"red_threes": ["3H", "3D"], "hand": ["4S"]}))) == {"Ana": -205, "Ben": 30}


def test_it_subtracts_800_for_all_four_red_threes_without_a_meld__canasta_red_threes_all_four_without_meld():
    rec = game2(two({"red_threes": ["3H", "3H", "3D", "3D"]}))
    assert points(rec) == {"Ana": -800, "Ben": 30}


def test_it_refuses_a_fifth_red_three__canasta_red_threes_at_most_four():
    rec = game2(two({"melds": [["KS", "KH", "KD"]], "red_threes": ["3H", "3H", "3D"]},
                    {"melds": [["8S", "8H", "8D"]], "red_threes": ["3D", "3D"]}))
    problem_in_round(rec, 1)


# ------------------------------------------------------------- going out


def test_it_adds_100_for_going_out__canasta_reading_going_out_100():
    # Reading: Ana goes out: Q and K natural canastas 70 + 70 + 500 + 500 = 1140, +100 = 1240
    # Ben: 8s 30, hand 5H 5 + 3S 100 -> -75
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA]},
                    {"melds": [["8S", "8H", "8D"]], "hand": ["5H", "3S"]}, went_out="Ana"))
    assert points(rec) == {"Ana": 1240, "Ben": -75}


def test_it_adds_200_instead_for_going_out_concealed__canasta_going_out_concealed_200():
    # 1140 + 200 = 1340
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA]}, went_out="Ana", concealed=True))
    assert points(rec) == {"Ana": 1340, "Ben": 30}


def test_it_treats_concealed_as_false_by_default__canasta_concealed_default_false():
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA]}, went_out="Ana", concealed=False))
    assert points(rec) == {"Ana": 1240, "Ben": 30}
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA]}, went_out="Ana"))
    assert points(rec) == {"Ana": 1240, "Ben": 30}


def test_it_lets_the_side_going_out_meld_black_threes__canasta_black_three_meld_going_out():
    # 1140 (two canastas) + 3S 3S 3C (3 x 5 = 15) + 100 = 1255
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA, ["3S", "3S", "3C"]]}, went_out="Ana"))
    assert points(rec) == {"Ana": 1255, "Ben": 30}


def test_it_lets_the_side_going_out_meld_four_black_threes__canasta_black_three_meld_going_out():
    # 1140 + 4 x 5 + 100 = 1260
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA, ["3S", "3S", "3C", "3C"]]}, went_out="Ana"))
    assert points(rec) == {"Ana": 1260, "Ben": 30}


def test_it_refuses_black_threes_melded_by_a_side_not_going_out__canasta_black_three_meld_only_going_out():
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA]},
                    {"melds": [["8S", "8H", "8D"], ["3S", "3S", "3C"]]}, went_out="Ana"))
    problem_in_round(rec, 1)


def test_it_refuses_black_threes_melded_when_nobody_went_out__canasta_black_three_meld_only_going_out():
    problem_in_round(game2(two({"melds": [["3S", "3S", "3C"]]})), 1)


def test_it_refuses_a_wild_card_in_a_black_three_meld__canasta_black_three_meld_no_wild():
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA, ["3S", "3C", "2H"]]}, went_out="Ana"))
    problem_in_round(rec, 1)


def test_it_requires_two_canastas_to_go_out_with_two_players__canasta_went_out_two_canastas():
    # one canasta only
    rec = game2(two({"melds": [Q_CANASTA, ["KS", "KH", "KD"]]}, went_out="Ana"))
    problem_in_round(rec, 1)


def test_it_requires_an_empty_hand_to_go_out_with_two_players__canasta_went_out_empty_hand():
    rec = game2(two({"melds": [Q_CANASTA, K_CANASTA], "hand": ["9S"]}, went_out="Ana"))
    problem_in_round(rec, 1)


def test_it_lets_a_partnership_go_out_with_one_canasta_and_cards_in_hand__canasta_went_out_one_canasta_four_players():
    # Nord-Sud (Ana went out): Q canasta 570 + 100 - 9S 10 = 660; Est-Ouest 8s 30
    rec = game4(four({"melds": [Q_CANASTA], "hand": ["9S"]}, {"melds": [["8S", "8H", "8D"]]},
                     went_out="Ana"))
    assert points(rec) == {"Nord-Sud": 660, "Est-Ouest": 30}


def test_it_credits_going_out_to_the_players_team__canasta_went_out_is_a_player():
    # Chloé is Ana's partner: the same side went out
    rec = game4(four({"melds": [Q_CANASTA], "hand": ["9S"]}, {"melds": [["8S", "8H", "8D"]]},
                     went_out="Chloé"))
    assert points(rec) == {"Nord-Sud": 660, "Est-Ouest": 30}


def test_it_refuses_a_team_name_as_went_out__canasta_went_out_is_a_player():
    rec = game4(four({"melds": [Q_CANASTA]}, {"melds": [["8S", "8H", "8D"]]}, went_out="Nord-Sud"))
    problem_in_round(rec, 1)


def test_it_requires_one_canasta_to_go_out_with_four_players__canasta_went_out_one_canasta_four_players():
    rec = game4(four({"melds": [["QS", "QH", "QD"]]}, {"melds": [["8S", "8H", "8D"]]}, went_out="Ana"))
    problem_in_round(rec, 1)


def test_it_refuses_a_card_three_times__canasta_deck_twice():
    # QS melded twice and held once
    rec = game2(two({"melds": [["QS", "QS", "QH"]], "hand": ["QS"]}))
    problem_in_round(rec, 1, "QS")


def test_it_accepts_four_jokers_and_refuses_a_fifth__canasta_deck_four_jokers():
    # 4 jokers: 9S 9H 9D JK (80) and hand JK JK JK (-150) -> -70
    ok = game2(two({"melds": [["9S", "9H", "9D", "JK"]], "hand": ["JK", "JK", "JK"]}))
    assert points(ok) == {"Ana": -70, "Ben": 30}
    bad = game2(two({"melds": [["9S", "9H", "9D", "JK"]], "hand": ["JK", "JK", "JK", "JK"]}))
    problem_in_round(bad, 1, "JK")


# ----------------------------------------------------------------- opening

# Ana scores exactly 1500 (or 1495) in a round:
# A canasta 640 + KS KH KD 30 + QS QH QD 30 + all four red 3s 800 = 1500
SIDE_1500 = {"melds": [A_CANASTA, ["KS", "KH", "KD"], ["QS", "QH", "QD"]],
             "red_threes": ["3H", "3H", "3D", "3D"]}
SIDE_1495 = dict(SIDE_1500, hand=["4S"])  # - 5

OPEN_50 = [["QS", "QH", "QD", "2C"]]  # 30 + 20 = 50
OPEN_40 = [["8S", "8H", "8D", "8C"]]  # 40
OPEN_15 = [["4S", "4H", "4D"]]  # 15
OPEN_90 = [["KS", "KH", "KD"], ["QS", "QH", "QD"], ["JS", "JH", "JD"]]  # 90
OPEN_120 = [["AS", "AH", "AD"], ["KS", "KH", "KD"], ["QS", "QH", "QD"]]  # 60 + 30 + 30 = 120


def opening(melds):
    return {"melds": melds, "opening": melds}


def test_it_scores_a_side_exactly_1500_for_the_opening_tests():
    # the helper round itself, worked by hand above
    res = score(game2(two(SIDE_1500, {}), two(SIDE_1495, {})))
    assert [r["points"]["Ana"] for r in res["rounds"]] == [1500, 1495]


def test_it_accepts_an_opening_of_50_at_a_total_of_0__canasta_opening_minimum_50():
    rec = game2(two(opening(OPEN_50), {}))
    assert points(rec) == {"Ana": 50, "Ben": 0}


def test_it_refuses_an_opening_of_40_at_a_total_of_0__canasta_opening_minimum_50():
    rec = game2(two(opening(OPEN_40), {}))
    problem_in_round(rec, 1, "Ana")


def test_it_refuses_an_opening_of_15_at_a_total_of_0__canasta_opening_minimum_50():
    problem_in_round(game2(two(opening(OPEN_15), {})), 1, "Ana")


def test_it_accepts_an_opening_of_15_below_0__canasta_opening_minimum_15_negative():
    # round 1: Ana has one red 3 and no meld: -100. Round 2: minimum 15, opening 15 is enough
    rec = game2(two({"red_threes": ["3H"]}, {}), two(opening(OPEN_15), {}))
    res = score(rec)
    assert round_of(res, 1)["totals"]["Ana"] == -100
    assert round_of(res, 2)["points"]["Ana"] == 15


def test_it_accepts_an_opening_of_50_at_1495__canasta_opening_minimum_50_up_to_1495():
    rec = game2(two(SIDE_1495, {}), two(opening(OPEN_50), {}))
    assert score(rec)["totals"]["Ana"] == 1545


def test_it_refuses_an_opening_of_50_at_1500__canasta_opening_minimum_90_from_1500():
    rec = game2(two(SIDE_1500, {}), two(opening(OPEN_50), {}))
    problem_in_round(rec, 2, "Ana")


def test_it_accepts_an_opening_of_90_at_1500__canasta_opening_minimum_90_from_1500():
    rec = game2(two(SIDE_1500, {}), two(opening(OPEN_90), {}))
    assert score(rec)["totals"]["Ana"] == 1590


def test_it_accepts_an_opening_of_90_at_2995__canasta_opening_minimum_90_up_to_2995():
    # 1500 + 1495 = 2995
    rec = game2(two(SIDE_1500, {}), two(SIDE_1495, {}), two(opening(OPEN_90), {}))
    assert score(rec)["totals"]["Ana"] == 3085


def test_it_refuses_an_opening_of_90_at_3000__canasta_opening_minimum_120_from_3000():
    rec = game2(two(SIDE_1500, {}), two(SIDE_1500, {}), two(opening(OPEN_90), {}))
    problem_in_round(rec, 3, "Ana")


def test_it_accepts_an_opening_of_120_at_3000__canasta_opening_minimum_120_from_3000():
    rec = game2(two(SIDE_1500, {}), two(SIDE_1500, {}), two(opening(OPEN_120), {}))
    assert score(rec)["totals"]["Ana"] == 3120


def test_it_checks_the_opening_of_each_side_against_its_own_total__canasta_opening_per_side():
    # after round 1 Ana has 1500 and Ben 0: Ben's opening of 50 is enough for him
    rec = game2(two(SIDE_1500, {}), two({}, opening(OPEN_50)))
    assert score(rec)["totals"] == {"Ana": 1500, "Ben": 50}


def test_it_checks_a_teams_opening_against_the_team_total__canasta_opening_four_players():
    # Nord-Sud's total is 0: an opening of 40 is below the minimum of 50
    rec = game4(four(opening(OPEN_40), {}))
    p = problem_in_round(rec, 1)
    assert "Nord-Sud" in p.message or "Ana" in p.message or "Chloé" in p.message


def test_it_does_not_check_the_opening_of_a_side_going_out_concealed__canasta_opening_concealed_exempt():
    # Ana goes out concealed at total 0 with an opening worth 40 (< 50): not checked.
    # Q + K canastas 1140 + 8s 40 + 200 = 1380
    ana = {"melds": [Q_CANASTA, K_CANASTA] + OPEN_40, "opening": OPEN_40}
    rec = game2(two(ana, {"melds": [["9S", "9H", "9D"]]}, went_out="Ana", concealed=True))
    assert points(rec) == {"Ana": 1380, "Ben": 30}


def test_it_checks_the_opening_of_a_side_going_out_not_concealed__canasta_opening_concealed_exempt():
    ana = {"melds": [Q_CANASTA, K_CANASTA] + OPEN_40, "opening": OPEN_40}
    rec = game2(two(ana, {"melds": [["9S", "9H", "9D"]]}, went_out="Ana"))
    problem_in_round(rec, 1, "Ana")


def test_it_leaves_the_opening_out_of_the_deck_check__canasta_opening_not_in_deck_check():
    # the opening repeats QS QH QD 2C already melded: no card appears "three times"
    rec = game2(two(opening(OPEN_50), {"melds": [["QS", "QH", "QC"]]}))
    assert points(rec) == {"Ana": 50, "Ben": 30}


# ---------------------------------------------------------------- the end


def test_it_finishes_when_a_side_reaches_5000__canasta_finish_at_5000():
    # round 1: wild canasta JK x4 (200) + 2S 2S 2H (60) = 260 + 2000 = 2260, four red 3s 800
    #          -> 3060
    # round 2: A canasta 640 + K canasta 570 + four red 3s 800 = 2010, hand JK 2C -70 -> 1940
    # total 5000 exactly
    r1 = two({"melds": [["JK", "JK", "JK", "JK", "2S", "2S", "2H"]],
              "red_threes": ["3H", "3H", "3D", "3D"]}, {})
    r2 = two({"melds": [A_CANASTA, K_CANASTA], "red_threes": ["3H", "3H", "3D", "3D"],
              "hand": ["JK", "2C"]}, {})
    res = score(game2(r1, r2))
    assert [r["totals"]["Ana"] for r in res["rounds"]] == [3060, 5000]
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_is_not_finished_at_4995__canasta_finish_at_5000():
    r1 = two({"melds": [["JK", "JK", "JK", "JK", "2S", "2S", "2H"]],
              "red_threes": ["3H", "3H", "3D", "3D"]}, {})
    r2 = two({"melds": [A_CANASTA, K_CANASTA], "red_threes": ["3H", "3H", "3D", "3D"],
              "hand": ["JK", "2C", "4S"]}, {})
    res = score(game2(r1, r2))
    assert res["totals"] == {"Ana": 4995, "Ben": 0}
    assert res["finished"] is False
    assert res["winners"] == []


def _even_round(ben_hand=None):
    # Ana: K + Q canastas 1140 + 3H 3D 200 = 1340; Ben: J + 10 canastas 1140 + 3H 3D 200 = 1340
    ben = {"melds": [J_CANASTA, T_CANASTA], "red_threes": ["3H", "3D"]}
    if ben_hand:
        ben["hand"] = ben_hand
    return two({"melds": [K_CANASTA, Q_CANASTA], "red_threes": ["3H", "3D"]}, ben)


def test_it_lets_tied_highest_totals_all_win__canasta_winners_highest_ties():
    # 3 rounds: 4020 each, not finished; 4 rounds: 5360 each, both win
    assert score(game2(*[_even_round()] * 3))["finished"] is False
    res = score(game2(*[_even_round()] * 4))
    assert res["totals"] == {"Ana": 5360, "Ben": 5360}
    assert res["finished"] is True
    assert res["winners"] == ["Ana", "Ben"]


def test_it_makes_the_highest_total_win__canasta_winners_highest():
    # round 4: Ben holds 4S: 1335 -> Ben 5355, Ana 5360: Ana wins
    res = score(game2(*[_even_round()] * 3, _even_round(["4S"])))
    assert res["totals"] == {"Ana": 5360, "Ben": 5355}
    assert res["winners"] == ["Ana"]


def test_it_names_the_winning_team__canasta_winners_team():
    r1 = four({"melds": [["JK", "JK", "JK", "JK", "2S", "2S", "2H"]],
               "red_threes": ["3H", "3H", "3D", "3D"]}, {})
    r2 = four({"melds": [A_CANASTA, K_CANASTA], "red_threes": ["3H", "3H", "3D", "3D"],
               "hand": ["JK", "2C"]}, {})
    res = score(game4(r1, r2))
    assert res["totals"] == {"Nord-Sud": 5000, "Est-Ouest": 0}
    assert res["winners"] == ["Nord-Sud"]


def test_it_refuses_a_round_after_the_game_is_over__canasta_rounds_after_finish():
    problem_in_round(game2(*[_even_round()] * 5), 5)
