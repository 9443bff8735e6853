"""What each seat may do now (`machine.legal_moves`) is exactly what the table accepts.

The phones draw their buttons from these moves (static/js/table-moves.js) and decide
nothing themselves, so for every variant of the registry, over random tables played
by hypothesis, each move offered must be accepted by `apply` and each move not offered
refused (issue 29, item 2: the page and the engine had disagreed twice, a second snap
offered on a discard and a seat's early reveal).

"Accepted" means no refusal; a power's use must moreover be a right use (`power.used`,
not `power.wrong`: a wrong use is taken, then punished). A snap's card is the player's
word (a wrong card is a move, with its penalty), so a snap is offered whatever the card.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules import VARIANTS
from engine.table import machine as tbl
from engine.table.machine import Event, Refusal, TableState, apply

from .table_support import REF, Table, seat_id

ALL_VARIANTS = sorted(VARIANTS)
SEAT_KINDS = ("discard", "snap.claim", "call.made", "call.counter", "round.last_card", "stock.empty",
              "power.declined", "power.used")


def players_for(variant: str) -> list[str]:
    counts = VARIANTS[variant].allowed_player_counts()
    return ["Ana", "Ben", "Chloé", "Dan"][:3 if 3 in counts else counts[0]]


def outcome(state: TableState, kind: str, payload: dict[str, Any], member: int | None, now: float
            ) -> tuple[bool, list[tbl.Ruling]]:
    """(accepted as a right move, the rulings) for this event on `state` (left unchanged)."""
    _new, rulings = apply(state, Event(kind, payload, member, state.last_seq + 1), now)
    refused = any(isinstance(r, Refusal) for r in rulings)
    wrong = any(r["rule"] == "power.wrong" for r in rulings)
    return not refused and not wrong, rulings


def a_card(state: TableState, player: str) -> str:
    """A card of the deck this player has not yet claimed on the open window (a claim twice is one)."""
    claimed = {c.card for c in state.window.claims if c.player == player} if state.window else set()
    return next(c for c in state.rules.deck.codes if c not in claimed)


def targets(move: dict[str, Any], aimed: list[str]) -> list[Any]:
    return [{"player": p, "card": 0} if "cards" in move else p for p in aimed]


def tries(state: TableState, player: str, now: float) -> list[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """Every move of `player`'s phone worth trying now: (kind, payload, the option it stands for).
    The option is what `legal_moves` must hold for it to be offered (None: the move itself)."""
    deck = state.rules.deck
    card = a_card(state, player) if deck is not None else "AS"
    out: list[tuple[str, dict[str, Any], Any]] = []
    for origin in tbl.MOVE_ORIGINS:
        out.append(("discard", {"player": player, "card": card, "from_stock": origin == "stock",
                                "took_pile": origin == "pile"}, ("origins", origin)))
    window = state.window.id if state.window is not None else None
    claim = {"player": player, "card": card, "tap": now, "window": window}
    out.append(("snap.claim", claim, None))
    out.append(("snap.claim", {**claim, "penalty_card": True}, ("penalty_card", True)))
    out += [("snap.claim", {**claim, "for_player": other}, ("owners", other))
            for other in state.players if other != player]
    out += [(kind, {"player": player}, None) for kind in ("call.made", "call.counter", "round.last_card")]
    out += [("stock.empty", {"reshuffled": True}, None), ("power.declined", {}, None)]
    power = state.power
    if power is not None:
        required, optional = tbl.REACH.get(power["effect"], ((), ()))
        kinds = required + optional
        pools = {"own": [player], "other": [p for p in state.players if p != player], "any": state.players}
        aims: list[list[str]] = [[]]
        for count in range(1, len(kinds) + 1):
            aims += [[*a, p] for a in aims if len(a) == count - 1 for p in pools[kinds[count - 1]]]
        shape = {"cards": True} if power["effect"] not in tbl.AIMS_PLAYERS_ONLY else {}
        out += [("power.used", {"player": player, "targets": targets(shape, a)}, ("aims", a))
                for a in aims if len(a) >= len(required)]
    return out


def is_offered(moves: dict[str, Any], kind: str, option: Any) -> bool:
    move = moves.get(kind)
    if move is None:
        return False
    if option is None:
        return True
    key, value = option
    held = move.get(key)
    return held is True if value is True else held is not None and value in held


def check_seats(state: TableState, now: float) -> None:
    for player in state.players:
        moves = tbl.legal_moves(state, player, now)
        for kind, payload, option in tries(state, player, now):
            accepted, rulings = outcome(state, kind, payload, seat_id_of(state, player), now)
            offered = is_offered(moves, kind, option)
            assert offered == accepted, (state.variant, player, kind, payload, moves.get(kind), rulings)


def check_referee(state: TableState, now: float) -> None:
    moves = tbl.referee_moves(state)
    accepted, rulings = outcome(state, "stock.empty", {"reshuffled": True}, REF, now)
    assert ("stock.empty" in moves) == accepted, (state.variant, rulings)
    accepted, _ = outcome(state, "settings", {"snap_limit": 2}, REF, now)
    assert ("settings" in moves) == accepted
    if state.power is not None:
        owner = state.power["player"]
        for kind, payload, option in tries(state, owner, now):
            if kind.startswith("power."):
                accepted, rulings = outcome(state, kind, payload, REF, now)
                assert is_offered(moves, kind, option) == accepted, (state.variant, kind, payload, rulings)


def seat_id_of(state: TableState, player: str) -> int:
    return seat_id(state, player)


def play(data: st.DataObject, variant: str) -> None:
    """A table played by random phones: mostly moves they are offered, some they are not,
    time passing (timed windows close), phones leaving and coming back, reveals."""
    table = Table(variant, players_for(variant), snap_limit=data.draw(st.sampled_from([0.0, 3.0])))
    now = 1.0
    for _ in range(data.draw(st.integers(8, 22))):
        now += data.draw(st.sampled_from([0.0, 0.2, 1.0, 4.0]))
        state = table.state
        check_seats(state, now)
        check_referee(state, now)
        player = data.draw(st.sampled_from(state.players))
        choice = data.draw(st.integers(0, 19))
        if choice == 0:  # a phone leaves, or comes back
            member = data.draw(st.sampled_from([REF, table.by(player)]))
            role = {"member": member, "role": "referee"} if member == REF else \
                {"member": member, "role": "seat", "seat": player}
            present = table.state.members[member].present
            table.send("member.left" if present else "member.joined", role, member=member, at=now)
        elif choice == 1:  # the referee ends the round
            table.send("reveal", {"hands": {}}, member=REF, at=now)
        else:
            everything = tries(state, player, now)
            offered = [t for t in everything if is_offered(tbl.legal_moves(state, player, now), t[0], t[2])]
            kind, payload, _option = data.draw(st.sampled_from(offered if offered and choice > 4 else everything))
            table.send(kind, payload, member=table.by(player), at=now)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_move_offered_is_accepted_and_every_other_refused(variant: str, data: st.DataObject) -> None:
    play(data, variant)


def test_the_registry_holds_the_eleven_variants_the_property_runs_on():
    assert len(ALL_VARIANTS) == 11


# -- the two bugs the page and the engine disagreed on ---------------------------------------------


def test_one_card_per_discard_no_second_snap_is_offered_once_a_players_card_was_taken():
    t = Table("tamalou")
    t.discard("Ana", "6H", at=1.0)
    assert "snap.claim" in tbl.legal_moves(t.state, "Ben", 1.1)
    t.claim("Ben", "6C", tap=1.2, at=1.3)
    assert "snap.claim" not in tbl.legal_moves(t.state, "Ben", 1.4)
    assert "snap.claim" in tbl.legal_moves(t.state, "Chloé", 1.4)


def test_a_player_is_offered_the_reveal_only_once_the_round_is_over_the_referee_at_any_time():
    t = Table("tamalou")
    t.discard("Ana", "6H", at=1.0)
    assert "reveal" not in tbl.legal_moves(t.state, "Ben")
    assert "reveal" in tbl.referee_moves(t.state)
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=2.0)  # tamalou: the round stops
    assert "reveal" in tbl.legal_moves(t.state, "Ben")


def test_a_timed_snap_says_its_deadline_and_is_no_longer_offered_once_it_passed():
    t = Table("tamalou", snap_limit=3.0)
    t.discard("Ana", "6H", at=10.0)
    assert tbl.legal_moves(t.state, "Ben")["snap.claim"]["until"] == 13.0
    assert "snap.claim" in tbl.legal_moves(t.state, "Ben", 12.9)
    assert "snap.claim" not in tbl.legal_moves(t.state, "Ben", 13.0)


def test_a_power_offers_only_the_players_within_its_reach():
    # Dutch-toulousain: the frozen dutcher may not be aimed at; the jack swaps two players' cards.
    t = Table("dutch-toulousain")
    t.discard("Ana", "5C", at=1.0)
    t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=1.5)
    t.discard("Ben", "JH", at=2.0)
    move = tbl.legal_moves(t.state, "Ben")["power.used"]
    assert move["aims"] == [["Ben", "Chloé"], ["Chloé", "Ben"]] and move["compulsory"] is True
    assert "power.declined" not in tbl.legal_moves(t.state, "Ben")  # compulsory: no pass


def test_a_player_who_is_out_is_offered_nothing():
    t = Table("dutch", ["Ana", "Ben", "Chloé"])
    t.send("reveal", {"hands": {}, "players_after": ["Ana", "Ben"]}, member=REF, at=1.0)
    assert tbl.legal_moves(t.state, "Chloé") == {}
    assert tbl.all_legal_moves(t.state)["seats"].keys() == {"Ana", "Ben"}
