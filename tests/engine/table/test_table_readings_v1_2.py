"""The twelve readings added in table-rules.md v1.2 ("Readings added in v1.2"), one group of
tests per reading, each named after it; and the failures issue 20 found against the letter."""

from __future__ import annotations

import pytest

from engine.table import canasta as cr
from engine.table.machine import Event, apply

from .table_support import Table

# -- Dutch, the own-turn snap ---------------------------------------------------------------


def test_dutch_own_turn_snap_the_next_player_snaps_on_the_discard_that_begins_their_turn():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)  # Ben's turn begins
    assert t.claim("Ben", "7S", tap=10.1, at=10.2)[-1] == {"rule": "snap.accepted", "player": "Ben", "card": "7S"}
    assert t.state.snapped == {"Ben": 1} and t.state.pile_top == "7S"


def test_dutch_own_turn_snap_nobody_else_may_snap_not_even_the_player_who_discarded():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    for player in ("Ana", "Chloé"):
        refused = t.claim(player, "7C", tap=10.1, at=10.2)[-1]
        assert refused == {"rule": "snap.only_on_own_turn", "player": player, "turn": "Ben"}


def test_dutch_own_turn_snap_one_card_per_turn():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    assert t.claim("Ben", "7C", tap=10.3, at=10.4)[-1]["rule"] == "snap.one_card_per_discard"


def test_dutch_own_turn_snap_a_wrong_card_costs_the_tamalou_penalty_and_ends_the_snap_for_the_turn():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Ben", "9S", tap=10.1, at=10.2)[-1]["rule"] == "snap.wrong.penalty_card"
    assert t.state.penalty_cards == {"Ben": 1} and t.state.snapped == {}  # the card goes back
    assert t.claim("Ben", "7S", tap=10.3, at=10.4)[-1]["rule"] == "snap.no_second_try"


def test_dutch_own_turn_snap_and_the_call_are_both_allowed_at_the_start_of_the_turn():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    assert t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=10.5)[0]["rule"] == "call.made"


def test_dutch_own_turn_snap_until_their_own_discard_a_tap_before_it_counts_on_the_covered_card():
    t = Table("dutch", snap_limit=0)
    t.discard("Ana", "7H", at=10.0)
    t.discard("Ben", "5C", at=11.0)  # Ben's discard ends his turn and begins Chloé's
    late = t.claim("Ben", "7S", tap=10.9, at=11.05)[-1]  # tapped before his own discard
    assert late["rule"] == "snap.accepted"
    assert t.claim("Chloé", "5S", tap=11.1, at=11.2)[-1]["rule"] == "snap.accepted"


def test_dutch_own_turn_snap_an_older_log_replays_a_snap_on_ones_own_discard_as_it_was_played():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    old = Event("snap.claim", {"player": "Ana", "card": "7S", "tap": 10.1}, t.by("Ana"), 99, logged=True)
    state, rulings = apply(t.state, old, 10.2)
    assert rulings[-1]["rule"] == "snap.accepted"


# -- Cactus-tas is played at the table exactly as cactus -------------------------------------


def test_cactus_tas_is_played_at_the_table_exactly_as_cactus():
    rulings = {}
    for variant in ("cactus", "cactus-tas"):
        t = Table(variant)
        seen = [t.discard("Ana", "8H", at=1.0)[-1]]
        seen.append(t.claim("Ben", "9S", tap=1.1, at=1.2)[-1])  # wrong: the card stays
        seen.append(t.send("power.used", {"player": "Ana", "targets": ["Ben"]}, member=t.by("Ana"), at=1.5)[-1])
        seen.append(t.call("Chloé", at=3.0)[-1])
        rulings[variant] = (seen, t.state.to_json() | {"variant": None})
    assert rulings["cactus"] == rulings["cactus-tas"]


# -- Fontenaysien, last card: at any moment of the round -------------------------------------


def test_fontenaysien_last_card_may_be_declared_at_any_moment_of_the_round_not_only_after_the_call():
    t = Table("fontenaysien")
    t.discard("Ana", "5H", at=1.0)
    assert t.state.caller is None
    rulings = t.send("round.last_card", {"player": "Chloé"}, member=t.by("Chloé"), at=2.0)
    assert [r["rule"] for r in rulings][-2:] == ["round.last_card", "round.over"]
    assert t.state.went_out == "Chloé"


