"""Powers on discarded cards and the call, ruled from the variant declarations."""

from .table_support import Table


def test_a_power_card_drawn_and_discarded_gives_its_player_the_declared_power():
    t = Table("tamalou")
    rulings = t.discard("Ana", "9H", at=1.0)
    assert rulings[-1] == {"rule": "power.available", "player": "Ana", "card": "9H", "effect": "look_other",
                           "untargetable": []}


def test_a_card_swapped_in_from_the_hand_carries_no_power():
    t = Table("tamalou")
    assert [r["rule"] for r in t.discard("Ana", "9H", at=1.0, from_stock=False)] == ["window.opened"]


def test_tamalou_black_king_has_a_power_and_red_king_has_none():
    t = Table("tamalou")
    assert t.discard("Ana", "KS", at=1.0)[-1]["effect"] == "look_other_then_swap"
    assert t.discard("Ben", "KH", at=2.0)[-1]["rule"] == "window.opened"


def test_dutch_toulousain_red_king_gives_a_stock_card_and_black_king_has_no_power():
    t = Table("dutch-toulousain")
    assert t.discard("Ana", "KD", at=1.0)[-1]["effect"] == "give_stock_card"
    t.send("power.used", {"player": "Ana", "targets": ["Chloé"]}, member=t.by("Ana"), at=1.5)
    assert t.discard("Ben", "KC", at=2.0)[-1]["rule"] == "window.opened"


def test_cactus_unused_eight_passes_to_the_next_player():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    rulings = t.send("power.declined", {}, member=t.by("Ana"), at=2.0)
    assert rulings == [{"rule": "power.passed", "card": "8H", "to": "Ben", "effect": "look_own_then_next_player"}]
    assert t.send("power.used", {"player": "Ben", "targets": ["Ben"]}, member=t.by("Ben"), at=3.0)[-1]["rule"] == "power.used"


def test_cactus_eight_passes_only_once():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    t.send("power.declined", {}, member=t.by("Ana"), at=2.0)
    assert t.send("power.declined", {}, member=t.by("Ben"), at=3.0)[-1]["rule"] == "power.lost"


def test_tamalou_unused_power_is_lost_not_passed():
    t = Table("tamalou")
    t.discard("Ana", "9H", at=1.0)
    assert t.send("power.declined", {}, member=t.by("Ana"), at=2.0)[-1]["rule"] == "power.lost"


def test_only_the_powers_player_may_use_it():
    t = Table("tamalou")
    t.discard("Ana", "9H", at=1.0)
    rulings = t.send("power.used", {"player": "Ben", "targets": ["Chloé"]}, member=t.by("Ben"), at=2.0)
    assert rulings[-1]["rule"] == "power.not_yours"


def test_nobody_may_target_a_frozen_dutcher_on_pain_of_a_penalty_card():
    t = Table("dutch-toulousain")
    t.call("Chloé", at=1.0)
    t.discard("Ana", "JH", at=2.0)
    rulings = t.send("power.used", {"player": "Ana", "targets": ["Ben", "Chloé"]}, member=t.by("Ana"), at=3.0)
    assert rulings[-1]["rule"] == "power.wrong"
    assert rulings[-1]["reason"] == "untargetable" and rulings[-1]["target"] == "Chloé"
    assert t.state.penalty_cards == {"Ana": 1} and t.state.power is None


def test_tamoul_powers_may_not_target_the_caller():
    t = Table("tamoul")
    t.call("Ana", at=1.0)
    rulings = t.discard("Ben", "8H", at=2.0)
    assert rulings[-1]["untargetable"] == ["Ana"]
    ruling = t.send("power.used", {"player": "Ben", "targets": ["Ana"]}, member=t.by("Ben"), at=3.0)[-1]
    assert (ruling["rule"], ruling["reason"], ruling["penalty"]) == ("power.wrong", "untargetable", "card")


def test_cabo_caller_cards_are_sideways_and_cannot_be_targeted():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "4C", at=0.5)
    t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=1.0)  # instead of drawing
    t.discard("Chloé", "JH", at=2.0)
    ruling = t.send("power.used", {"player": "Chloé", "targets": ["Chloé", "Ben"]}, member=t.by("Chloé"),
                    at=3.0)[-1]
    assert (ruling["rule"], ruling["reason"], ruling["penalty"], ruling["points"]) == (
        "power.wrong", "untargetable", "points", 2)
    assert t.state.wrong_snaps == {"Chloé": 1}


def test_a_second_call_in_the_round_is_refused():
    t = Table("koubo")
    t.call("Ben", at=1.0)
    t.discard("Chloé", "AD", at=1.5)
    assert t.send("call.made", {"player": "Chloé"}, member=t.by("Chloé"), at=2.0)[-1]["rule"] == "call.already_made"


def test_tamoul_counter_call_needs_a_caller_and_not_the_caller_themselves():
    t = Table("tamoul")
    assert t.send("call.counter", {"player": "Ana"}, member=t.by("Ana"), at=1.0)[-1]["rule"] == "call.counter_not_allowed"
    t.call("Ben", at=2.0)
    assert t.send("call.counter", {"player": "Ben"}, member=t.by("Ben"), at=3.0)[-1]["rule"] == "call.counter_not_allowed"
    assert t.send("call.counter", {"player": "Ana"}, member=t.by("Ana"), at=4.0)[-1]["rule"] == "call.counter"


def test_counter_call_is_refused_where_the_variant_has_none():
    t = Table("tamalou")
    t.call("Ben", at=1.0)
    assert t.send("call.counter", {"player": "Ana"}, member=t.by("Ana"), at=2.0)[-1]["rule"] == "call.no_counter_call"
