"""Snaps as the readings for the live table say (table-rules.md v1.1, "Readings"):
the same claim twice, one card per snap, second tries, cactus's wrong card on the pile."""

from .table_support import Table


def test_the_same_claim_twice_is_one_claim():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)  # wrong: one penalty card
    assert t.claim("Ben", "9S", tap=10.1, at=10.3)[-1] == {"rule": "snap.duplicate", "player": "Ben", "card": "9S"}
    assert t.state.penalty_cards == {"Ben": 1} and len(t.state.window.claims) == 1


def test_the_same_matching_claim_twice_is_one_claim_in_cactus_too():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    assert t.claim("Ben", "7S", tap=10.1, at=10.25)[-1]["rule"] == "snap.duplicate"
    assert t.state.snapped == {"Ben": 1}


def test_one_card_per_snap_in_tamalou_a_player_snaps_one_card_per_discard():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.1, at=10.2)
    assert t.claim("Ben", "7C", tap=10.3, at=10.4)[-1]["rule"] == "snap.one_card_per_discard"


def test_one_card_per_snap_cactus_and_dutch_toulousain_allow_any_number_of_matching_cards():
    for variant in ("cactus", "dutch-toulousain"):
        t = Table(variant)
        t.discard("Ana", "7H", at=10.0)
        t.claim("Ben", "7S", tap=10.1, at=10.2)
        assert t.claim("Ben", "7C", tap=10.3, at=10.4)[-1]["rule"] == "snap.accepted"


def test_one_card_per_snap_a_wrong_snapper_may_try_again_on_the_same_discard():
    t = Table("tamoul")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert t.claim("Ben", "7S", tap=10.3, at=10.4)[-1]["rule"] == "snap.accepted"


def test_one_card_per_snap_but_not_in_cabo_bruxellois():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert t.claim("Ben", "7S", tap=10.3, at=10.4)[-1]["rule"] == "snap.no_second_try"


def test_cactus_wrong_card_left_on_the_pile_becomes_the_top_and_others_may_match_it():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)  # wrong: the 9 stays on the pile
    assert t.state.pile_top == "9S"
    assert t.claim("Chloé", "9C", tap=10.3, at=10.4)[-1]["rule"] == "snap.accepted"


def test_cactus_wrong_card_left_on_the_pile_the_card_it_covered_can_no_longer_be_matched():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    assert t.claim("Chloé", "7C", tap=10.3, at=10.4)[-1]["rule"] == "snap.wrong.card_stays"


def test_cactus_wrong_snap_penalty_card_may_not_be_snapped_before_the_players_next_turn():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "9S", tap=10.1, at=10.2)
    t.discard("Chloé", "5H", at=11.0)
    assert t.claim("Ben", "5S", tap=11.1, at=11.2, penalty_card=True)[-1]["rule"] == "snap.penalty_card_locked"
    t.discard("Ana", "6H", at=12.0)
    t.discard("Ben", "6C", at=13.0)  # his next turn
    t.discard("Chloé", "4H", at=14.0)
    assert t.claim("Ben", "4S", tap=14.1, at=14.2, penalty_card=True)[-1]["rule"] == "snap.accepted"


def test_a_late_claim_on_a_covered_card_never_changes_the_state_it_started_from():
    t = Table("tamalou", snap_limit=0)
    t.discard("Ana", "7H", at=10.0)
    t.discard("Ben", "9S", at=11.0)
    before = t.state
    snapshot = before.to_json()
    t.claim("Chloé", "7S", tap=10.98, at=11.03)  # judged on the covered 7♥
    assert t.state.covered.claims and not before.covered.claims
    assert before.to_json() == snapshot