def test_fontenaysien_last_card_may_be_declared_before_the_rounds_first_discard():
    t = Table("fontenaysien")
    assert t.send("round.last_card", {"player": "Ben"}, member=t.by("Ben"), at=0.5)[-1]["rule"] == "round.over"


# -- Cactus, a power used wrongly: refused, the turn cancelled, no penalty card ---------------


def test_cactus_power_used_wrongly_the_eight_aimed_at_another_players_card_costs_no_penalty_card():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    ruling = t.send("power.used", {"player": "Ana", "targets": [{"player": "Ben", "card": 0}]},
                    member=t.by("Ana"), at=2.0)[-1]
    assert (ruling["rule"], ruling["reason"], ruling["penalty"]) == ("power.wrong", "outside_reach", "none")
    assert t.state.penalty_cards == {} and t.state.power is None


def test_cactus_power_used_wrongly_a_swapped_in_eight_costs_no_penalty_card_either():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0, from_stock=False)
    ruling = t.send("power.used", {"player": "Ana", "targets": ["Ana"]}, member=t.by("Ana"), at=2.0)[-1]
    assert (ruling["reason"], ruling["penalty"]) == ("not_from_stock", "none")
    assert t.state.penalty_cards == {}


def test_cactus_power_used_wrongly_wrong_snaps_still_cost_their_penalty_card():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    t.claim("Ben", "9S", tap=1.1, at=1.2)
    assert t.state.penalty_cards == {"Ben": 1}


# -- Cabo-bruxellois, a power used wrongly: +2, one more wrong snap ---------------------------


def test_cabo_power_used_wrongly_costs_two_points_recorded_as_one_more_wrong_snap_in_the_round():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=1.0)
    t.claim("Ben", "9S", tap=1.1, at=1.2)  # a wrong snap: +2
    t.discard("Ben", "7D", at=2.0)
    ruling = t.send("power.used", {"player": "Ben", "targets": ["Chloé"]}, member=t.by("Ben"), at=2.5)[-1]
    assert (ruling["rule"], ruling["penalty"], ruling["points"]) == ("power.wrong", "points", 2)
    assert t.state.wrong_snaps == {"Ben": 2} and t.state.penalty_cards == {}
    t.send("call.made", {"player": "Chloé"}, member=t.by("Chloé"), at=3.0)
    ready = t.send("reveal", {"hands": {"Ana": 9, "Ben": 8, "Chloé": 3}}, at=4.0)[-1]
    assert ready["data"]["wrong_snaps"] == {"Ben": 2}


# -- The turned caboteur -------------------------------------------------------------------


def caboteur_table() -> Table:
    """Ben says cabo instead of drawing: his cards are turned sideways for the last round."""
    t = Table("cabo-bruxellois")
    t.discard("Ana", "5H", at=1.0)
    t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=2.0)
    return t


def test_turned_caboteur_a_power_may_look_at_the_caboteurs_cards():
    t = caboteur_table()
    t.discard("Chloé", "9H", at=3.0)  # 9: look at an opponent's card
    ruling = t.send("power.used", {"player": "Chloé", "targets": [{"player": "Ben", "card": 1}]},
                    member=t.by("Chloé"), at=3.5)[-1]
    assert ruling["rule"] == "power.used" and t.state.wrong_snaps == {}


def test_turned_caboteur_a_look_then_swap_may_look_at_them_but_not_swap():
    t = caboteur_table()
    t.discard("Chloé", "KS", at=3.0)  # black K: look, then swap if you wish
    assert t.rulings[-1]["look_only"] == ["Ben"]
    looked = t.send("power.used", {"player": "Chloé", "targets": [{"player": "Ben", "card": 0}]},
                    member=t.by("Chloé"), at=3.5)[-1]
    assert looked["rule"] == "power.used"
    t.discard("Ana", "KC", at=4.0)
    swapped = t.send("power.used", {"player": "Ana", "targets": [{"player": "Ben", "card": 0},
                                                                 {"player": "Ana", "card": 0}]},
                     member=t.by("Ana"), at=4.5)[-1]
    assert (swapped["rule"], swapped["reason"], swapped["target"]) == ("power.wrong", "untargetable", "Ben")


