"""Cactus Game, Blue Orange (spec 4.11), one test per rule.

Rounds are turns: {"player": ..., "plays": [...]}.
"""
import pytest
from rules_support import problem_in_round, record, round_of, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]
V = "cactus-game"


def turn(player, *plays):
    return {"player": player, "plays": list(plays)}


def play(card, **fields):
    p = {"card": card}
    p.update(fields)
    return p


def a_set(*characters):
    return play("set", characters=list(characters))


DRAW = play("draw")


def game(players, *turns):
    return record(V, players, turns)


def last_points(res):
    return res["rounds"][-1]["points"]


# ------------------------------------------------------------------ sets


def test_it_gives_1_for_three_charlies__cactus_game_set_charlie():
    res = score(game(P2, turn("Ana", a_set("charlie", "charlie", "charlie"))))
    assert round_of(res, 1)["points"] == {"Ana": 1, "Ben": 0}
    assert res["totals"] == {"Ana": 1, "Ben": 0}
    assert set(round_of(res, 1)) == {"points", "totals"}


def test_it_gives_2_for_three_spikes__cactus_game_set_spike():
    res = score(game(P2, turn("Ana", a_set("spike", "spike", "spike"))))
    assert res["totals"] == {"Ana": 2, "Ben": 0}


def test_it_gives_3_for_three_walters__cactus_game_set_walter():
    res = score(game(P2, turn("Ana", a_set("walter", "walter", "walter"))))
    assert res["totals"] == {"Ana": 3, "Ben": 0}


def test_it_lets_jokers_complete_a_set__cactus_game_set_jokers_complete():
    # charlie + 2 jokers = a charlie set (1); spike spike joker = 2; walter + 2 jokers = 3
    res = score(game(P2,
                     turn("Ana", a_set("charlie", "joker", "joker")),
                     turn("Ben", a_set("spike", "spike", "joker")),
                     turn("Ana", a_set("joker", "walter", "joker"))))
    assert [r["points"] for r in res["rounds"]] == [
        {"Ana": 1, "Ben": 0}, {"Ana": 0, "Ben": 2}, {"Ana": 3, "Ben": 0}]
    assert res["totals"] == {"Ana": 4, "Ben": 2}


def test_it_gives_3_for_three_jokers__cactus_game_set_three_jokers():
    res = score(game(P2, turn("Ana", a_set("joker", "joker", "joker"))))
    assert res["totals"] == {"Ana": 3, "Ben": 0}


def test_it_refuses_two_characters_in_one_set__cactus_game_set_one_character():
    problem_in_round(game(P2, turn("Ana", a_set("charlie", "spike", "joker"))), 1)


def test_it_refuses_three_different_characters__cactus_game_set_one_character():
    problem_in_round(game(P2, turn("Ana", a_set("charlie", "spike", "walter"))), 1)


def test_it_refuses_a_set_of_two_cards__cactus_game_set_three_cards():
    problem_in_round(game(P2, turn("Ana", a_set("walter", "walter"))), 1)


def test_it_refuses_a_set_of_four_cards__cactus_game_set_three_cards():
    problem_in_round(game(P2, turn("Ana", a_set("charlie", "charlie", "charlie", "charlie"))), 1)


def test_it_refuses_an_unknown_character__cactus_game_set_characters():
    problem_in_round(game(P2, turn("Ana", a_set("bob", "bob", "bob"))), 1)


@pytest.mark.parametrize("odd", [[], {}, 3, None, True])
def test_it_refuses_a_character_that_is_not_text__cactus_game_set_characters(odd):
    problem_in_round(game(P2, turn("Ana", a_set(odd, "walter", "walter"))), 1)


def test_it_refuses_a_stopped_set__cactus_game_set_cannot_be_stopped():
    bad = play("set", characters=["walter"] * 3, stopped_by=["Ben"])
    problem_in_round(game(P2, turn("Ana", bad)), 1)


# ----------------------------------------------------------------- actions


def test_it_gives_1_for_a_free_point__cactus_game_free_point():
    res = score(game(P2, turn("Ana", play("free_point"))))
    assert res["totals"] == {"Ana": 1, "Ben": 0}


def test_it_moves_a_point_from_the_target_to_the_player__cactus_game_steal_point():
    # Ana: charlie set 1. Ben steals it: Ben +1, Ana -1 (the target's loss is in points)
    res = score(game(P2,
                     turn("Ana", a_set("charlie", "charlie", "charlie")),
                     turn("Ben", play("steal_point", target="Ana"))))
    assert round_of(res, 2)["points"] == {"Ana": -1, "Ben": 1}
    assert res["totals"] == {"Ana": 0, "Ben": 1}


