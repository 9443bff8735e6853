"""A table is its log: replaying the events gives the same state and rulings."""

from engine.table.machine import Event, apply, new_table, replay

from .table_support import Table


def test_it_rebuilds_the_same_state_by_replaying_the_log():
    t = Table("tamalou")
    log = []
    original_apply = t.send

    def recording(kind, payload, member=1, at=0.0):
        log.append((Event(kind, payload, member, t.seq + 1), at))
        return original_apply(kind, payload, member, at)

    t.send = recording  # type: ignore[method-assign]
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.4, at=10.45)
    t.claim("Chloé", "7C", tap=10.3, at=10.6)
    members = [(Event("member.joined", {"member": m.id, "role": m.role, "seat": m.seat}, m.id, i), 0.0)
               for i, m in enumerate(t.state.members.values())]
    state, rulings = replay(new_table("tamalou", ["Ana", "Ben", "Chloé"], 3.0), members + log)
    assert state.to_json()["window"] == t.state.to_json()["window"]
    assert rulings == t.rulings


def test_replaying_to_a_moment_shows_the_table_as_it_was():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    before = t.state
    t.discard("Ben", "4S", at=12.0)
    assert before.pile_top == "7H" and t.state.pile_top == "4S"


def test_an_unknown_event_is_ruled_unknown_and_changes_nothing():
    state = new_table("tamalou", ["Ana", "Ben"])
    after, rulings = apply(state, Event("dance", {}, None, 1), 1.0)
    assert after is state and rulings == [{"rule": "event.unknown", "kind": "dance"}]


def test_applying_an_event_never_changes_the_state_it_started_from():
    t = Table("cactus")
    t.discard("Ana", "7H", at=10.0)
    before = t.state
    snapshot = before.to_json()
    t.claim("Ben", "9S", tap=10.1, at=10.2)  # wrong: touches the window, pile, penalties, locks
    t.claim("Chloé", "9C", tap=10.3, at=10.4)
    assert before.to_json() == snapshot
