"""The reveal: the call check and the round for the score sheet, penalties included."""

from engine.table.machine import expected_cards, round_data

from .table_support import Table


def reveal(t: Table, hands, extras=None, at=50.0):
    return t.send("reveal", {"hands": hands, "extras": extras or {}}, at=at)


def test_call_check_within_the_threshold_of_five():
    t = Table("tamalou")
    t.call("Ana", at=1.0)
    rulings = reveal(t, {"Ana": ["AS", "4H"], "Ben": 9, "Chloé": 7})
    assert rulings[0]["rule"] == "call.within_threshold" and rulings[0]["threshold"] == 5


def test_call_check_over_the_threshold_of_five():
    t = Table("cabo-bruxellois")
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=1.0)  # instead of drawing, first turn
    rulings = reveal(t, {"Ana": ["6S"], "Ben": 9, "Chloé": 7})
    assert rulings[0] == {"rule": "call.over_threshold", "player": "Ana", "word": "cabo", "value": 6,
                          "after": "one_last_turn_caller_cards_sideways", "variant": "cabo-bruxellois",
                          "threshold": 5}


def test_tamoul_call_threshold_is_six_and_a_half_in_half_points():
    t = Table("tamoul")
    t.call("Ana", at=1.0)
    ok = next(r for r in reveal(t, {"Ana": ["6S", "KH"], "Ben": 9, "Chloé": 7})  # 6 + 0.5
              if r["rule"].startswith("call."))
    assert ok["rule"] == "call.within_threshold" and ok["value"] == 6.5 and ok["threshold"] == 6.5
    t.call("Ana", at=60.0)
    over = reveal(t, {"Ana": 7, "Ben": 9, "Chloé": 7}, at=70.0)
    assert "call.over_threshold" in [r["rule"] for r in over]


def test_a_call_without_threshold_is_not_checked_against_a_number():
    t = Table("dutch")
    t.call("Ana", at=1.0)
    assert reveal(t, {"Ana": 30, "Ben": 9, "Chloé": 7})[0]["rule"] == "call.no_threshold"


def test_cabo_wrong_snaps_flow_into_the_round_record():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    rulings = reveal(t, {"Ana": 3, "Ben": 9, "Chloé": 7})
    data = rulings[-1]["data"]
    assert data == {"announcer": None, "hands": {"Ana": 3, "Ben": 9, "Chloé": 7}, "wrong_snaps": {"Ben": 1}}


def test_tamoul_counter_callers_flow_into_the_round_record():
    t = Table("tamoul")
    t.call("Ben", at=1.0)
    t.send("call.counter", {"player": "Ana"}, member=t.by("Ana"), at=2.0)
    data = reveal(t, {"Ana": 3, "Ben": 5, "Chloé": 7})[-1]["data"]
    assert data["counter_callers"] == ["Ana"] and data["announcer"] == "Ben"


def test_penalty_cards_are_counted_as_cards_the_player_holds_at_the_reveal():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)  # wrong: +1 penalty card
    t.claim("Chloé", "7C", tap=10.3, at=10.4)  # right: one card fewer
    assert expected_cards(t.state) == {"Ana": 4, "Ben": 5, "Chloé": 3}


def test_round_extras_are_kept_only_when_the_variant_declares_them():
    t = Table("fontenaysien")
    data = round_data(t.state, {"Ana": 0, "Ben": 9, "Chloé": 7}, {"went_out": "Ana", "draws": {"Ben": "9S"}})
    assert data == {"announcer": None, "hands": {"Ana": 0, "Ben": 9, "Chloé": 7}, "went_out": "Ana"}


def test_the_reveal_starts_a_new_round_with_no_penalties_and_keeps_the_members():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    reveal(t, {"Ana": 3, "Ben": 9, "Chloé": 7})
    assert t.state.round == 2 and t.state.wrong_snaps == {} and t.state.window is None
    assert len(t.state.members) == 5


def test_a_spectator_may_not_reveal():
    from .table_support import SPEC

    t = Table("tamalou")
    assert t.send("reveal", {"hands": {"Ana": 1}}, member=SPEC, at=1.0)[-1]["rule"] == "member.not_allowed"