def test_turned_caboteur_nobody_may_swap_the_caboteurs_cards():
    t = caboteur_table()
    assert t.discard("Chloé", "JH", at=3.0)[-1]["untargetable"] == ["Ben"]
    ruling = t.send("power.used", {"player": "Chloé", "targets": [{"player": "Chloé", "card": 0},
                                                                  {"player": "Ben", "card": 0}]},
                    member=t.by("Chloé"), at=3.5)[-1]
    assert (ruling["rule"], ruling["reason"]) == ("power.wrong", "untargetable")


def test_turned_caboteur_the_caboteur_may_still_snap():
    t = caboteur_table()
    t.discard("Chloé", "6H", at=3.0)
    assert t.claim("Ben", "6S", tap=3.1, at=3.2)[-1]["rule"] == "snap.accepted"


def test_turned_caboteur_a_tamoul_caller_stays_out_of_every_powers_reach():
    t = Table("tamoul")
    t.call("Ana", at=2.0)
    t.discard("Ben", "8H", at=3.0)  # 8: look at an opponent's card
    ruling = t.send("power.used", {"player": "Ben", "targets": ["Ana"]}, member=t.by("Ben"), at=3.5)[-1]
    assert (ruling["rule"], ruling["reason"]) == ("power.wrong", "untargetable")


# -- The cactus caller may still snap ---------------------------------------------------------


def test_cactus_caller_plays_no_more_turns_but_may_still_snap_during_the_others_last_turns():
    t = Table("cactus")
    t.call("Ana", at=2.0)
    t.discard("Ben", "6H", at=3.0)
    assert t.claim("Ana", "6S", tap=3.1, at=3.2)[-1]["rule"] == "snap.accepted"
    t.discard("Chloé", "4H", at=4.0)
    assert t.state.over == "caller_turn_back"
    assert t.discard("Ana", "4S", at=5.0)[-1]["rule"] == "round.over"


# -- A cancelled turn ---------------------------------------------------------------------------


def test_cancelled_turn_the_discard_stays_and_its_snap_window_stands():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    t.send("power.used", {"player": "Ana", "targets": ["Ben"]}, member=t.by("Ana"), at=1.5)  # wrong
    assert t.state.pile_top == "7H" and t.state.window.is_open and t.state.window.card == "7H"
    assert t.claim("Chloé", "7S", tap=1.6, at=1.7)[-1]["rule"] == "snap.accepted"


def test_cancelled_turn_the_power_has_no_effect_and_play_passes_to_the_next_player():
    t = Table("dutch-toulousain")
    t.discard("Ana", "5H", at=1.0)
    t.call("Ben", at=3.0)  # Ben is frozen
    t.discard("Chloé", "KH", at=4.0)
    ruling = t.send("power.used", {"player": "Chloé", "targets": ["Ben"]}, member=t.by("Chloé"), at=4.5)[-1]
    assert ruling["rule"] == "power.wrong" and t.state.given == {} and t.state.power is None
    assert t.state.penalty_cards == {"Chloé": 1}
    assert "window.opened" in [r["rule"] for r in t.discard("Ana", "5C", at=5.0)]


# -- Memory games, an empty stock ----------------------------------------------------------------


def test_empty_stock_the_current_player_says_the_pile_was_shuffled_into_a_new_stock():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)  # Ben's turn
    rulings = t.send("stock.empty", {}, member=t.by("Ben"), at=2.0)
    assert rulings == [{"rule": "stock.reshuffled", "player": "Ben", "top": "7H"}]
    assert t.state.stock_out is False


def test_empty_stock_the_referee_may_say_it_too_but_not_a_player_whose_turn_it_is_not():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    assert t.send("stock.empty", {}, at=2.0)[-1]["rule"] == "stock.reshuffled"
    refused = t.send("stock.empty", {}, member=t.by("Chloé"), at=2.5)[-1]
    assert refused == {"rule": "stock.not_current_player", "turn": "Ben"}


