"""Fontenaysien (spec 4.7), one test per rule."""
from rules_support import problem_in_round, record, rnd, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]

V = "fontenaysien"


def test_it_values_cards_as_in_tamalou__fontenaysien_values():
    # Ana: KS 15 + KH 0 + JK 0 + QD 10 = 25; Ben: AS 1 + 9S 9 = 10; Chloé: KD 0
    res = score(record(V, P3, [rnd(
        {"Ana": ["KS", "KH", "JK", "QD"], "Ben": ["AS", "9S"], "Chloé": ["KD"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 25, "Ben": 10, "Chloé": 0}


def test_it_scores_minus_5_for_value_0__fontenaysien_scale_0():
    # Ana KH = 0 (cards left, not went out) -> -5; Ben [] = 0 without going out -> -5
    res = score(record(V, P3, [rnd({"Ana": ["KH"], "Ben": [], "Chloé": ["9C"]})]))
    assert round_of(res, 1)["points"] == {"Ana": -5, "Ben": -5, "Chloé": 10}


def test_it_scores_5_for_values_1_to_5__fontenaysien_scale_1_to_5():
    # AS 1 -> 5; 5S 5 -> 5; 6S 6 -> 10 (next step)
    res = score(record(V, P3, [rnd({"Ana": ["AS"], "Ben": ["5S"], "Chloé": ["6S"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 5, "Ben": 5, "Chloé": 10}


def test_it_scores_10_for_values_6_to_10__fontenaysien_scale_6_to_10():
    # 6D 6 -> 10; 10D 10 -> 10; JD + AD = 11 -> 15 (next step)
    res = score(record(V, P3, [rnd({"Ana": ["6D"], "Ben": ["10D"], "Chloé": ["JD", "AD"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 10, "Ben": 10, "Chloé": 15}


def test_it_scores_15_for_values_11_to_15__fontenaysien_scale_11_to_15():
    # QC + AC = 11 -> 15; KC 15 -> 15; KS + AH = 16 -> 30 (next step)
    res = score(record(V, P3, [rnd({"Ana": ["QC", "AC"], "Ben": ["KC"], "Chloé": ["KS", "AH"]})]))
    assert round_of(res, 1)["points"] == {"Ana": 15, "Ben": 15, "Chloé": 30}


def test_it_scores_30_for_values_16_or_more__fontenaysien_scale_16_or_more():
    # Ana 16 (KS 15 + AH 1) -> 30; Ben counted 70 -> 30
    res = score(record(V, P2, [rnd({"Ana": ["KS", "AH"], "Ben": 70})]))
    assert round_of(res, 1)["points"] == {"Ana": 30, "Ben": 30}


def test_it_scores_minus_10_for_the_player_who_went_out__fontenaysien_went_out():
    # Ana discarded every card: -10 instead of the scale's -5; Ben 4 -> 5; Chloé 12 -> 15
    res = score(record(V, P3, [rnd(
        {"Ana": [], "Ben": ["4D"], "Chloé": ["QD", "2D"]}, went_out="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": -10, "Ben": 5, "Chloé": 15}
    assert round_of(res, 1)["values"]["Ana"] == 0


def test_it_accepts_0_as_the_empty_hand_of_the_player_who_went_out__fontenaysien_went_out():
    res = score(record(V, P2, [rnd({"Ana": 0, "Ben": ["4D"]}, went_out="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": -10, "Ben": 5}


def test_it_refuses_a_player_who_went_out_with_cards_left__fontenaysien_went_out_empty_hand():
    rec = record(V, P2, [rnd({"Ana": ["5H"], "Ben": ["4D"]}, went_out="Ana")])
    problem_in_round(rec, 1, "Ana")


def test_it_refuses_a_player_who_went_out_with_a_number_above_0__fontenaysien_went_out_empty_hand():
    rec = record(V, P2, [rnd({"Ana": 3, "Ben": ["4D"]}, went_out="Ana")])
    problem_in_round(rec, 1, "Ana")


def test_it_refuses_went_out_for_someone_not_playing__fontenaysien_went_out_unknown():
    rec = record(V, P2, [rnd({"Ana": [], "Ben": ["4D"]}, went_out="Zoé")])
    problem_in_round(rec, 1, "Zoé")


def test_it_accepts_went_out_null__fontenaysien_went_out_null():
    res = score(record(V, P2, [rnd({"Ana": [], "Ben": ["4D"]}, went_out=None)]))
    assert round_of(res, 1)["points"] == {"Ana": -5, "Ben": 5}


def test_it_ignores_the_announcer__fontenaysien_announcer_plays_no_part():
    # Ana called with 20 (-> 30 on the scale), Ben 2 -> 5: no zeroing, no penalty
    res = score(record(V, P2, [rnd({"Ana": ["QH", "QS"], "Ben": ["2H"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 30, "Ben": 5}


def _thirty():
    return ["KS", "AH"]  # 16 -> 30 on the scale


def test_it_finishes_when_a_player_reaches_100__fontenaysien_losing_limit_100():
    # Ana: 30 + 30 + 30 = 90, then 6 -> 10: total 100, at the losing limit
    # Ben: 5 each round (2C) = 20; Chloé: 10 each round (7C) = 40
    rounds = [rnd({"Ana": _thirty(), "Ben": ["2C"], "Chloé": ["7C"]})] * 3
    rounds.append(rnd({"Ana": ["6H"], "Ben": ["2C"], "Chloé": ["7C"]}))
    assert score(record(V, P3, rounds[:3]))["finished"] is False
    res = score(record(V, P3, rounds))
    assert res["totals"] == {"Ana": 100, "Ben": 20, "Chloé": 40}
    assert res["finished"] is True
    assert res["losers"] == ["Ana"]
    # nobody reached -50: the winners are the lowest totals
    assert res["winners"] == ["Ben"]


def test_it_is_not_finished_at_95__fontenaysien_losing_limit_100():
    # Ana 30 + 30 + 30 + 5 = 95
    rounds = [rnd({"Ana": _thirty(), "Ben": ["2C"]})] * 3 + [rnd({"Ana": ["3H"], "Ben": ["2C"]})]
    res = score(record(V, P2, rounds))
    assert res["totals"] == {"Ana": 95, "Ben": 20}
    assert res["finished"] is False


def test_it_lets_tied_lowest_totals_all_win__fontenaysien_winners_lowest_totals():
    # Ana 30 x 3 + 10 = 100 (loses); Ben (2C) and Chloé (3C) 5 each round = 20 each:
    # tied lowest totals, both win
    rounds = [rnd({"Ana": _thirty(), "Ben": ["2C"], "Chloé": ["3C"]})] * 3
    rounds.append(rnd({"Ana": ["6H"], "Ben": ["2C"], "Chloé": ["3C"]}))
    res = score(record(V, P3, rounds))
    assert res["winners"] == ["Ben", "Chloé"]
    assert res["losers"] == ["Ana"]


def test_it_makes_a_player_at_minus_50_a_grand_winner__fontenaysien_grand_winner_limit_minus_50():
    # Ana goes out 5 rounds in a row: -10 x 5 = -50; Ben 0 each round (KH) -> -5 x 5 = -25;
    # Chloé 7 -> 10 x 5 = 50. After 4 rounds (-40) not finished; after 5 finished.
    r = rnd({"Ana": [], "Ben": ["KH"], "Chloé": ["7C"]}, went_out="Ana")
    assert score(record(V, P3, [r] * 4))["finished"] is False
    res = score(record(V, P3, [r] * 5))
    assert res["totals"] == {"Ana": -50, "Ben": -25, "Chloé": 50}
    assert res["finished"] is True
    # only the players at or below the limit win (not Ben, although second lowest)
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_applies_both_limits_in_the_same_round__fontenaysien_both_limits():
    # Ana out 5 rounds: -50. Ben: 30, 30, 30, 5, 5 = 100.
    rounds = [rnd({"Ana": [], "Ben": _thirty()}, went_out="Ana")] * 3
    rounds += [rnd({"Ana": [], "Ben": ["4S"]}, went_out="Ana")] * 2
    res = score(record(V, P2, rounds))
    assert res["totals"] == {"Ana": -50, "Ben": 100}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == ["Ben"]


def test_it_lets_a_player_be_both_when_everybody_reached_the_losing_limit__fontenaysien_both_winner_and_loser():
    # Ana: 30 x 4 = 120. Ben: 30, 30, 15 (KC), 30 = 105. Both at or above 100 ->
    # both lose; nobody reached -50 -> the lowest total (Ben, 105) also wins
    rounds = [rnd({"Ana": _thirty(), "Ben": ["QS", "QC"]})] * 2
    rounds.append(rnd({"Ana": _thirty(), "Ben": ["KC"]}))
    rounds.append(rnd({"Ana": _thirty(), "Ben": ["QS", "QC"]}))
    res = score(record(V, P2, rounds))
    assert res["totals"] == {"Ana": 120, "Ben": 105}
    assert res["finished"] is True
    assert res["losers"] == ["Ana", "Ben"]
    assert res["winners"] == ["Ben"]


def test_it_uses_50_as_the_losing_limit_in_a_half_game__fontenaysien_half_game_losing_limit():
    # Ana 30 + 15 = 45: not finished; 30 + 30 = 60 >= 50: finished, Ana loses
    r30 = rnd({"Ana": _thirty(), "Ben": ["2C"]})
    r15 = rnd({"Ana": ["KC"], "Ben": ["2C"]})
    assert score(record(V, P2, [r30, r15], options={"half_game": True}))["finished"] is False
    res = score(record(V, P2, [r30, r30], options={"half_game": True}))
    assert res["finished"] is True
    assert res["losers"] == ["Ana"]
    assert res["winners"] == ["Ben"]


def test_it_finishes_a_half_game_at_exactly_50__fontenaysien_half_game_losing_limit():
    # Ana 30 + 10 + 10 = 50
    rounds = [rnd({"Ana": _thirty(), "Ben": ["2C"]})] + [rnd({"Ana": ["9H"], "Ben": ["2C"]})] * 2
    res = score(record(V, P2, rounds, options={"half_game": True}))
    assert res["totals"] == {"Ana": 50, "Ben": 15}
    assert res["finished"] is True
    assert res["losers"] == ["Ana"]


def test_it_uses_minus_25_as_the_grand_winner_limit_in_a_half_game__fontenaysien_half_game_grand_winner():
    # Ana: -10 (out), -10 (out), -5 (KH, value 0) = -25, at the half-game limit
    rounds = [rnd({"Ana": [], "Ben": ["2C"]}, went_out="Ana")] * 2
    rounds.append(rnd({"Ana": ["KH"], "Ben": ["2C"]}))
    res = score(record(V, P2, rounds, options={"half_game": True}))
    assert res["totals"] == {"Ana": -25, "Ben": 15}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []
    # the same rounds in a full game (limit -50) are not over
    assert score(record(V, P2, rounds, options={"half_game": False}))["finished"] is False
    assert score(record(V, P2, rounds))["finished"] is False


def test_it_refuses_a_round_after_the_game_is_over__fontenaysien_rounds_after_finish():
    rounds = [rnd({"Ana": _thirty(), "Ben": ["2C"]})] * 3
    problem_in_round(record(V, P2, rounds, options={"half_game": True}), 3)
