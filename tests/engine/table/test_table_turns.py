"""Turn order at the live table: our reading "table-turns" (table-rules.md is silent).

Players discard in seat order (after the call, in the order of those still to
play); the round's first discard may come from anyone. With no referee at the
table, a player without a phone is skipped; with a referee, the referee logs
their discard, so nobody is skipped.
"""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import VARIANTS
from engine.table.machine import Event, apply, next_to_discard

from .table_support import REF, Table

SNAP_VARIANTS = [k for k, v in VARIANTS.items() if v.snap is not None]


def last_rule(rulings):
    return rulings[-1]["rule"]


def without_referee(table: Table) -> Table:
    table.send("member.left", {"member": REF}, member=REF)
    return table


def phone_gone(table: Table, player: str) -> None:
    table.send("member.left", {"member": table.by(player)}, member=table.by(player))


@pytest.mark.parametrize("variant", SNAP_VARIANTS)
def test_it_lets_anyone_make_the_rounds_first_discard(variant):
    t = Table(variant)
    assert last_rule(t.discard("Chloé", "AC", at=1.0)) in {"window.opened", "power.available"}
    assert t.state.turn == "Chloé"


@pytest.mark.parametrize("variant", SNAP_VARIANTS)
def test_it_refuses_a_second_discard_from_the_player_who_just_discarded(variant):
    t = Table(variant)
    t.discard("Ana", "AC", at=1.0)
    rulings = t.discard("Ana", "AD", at=2.0)
    assert rulings[-1] == {"rule": "turn.not_yours", "player": "Ana", "turn": "Ben"}
    assert t.state.pile_top == "AC" and t.state.window.card == "AC" and t.state.window.is_open


def test_it_refuses_a_discard_out_of_seat_order_and_names_whose_turn_it_is():
    t = Table("tamalou")
    t.discard("Ana", "AC", at=1.0)
    assert t.discard("Chloé", "AD", at=2.0)[-1] == {"rule": "turn.not_yours", "player": "Chloé", "turn": "Ben"}
    assert last_rule(t.discard("Ben", "AD", at=2.5)) == "window.opened"
    assert last_rule(t.discard("Chloé", "AH", at=3.0)) == "window.opened"
    assert last_rule(t.discard("Ana", "AS", at=4.0)) == "window.opened"  # round the table again


def test_it_lets_the_referee_log_a_discard_only_for_the_player_whose_turn_it_is():
    t = Table("tamalou")
    t.discard("Ana", "AC", at=1.0)
    assert last_rule(t.send("discard", {"player": "Chloé", "card": "AD"}, member=REF, at=2.0)) == "turn.not_yours"
    assert last_rule(t.send("discard", {"player": "Ben", "card": "AD"}, member=REF, at=2.0)) == "window.opened"


def test_without_a_referee_a_player_without_a_phone_is_skipped():
    t = without_referee(Table("tamalou", players=["Ana", "Ben", "Chloé", "Dan"]))
    phone_gone(t, "Ben")
    t.discard("Ana", "AC", at=1.0)
    assert last_rule(t.discard("Chloé", "AD", at=2.0)) == "window.opened"  # Ben played at the table
    # ...but not Dan's turn, whose phone is here.
    assert t.discard("Ana", "AH", at=3.0)[-1] == {"rule": "turn.not_yours", "player": "Ana", "turn": "Dan"}


def test_with_a_referee_a_player_without_a_phone_is_not_skipped():
    t = Table("tamalou", players=["Ana", "Ben", "Chloé", "Dan"])
    phone_gone(t, "Ben")
    t.discard("Ana", "AC", at=1.0)
    assert t.discard("Chloé", "AD", at=2.0)[-1] == {"rule": "turn.not_yours", "player": "Chloé", "turn": "Ben"}


def test_without_a_referee_the_only_phone_at_the_table_may_discard_turn_after_turn():
    t = without_referee(Table("tamalou"))
    phone_gone(t, "Ben")
    phone_gone(t, "Chloé")
    t.discard("Ana", "AC", at=1.0)
    assert last_rule(t.discard("Ana", "AD", at=2.0)) == "window.opened"


@pytest.mark.parametrize("variant", ["koubo", "tamoul", "fontenaysien", "dutch-toulousain", "cactus"])
def test_after_the_call_the_others_discard_in_the_order_they_still_play(variant):
    t = Table(variant, players=["Ana", "Ben", "Chloé", "Dan"])
    t.call("Ana", at=2.0)
    assert t.state.to_play == ["Ben", "Chloé", "Dan"]
    assert t.discard("Chloé", "AD", at=3.0)[-1] == {"rule": "turn.not_yours", "player": "Chloé", "turn": "Ben"}
    t.discard("Ben", "AD", at=3.5)
    t.discard("Chloé", "AH", at=4.0)
    assert t.state.to_play == ["Dan"]


def test_after_the_call_a_skipped_player_without_a_phone_has_had_their_last_turn():
    t = without_referee(Table("koubo", players=["Ana", "Ben", "Chloé", "Dan"]))
    phone_gone(t, "Chloé")
    t.call("Ana", at=2.0)
    t.discard("Ben", "AD", at=3.0)
    t.discard("Dan", "AH", at=4.0)  # Chloé played at the table
    assert t.state.over == "caller_turn_back" and t.state.to_play == []


@given(st.lists(st.sampled_from(["Ana", "Ben", "Chloé"]), min_size=1, max_size=30))
def test_every_accepted_discard_is_the_turn_after_the_last_one(discarders):
    """Whatever the phones send, the log of accepted discards goes round the table in order."""
    t = Table("tamalou")
    accepted = []
    for i, player in enumerate(discarders):
        if last_rule(t.discard(player, ["AC", "AD", "AH", "AS"][i % 4], at=float(i))) == "window.opened":
            accepted.append(player)
    order = ["Ana", "Ben", "Chloé"]
    assert all(order[(order.index(a) + 1) % 3] == b for a, b in itertools.pairwise(accepted))


def test_a_discard_out_of_turn_in_an_older_log_replays_as_it_was_played():
    """The turn check admits new events; a log recorded before it existed replays unchanged."""
    t = Table("tamalou")
    t.discard("Ana", "AC", at=1.0)
    t.seq += 1
    state, rulings = apply(t.state, Event("discard", {"player": "Ana", "card": "AD"}, t.by("Ana"), t.seq,
                                          logged=True), 2.0)
    assert rulings[-1]["rule"] == "window.opened" and state.pile_top == "AD" and state.turn == "Ana"
    assert next_to_discard(state) == "Ben"  # and the table goes on in turn from there
