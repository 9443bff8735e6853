"""The page's ordering code (static/js/table-order.js), run by node: seq order, and claims never answered."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ORDER_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table-order.js"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's code")


def run(script: str) -> dict:
    prelude = ("const {SeqOrder, ClaimWatch} = require(process.argv[1]);"
               "const timers = {all: [], set(f) { this.all.push(f); return this.all.length; }, clear() {}};")
    out = subprocess.run(["node", "-e", prelude + script, str(ORDER_JS)], capture_output=True, text=True,
                         timeout=30, check=True)
    return json.loads(out.stdout)


def test_a_claim_unanswered_when_the_socket_closes_is_reported_lost_and_an_answered_one_is_not():
    result = run("""
        const lost = [];
        const watch = new ClaimWatch((c) => lost.push(c.card), {timers});
        const answered = watch.track({type: "snap.claim", card: "7S"});
        watch.track({type: "snap.claim", card: "7C"});
        watch.received({type: "received", id: answered.id, seq: 12});
        watch.socketClosed();
        console.log(JSON.stringify({lost, ids: answered.id.length > 0}));
    """)
    assert result == {"lost": ["7C"], "ids": True}


def test_a_claim_unanswered_after_its_patience_is_reported_lost_once():
    result = run("""
        const lost = [];
        const watch = new ClaimWatch((c) => lost.push(c.card), {timers});
        watch.track({type: "snap.claim", card: "9H"});
        timers.all.forEach((f) => f());
        watch.socketClosed();
        console.log(JSON.stringify({lost}));
    """)
    assert result == {"lost": ["9H"]}


def test_updates_before_the_state_wait_for_it_and_repeats_are_dropped():
    result = run("""
        const applied = [];
        const order = new SeqOrder((m) => applied.push(m.seq), () => {}, {timers});
        order.accept({type: "table.update", seq: 8});
        order.accept({type: "table.state", seq: 7});
        order.accept({type: "table.update", seq: 8});
        order.accept({type: "table.update", seq: 6});
        console.log(JSON.stringify({applied}));
    """)
    assert result == {"applied": [7, 8]}


# -- updates that carry what changed (engine/table/delta.py) ---------------------------------

STATE_7 = {"pile_top": "7H", "window": {"id": 7, "claims": []}, "snapped": {}, "last_seq": 7}


def ordered(messages: list[dict], fire_timer: bool = False) -> dict:
    """The page's SeqOrder fed `messages`: the states it applied and the syncs it asked for."""
    return run(f"""
        const applied = [], asked = [];
        const order = new SeqOrder((m) => applied.push([m.seq, m.state]), (seq) => asked.push(seq), {{timers}});
        for (const m of {json.dumps(messages)}) order.accept(m);
        if ({json.dumps(fire_timer)}) timers.all.forEach((f) => f());
        console.log(JSON.stringify({{applied, asked, seq: order.seq, state: order.state}}));
    """)


def test_a_delta_is_applied_on_top_of_the_state_at_the_seq_before_and_the_page_gets_the_whole_state():
    claim = {"seq": 8, "player": "Ben", "verdict": "accepted"}
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 8, "delta": [[["window", "claims", 0], claim], [["pile_top"], "7S"],
                                                     [["snapped", "Ben"], 1], [["last_seq"], 8]]},
        {"type": "table.update", "seq": 9, "delta": [[["window"], None], [["snapped", "Ben"]], [["last_seq"], 9]]},
    ])
    after_8 = {"pile_top": "7S", "window": {"id": 7, "claims": [claim]}, "snapped": {"Ben": 1}, "last_seq": 8}
    after_9 = {"pile_top": "7S", "window": None, "snapped": {}, "last_seq": 9}
    assert result["applied"] == [[7, STATE_7], [8, after_8], [9, after_9]]
    assert result["asked"] == [] and result["state"] == after_9


def test_a_copy_takes_what_is_at_its_source_and_later_changes_do_not_touch_the_source():
    result = ordered([
        {"type": "table.state", "seq": 7, "state": {**STATE_7, "covered": None}},
        {"type": "table.update", "seq": 8, "delta": [
            [["covered"], "from", ["window"]], [["covered", "closed"], 8.5], [["window"], {"id": 8, "claims": []}],
            [["last_seq"], 8]]},
    ])
    assert result["state"]["covered"] == {"id": 7, "claims": [], "closed": 8.5}
    assert result["state"]["window"] == {"id": 8, "claims": []}


def test_a_delta_arriving_early_waits_for_the_one_before_it():
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 9, "delta": [[["pile_top"], "9S"], [["last_seq"], 9]]},
        {"type": "table.update", "seq": 8, "delta": [[["pile_top"], "8S"], [["last_seq"], 8]]},
    ])
    assert [(seq, state["pile_top"]) for seq, state in result["applied"]] == [(7, "7H"), (8, "8S"), (9, "9S")]