def test_empty_stock_a_penalty_card_due_when_nothing_is_left_is_not_given_and_the_log_says_so():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    assert t.send("stock.empty", {"reshuffled": False}, member=t.by("Ben"), at=2.0)[-1]["rule"] == "stock.exhausted"
    rulings = t.claim("Chloé", "9S", tap=2.1, at=2.2)
    assert [r["rule"] for r in rulings] == ["snap.wrong.penalty_card", "penalty.not_given"]
    assert t.state.penalty_cards == {}


def test_empty_stock_cactus_wrong_card_stays_and_no_penalty_card_replaces_it():
    t = Table("cactus")
    t.discard("Ana", "7H", at=1.0)
    t.send("stock.empty", {"reshuffled": False}, at=1.5)
    rulings = t.claim("Ben", "9S", tap=1.6, at=1.7)
    assert [r["rule"] for r in rulings] == ["snap.wrong.card_stays", "penalty.not_given"]
    assert t.state.penalty_cards == {} and t.state.snapped == {"Ben": 1} and t.state.penalty_locked == []


def test_empty_stock_penalty_cards_are_given_again_after_a_reshuffle_and_in_the_next_round():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    t.send("stock.empty", {"reshuffled": False}, at=1.5)
    t.send("stock.empty", {}, at=1.6)
    t.claim("Chloé", "9S", tap=1.7, at=1.8)
    assert t.state.penalty_cards == {"Chloé": 1}
    t.send("stock.empty", {"reshuffled": False}, at=2.0)
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=2.5)
    t.send("reveal", {"hands": {"Ana": 3, "Ben": 9, "Chloé": 12}}, at=3.0)
    assert t.state.stock_out is False


def test_empty_stock_is_a_memory_games_event_only():
    t = Table("canasta", ["Ana", "Ben"])
    assert t.send("stock.empty", {}, at=1.0)[-1] == {"rule": "variant.no_reshuffle", "variant": "canasta"}


# -- Canasta, going out: the check re-reads every meld --------------------------------------------

CANASTA_OF_QUEENS = ["QS", "QH", "QD", "QC", "QS", "QH", "2C"]
CANASTA_OF_NINES = ["9S", "9H", "9D", "9C", "9S", "9H", "9D"]


def test_canasta_going_out_check_refuses_two_canastas_of_the_same_rank():
    verdict = cr.go_out_verdict([CANASTA_OF_QUEENS, ["QS", "QH", "QD", "QC", "QS", "QH", "QD"]],
                                players=2, hand_left=0)
    assert (verdict.ok, verdict.rule, verdict.params) == (False, "canasta.go_out.two_melds_of_a_rank", {"rank": "Q"})


def test_canasta_going_out_check_a_meld_of_three_kings_and_four_wild_cards_is_no_canasta():
    three_kings = ["KS", "KH", "KD", "2C", "2D", "JK", "JK"]
    verdict = cr.go_out_verdict([three_kings, CANASTA_OF_NINES], players=2, hand_left=0)
    assert (verdict.ok, verdict.rule) == (False, "canasta.go_out.illegal_meld")
    assert verdict.params["reason"] == "meld.more_wild_than_natural"


def test_canasta_going_out_check_each_meld_must_be_legal_even_the_small_ones():
    verdict = cr.go_out_verdict([CANASTA_OF_QUEENS, ["5S", "2H", "2C"]], players=4, hand_left=0)
    assert verdict.rule == "canasta.go_out.illegal_meld" and verdict.params["reason"] == "meld.too_few_naturals"


def test_canasta_going_out_check_keeps_the_exceptions_a_wild_canasta_and_black_threes():
    wild = ["2S", "2H", "2D", "2C", "JK", "JK", "2S"]
    black_threes = ["3S", "3C", "3S"]
    assert cr.go_out_verdict([wild, CANASTA_OF_NINES, black_threes], players=2, hand_left=0).ok


