"""Updates that carry what changed: the server's changes put on the state at seq - 1 give the
state at seq, for every kind of event, in every variant the table referees (engine/table/delta.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules import VARIANTS
from engine.table import delta
from engine.table.machine import (
    HANDLERS,
    REFEREE,
    SEAT,
    SPECTATOR,
    Event,
    TableState,
    apply,
    new_table,
)

PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
MEMORY = sorted(k for k, v in VARIANTS.items() if v.snap is not None)
REF, SPEC = 1, 2
SEATS = {p: 10 + i for i, p in enumerate(PLAYERS)}
# Few ranks, so snaps match often; the powers' cards of every memory variant; a joker.
CARDS = ["7H", "7S", "7C", "9S", "10H", "10S", "JS", "JC", "JH", "QH", "QS", "KD", "KS", "AC", "2D", "JK"]


def on_the_wire(value: Any) -> Any:
    """What a phone reads: JSON-encoded as the consumer sends it, then decoded."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def same(a: Any, b: Any) -> bool:
    """Equal as JSON says it (true is not 1, 30 is not 30.0)."""
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def seated(variant: str) -> TableState:
    state = new_table(variant, PLAYERS, 3.0)
    joins = [(REF, {"member": REF, "role": REFEREE}), (SPEC, {"member": SPEC, "role": SPECTATOR})]
    joins += [(SEATS[p], {"member": SEATS[p], "role": SEAT, "seat": p}) for p in PLAYERS]
    for seq, (member, payload) in enumerate(joins, start=1):
        state, _ = apply(state, Event("member.joined", payload, member, seq), 0.0)
    return state


def assert_the_changes_rebuild(old: TableState, new: TableState) -> list[list[Any]]:
    before, after = old.to_json(), new.to_json()
    changes = on_the_wire(delta.diff(before, after))
    rebuilt = delta.patch(on_the_wire(before), changes)
    assert same(rebuilt, after), (changes, before, after)
    assert same(before, old.to_json())  # diffing changed neither side
    assert len(json.dumps(after, ensure_ascii=False)) >= delta.SHORTEST_STATE
    return changes


# -- played rounds, drawn by hypothesis ----------------------------------------------

players = st.sampled_from(PLAYERS)
cards = st.sampled_from(CARDS)
senders = st.sampled_from([REF, SPEC, None, *SEATS.values()])
QUESTIONS = [
    {"question": "meld", "cards": ["QS", "QH", "2C"], "going_out": False},
    {"question": "take_pile", "pile": ["5H", "9S"], "hand": ["9H", "9D"], "side_has_melded": True},
    {"question": "opening", "melds": [["QS", "QH", "QD"]], "side_total": 1500},
    {"question": "go_out", "melds": [["QS", "QH", "QD"]], "hand_left": 0},
    {"question": "stop_chain", "card": "7H", "stops": ["?"]},
    {"question": "set", "characters": ["a", "b"]},
    {"question": "turn_end", "card": "7H"},
    {"question": "nonsense"},
]

payloads = {
    "discard": st.fixed_dictionaries({"player": players, "card": cards, "from_stock": st.booleans()}),
    "snap.claim": st.fixed_dictionaries({
        "player": players, "card": cards, "penalty_card": st.booleans(),
        "for_player": st.one_of(st.none(), players), "tap": st.one_of(st.none(), st.floats(0, 1000)),
        "window": st.one_of(st.none(), st.integers(0, 60))}),
    "window.timeout": st.just({}),
    "power.declined": st.just({}),
    "power.used": st.fixed_dictionaries({"player": players, "targets": st.lists(
        st.fixed_dictionaries({"player": players, "card": st.one_of(st.none(), st.integers(0, 4))}), max_size=2)}),
    "call.made": st.fixed_dictionaries({"player": players}),
    "call.counter": st.fixed_dictionaries({"player": players}),
    "round.last_card": st.fixed_dictionaries({"player": players}),
    "reveal": st.fixed_dictionaries({
        "hands": st.fixed_dictionaries({p: st.integers(0, 30) for p in PLAYERS}),
        "players_after": st.sampled_from([[], PLAYERS, PLAYERS[:3], ["Ben", "Chloé"]])}),
    "settings": st.fixed_dictionaries({"snap_limit": st.sampled_from([None, 0, 0.5, 3, 3.0, 30])}),
    "member.joined": st.fixed_dictionaries({"member": st.integers(20, 24), "role": st.sampled_from(
        [SEAT, REFEREE, SPECTATOR]), "seat": players}),
    "member.left": st.fixed_dictionaries({"member": st.sampled_from([SPEC, 20, 21, *SEATS.values()])}),
    "ask": st.sampled_from(QUESTIONS),
    "stock.empty": st.fixed_dictionaries({"reshuffled": st.booleans()}),
}
steps = st.lists(st.tuples(st.sampled_from(sorted(payloads)).flatmap(
    lambda kind: st.tuples(st.just(kind), payloads[kind])), senders, st.floats(0, 4)), max_size=40)