def test_it_refuses_to_steal_from_a_target_without_points__cactus_game_steal_point_target_has_one():
    problem_in_round(game(P2, turn("Ana", play("steal_point", target="Ben"))), 1)


def test_it_checks_the_target_when_the_steal_takes_effect__cactus_game_steal_point_target_has_one():
    # Ana 1 (charlie set); Ben steals it (Ana 0); Chloé steals from Ana: she has none left
    rec = game(P3,
               turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", play("steal_point", target="Ana")),
               turn("Chloé", play("steal_point", target="Ana")))
    problem_in_round(rec, 3)


def test_it_accepts_a_stopped_steal_from_a_target_without_points__cactus_game_steal_point_stopped():
    # stopped once: the steal never takes effect, so Ben need not have a point;
    # the turn goes on (a stopped steal does not end it) and Ana draws
    res = score(game(P2, turn("Ana", play("steal_point", target="Ben", stopped_by=["Ben"]), DRAW)))
    assert res["totals"] == {"Ana": 0, "Ben": 0}


def test_it_refuses_stealing_from_oneself__cactus_game_steal_point_not_self():
    rec = game(P2,
               turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", DRAW),
               turn("Ana", play("steal_point", target="Ana")))
    problem_in_round(rec, 3)


def test_it_refuses_a_steal_without_target__cactus_game_steal_point_target_required():
    rec = game(P2, turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", play("steal_point")))
    problem_in_round(rec, 2)


def test_it_refuses_a_target_who_is_not_a_player__cactus_game_steal_point_target_player():
    rec = game(P2, turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", play("steal_point", target="Zoé")))
    problem_in_round(rec, 2, "Zoé")


def test_it_scores_nothing_for_draws__cactus_game_draw_three_and_draw():
    res = score(game(P2, turn("Ana", play("draw_three")), turn("Ben", DRAW)))
    assert [r["points"] for r in res["rounds"]] == [{"Ana": 0, "Ben": 0}] * 2


def test_it_scores_nothing_for_other_actions_and_goes_on__cactus_game_actions_without_points():
    # swap_hands, look_and_steal, ask_card, steal_card change no points and do not end the
    # turn: Ana then takes a free point in the same turn
    res = score(game(P2, turn("Ana", play("swap_hands"), play("look_and_steal"),
                              play("ask_card"), play("steal_card"), play("free_point"))))
    assert res["totals"] == {"Ana": 1, "Ben": 0}


def test_it_refuses_an_unknown_card__cactus_game_card_kinds():
    p = problem_in_round(game(P2, turn("Ana", play("teleport"))), 1)
    assert "teleport" in p.message


# ------------------------------------------------------------------- stops


def test_it_cancels_an_action_stopped_once__cactus_game_stop_chain_odd():
    # one Stop: the free point does not take effect, and (not ending the turn) Ana draws
    res = score(game(P2, turn("Ana", play("free_point", stopped_by=["Ben"]), DRAW)))
    assert res["totals"] == {"Ana": 0, "Ben": 0}


def test_it_applies_an_action_whose_stop_was_stopped__cactus_game_stop_chain_even():
    # Ben stops, Ana stops the stop: chain of 2, even -> +1
    res = score(game(P2, turn("Ana", play("free_point", stopped_by=["Ben", "Ana"]))))
    assert res["totals"] == {"Ana": 1, "Ben": 0}


def test_it_cancels_an_action_with_a_chain_of_three__cactus_game_stop_chain_odd():
    res = score(game(P3, turn("Ana", play("free_point", stopped_by=["Ben", "Ana", "Chloé"]), DRAW)))
    assert res["totals"] == {"Ana": 0, "Ben": 0, "Chloé": 0}


def test_it_applies_an_action_with_a_chain_of_four__cactus_game_stop_chain_even():
    res = score(game(P3, turn("Ana", play("free_point", stopped_by=["Ben", "Ana", "Chloé", "Ben"]))))
    assert res["totals"] == {"Ana": 1, "Ben": 0, "Chloé": 0}


def test_it_lets_a_player_stop_their_own_action__cactus_game_stop_by_acting_player():
    res = score(game(P2, turn("Ana", play("free_point", stopped_by=["Ana"]), DRAW)))
    assert res["totals"] == {"Ana": 0, "Ben": 0}


def test_it_lets_the_turn_go_on_after_a_stopped_free_point__cactus_game_stopped_free_point_does_not_end_turn():
    # stopped free point, then a free point that takes effect: +1 in the same turn
    res = score(game(P2, turn("Ana", play("free_point", stopped_by=["Ben"]), play("free_point"))))
    assert res["totals"] == {"Ana": 1, "Ben": 0}


def test_it_lets_the_turn_go_on_after_a_stopped_draw_three__cactus_game_stopped_draw_three_does_not_end_turn():
    res = score(game(P2, turn("Ana", play("draw_three", stopped_by=["Ben"]), play("free_point"))))
    assert res["totals"] == {"Ana": 1, "Ben": 0}


def test_it_lets_the_turn_go_on_after_a_stopped_steal__cactus_game_stopped_steal_does_not_end_turn():
    rec = game(P2,
               turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", play("steal_point", target="Ana", stopped_by=["Ana"]), play("free_point")))
    assert score(rec)["totals"] == {"Ana": 1, "Ben": 1}


def test_it_refuses_a_stop_on_a_draw__cactus_game_no_stop_on_draw():
    problem_in_round(game(P2, turn("Ana", play("draw", stopped_by=["Ben"]))), 1)


def test_it_refuses_a_stop_by_someone_not_playing__cactus_game_stop_by_player():
    rec = game(P2, turn("Ana", play("free_point", stopped_by=["Zoé"]), DRAW))
    problem_in_round(rec, 1, "Zoé")


def test_it_allows_stops_on_actions_without_points__cactus_game_stop_on_other_actions():
    res = score(game(P2, turn("Ana", play("swap_hands", stopped_by=["Ben"]),
                              play("ask_card", stopped_by=["Ben", "Ana"]), DRAW)))
    assert res["totals"] == {"Ana": 0, "Ben": 0}


# -------------------------------------------------------------- turn ends


def test_it_refuses_a_play_after_a_free_point__cactus_game_play_after_turn_end():
    problem_in_round(game(P2, turn("Ana", play("free_point"), play("ask_card"))), 1)


def test_it_refuses_a_play_after_a_set__cactus_game_play_after_turn_end():
    problem_in_round(game(P2, turn("Ana", a_set("charlie", "charlie", "charlie"), DRAW)), 1)


def test_it_refuses_a_play_after_a_draw__cactus_game_play_after_turn_end():
    problem_in_round(game(P2, turn("Ben", DRAW), turn("Ana", DRAW, play("free_point"))), 2)


def test_it_refuses_a_play_after_a_draw_three__cactus_game_play_after_turn_end():
    problem_in_round(game(P2, turn("Ana", play("draw_three"), play("steal_card"))), 1)


def test_it_refuses_a_play_after_a_steal__cactus_game_play_after_turn_end():
    rec = game(P2, turn("Ana", a_set("charlie", "charlie", "charlie")),
               turn("Ben", play("steal_point", target="Ana"), play("ask_card")))
    problem_in_round(rec, 2)


def test_it_accepts_a_last_turn_under_way__cactus_game_last_turn_under_way():
    res = score(game(P2, turn("Ana", DRAW), turn("Ben", play("ask_card"))))
    assert round_of(res, 2)["points"] == {"Ana": 0, "Ben": 0}
    assert res["finished"] is False


# -------------------------------------------------------------- turn order


def test_it_accepts_any_first_player_then_seat_order__cactus_game_turn_order():
    # Chloé starts; then Ana (wrapping), then Ben
    res = score(game(P3, turn("Chloé", DRAW), turn("Ana", DRAW), turn("Ben", play("free_point"))))
    assert res["totals"] == {"Ana": 0, "Ben": 1, "Chloé": 0}


def test_it_refuses_a_turn_out_of_seat_order__cactus_game_turn_order():
    # after Ana comes Ben, not Chloé
    rec = game(P3, turn("Ana", DRAW), turn("Chloé", DRAW))
    problem_in_round(rec, 2)


def test_it_refuses_two_turns_in_a_row__cactus_game_turn_order():
    problem_in_round(game(P3, turn("Ana", DRAW), turn("Ana", DRAW)), 2)


def test_it_refuses_a_turn_by_someone_not_playing__cactus_game_turn_player():
    problem_in_round(game(P2, turn("Zoé", DRAW)), 1, "Zoé")


# ------------------------------------------------------------- target, end


def _walter():
    return a_set("walter", "walter", "walter")


def _race(players, ana_plays):
    """Ana plays each of ana_plays in her turns; everyone else just draws."""
    turns = []
    for p in ana_plays:
        turns.append(turn("Ana", p))
        turns.extend(turn(other, DRAW) for other in players[1:])
    return turns


def test_it_needs_7_points_with_2_players__cactus_game_target_7_for_2_or_3():
    # 3 + 3 = 6 not finished; + 1 = 7 finished, Ana wins
    turns = _race(P2, [_walter(), _walter()])
    assert score(game(P2, *turns))["finished"] is False
    res = score(game(P2, *turns, turn("Ana", play("free_point"))))
    assert res["totals"] == {"Ana": 7, "Ben": 0}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]
    assert res["losers"] == []


def test_it_needs_7_points_with_3_players__cactus_game_target_7_for_2_or_3():
    # 3 + 2 = 5: not yet (the target for 3 players is 7); + 3 = 8 >= 7: finished
    turns = _race(P3, [_walter(), a_set("spike", "spike", "spike")])
    assert score(game(P3, *turns))["finished"] is False
    res = score(game(P3, *turns, turn("Ana", _walter())))
    assert res["totals"]["Ana"] == 8
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]


def test_it_needs_5_points_with_4_players__cactus_game_target_5_for_4_or_5():
    p4 = ["Ana", "Ben", "Chloé", "Dan"]
    # 3 + 1 = 4 not finished; 3 + 2 = 5 finished
    assert score(game(p4, *_race(p4, [_walter()]), turn("Ana", play("free_point"))))["finished"] is False
    res = score(game(p4, *_race(p4, [_walter()]), turn("Ana", a_set("spike", "spike", "spike"))))
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]


