"""The table's state as JSON (sent with every update) is what dataclasses.asdict would give,
plus `next_turn` and `legal` (what each phone may do now), derived for the phones."""

import json
from dataclasses import asdict

from engine.table.machine import all_legal_moves, next_to_discard

from .table_support import Table


def as_asdict_would(state) -> dict:
    out = asdict(state)
    out["members"] = [asdict(m) for m in state.members.values()]
    out["next_turn"] = next_to_discard(state)
    out["legal"] = all_legal_moves(state)
    return out


def test_it_writes_the_state_as_asdict_would_with_a_window_and_claims_open():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    t.claim("Ben", "7S", tap=10.4, at=10.45)

    assert json.dumps(t.state.to_json(), sort_keys=True) == json.dumps(as_asdict_would(t.state), sort_keys=True)
    assert t.state.to_json()["window"]["claims"]  # the nested dataclasses are in it
    assert t.state.to_json()["next_turn"] == "Ben"


def test_it_gives_new_containers_so_the_state_cannot_be_changed_through_them():
    t = Table("tamalou")
    t.discard("Ana", "7H", at=10.0)
    out = t.state.to_json()
    out["window"]["ranks"].append("K")

    assert "K" not in t.state.window.ranks
