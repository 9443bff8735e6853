"""Random valid records of every variant, finished or not (a hypothesis strategy).

Plain Python (no Django): the engine's tests, the sheet's and the league's use it.
Rounds are drawn loosely and kept only when the engine accepts them: the point is
to reach many shapes of results (ties, eliminations, ends, teams), not to model
each variant's rules (the variants' own property tests do that).

The direction each variant's best total lies in is written here from the spec
(game-record.md, section 4), not read from the engine: the tests compare the two.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from engine.rules import RecordError, score_record

VARIANT_KEYS = (
    "cactus", "cactus-tas", "tamalou", "koubo", "dutch", "tamoul", "fontenaysien",
    "cabo-bruxellois", "dutch-toulousain", "canasta", "cactus-game",
)
# Spec, section 4: cactus counts rounds won (4.1), canasta's sides race to 5000 (4.10),
# cactus-game's players collect Point cards (4.11); every other total is bad.
HIGHEST_IS_BEST = frozenset({"cactus", "canasta", "cactus-game"})

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Élise", "Farid", "Gus", "Hana")
ROUNDS_OPTION = frozenset({"cactus", "cactus-tas", "tamalou", "koubo", "cabo-bruxellois"})
MAX_ROUNDS = 14
# Canasta: seven cards of one natural rank (a natural canasta) out of the two decks.
CANASTA_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SEVEN = ("H", "H", "D", "D", "S", "S", "C")


def scores(record: dict[str, Any]) -> bool:
    try:
        score_record(record)
    except RecordError:
        return False
    return True


def _memory_round(draw: Any, variant: str, active: list[str]) -> dict[str, Any]:
    high = {"dutch": 60, "tamoul": 80}.get(variant, 15)  # big hands, for the games that end on totals
    hands: dict[str, Any] = {p: draw(st.integers(0, high)) for p in active}
    if variant == "tamoul":
        hands = {p: v / 2 for p, v in hands.items()}
    if variant == "cactus-tas":
        # Everyone with a hand over 5 draws a card: a plain one (no 7, whose rules are apart).
        return {"hands": hands, "draws": {p: draw(st.sampled_from(["2H", "9S", "KD", "QC"]))
                                          for p, v in hands.items() if v > 5}}
    rnd: dict[str, Any] = {"hands": hands}
    if variant == "fontenaysien":
        rnd["went_out"] = None
    if draw(st.booleans()):
        rnd["announcer"] = draw(st.sampled_from(active))
    return rnd


def _canasta_round(draw: Any, sides: list[str], members: dict[str, list[str]]) -> dict[str, Any]:
    ranks = list(draw(st.permutations(CANASTA_RANKS)))
    out: dict[str, Any] = {}
    for side in sides:
        count = draw(st.integers(0, 3))
        mine, ranks = ranks[:count], ranks[count:]
        out[side] = {"melds": [[rank + suit for suit in SEVEN] for rank in mine],
                     "hand": draw(st.lists(st.sampled_from(["4H", "5S", "9D", "KC"]), max_size=3, unique=True))}
    alone = all(len(m) == 1 for m in members.values())
    can_go = [s for s in sides if len(out[s]["melds"]) >= (2 if alone else 1)]  # canastas to go out
    went = draw(st.sampled_from(can_go)) if can_go and draw(st.booleans()) else None
    if went is not None and len(members[went]) == 1:
        out[went]["hand"] = []
    return {"sides": out, "went_out": members[went][0] if went else None}


def _cactus_game_turn(draw: Any, player: str, players: list[str], totals: dict[str, int]) -> dict[str, Any]:
    kind = draw(st.sampled_from(["free_point", "free_point", "free_point", "draw", "steal_point"]))
    victims = [p for p in players if p != player and totals.get(p, 0) > 0]
    if kind == "steal_point" and victims:
        return {"player": player, "plays": [{"card": "steal_point", "target": draw(st.sampled_from(victims))}]}
    return {"player": player, "plays": [{"card": "draw" if kind == "steal_point" else kind}]}


@st.composite
def records(draw: Any, variant: str | None = None) -> dict[str, Any]:
    """A valid record of `variant` (any when None): some rounds, up to its end or not."""
    variant = variant or draw(st.sampled_from(VARIANT_KEYS))
    rec: dict[str, Any] = {"format": 1, "variant": variant, "rounds": []}
    if variant == "canasta":
        teams = draw(st.booleans())
        players = list(NAMES[:4] if teams else NAMES[:2])
        members = ({"Nord-Sud": [players[0], players[2]], "Est-Ouest": [players[1], players[3]]}
                   if teams else {p: [p] for p in players})
        if teams:
            rec["teams"] = members
    else:
        most = 6 if variant == "cactus-game" else 4 if variant == "koubo" else 8
        counts = [2, 4] if variant == "koubo" else list(range(2, most + 1))
        players = list(NAMES[:draw(st.sampled_from(counts))])
        members = {p: [p] for p in players}
    rec["players"] = players
    if variant in ROUNDS_OPTION:
        rec["options"] = {"rounds": draw(st.integers(1, 5))}
    wanted = draw(st.integers(0, 3 * MAX_ROUNDS if variant == "cactus-game" else MAX_ROUNDS))
    start = draw(st.integers(0, len(players) - 1))
    for n in range(wanted):
        result = score_record(rec)
        if result.finished:
            break
        if variant == "canasta":
            rnd = _canasta_round(draw, list(members), members)
        elif variant == "cactus-game":
            rnd = _cactus_game_turn(draw, players[(start + n) % len(players)], players, result.totals)
        else:
            rnd = _memory_round(draw, variant, [p for p in players if p not in result.out])
        rec["rounds"].append(rnd)
        if not scores(rec):
            rnd.pop("announcer", None)  # a call some variants refuse here (a penalty owed...)
            if not scores(rec):
                rec["rounds"].pop()
                if variant == "cactus-game":
                    break  # the turn order is kept by the turns themselves: stop here
    return rec
