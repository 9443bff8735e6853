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
