"""Dutch toulousain (spec 4.9), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]
V = "dutch-toulousain"


def test_it_values_ace_1_jack_11_queen_12_black_king_13_red_king_0__dutch_toulousain_values():
    # Ana: AS 1 + 10S 10 + JS 11 + QS 12 + KS 13 + KH 0 = 47; Ben: KC 13 + KD 0 + 2C 2 = 15
    res = score(record(V, P2, [rnd(
        {"Ana": ["AS", "10S", "JS", "QS", "KS", "KH"], "Ben": ["KC", "KD", "2C"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 47, "Ben": 15}


def test_it_refuses_a_joker__dutch_toulousain_deck_52():
    rec = record(V, P2, [rnd({"Ana": ["JK"], "Ben": ["2C"]})])
    problem_in_round(rec, 1, "JK")


def test_it_scores_everyone_their_value__dutch_toulousain_points_are_values():
    # no dutcher: 3, 12, 0
    res = score(record(V, P3, [rnd({"Ana": ["3S"], "Ben": ["QS"], "Chloé": ["KD"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 3, "Ben": 12, "Chloé": 0}


def test_it_adds_the_penalty_cards_to_the_dutchers_points_only__dutch_toulousain_penalty_cards_in_points():
    # Ana dutches with 9 (9S); Ben 4 is strictly lower -> 1 penalty card; Chloé 12 is not.
    # Penalty 3C: Ana's points 9 + 3 = 12; values show her hand before it (9)
    res = score(record(V, P3, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["QS"]}, announcer="Ana", penalty_cards=["3C"])]))
    r1 = round_of(res, 1)
    assert r1["values"] == {"Ana": 9, "Ben": 4, "Chloé": 12}
    assert r1["points"] == {"Ana": 12, "Ben": 4, "Chloé": 12}


def test_it_requires_one_penalty_card_per_strictly_lower_player__dutch_toulousain_penalty_cards_count():
    # Ana dutches with 9; Ben 4 and Chloé 2 are lower -> exactly 2 cards (3C, KS = 3 + 13)
    # Ana's points 9 + 16 = 25
    res = score(record(V, P3, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["2S"]}, announcer="Ana",
        penalty_cards=["3C", "KS"])]))
    assert round_of(res, 1)["points"] == {"Ana": 25, "Ben": 4, "Chloé": 2}


def test_it_refuses_too_few_penalty_cards__dutch_toulousain_penalty_cards_count():
    rec = record(V, P3, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["2S"]}, announcer="Ana", penalty_cards=["3C"])])
    problem_in_round(rec, 1)


def test_it_refuses_missing_penalty_cards_when_some_are_due__dutch_toulousain_penalty_cards_count():
    rec = record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana")])
    problem_in_round(rec, 1)


def test_it_refuses_too_many_penalty_cards__dutch_toulousain_penalty_cards_count():
    rec = record(V, P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", penalty_cards=["3C", "5C"])])
    problem_in_round(rec, 1)


def test_it_counts_only_strictly_lower_players__dutch_toulousain_penalty_cards_strictly_lower():
    # Ana dutches with 9; Ben also 9: not strictly lower -> no penalty card due
    res = score(record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["9H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 9, "Ben": 9}
    rec = record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["9H"]}, announcer="Ana", penalty_cards=["2C"])])
    problem_in_round(rec, 1)


def test_it_compares_with_the_dutchers_value_before_penalty_cards__dutch_toulousain_penalty_cards_before():
    # Ana dutches with 9; Ben 4 is lower (1 card: QC 12 -> Ana 21);
    # Chloé 10 is not lower than 9, even though 10 < 21 after the penalty: still 1 card
    res = score(record(V, P3, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["10S"]}, announcer="Ana", penalty_cards=["QC"])]))
    assert round_of(res, 1)["points"] == {"Ana": 21, "Ben": 4, "Chloé": 10}


def test_it_accepts_an_omitted_field_when_no_penalty_is_due__dutch_toulousain_penalty_cards_omitted():
    # Ana dutches with 2, lowest: no penalty cards, field left out
    res = score(record(V, P2, [rnd({"Ana": ["2S"], "Ben": ["4S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 4}


def test_it_refuses_penalty_cards_without_a_dutcher__dutch_toulousain_no_announcer_no_penalty():
    rec = record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["4S"]}, penalty_cards=["2C"])])
    problem_in_round(rec, 1)


def test_it_values_penalty_cards_like_any_card__dutch_toulousain_penalty_card_values():
    # Ana dutches with 9; Ben 4 lower -> 1 card. KH (red king) adds 0; KS adds 13
    res_red = score(record(V, P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", penalty_cards=["KH"])]))
    assert round_of(res_red, 1)["points"] == {"Ana": 9, "Ben": 4}
    res_black = score(record(V, P2, [rnd(
        {"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", penalty_cards=["KS"])]))
    assert round_of(res_black, 1)["points"] == {"Ana": 22, "Ben": 4}


def test_it_counts_penalty_cards_in_the_deck_check__dutch_toulousain_penalty_cards_deck_check():
    # 4S is in Ben's hand and among the penalty cards
    rec = record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", penalty_cards=["4S"])])
    problem_in_round(rec, 1, "4S")


def test_it_names_a_bad_penalty_card__dutch_toulousain_penalty_card_text():
    rec = record(V, P2, [rnd({"Ana": ["9S"], "Ben": ["4S"]}, announcer="Ana", penalty_cards=["XQ"])])
    problem_in_round(rec, 1, "XQ")


def test_it_allows_penalty_cards_for_a_dutcher_who_counted_a_number__dutch_toulousain_number_hand():
    # Ana dutches with a counted 9; Ben 4 is lower -> 1 card, 5C: Ana 14
    res = score(record(V, P2, [rnd({"Ana": 9, "Ben": ["4S"]}, announcer="Ana", penalty_cards=["5C"])]))
    assert round_of(res, 1)["points"] == {"Ana": 14, "Ben": 4}


def test_it_makes_the_lowest_points_win_the_round__dutch_toulousain_round_winner_lowest():
    res = score(record(V, P3, [rnd({"Ana": ["7S"], "Ben": ["2S"], "Chloé": ["QS"]})]))
    assert round_of(res, 1)["winner"] == "Ben"


def test_it_gives_a_tie_to_the_dutcher__dutch_toulousain_round_winner_dutcher_tied():
    # Ben dutches with 3; Ana also 3 (not lower: no penalty); Chloé 8.
    # Ana and Ben tie at 3: the dutcher Ben wins, though Ana sits first
    res = score(record(V, P3, [rnd(
        {"Ana": ["3S"], "Ben": ["3H"], "Chloé": ["8S"]}, announcer="Ben")]))
    assert round_of(res, 1)["winner"] == "Ben"


def test_it_gives_a_tie_to_the_first_player_after_the_dutcher__dutch_toulousain_round_winner_after_dutcher():
    # Chloé dutches with 9; Ana 2 and Ben 2 lower -> 2 penalty cards (3C 4C): Chloé 16.
    # Ana and Ben tie at 2: after Chloé comes Ana (wrapping round the table) -> Ana
    res = score(record(V, P3, [rnd(
        {"Ana": ["2S"], "Ben": ["2H"], "Chloé": ["9S"]}, announcer="Chloé",
        penalty_cards=["3C", "4C"])]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 2, "Chloé": 16}
    assert round_of(res, 1)["winner"] == "Ana"


def test_it_wraps_round_the_table_from_the_dutcher__dutch_toulousain_round_winner_wrapping():
    # Ben dutches with 5 (5S); Ana 2 and Dan 2 are lower -> 2 penalty cards (3C 4C):
    # Ben 5 + 3 + 4 = 12; Chloé 9. Tie Ana / Dan at 2: after Ben come Chloé, Dan, Ana
    # -> Dan wins, although Ana sits first
    res = score(record(V, P4, [rnd(
        {"Ana": ["2H"], "Ben": ["5S"], "Chloé": ["9C"], "Dan": ["2D"]}, announcer="Ben",
        penalty_cards=["3C", "4C"])]))
    assert round_of(res, 1)["points"] == {"Ana": 2, "Ben": 12, "Chloé": 9, "Dan": 2}
    assert round_of(res, 1)["winner"] == "Dan"


def test_it_gives_a_tie_to_the_first_in_seat_order_without_dutcher__dutch_toulousain_round_winner_no_dutcher():
    # no dutcher: Ana 9, Ben 4, Chloé 4 -> Ben (first of the tied in seat order)
    res = score(record(V, P3, [rnd({"Ana": ["9S"], "Ben": ["4S"], "Chloé": ["4D"]})]))
    assert round_of(res, 1)["winner"] == "Ben"


def test_it_finishes_when_a_total_is_above_100__dutch_toulousain_finish_above_100():
    # round 1: Ana 60, Ben 40, Chloé 10; round 2: Ana +41 = 101 > 100
    rounds = [rnd({"Ana": 60, "Ben": 40, "Chloé": 10}), rnd({"Ana": 41, "Ben": 5, "Chloé": 20})]
    res = score(record(V, P3, rounds))
    assert res["totals"] == {"Ana": 101, "Ben": 45, "Chloé": 30}
    assert res["finished"] is True
    assert res["winners"] == ["Chloé"]
    assert res["losers"] == ["Ana"]


def test_it_is_not_finished_at_exactly_100__dutch_toulousain_finish_above_100():
    res = score(record(V, P2, [rnd({"Ana": 60, "Ben": 40}), rnd({"Ana": 40, "Ben": 5})]))
    assert res["totals"] == {"Ana": 100, "Ben": 45}
    assert res["finished"] is False
    assert res["winners"] == [] and res["losers"] == []


def test_it_lets_tied_lowest_totals_all_win_and_lists_all_losers__dutch_toulousain_winners_losers():
    res = score(record(V, P4, [rnd({"Ana": 120, "Ben": 30, "Chloé": 101, "Dan": 30})]))
    assert res["winners"] == ["Ben", "Dan"]
    assert res["losers"] == ["Ana", "Chloé"]


def test_it_refuses_a_round_after_the_game_is_over__dutch_toulousain_rounds_after_finish():
    rec = record(V, P2, [rnd({"Ana": 120, "Ben": 30}), rnd({"Ana": 1, "Ben": 1})])
    problem_in_round(rec, 2)


def test_it_refuses_the_penalty_card_typo__dutch_toulousain_unknown_field():
    # Ana dutches with 2 (lowest): nothing is due, so the typo is the only fault
    rec = record(V, P2, [rnd({"Ana": ["2S"], "Ben": ["4S"]}, announcer="Ana", penalty_card=[])])
    problem_in_round(rec, 1, "penalty_card")
