"""Snap windows (table-rules.md, readings, "Snap windows"): opened by a discard, closed when
the next discard covers the card; a time limit is a house option, off by default."""

from engine.table.machine import DEFAULT_SNAP_LIMIT, new_table

from .table_support import Table


def test_it_opens_a_window_with_a_deadline_when_a_discard_is_registered():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "4H", at=10.0)
    assert t.rules() == ["window.opened"]
    assert t.state.window is not None and t.state.window.deadline == 13.0
    assert t.state.pile_top == "4H" and t.state.turn == "Ana"


def test_it_closes_the_previous_window_when_the_card_is_covered():
    t = Table()
    t.discard("Ana", "7H", at=10.0)
    t.discard("Ben", "9S", at=11.0)
    assert t.rules()[0] == "window.covered"
    assert t.state.window.card == "9S"


def test_it_closes_a_window_past_its_deadline_before_judging_a_late_claim():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "7H", at=10.0)
    rulings = t.claim("Ben", "7S", tap=None, at=14.0)
    assert [r["rule"] for r in rulings] == ["window.timeout", "snap.too_late"]
    assert t.state.window.closed == 13.0


def test_it_still_accepts_a_claim_whose_credited_tap_came_before_the_time_limit():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=12.95, at=13.04)
    assert t.rules() == ["window.timeout", "snap.accepted"]


def test_it_refuses_a_timeout_tick_before_the_deadline():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "7H", at=10.0)
    assert t.send("window.timeout", {}, member=None, at=11.0)[0]["rule"] == "window.not_due"
    assert t.state.window.is_open


def test_it_closes_the_window_on_a_timeout_tick_after_the_deadline():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "7H", at=10.0)
    assert t.send("window.timeout", {}, member=None, at=13.2)[0]["rule"] == "window.timeout"
    assert not t.state.window.is_open


def test_it_refuses_a_claim_for_a_covered_window_tapped_after_the_cover():
    t = Table()
    t.discard("Ana", "7H", at=10.0)
    first = t.state.window.id
    t.discard("Ben", "9S", at=11.0)
    rulings = t.claim("Chloé", "7S", tap=11.02, at=11.1, window=first)
    assert rulings[-1]["rule"] == "snap.too_late"


def test_it_refuses_a_claim_for_a_window_two_discards_old():
    t = Table()
    t.discard("Ana", "7H", at=10.0)
    first = t.state.window.id
    t.discard("Ben", "9S", at=11.0)
    t.discard("Chloé", "4S", at=12.0)
    assert t.claim("Ana", "7S", tap=10.5, at=12.1, window=first)[-1]["rule"] == "snap.no_window"


def test_it_refuses_an_unknown_card_with_a_ruling_and_changes_nothing():
    t = Table()
    t.discard("Ana", "7H", at=10.0)
    before = t.state
    t.claim("Ben", "ZZ", tap=None, at=10.5)
    assert t.rules() == ["card.unknown"]
    assert t.state.window.claims == before.window.claims


def test_it_lets_a_seat_act_only_for_itself_and_the_referee_for_anyone():
    t = Table()
    refused = t.send("discard", {"player": "Ben", "card": "7H"}, member=t.by("Ana"), at=1.0)
    assert refused[-1]["rule"] == "member.not_allowed"
    assert t.send("discard", {"player": "Ben", "card": "4H"}, at=1.0)[-1]["rule"] == "window.opened"


def test_it_refuses_everything_from_a_spectator():
    t = Table()
    from .table_support import SPEC

    assert t.send("discard", {"player": "Ana", "card": "7H"}, member=SPEC, at=1.0)[-1]["rule"] == "member.not_allowed"


def test_it_refuses_discards_in_a_variant_without_snaps():
    t = Table("canasta", ["Ana", "Ben"])
    assert t.discard("Ana", "7H", at=1.0)[-1]["rule"] == "variant.no_snaps"


def test_it_lets_the_referee_change_the_snap_limit():
    t = Table()
    t.send("settings", {"snap_limit": 5}, at=1.0)
    t.discard("Ana", "7H", at=10.0)
    assert t.state.window.deadline == 15.0
    assert t.send("settings", {"snap_limit": 500}, at=11.0)[-1]["rule"] == "settings.bad_snap_limit"


def test_it_refuses_a_claim_whose_credited_tap_came_after_the_time_limit():
    t = Table(snap_limit=3.0)
    t.discard("Ana", "7H", at=10.0)
    assert t.claim("Ben", "7S", tap=13.01, at=13.05)[-1]["rule"] == "snap.too_late"


def test_snap_windows_have_no_time_limit_by_default():
    assert DEFAULT_SNAP_LIMIT == 0
    assert new_table("tamalou", ["Ana", "Ben"]).snap_limit == 0


def test_snap_windows_last_until_the_next_discard_covers_the_card_when_there_is_no_limit():
    t = Table(snap_limit=0)
    t.discard("Ana", "7H", at=10.0)
    assert t.state.window.deadline is None
    assert t.send("window.timeout", {}, member=None, at=500.0)[-1]["rule"] == "window.not_due"
    assert t.claim("Ben", "7S", tap=None, at=600.0)[-1]["rule"] == "snap.accepted"


def test_snap_windows_a_tap_made_before_the_cover_counts_when_its_claim_arrives_after_it():
    # The consumer credits the tap with the phone's measured delay; the claim is judged on it.
    t = Table(snap_limit=0)
    t.discard("Ana", "7H", at=10.0)
    t.discard("Ben", "9S", at=11.0)
    assert t.claim("Chloé", "7S", tap=10.98, at=11.03)[-1] == {"rule": "snap.accepted", "player": "Chloé",
                                                               "card": "7S"}
    assert t.state.pile_top == "9S"  # the snapped card went under the card that covered it


def test_snap_windows_a_claim_naming_a_covered_window_with_a_tap_before_the_cover_counts():
    t = Table(snap_limit=0)
    t.discard("Ana", "7H", at=10.0)
    first = t.state.window.id
    t.discard("Ben", "9S", at=11.0)
    assert t.claim("Chloé", "7S", tap=10.99, at=11.05, window=first)[-1]["rule"] == "snap.accepted"


def test_snap_windows_the_referee_may_turn_the_house_time_limit_off_again():
    t = Table(snap_limit=5.0)
    assert t.send("settings", {"snap_limit": 0}, at=1.0)[-1] == {"rule": "settings.no_snap_limit", "seconds": 0.0}
    t.discard("Ana", "7H", at=10.0)
    assert t.state.window.deadline is None
    assert t.send("settings", {"snap_limit": 0.2}, at=11.0)[-1]["rule"] == "settings.bad_snap_limit"
