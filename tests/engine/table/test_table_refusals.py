"""What the table refuses, each with the ruling that says why."""

from engine.table import canasta as cr

from .table_support import SPEC, Table


def test_a_member_who_leaves_stays_in_the_log_as_not_present():
    t = Table()
    rulings = t.send("member.left", {"member": t.by("Ben")}, member=t.by("Ben"), at=1.0)
    assert rulings == [{"rule": "member.left", "role": "seat", "seat": "Ben"}]
    assert t.state.members[t.by("Ben")].present is False


def test_an_unknown_member_cannot_leave():
    assert Table().send("member.left", {"member": 999}, at=1.0)[-1]["rule"] == "member.unknown"


def test_a_snap_before_any_discard_has_no_window():
    assert Table().claim("Ben", "7S", tap=None, at=1.0)[-1]["rule"] == "snap.no_window"


def test_a_claim_for_someone_who_does_not_play_here_is_refused():
    t = Table()
    t.discard("Ana", "4H", at=1.0)
    assert t.send("snap.claim", {"player": "Zoé", "card": "4S"}, at=1.5)[-1]["rule"] == "player.unknown"


def test_declining_a_power_when_none_is_in_play_is_refused():
    assert Table().send("power.declined", {}, at=1.0)[-1]["rule"] == "power.none"


def test_a_variant_without_a_call_refuses_one():
    t = Table("canasta", ["Ana", "Ben"])
    assert t.send("call.made", {"player": "Ana"}, at=1.0)[-1]["rule"] == "variant.no_call"


def test_a_reveal_without_hands_is_refused():
    assert Table().send("reveal", {"hands": "Ana 3"}, at=1.0)[-1]["rule"] == "reveal.no_hands"


def test_only_the_referee_changes_the_settings():
    t = Table()
    assert t.send("settings", {"snap_limit": 5}, member=t.by("Ana"), at=1.0)[-1]["rule"] == "member.not_allowed"


def test_a_spectator_may_not_ask_the_referee():
    t = Table("canasta", ["Ana", "Ben"])
    assert t.send("ask", {"question": "meld", "cards": ["QS"]}, member=SPEC, at=1.0)[-1]["rule"] == "member.not_allowed"


def test_canasta_pile_empty_cannot_be_taken():
    assert cr.may_take_pile([], ["9H"], True).rule == "canasta.pile.empty"


def test_canasta_unfrozen_pile_top_unusable_without_a_pair_or_meld():
    assert cr.may_take_pile(["9S"], ["9H", "4C"], True).rule == "canasta.pile.top_unusable"


def test_canasta_going_out_leaves_at_most_one_card_for_the_discard():
    canastas = [["QS"] * 4 + ["QH"] * 3, ["KS"] * 4 + ["KH"] * 3]
    assert cr.go_out_verdict(canastas, players=2, hand_left=3).rule == "canasta.go_out.cards_left"
    assert cr.go_out_verdict(canastas, players=2, hand_left=1).ok


def test_canasta_opening_with_an_illegal_meld_is_refused_for_the_meld():
    assert cr.opening_verdict([["QS", "2H", "2C"]], 0).rule == "canasta.meld.illegal"


def test_joins_are_shown_once_a_seat_joining_again_is_logged_as_a_return():
    t = Table()
    rulings = t.send("member.joined", {"member": 99, "role": "seat", "seat": "Ben"}, member=99, at=5.0)
    assert rulings == [{"rule": "member.rejoined", "role": "seat", "seat": "Ben"}]
    assert t.state.members[99].seat == "Ben"