def test_a_gap_before_a_delta_asks_for_the_whole_state_and_its_answer_heals_the_page():
    state_9 = {**STATE_7, "pile_top": "9S", "last_seq": 9}
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 9, "delta": [[["pile_top"], "9S"], [["last_seq"], 9]]},  # 8 lost
    ], fire_timer=True)
    assert result["applied"] == [[7, STATE_7]] and result["asked"] == [7]
    healed = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 9, "delta": [[["pile_top"], "9S"], [["last_seq"], 9]]},
        {"type": "table.state", "seq": 9, "since": 7, "state": state_9},  # the answer to the sync
        {"type": "table.update", "seq": 10, "delta": [[["pile_top"], "10S"], [["last_seq"], 10]]},
    ])
    assert [seq for seq, _ in healed["applied"]] == [7, 9, 10] and healed["state"]["pile_top"] == "10S"


@pytest.mark.parametrize("changes", [
    [[["window", "claims", 3], {"seq": 8}], [["last_seq"], 8]],  # past the end of the list
    [[["covered", "claims", 0], {"seq": 8}], [["last_seq"], 8]],  # no such key
    [[["snapped", "Ben"]], [["last_seq"], 8]],  # nothing to delete
    [[["pile_top"], "8S"]],  # not at its seq after it
    [[["last_seq"], 8], "pile_top"],  # not a change
    [[["covered"], "from", ["nowhere"]], [["last_seq"], 8]],  # nothing to copy
    [[["covered"], "to", ["window"]], [["last_seq"], 8]],  # not a change
    {"pile_top": "8S"},  # not a list of changes
])
def test_a_delta_that_does_not_fit_is_not_applied_and_the_page_asks_for_the_whole_state_at_once(changes):
    state_9 = {**STATE_7, "pile_top": "9S", "last_seq": 9}
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 8, "delta": changes},
        {"type": "table.update", "seq": 9, "delta": [[["pile_top"], "9S"], [["last_seq"], 9]]},  # held
    ])
    assert result["applied"] == [[7, STATE_7]] and result["asked"] == [7] and result["seq"] == 7
    healed = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 8, "delta": changes},
        {"type": "table.update", "seq": 10, "delta": [[["pile_top"], "10S"], [["last_seq"], 10]]},
        {"type": "table.state", "seq": 9, "since": 7, "state": state_9},
    ])
    assert [seq for seq, _ in healed["applied"]] == [7, 9, 10] and healed["state"]["pile_top"] == "10S"


def test_a_whole_state_in_an_update_replaces_the_one_before():
    state_8 = {**STATE_7, "pile_top": "8S", "last_seq": 8}
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 8, "state": state_8},
        {"type": "table.update", "seq": 9, "delta": [[["pile_top"], "9S"], [["last_seq"], 9]]},
    ])
    assert result["state"] == {**state_8, "pile_top": "9S", "last_seq": 9}


def test_a_player_called_proto_is_a_key_like_any_other():
    result = ordered([
        {"type": "table.state", "seq": 7, "state": STATE_7},
        {"type": "table.update", "seq": 8, "delta": [[["snapped", "__proto__"], 1], [["last_seq"], 8]]},
        {"type": "table.update", "seq": 9, "delta": [[["snapped", "__proto__"]], [["last_seq"], 9]]},
    ])
    assert result["applied"][1][1]["snapped"] == {"__proto__": 1} and result["state"]["snapped"] == {}


def test_the_page_rebuilds_every_state_of_played_rounds_from_the_servers_changes():
    from engine.table import delta
    from tests.engine.table.test_delta import MEMORY, played_round

    steps = [(before.to_json(), delta.diff(before.to_json(), after.to_json()), after.to_json())
             for variant in [*MEMORY, "canasta", "cactus-game"] for _kind, before, after in played_round(variant)]
    out = subprocess.run(["node", "-e", """
        const {applyChanges} = require(process.argv[1]);
        const steps = JSON.parse(require("fs").readFileSync(0, "utf8"));
        console.log(JSON.stringify(steps.map(([before, changes]) => applyChanges(before, changes))));
    """, str(ORDER_JS)], input=json.dumps(steps), capture_output=True, text=True, timeout=30, check=True)
    rebuilt = json.loads(out.stdout)
    assert len(rebuilt) == len(steps) > 100
    for state, (_before, _changes, after) in zip(rebuilt, steps, strict=True):
        assert as_javascript_says(state) == as_javascript_says(after)


def as_javascript_says(value: object) -> str:
    """JSON as node writes it: 5.0 is 5 there (one kind of number), true stays true."""
    def plain(v: object) -> object:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return [plain(x) for x in v] if isinstance(v, list) else v
    return json.dumps(plain(value), sort_keys=True, ensure_ascii=False)