def test_the_drawn_events_cover_every_kind_the_table_knows():
    assert set(payloads) == set(HANDLERS)


@pytest.mark.parametrize("variant", [*MEMORY, "canasta", "cactus-game"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played=steps)
def test_the_changes_of_every_event_put_on_the_state_before_give_the_state_after(variant, played):
    state, now = seated(variant), 0.0
    for seq, ((kind, payload), sender, pause) in enumerate(played, start=7):
        now += pause
        new, _rulings = apply(state, Event(kind, payload, sender, seq), now)
        assert_the_changes_rebuild(state, new)
        state = new


# -- one round played to the letter, every kind of event accepted -----------------------

def played_round(variant: str) -> list[tuple[str, TableState, TableState]]:
    """(kind, state before, state after) for a round that plays each kind of event the variant knows."""
    t = {"state": seated(variant), "seq": 6, "now": 10.0}
    out = []

    def send(kind: str, payload: dict[str, Any], member: int | None = REF, pause: float = 0.5) -> None:
        t["seq"] += 1
        t["now"] += pause
        new, rulings = apply(t["state"], Event(kind, payload, member, t["seq"]), t["now"])
        assert not any(r["rule"].startswith(("member.not", "player.unknown")) for r in rulings), rulings
        out.append((kind, t["state"], new))
        t["state"] = new

    send("settings", {"snap_limit": 5})
    send("member.joined", {"member": 20, "role": SEAT, "seat": "Ana"})  # a second phone for Ana
    send("member.left", {"member": 20})
    if VARIANTS[variant].snap is None:
        send("ask", QUESTIONS[0] if variant == "canasta" else QUESTIONS[4])
    else:
        send("discard", {"player": "Ana", "card": "7H"})
        send("snap.claim", {"player": "Ben", "card": "7S", "tap": t["now"] + 0.2}, SEATS["Ben"])
        send("snap.claim", {"player": "Chloé", "card": "9S", "tap": t["now"] + 0.3}, SEATS["Chloé"])
        send("window.timeout", {}, None, pause=5)
        send("stock.empty", {"reshuffled": False})
        power = next(p for p in VARIANTS[variant].powers)
        card = {"Q": "QH", "J": "JH", "K": "KD", "10": "10H", "7": "7H", "8": "8H", "9": "9H"}.get(
            power.cards.split()[-1], "QH")
        send("discard", {"player": "Ben", "card": card})
        send("power.declined", {})
        send("discard", {"player": "Chloé", "card": card})
        send("power.used", {"player": t["state"].power["player"] if t["state"].power else "Chloé",
                            "targets": ["Chloé"]})
        send("call.made", {"player": "Chloé"})
        send("call.counter", {"player": "Dan"})
        send("round.last_card", {"player": "Dan"})
    send("reveal", {"hands": {p: 3 for p in PLAYERS}, "players_after": PLAYERS[:3]})
    return out


@pytest.mark.parametrize("variant", [*MEMORY, "canasta", "cactus-game"])
def test_a_played_round_sends_changes_for_every_event_and_they_rebuild_each_state(variant):
    for _kind, before, after in played_round(variant):
        assert_the_changes_rebuild(before, after)


def test_the_played_rounds_change_the_state_with_every_kind_of_event_but_questions():
    changed = {kind for variant in [*MEMORY, "canasta", "cactus-game"] for kind, before, after in played_round(variant)
               if any(path != ["last_seq"] for path, *_ in delta.diff(before.to_json(), after.to_json()))}
    assert changed == set(HANDLERS) - {"ask"}  # a question is answered, the table does not change


def test_a_claim_sends_only_what_it_changed():
    round_ = played_round("tamalou")
    kind, before, after = round_[4]
    assert kind == "snap.claim"
    changes = delta.diff(before.to_json(), after.to_json())
    # Ben's snap was taken: one card per discard, so his phone offers no second snap.
    assert {tuple(path) for path, *_ in changes} == {("window", "claims", 0), ("pile_top",), ("snapped",),
                                                       ("last_seq",), ("legal", "seats", "Ben", "snap.claim")}
    assert len(json.dumps(changes)) < len(json.dumps(after.to_json())) / 3


def test_a_discard_sends_the_covered_window_as_a_copy_of_the_window_before_it():
    round_ = played_round("tamalou")
    kind, before, after = round_[8]  # the second discard: the first one's window (timed out) is covered
    assert kind == "discard" and before.window is not None and after.covered is not None
    changes = delta.diff(before.to_json(), after.to_json())
    assert changes[0] == [["covered"], "from", ["window"]]
    assert [c for c in changes if c[0] == ["covered"]] == [changes[0]]  # not sent again whole
    assert len(json.dumps(changes)) < len(json.dumps(after.to_json())) / 2


def test_copies_come_first_while_what_they_copy_is_still_the_old_value():
    before = {"window": {"id": 1, "card": "7H", "claims": [1, 2], "closed": None}, "covered": None}
    after = {"window": {"id": 2, "card": "8S", "claims": [], "closed": None},
             "covered": {"id": 1, "card": "7H", "claims": [1, 2], "closed": 3.5}}
    changes = delta.diff(before, after)
    assert changes[0] == [["covered"], "from", ["window"]]
    assert delta.patch(before, changes) == after


def test_two_objects_that_swap_places_are_not_both_copied_from_each_other():
    window = {"id": 1, "card": "7H", "claims": [1, 2], "closed": None}
    covered = {"id": 2, "card": "8S", "claims": [3], "closed": 2.5}
    before, after = {"window": window, "covered": covered}, {"window": covered, "covered": window}
    changes = delta.diff(before, after)
    assert len([c for c in changes if len(c) == 3]) == 1
    assert delta.patch(before, changes) == after


def test_a_value_that_becomes_null_is_set_to_null_and_a_key_that_goes_is_deleted():
    before = {"window": {"id": 4, "claims": []}, "snapped": {"Ben": 1, "Ana": 2}, "last_seq": 4}
    after = {"window": None, "snapped": {"Ana": 2}, "last_seq": 5}
    changes = delta.diff(before, after)
    assert changes == [[["window"], None], [["snapped", "Ben"]], [["last_seq"], 5]]
    assert delta.patch(before, changes) == after and before["snapped"] == {"Ben": 1, "Ana": 2}


def test_a_number_that_becomes_true_is_a_change():
    assert delta.diff({"a": 1, "b": 0.0}, {"a": True, "b": 0}) == [[["a"], True], [["b"], 0]]


def test_the_shortest_state_is_not_shorter_than_said():
    state = new_table("canasta", [], 0).to_json()  # no player: the fewest moves
    nullable = [k for k, v in state.items() if v is None]
    shortest = len(json.dumps(state, ensure_ascii=False)) - 2 * len(nullable)  # null -> "" or {}
    assert delta.SHORTEST_STATE <= shortest


@pytest.mark.parametrize("change", [
    [[], 1], [["nowhere", "deeper"], 1], [["window", "claims", 5], {}], [["window", "claims", -1], {}],
    [["window", "claims", "0"], {}], [["players", 0]], [["missing"]], "last_seq", [["last_seq"], 1, 2],
    [["copy"], "from", ["missing"]], [["copy"], "to", ["window"]], [["copy"], "from", "window"],
])
def test_a_change_that_does_not_fit_the_state_is_refused(change):
    state = {"window": {"claims": [{"seq": 1}]}, "players": ["Ana"], "last_seq": 1}
    with pytest.raises(ValueError):
        delta.patch(state, [change])
