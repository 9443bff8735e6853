"""The page's controls are exactly the moves the server sends (static/js/table-moves.js, run by node).

Tables of every variant are played at random by the engine; at each state, for each
phone (each seat, and the referee acting for each player), the controls the page's code
shows must be the moves `engine.table.machine` offers that phone at that moment, no more
and no fewer: the page decides nothing (issue 29, item 2).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.rules import VARIANTS
from engine.table import machine as tbl
from tests.engine.table.table_support import REF, Table
from tests.engine.table.test_table_legal_moves import is_offered, players_for, tries

MOVES_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table-moves.js"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's code")

# Each control of the table page and the move that shows it.
CONTROLS = {
    "discard-button": "discard", "snap-button": "snap.claim", "call-button": "call.made",
    "counter-button": "call.counter", "last-card-button": "round.last_card", "stock-empty": "stock.empty",
    "reveal-link": "reveal", "power-panel": "power.used", "power-decline": "power.declined",
}


def page_controls(cases: list[dict[str, Any]]) -> list[dict[str, str]]:
    """What table-moves.js shows for each case (one node run for them all)."""
    script = """
        const moves = require(process.argv[1]);
        const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
        console.log(JSON.stringify(cases.map((c) => moves.controls(c.state, c.role, c.seat, c.for, c.now))));
    """
    out = subprocess.run(["node", "-e", script, str(MOVES_JS)], input=json.dumps(cases), capture_output=True,
                         text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def played_states(variant: str, seed: int, steps: int = 30) -> list[tuple[tbl.TableState, float]]:
    """(state, a moment after it) along a table played at random, mostly by offered moves."""
    rng = random.Random(seed)
    table = Table(variant, players_for(variant), snap_limit=rng.choice([0.0, 3.0]))
    now, seen = 1.0, []
    for _ in range(steps):
        now += rng.choice([0.0, 0.5, 2.0, 4.0])
        seen.append((table.state, now))
        player = rng.choice(table.state.players)
        everything = tries(table.state, player, now)
        moves = tbl.legal_moves(table.state, player, now)
        offered = [t for t in everything if is_offered(moves, t[0], t[2])]
        if rng.random() < 0.05:
            table.send("reveal", {"hands": {}}, member=REF, at=now)
            continue
        kind, payload, _ = rng.choice(offered if offered and rng.random() < 0.85 else everything)
        table.send(kind, payload, member=table.by(player), at=now)
    return seen


def phones(state: tbl.TableState) -> list[tuple[str, str, str]]:
    """(role, seat, the player acted for) of each phone: every seat, the referee for each player."""
    return [("seat", p, p) for p in state.players] + [("referee", "", p) for p in state.players]


def expected(state: tbl.TableState, role: str, player: str, now: float) -> set[str]:
    moves = tbl.legal_moves(state, player, now)
    if role == "referee":
        moves = {**moves, **tbl.referee_moves(state)}
    return {control for control, kind in CONTROLS.items() if kind in moves}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_phone_shows_exactly_the_moves_the_engine_offers_it_now(variant: str):
    cases, wanted = [], []
    for seed in range(3):
        for state, now in played_states(variant, seed):
            sent = state.to_json()  # what the phones are sent: the state with its moves
            for role, seat, player in phones(state):
                cases.append({"state": sent, "role": role, "seat": seat, "for": player, "now": now})
                wanted.append(expected(state, role, player, now))
    shown = [{c for c, look in looks.items() if look == "shown"} for looks in page_controls(cases)]
    wrong = [(case["role"], case["seat"] or case["for"], case["now"], sorted(got), sorted(want))
             for case, got, want in zip(cases, shown, wanted, strict=True) if got != want]
    assert wrong == []
    assert any(wanted), "the random tables offered some moves"


def test_a_snap_goes_from_the_page_when_its_deadline_passes_by_the_servers_clock():
    t = Table("tamalou", snap_limit=3.0)
    t.discard("Ana", "6H", at=10.0)
    sent = t.state.to_json()
    before, after = page_controls([{"state": sent, "role": "seat", "seat": "Ben", "for": "Ben", "now": now}
                                   for now in (12.9, 13.0)])
    assert (before["snap-button"], after["snap-button"]) == ("shown", "hidden")


def test_a_seat_waits_for_its_turn_with_its_discard_in_sight_and_sees_none_once_the_round_is_over():
    t = Table("tamalou")
    t.discard("Ana", "6H", at=1.0)
    ana, ben = page_controls([{"state": t.state.to_json(), "role": "seat", "seat": s, "for": s, "now": 1.5}
                              for s in ("Ana", "Ben")])
    assert (ana["discard-button"], ben["discard-button"]) == ("disabled", "shown")
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=2.0)
    (ana,) = page_controls([{"state": t.state.to_json(), "role": "seat", "seat": "Ana", "for": "Ana", "now": 2.5}])
    assert ana["discard-button"] == "hidden" and ana["reveal-link"] == "shown"


def test_a_power_panel_offers_each_slot_the_players_of_the_aims_sent_and_flags_any_other_choice():
    t = Table("dutch-toulousain")
    t.discard("Ana", "5C", at=1.0)
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=1.5)  # Ana's cards frozen
    t.discard("Ben", "JH", at=2.0)
    move = tbl.legal_moves(t.state, "Ben")["power.used"]
    script = """
        const moves = require(process.argv[1]);
        const move = JSON.parse(process.argv[2]);
        console.log(JSON.stringify({slots: [moves.slotChoices(move, 0), moves.slotChoices(move, 1)],
                                    offered: moves.aimOffered(move, ["Ben", "Chloé"]),
                                    frozen: moves.aimOffered(move, ["Ben", "Ana"])}));
    """
    out = subprocess.run(["node", "-e", script, str(MOVES_JS), json.dumps(move)], capture_output=True, text=True,
                         timeout=30, check=True)
    assert json.loads(out.stdout) == {"slots": [["Ben", "Chloé"], ["Chloé", "Ben"]], "offered": True,
                                      "frozen": False}