def test_canasta_going_out_check_through_the_table_log():
    t = Table("canasta", ["Ana", "Ben", "Chloé", "Dan"])
    twice = t.send("ask", {"question": "go_out", "melds": [CANASTA_OF_QUEENS, ["QS", "QH", "QD"]]}, at=1.0)
    assert twice[-1]["rule"] == "canasta.go_out.two_melds_of_a_rank"


# -- Dutch-toulousain, red king --------------------------------------------------------------------


@pytest.mark.parametrize("target", ["Ana", "Ben", "Chloé"])
def test_dutch_toulousain_red_king_gives_to_any_player_themselves_included(target):
    t = Table("dutch-toulousain")
    t.discard("Ana", "KH", at=1.0)
    assert t.send("power.used", {"player": "Ana", "targets": [target]}, member=t.by("Ana"), at=1.5)[-1]["rule"] \
        == "power.used"
    assert t.state.given == {target: 1}


def test_dutch_toulousain_red_king_never_to_a_frozen_dutcher():
    t = Table("dutch-toulousain")
    t.call("Ana", at=2.0)  # Ana is frozen
    assert t.discard("Ben", "KD", at=3.0)[-1]["untargetable"] == ["Ana"]
    ruling = t.send("power.used", {"player": "Ben", "targets": ["Ana"]}, member=t.by("Ben"), at=3.5)[-1]
    assert (ruling["rule"], ruling["reason"]) == ("power.wrong", "untargetable") and t.state.given == {}


# -- Dutch-toulousain, jack and red king are compulsory ----------------------------------------------


@pytest.mark.parametrize("card", ["JH", "KD"])
def test_dutch_toulousain_jack_and_red_king_are_compulsory_the_table_offers_no_pass(card):
    t = Table("dutch-toulousain")
    assert t.discard("Ana", card, at=1.0)[-1]["compulsory"] is True
    refused = t.send("power.declined", {}, member=t.by("Ana"), at=1.5)[-1]
    assert refused["rule"] == "power.compulsory" and refused["player"] == "Ana"
    assert t.state.power is not None and t.state.power["player"] == "Ana"  # still due


def test_dutch_toulousain_compulsory_power_stays_due_until_its_player_uses_it():
    t = Table("dutch-toulousain")
    t.discard("Ana", "JH", at=1.0)
    refused = t.discard("Ben", "5C", at=2.0)[-1]
    assert refused == {"rule": "power.still_due", "player": "Ben", "owner": "Ana", "card": "JH",
                       "effect": "swap_two_cards"}
    t.send("power.used", {"player": "Ana", "targets": ["Ben", "Chloé"]}, member=t.by("Ana"), at=2.5)
    assert t.discard("Ben", "5C", at=3.0)[-1]["rule"] == "window.opened"


def test_dutch_toulousain_queen_and_other_variants_powers_may_still_be_passed():
    t = Table("dutch-toulousain")
    assert "compulsory" not in t.discard("Ana", "QH", at=1.0)[-1]
    assert t.send("power.declined", {}, member=t.by("Ana"), at=1.5)[-1]["rule"] == "power.lost"


def test_dutch_toulousain_compulsory_power_an_older_log_replays_a_discard_made_while_it_was_due():
    t = Table("dutch-toulousain")
    t.discard("Ana", "JH", at=1.0)
    old = Event("discard", {"player": "Ben", "card": "5C"}, t.by("Ben"), 99, logged=True)
    _state, rulings = apply(t.state, old, 2.0)
    assert rulings[-1]["rule"] == "window.opened"


# -- Canasta: the pile for a side that has not melded (table-rules.md reading; issue 20) ------------


@pytest.mark.parametrize(("total", "minimum"), [(0, 50), (1500, 90), (3000, 120)])
def test_canasta_not_yet_melded_pile_refused_when_the_melds_with_the_top_card_fall_short(total, minimum):
    verdict = cr.may_take_pile(["4D", "9S"], ["9H", "9D"], side_has_melded=False, side_total=total)
    assert (verdict.ok, verdict.rule) == (False, "canasta.pile.opening_below_minimum")
    assert (verdict.params["value"], verdict.params["minimum"]) == (30, minimum)


