"""Snap rulings by variant, from the engine's SnapRule declarations."""

import pytest

from .table_support import Table


def test_tamalou_fastest_wins_and_later_matching_claims_are_handed_back_without_penalty():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.2, at=10.25)
    rulings = t.claim("Chloé", "7C", tap=10.3, at=10.35)
    assert rulings == [{"rule": "snap.handed_back", "player": "Chloé", "card": "7C", "winner": "Ben",
                        "gap_ms": 100}]
    assert t.state.penalty_cards == {}


def test_tamalou_the_player_who_discarded_may_not_snap_on_their_own_discard():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Ana", "7S", tap=10.1, at=10.2)[-1]["rule"] == "snap.not_on_own_discard"


def test_tamalou_wrong_card_goes_back_plus_a_penalty_card():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    rulings = t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert rulings == [{"rule": "snap.wrong.penalty_card", "player": "Ben", "card": "9S", "wanted": "7"}]
    assert t.state.penalty_cards == {"Ben": 1}
    assert t.claim("Ben", "7S", tap=10.3, at=10.4)[-1]["rule"] == "snap.accepted"  # may try again


def test_a_matching_rank_is_accepted_whatever_the_suit():
    t = Table("tamalou")
    t.discard("Ana", "QH", at=10.0)
    assert t.claim("Ben", "QC", tap=10.1, at=10.2)[-1]["rule"] == "snap.accepted"


def test_cactus_several_matching_snaps_are_all_accepted_by_anyone():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    t.claim("Chloé", "7C", tap=10.15, at=10.3)
    t.claim("Ana", "7D", tap=10.2, at=10.4)
    assert [c.verdict for c in t.state.window.claims] == ["accepted"] * 3


def test_cactus_wrong_card_stays_on_the_pile_with_a_penalty_card_and_others_may_match_it():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    rulings = t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert rulings[-1]["rule"] == "snap.wrong.card_stays"
    assert t.state.pile_top == "9S"
    assert t.state.penalty_cards == {"Ben": 1} and t.state.snapped == {"Ben": 1}
    assert t.claim("Chloé", "9C", tap=10.3, at=10.4)[-1]["rule"] == "snap.accepted"


def test_cactus_penalty_card_may_not_be_snapped_before_the_players_next_turn():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    t.discard("Chloé", "5H", at=11.0)
    refused = t.claim("Ben", "5S", tap=11.1, at=11.2, penalty_card=True)
    assert refused[-1]["rule"] == "snap.penalty_card_locked"
    t.discard("Ben", "4H", at=12.0)  # Ben's next turn
    t.discard("Chloé", "4S", at=13.0)
    assert t.claim("Ben", "4C", tap=13.1, at=13.2, penalty_card=True)[-1]["rule"] == "snap.accepted"


def test_cabo_bruxellois_only_the_fastest_snap_is_accepted():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    assert t.claim("Chloé", "7C", tap=10.2, at=10.3)[-1]["rule"] == "snap.handed_back"


def test_cabo_bruxellois_wrong_snap_costs_two_points_and_no_second_try_on_that_discard():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    rulings = t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert rulings[-1] == {"rule": "snap.wrong.points", "player": "Ben", "card": "9S", "wanted": "7", "points": 2}
    assert t.state.wrong_snaps == {"Ben": 1} and t.state.penalty_cards == {}
    assert t.claim("Ben", "7S", tap=10.3, at=10.4)[-1]["rule"] == "snap.no_second_try"
    t.discard("Ben", "4H", at=10.8)
    t.discard("Chloé", "5H", at=11.0)
    assert t.claim("Ben", "5S", tap=11.1, at=11.2)[-1]["rule"] == "snap.accepted"  # a new discard


def test_dutch_snap_only_on_your_own_turn_which_the_previous_discard_begins():
    # table-rules.md v1.2, "Dutch, the own-turn snap": Ana's discard begins Ben's turn.
    t = Table("dutch")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Chloé", "7S", tap=10.1, at=10.2)[-1]["rule"] == "snap.only_on_own_turn"
    assert t.claim("Ana", "7S", tap=10.1, at=10.3)[-1]["rule"] == "snap.only_on_own_turn"
    assert t.claim("Ben", "7C", tap=10.1, at=10.4)[-1]["rule"] == "snap.accepted"