def test_it_needs_5_points_with_5_players__cactus_game_target_5_for_4_or_5():
    p5 = ["Ana", "Ben", "Chloé", "Dan", "Élise"]
    assert score(game(p5, *_race(p5, [_walter()]), turn("Ana", play("free_point"))))["finished"] is False
    res = score(game(p5, *_race(p5, [_walter()]), turn("Ana", a_set("spike", "spike", "spike"))))
    assert res["finished"] is True


def test_it_needs_4_points_with_6_players__cactus_game_target_4_for_6():
    p6 = ["Ana", "Ben", "Chloé", "Dan", "Élise", "Farid"]
    assert score(game(p6, turn("Ana", _walter())))["finished"] is False
    res = score(game(p6, *_race(p6, [_walter()]), turn("Ana", play("free_point"))))
    assert res["totals"]["Ana"] == 4
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]


def test_it_makes_a_thief_reaching_the_target_the_winner__cactus_game_winner_by_steal():
    # 6 players, target 4: Ben 3 (walter); Ana 3 (walter) ... Ben steals from Ana: 4 -> wins
    p6 = ["Ana", "Ben", "Chloé", "Dan", "Élise", "Farid"]
    turns = [turn("Ana", _walter()), turn("Ben", _walter())]
    turns += [turn(p, DRAW) for p in p6[2:]]
    turns += [turn("Ana", DRAW), turn("Ben", play("steal_point", target="Ana"))]
    res = score(game(p6, *turns))
    assert res["totals"] == {"Ana": 2, "Ben": 4, "Chloé": 0, "Dan": 0, "Élise": 0, "Farid": 0}
    assert res["finished"] is True
    assert res["winners"] == ["Ben"]