def test_canasta_not_yet_melded_pile_taken_when_the_melds_reach_the_opening_minimum():
    opening = [["9S", "9H", "9D"], ["AS", "AH", "AD"]]  # 30 + 60 = 90
    assert cr.may_take_pile(["4D", "9S"], ["9H", "9D", "AS", "AH", "AD"], False, opening=opening,
                            side_total=1500).ok
    short = cr.may_take_pile(["4D", "9S"], ["9H", "9D", "AS", "AH", "AD"], False, opening=opening, side_total=3000)
    assert short.rule == "canasta.pile.opening_below_minimum" and short.params["minimum"] == 120


def test_canasta_not_yet_melded_the_rest_of_the_pile_does_not_count_only_the_top_card():
    # The pile holds three aces: they would reach 50, but only the top card and the hand count.
    verdict = cr.may_take_pile(["AS", "AH", "AD", "9S"], ["9H", "9D"], side_has_melded=False)
    assert verdict.rule == "canasta.pile.opening_below_minimum"


def test_canasta_not_yet_melded_the_opening_melds_must_hold_the_top_card_and_be_legal():
    hand = ["9H", "9D", "AS", "AH", "AD", "2C"]
    assert cr.may_take_pile(["9S"], hand, False, opening=[["AS", "AH", "AD"]]).rule \
        == "canasta.pile.opening_without_top"
    assert cr.may_take_pile(["9S"], hand, False, opening=[["9S", "9H", "9D"], ["AS", "2C", "2C"]]).rule \
        == "canasta.meld.illegal"


def test_canasta_not_yet_melded_the_opening_melds_are_made_of_the_top_card_and_the_hand_only():
    # Aces the hand does not hold, or kings of the pile below the top, make no opening.
    assert cr.may_take_pile(["5C", "9S"], ["9H", "9D"], False, opening=[["9S", "9H", "9D"], ["AS", "AH", "AD"]]) \
        == cr.Verdict(False, "canasta.pile.opening_not_in_hand", {"top": "9S", "cards": ["AD", "AH", "AS"]})
    assert cr.may_take_pile(["5C", "KD", "KS", "9S"], ["9H", "9D", "KH"], False,
                            opening=[["9S", "9H", "9D"], ["KD", "KS", "KH"]]).rule == "canasta.pile.opening_not_in_hand"
    # Two decks: the hand's second 9♥ is a card of its own.
    assert cr.may_take_pile(["9S"], ["9H", "9H", "9D", "AS", "AH", "AD", "2C"], False,
                            opening=[["9S", "9H", "9H", "9D"], ["AS", "AH", "AD", "2C"]]).ok


def test_canasta_not_yet_melded_the_question_through_the_table_log_takes_the_sides_total():
    t = Table("canasta", ["Ana", "Ben"])
    asked = {"question": "take_pile", "pile": ["9S"], "hand": ["9H", "9D", "KS", "KH", "KD"],
             "side_has_melded": False, "side_total": 1600,
             "opening": [["9S", "9H", "9D"], ["KS", "KH", "KD"]]}
    assert t.send("ask", asked, at=1.0)[-1]["rule"] == "canasta.pile.opening_below_minimum"  # 60 < 90
    assert t.send("ask", {**asked, "side_total": 1000}, at=2.0)[-1]["ok"] is True


# -- older logs replay as they were played ------------------------------------------------------


def test_cactus_power_used_wrongly_an_older_log_keeps_the_penalty_card_then_taken():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    old = Event("power.used", {"player": "Ana", "targets": ["Ben"]}, t.by("Ana"), 99, logged=True)
    state, rulings = apply(t.state, old, 2.0)
    assert rulings[-1]["penalty"] == "card" and state.penalty_cards == {"Ana": 1}


def test_dutch_own_turn_snap_an_older_log_replays_a_second_try_after_a_wrong_card():
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    old = Event("snap.claim", {"player": "Ben", "card": "7S", "tap": 10.3}, t.by("Ben"), 99, logged=True)
    _state, rulings = apply(t.state, old, 10.4)
    assert rulings[-1]["rule"] == "snap.accepted"
