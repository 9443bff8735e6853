"""Fair order: claims are ordered by their tap time (clamped), ties broken the same way."""

from .table_support import Table


def test_it_gives_the_snap_to_the_earlier_tap_even_when_it_arrives_later():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.40, at=10.45)  # fast network, later tap
    rulings = t.claim("Chloé", "7C", tap=10.30, at=10.60)  # slow network, earlier tap
    assert [r["rule"] for r in rulings] == ["snap.accepted", "snap.overturned"]
    verdicts = {c.player: c.verdict for c in t.state.window.claims}
    assert verdicts == {"Ben": "handed_back", "Chloé": "accepted"}
    assert t.state.snapped == {"Chloé": 1}


def test_it_clamps_a_tap_before_the_window_opened():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=3.0, at=10.5)  # spoofed: before the card was there
    assert t.state.window.claims[0].tap == 10.0


def test_it_clamps_a_tap_after_the_claim_arrived():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=99.0, at=10.5)  # impossible: in the future
    assert t.state.window.claims[0].tap == 10.5


def winner(t: Table) -> str:
    return next(c.player for c in t.state.window.claims if c.verdict == "accepted")


def test_ties_equal_tap_times_are_ordered_by_arrival_at_the_server():
    for first, second in (("Chloé", "Ben"), ("Ben", "Chloé")):
        t = Table("tamalou")
        t.discard("Ana", "7H", at=10.0)
        t.claim(first, "7S" if first == "Ben" else "7C", tap=10.2, at=10.3)
        t.claim(second, "7S" if second == "Ben" else "7C", tap=10.2, at=10.4)
        assert winner(t) == first


def test_ties_equal_tap_and_arrival_go_by_seat_order_starting_after_the_discarder():
    # Chloé discards: Ana sits right after her, then Ben.
    t = Table("tamalou")
    t.discard("Chloé", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.2, at=10.3)
    t.claim("Ana", "7C", tap=10.2, at=10.3)
    assert winner(t) == "Ana"
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Chloé", "7C", tap=10.2, at=10.3)
    t.claim("Ben", "7S", tap=10.2, at=10.3)
    assert winner(t) == "Ben"


def test_it_treats_a_missing_or_non_numeric_tap_as_the_arrival_time():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.send("snap.claim", {"player": "Ben", "card": "7S", "tap": "soon"}, member=t.by("Ben"), at=10.7)
    assert t.state.window.claims[0].tap == 10.7