def test_it_refuses_a_turn_after_the_game_is_over__cactus_game_rounds_after_finish():
    p6 = ["Ana", "Ben", "Chloé", "Dan", "Élise", "Farid"]
    turns = _race(p6, [_walter()]) + [turn("Ana", play("free_point")), turn("Ben", DRAW)]
    problem_in_round(game(p6, *turns), len(turns))


def test_it_accepts_gains_while_point_cards_remain__cactus_game_thirty_point_cards():
    # 5 players (target 5): each takes a walter set (3) then a free point (4): 20 Points out;
    # Ana's last walter set makes 23 <= 30 Point cards, and wins. (A 31st card can never be
    # needed before somebody reaches the target, so the limit only has to let this pass.)
    p5 = ["Ana", "Ben", "Chloé", "Dan", "Élise"]
    turns = [turn(p, _walter()) for p in p5] + [turn(p, play("free_point")) for p in p5]
    turns.append(turn("Ana", _walter()))
    res = score(game(p5, *turns))
    assert res["totals"] == {"Ana": 7, "Ben": 4, "Chloé": 4, "Dan": 4, "Élise": 4}
    assert res["finished"] is True
    assert res["winners"] == ["Ana"]


def test_it_keeps_running_totals_per_turn__cactus_game_totals():
    res = score(game(P2,
                     turn("Ana", a_set("spike", "spike", "spike")),
                     turn("Ben", play("free_point")),
                     turn("Ana", play("steal_point", target="Ben"))))
    assert [r["totals"] for r in res["rounds"]] == [
        {"Ana": 2, "Ben": 0}, {"Ana": 2, "Ben": 1}, {"Ana": 3, "Ben": 0}]