def test_dutch_toulousain_several_snaps_are_accepted():
    t = Table("dutch-toulousain")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    t.claim("Chloé", "7C", tap=10.2, at=10.3)
    assert [c.verdict for c in t.state.window.claims] == ["accepted", "accepted"]


def test_dutch_toulousain_jeu_pour_autrui_the_snapper_gives_a_card_to_the_owner():
    t = Table("dutch-toulousain")
    t.discard("Ana", "7H", at=10.0)
    rulings = t.claim("Ben", "7C", tap=10.1, at=10.2, for_player="Chloé")
    assert rulings[-1] == {"rule": "snap.accepted_for_other", "player": "Ben", "card": "7C", "owner": "Chloé"}
    assert t.state.snapped == {"Chloé": 1, "Ben": 1} and t.state.given == {"Chloé": 1}


def test_jeu_pour_autrui_is_refused_where_the_variant_does_not_allow_it():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Ben", "7C", tap=10.1, at=10.2, for_player="Chloé")[-1]["rule"] == "snap.not_for_others"


def test_dutch_toulousain_frozen_dutcher_may_not_snap_nor_be_snapped_for():
    t = Table("dutch-toulousain")
    t.call("Chloé", at=5.0)
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Chloé", "7C", tap=10.1, at=10.2)[-1]["rule"] == "snap.frozen_caller"
    assert t.claim("Ben", "7C", tap=10.1, at=10.2, for_player="Chloé")[-1]["rule"] == "snap.for_frozen_caller"


def test_dutch_toulousain_wrong_snap_costs_a_penalty_card():
    t = Table("dutch-toulousain")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Ben", "9S", tap=10.1, at=10.2)[-1]["rule"] == "snap.wrong.penalty_card"
    assert t.state.penalty_cards == {"Ben": 1}


def test_dutch_toulousain_several_jacks_swap_in_turn_order_after_the_current_player_who_swaps_last():
    t = Table("dutch-toulousain", ["Ana", "Ben", "Chloé", "Dan"])
    t.discard("Ben", "JH", at=10.0)
    t.claim("Ana", "JS", tap=10.1, at=10.2)
    rulings = t.claim("Dan", "JC", tap=10.2, at=10.3)
    assert rulings[-1] == {"rule": "power.swap_order", "order": ["Dan", "Ana", "Ben"], "card": "JH"}


def test_the_referee_may_claim_for_a_player():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.send("snap.claim", {"player": "Ben", "card": "7S", "tap": 10.1}, at=10.2)
    assert t.rules() == ["snap.accepted"]


# -- taking the pile (table-rules.md, cabo-bruxellois's wrong-snap column) ------------------

def test_cabo_bruxellois_nobody_takes_the_pile_once_a_snap_succeeded_on_it():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Chloé", "7S", tap=10.1, at=10.2)[-1]["rule"] == "snap.accepted"
    rulings = t.discard("Ben", "4H", at=11.0, took_pile=True)
    assert rulings[-1] == {"rule": "pile.taken_after_snap", "player": "Ben", "card": "7H"}
    assert t.state.pile_top == "7S" and t.state.turn == "Ana"  # nothing happened: Ben draws instead
    assert t.discard("Ben", "4H", at=11.5)[-1]["rule"] == "window.opened"


def test_cabo_bruxellois_the_pile_may_be_taken_when_nobody_snapped_or_every_snap_was_wrong():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    assert t.discard("Ben", "4H", at=11.0, took_pile=True)[-1]["rule"] == "window.opened"
    t.claim("Ana", "9S", tap=11.1, at=11.2)  # a wrong snap: +2, the card goes back
    assert t.discard("Chloé", "5H", at=12.0, took_pile=True)[-1]["rule"] == "window.opened"


@pytest.mark.parametrize("variant", ["tamalou", "koubo", "cactus", "dutch-toulousain"])
def test_other_variants_let_the_pile_be_taken_after_a_snap(variant):
    t = Table(variant)
    t.discard("Ana", "5H", at=10.0)
    t.claim("Chloé", "5S", tap=10.1, at=10.2)
    assert t.discard("Ben", "AH", at=11.0, took_pile=True)[-1]["rule"] == "window.opened"


def test_a_card_discarded_after_taking_the_pile_comes_from_the_hand_and_keeps_no_power():
    t = Table("tamalou")
    rulings = t.discard("Ana", "9H", at=10.0, took_pile=True)
    assert "power.available" not in [r["rule"] for r in rulings]
    assert t.state.power["from_stock"] is False
