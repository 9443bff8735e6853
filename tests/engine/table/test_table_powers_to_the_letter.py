"""Powers aimed at a player's card, checked against their reach (table-rules.md, Powers),
and a power used wrongly (readings, "A power used wrongly")."""

import pytest

from .table_support import Table


def use(t: Table, player: str, *targets, at: float = 3.0):
    aimed = [{"player": p, "card": c} for p, c in targets]
    return t.send("power.used", {"player": player, "targets": aimed}, member=t.by(player), at=at)


def test_powers_a_seven_look_at_one_of_your_own_cards_is_used_on_an_own_card():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    ruling = use(t, "Ana", ("Ana", 2))[-1]
    assert ruling == {"rule": "power.used", "player": "Ana", "card": "7H", "effect": "look_own",
                      "targets": [{"player": "Ana", "card": 2}]}
    assert t.state.penalty_cards == {}


def test_a_power_used_wrongly_a_seven_aimed_at_another_players_card_cancels_the_turn_with_a_penalty_card():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=1.0)
    ruling = use(t, "Ana", ("Ben", 0))[-1]
    assert (ruling["rule"], ruling["reason"], ruling["penalty"]) == ("power.wrong", "outside_reach", "card")
    assert t.state.penalty_cards == {"Ana": 1} and t.state.power is None


def test_a_power_used_wrongly_a_nine_look_at_an_opponents_card_aimed_at_your_own():
    t = Table("tamalou")
    t.discard("Ana", "9H", at=1.0)
    assert use(t, "Ana", ("Ana", 0))[-1]["reason"] == "outside_reach"


def test_powers_tamalou_blind_swap_takes_one_own_card_and_one_opponents():
    t = Table("tamalou")
    t.discard("Ana", "JH", at=1.0)
    assert use(t, "Ana", ("Ben", 1), ("Ana", 3))[-1]["rule"] == "power.used"
    t.discard("Ben", "QH", at=4.0)
    assert use(t, "Ben", ("Ana", 1), ("Chloé", 0), at=5.0)[-1]["reason"] == "outside_reach"


def test_powers_a_look_then_swap_power_may_aim_at_the_opponents_card_alone_or_with_an_own_card():
    t = Table("tamalou")
    t.discard("Ana", "KS", at=1.0)
    assert use(t, "Ana", ("Ben", 1))[-1]["rule"] == "power.used"
    t.discard("Ben", "KC", at=4.0)
    assert use(t, "Ben", ("Chloé", 1), ("Ben", 0), at=5.0)[-1]["rule"] == "power.used"


def test_powers_the_wrong_number_of_aimed_cards_is_refused_without_a_penalty():
    t = Table("tamalou")
    t.discard("Ana", "JH", at=1.0)
    ruling = use(t, "Ana", ("Ben", 1))[-1]
    assert ruling == {"rule": "power.targets_count", "effect": "blind_swap", "needed": 2, "most": 2}
    assert t.state.penalty_cards == {} and t.state.power is not None


def test_powers_a_card_place_the_player_does_not_have_is_refused():
    t = Table("tamalou")
    t.discard("Ana", "9H", at=1.0)
    assert use(t, "Ana", ("Ben", 4))[-1] == {"rule": "power.no_such_card", "target": "Ben", "card": "4"}


def test_a_power_used_wrongly_on_a_card_not_drawn_from_the_stock_costs_a_penalty_card():
    t = Table("tamalou")
    t.discard("Ana", "9H", at=1.0, from_stock=False)
    ruling = use(t, "Ana", ("Ben", 0))[-1]
    assert (ruling["rule"], ruling["reason"]) == ("power.wrong", "not_from_stock")
    assert t.state.penalty_cards == {"Ana": 1}


def test_a_power_used_wrongly_in_cabo_bruxellois_costs_two_points_instead_of_a_card():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=1.0)
    ruling = use(t, "Ana", ("Ben", 0))[-1]
    assert (ruling["penalty"], ruling["points"]) == ("points", 2)
    assert t.state.wrong_snaps == {"Ana": 1} and t.state.penalty_cards == {}


def test_powers_dutch_seven_swaps_one_of_your_cards_with_another_players():
    t = Table("dutch")
    t.discard("Ana", "7H", at=1.0)
    assert use(t, "Ana", ("Ana", 0), ("Chloé", 2))[-1]["rule"] == "power.used"


def test_powers_dutch_toulousain_jack_swaps_between_two_players_never_two_cards_of_one():
    t = Table("dutch-toulousain")
    t.discard("Ana", "JH", at=1.0)
    assert use(t, "Ana", ("Ben", 0), ("Chloé", 1))[-1]["rule"] == "power.used"  # two other players
    t.discard("Ben", "JD", at=4.0)
    assert use(t, "Ben", ("Ana", 0), ("Ana", 1), at=5.0)[-1]["reason"] == "outside_reach"


def test_powers_dutch_toulousain_queen_looks_at_any_card_yours_included():
    t = Table("dutch-toulousain")
    t.discard("Ana", "QH", at=1.0)
    assert use(t, "Ana", ("Ana", 3))[-1]["rule"] == "power.used"


def test_powers_dutch_toulousain_red_king_gives_the_stock_card_to_a_player_who_then_holds_one_more():
    t = Table("dutch-toulousain")
    t.discard("Ana", "KH", at=1.0)
    assert use(t, "Ana", ("Ben", None))[-1]["rule"] == "power.used"
    assert t.state.given == {"Ben": 1}


def test_powers_cactus_forgotten_eight_is_used_by_the_next_player_on_their_own_card():
    t = Table("cactus")
    t.discard("Ana", "8H", at=1.0)
    t.send("power.declined", {}, member=t.by("Ana"), at=2.0)
    ruling = use(t, "Ben", ("Ana", 0))[-1]
    assert (ruling["rule"], ruling["reason"]) == ("power.wrong", "outside_reach")
    t.discard("Ben", "8D", at=4.0)
    t.send("power.declined", {}, member=t.by("Ben"), at=4.5)
    assert use(t, "Chloé", ("Chloé", 1), at=5.0)[-1]["rule"] == "power.used"


@pytest.mark.parametrize("variant", ["tamalou", "dutch"])
def test_powers_tamalou_and_dutch_are_gone_once_the_call_stops_the_round(variant):
    t = Table(variant)
    t.discard("Ana", "QH" if variant == "dutch" else "9H", at=1.0)
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=1.5)
    assert use(t, "Ana", ("Ben", 0))[-1]["rule"] == "power.none"
