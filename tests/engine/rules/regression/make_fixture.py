"""Writes the regression fixture: a fixed (seeded) set of random records for every
variant, valid ones of many shapes and invalid ones, plus the spec's examples, each
with the engine's output at the time of writing (see engine_output.py).

    python tests/engine/rules/regression/make_fixture.py            # write everything anew
    python tests/engine/rules/regression/make_fixture.py --problems  # rewrite the problems only
    python tests/engine/rules/regression/make_fixture.py --add codes # write one group that is not there yet

Groups added since the first writing, each from its own seed so the others stay as written:
canasta-counted (spec v1.1, sides given as counted points).

The second form is for a deliberate change of what problems carry (a code, a field);
it refuses to write when a result or a step would change, since scores never may.
The records themselves are stored in the fixture, so the test does not depend on this
generator staying the same.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH, so an older engine can be pointed at
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from engine_output import engine_output  # noqa: E402

from engine.rules import RecordError, score_record  # noqa: E402

FIXTURES = HERE / "fixtures"
EXAMPLES = ROOT.parent / "shared" / "spec" / "examples"
SEED = 20261123
VALID_PER_VARIANT = 24
MUTATED_PER_VARIANT = 36

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK52 = [r + s for r in RANKS for s in SUITS]
DECK54 = DECK52 + ["JK", "JK"]
KOUBO_DECK = [r + s for r in ["A", "7", "8", "9", "10", "J", "Q", "K"] for s in SUITS] + ["JK", "JK"]
DECKS = {
    "cactus": DECK52, "cactus-tas": DECK52, "dutch-toulousain": DECK52,
    "tamalou": DECK54, "fontenaysien": DECK54, "tamoul": DECK54, "dutch": DECK54,
    "cabo-bruxellois": DECK54, "koubo": KOUBO_DECK, "canasta": DECK54 * 2,
}
VARIANTS = [
    "cactus", "cactus-tas", "tamalou", "koubo", "dutch", "tamoul", "fontenaysien",
    "cabo-bruxellois", "dutch-toulousain", "canasta", "cactus-game",
]
NAMES = ["Ana", "Ben", "Chloé", "Dan", "Élodie", "Fatou", "Gus", "Hé Ho", "Iñès", "J"]
JUNK = [None, -1, 0, 0.5, 2.5, 10**6, "", "ZZ", "1H", "KH", "Ana", "Zoé", [], {}, ["KH"], {"x": 1},
        True, False, " Ana ", "a" * 50, 3]


# ---------------------------------------------------------------- valid records


def accepted(rec: dict[str, Any]) -> Any:
    try:
        return score_record(rec)
    except RecordError:
        return None


def memory_hand(rng: random.Random, variant: str, deck: list[str], size: int) -> Any:
    if rng.random() < 0.15:
        n = rng.choice([0, 1, 3, 7, 12, 25, 40, 55])
        return n + 0.5 if variant == "tamoul" and rng.random() < 0.5 else n
    n = rng.randint(0, size)
    hand = deck[:n]
    del deck[:n]
    return hand


def memory_round(rng: random.Random, variant: str, active: list[str]) -> dict[str, Any]:
    deck = list(DECKS[variant])
    rng.shuffle(deck)
    size = max(1, min(6, len(deck) // (len(active) + 2)))
    hands = {p: memory_hand(rng, variant, deck, size) for p in active}
    r: dict[str, Any] = {"hands": hands}
    announcer = rng.choice([None, *active, *active])
    if announcer is not None or rng.random() < 0.5:
        r["announcer"] = announcer
    if variant == "cactus-tas":
        r["draws"] = {p: deck.pop() for p in active if rng.random() < 0.6}
    elif variant == "tamoul" and announcer is not None and rng.random() < 0.5:
        r["counter_callers"] = rng.sample([p for p in active if p != announcer], k=rng.randint(0, len(active) - 1))
    elif variant == "fontenaysien" and rng.random() < 0.5:
        r["went_out"] = rng.choice(active)
        if rng.random() < 0.7:
            hands[r["went_out"]] = []
    elif variant == "cabo-bruxellois" and rng.random() < 0.5:
        r["wrong_snaps"] = {p: rng.randint(0, 3) for p in rng.sample(active, k=rng.randint(1, len(active)))}
    elif variant == "dutch-toulousain" and announcer is not None:
        r["penalty_cards"] = deck[: rng.randint(0, len(active) - 1)]
    if rng.random() < 0.1:
        r = dict(reversed(list(r.items())))
    return r


def canasta_side(rng: random.Random, deck: list[str], strength: int) -> dict[str, Any]:
    melds = []
    for rank in rng.sample(["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"], k=rng.randint(0, strength)):
        natural = [c for c in deck if c != "JK" and c[:-1] == rank][: rng.randint(2, 8)]
        wild = [c for c in deck if c == "JK" or c.startswith("2")][: rng.randint(0, min(3, len(natural)))]
        meld = natural + wild
        if len(meld) < 3:
            continue
        for c in meld:
            deck.remove(c)
        melds.append(meld)
    reds = [c for c in deck if c in ("3H", "3D")][: rng.randint(0, 2)]
    for c in reds:
        deck.remove(c)
    hand = [c for c in deck[: rng.randint(0, 8)] if c not in ("3H", "3D")]
    for c in hand:
        deck.remove(c)
    side: dict[str, Any] = {"melds": melds, "red_threes": reds, "hand": hand}
    if melds and rng.random() < 0.3:
        side["opening"] = [melds[0]]
    for key in ("melds", "red_threes", "hand"):
        if not side[key] and rng.random() < 0.5:
            del side[key]
    return side


def canasta_round(rng: random.Random, players: list[str], sides: list[str]) -> dict[str, Any]:
    deck = list(DECKS["canasta"])
    rng.shuffle(deck)
    out = {s: canasta_side(rng, deck, rng.randint(1, 4)) for s in sides}
    r: dict[str, Any] = {"sides": out, "went_out": rng.choice([None, *players])}
    if rng.random() < 0.4:
        r["concealed"] = rng.random() < 0.3
    return r


CHARACTERS = ["charlie", "spike", "walter", "joker"]
NO_GAIN = ["swap_hands", "look_and_steal", "ask_card", "steal_card"]


def cactus_game_turn(rng: random.Random, player: str, players: list[str]) -> dict[str, Any]:
    plays = []
    for _ in range(rng.randint(0, 3)):
        play: dict[str, Any] = {"card": rng.choice(NO_GAIN)}
        if rng.random() < 0.4:
            play["stopped_by"] = rng.sample(players, k=rng.randint(1, min(3, len(players))))
        plays.append(play)
    end = rng.choice(["set", "set", "free_point", "steal_point", "draw_three", "draw", "draw", None])
    if end == "set":
        c = rng.choice(CHARACTERS)
        plays.append({"card": "set", "characters": sorted([c, c, rng.choice([c, "joker"])])})
    elif end is not None:
        play = {"card": end}
        if end == "steal_point":
            play["target"] = rng.choice([p for p in players if p != player])
        if end != "draw" and rng.random() < 0.3:
            play["stopped_by"] = rng.sample(players, k=rng.randint(1, 2))
        plays.append(play)
    return {"player": player, "plays": plays}


def options_for(rng: random.Random, variant: str) -> dict[str, Any] | None:
    if variant in ("cactus", "tamalou", "cabo-bruxellois", "koubo", "cactus-tas"):
        return rng.choice([None, {"rounds": rng.randint(1, 8)}, {}])
    if variant == "fontenaysien":
        return rng.choice([None, {"half_game": True}, {"half_game": False}, {}])
    return rng.choice([None, {}])


def valid_record(rng: random.Random, variant: str) -> dict[str, Any]:
    """A record grown round by round, keeping only rounds the engine accepts."""
    if variant == "canasta":
        players = rng.sample(NAMES, k=rng.choice([2, 4]))
    else:
        players = rng.sample(NAMES, k=rng.randint(2, 6 if variant == "cactus-game" else 7))
    rec: dict[str, Any] = {"format": 1, "variant": variant, "players": players, "rounds": []}
    options = options_for(rng, variant)
    if options is not None:
        rec["options"] = options
    sides = players
    if variant == "canasta" and len(players) == 4:
        rec["teams"] = {"Nord-Sud": [players[0], players[2]], "Est-Ouest": [players[1], players[3]]}
        sides = ["Nord-Sud", "Est-Ouest"]
    result = accepted(rec)
    seat = rng.randrange(len(players))
    goal = rng.randint(1, 12 if variant == "cactus-game" else 7)
    tries = 0
    while len(rec["rounds"]) < goal and tries < goal * 15 and result is not None and not result.finished:
        tries += 1
        if variant == "canasta":
            r = canasta_round(rng, players, sides)
        elif variant == "cactus-game":
            r = cactus_game_turn(rng, players[seat % len(players)], players)
        else:
            active = [p for p in players if p not in result.out]
            r = memory_round(rng, variant, active)
        rec["rounds"].append(r)
        now = accepted(rec)
        if now is None:
            rec["rounds"].pop()
        else:
            result = now
            seat += 1
    return rec


# ---------------------------------------------------------------- invalid records


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every path to a value inside the record (keys and list indexes)."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*here, i))
    return out


def mutate(rng: random.Random, rec: dict[str, Any]) -> dict[str, Any]:
    rec = copy.deepcopy(rec)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        where = rng.choice(paths(rec)[1:])
        parent = rec
        for step in where[:-1]:
            parent = parent[step]
        last = where[-1]
        how = rng.random()
        if how < 0.45:
            parent[last] = copy.deepcopy(rng.choice(JUNK))
        elif how < 0.65 and isinstance(parent, dict):
            del parent[last]
        elif how < 0.75 and isinstance(parent, dict):
            parent[rng.choice(["penalty_card", "note", "draws", "went_out", "x"])] = copy.deepcopy(rng.choice(JUNK))
        elif how < 0.9 and isinstance(parent, list) and parent:
            parent.append(copy.deepcopy(rng.choice(parent)))  # a repeat: a card twice, a name twice
        elif isinstance(parent, dict):
            key = rng.choice(["Zoé", "Ana", "Nord-Sud", " Ben"])
            parent[key] = copy.deepcopy(parent[last])
        else:
            parent[last] = copy.deepcopy(rng.choice(JUNK))
    return rec


TEXTS = [
    '{"format": 1, "variant": "cactus", "variant": "tamalou", "players": ["Ana", "Ben"], "rounds": []}',
    '{"format": 1, "variant": "cactus", "players": ["Ana", "Ben"], "rounds": [NaN]}',
    '{"format": 1, "variant": "cactus", "players": ["Ana", "Ben"], "rounds": [1e999]}',
    '{"format": 1, "variant": "cactus", "players": ["Ana", "Ben"],',
    '[]',
    '"cactus"',
    '\ufeff{"format": 1, "variant": "tamalou", "players": ["Ana", "Ben"], "rounds": []}',
    '{"format": 1, "variant": "dutch", "players": ["Ana", "Ben"], "rounds": [' + "[" * 2000 + "]" * 2000 + "]}",
]


# ---------------------------------------------------------------- writing


def cases_for(variant: str, rng: random.Random) -> list[dict[str, Any]]:
    valid = [valid_record(rng, variant) for _ in range(VALID_PER_VARIANT)]
    cases = [{"name": f"{variant}-valid-{i:02d}", "record": r} for i, r in enumerate(valid)]
    shaped = [r for r in valid if r["rounds"]] or valid
    for i in range(MUTATED_PER_VARIANT):
        cases.append({"name": f"{variant}-mutated-{i:02d}", "record": mutate(rng, rng.choice(shaped))})
    return cases


def example_cases() -> list[dict[str, Any]]:
    names = sorted(p.name[: -len(".json")] for p in EXAMPLES.glob("*.json") if not p.name.endswith(".result.json"))
    return [{"name": f"example-{n}", "text": (EXAMPLES / f"{n}.json").read_text(encoding="utf-8")} for n in names]


def text_cases() -> list[dict[str, Any]]:
    return [{"name": f"text-{i:02d}", "text": t} for i, t in enumerate(TEXTS)]


def code_cases() -> list[dict[str, Any]]:
    """The smallest record raising each problem code and reason code (the wording
    tests' triggers), so every code's params and field are pinned too."""
    path = ROOT / "tests" / "scorekeeper" / "problem_triggers.py"
    spec = importlib.util.spec_from_file_location("problem_triggers", path)
    triggers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(triggers)
    cases = []
    for code, trigger in {**triggers.TRIGGERS, **triggers.REASON_TRIGGERS}.items():
        if isinstance(trigger, dict) and isinstance(trigger.get("text"), bytes):
            continue  # a fixture is JSON text: undecodable bytes cannot be stored in it
        case = {"name": f"code-{code}"}
        case.update(trigger if isinstance(trigger, dict) and "text" in trigger else {"record": trigger})
        cases.append(case)
    return cases


CANASTA_VALUES = {"JK": 50, "A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}


def card_points(card: str, in_hand: bool) -> int:
    rank = "JK" if card == "JK" else card[:-1]
    if in_hand and card in ("3S", "3C"):
        return 100
    return CANASTA_VALUES.get(rank, 5)


def as_counted(side: dict[str, Any]) -> dict[str, Any]:
    """A side by its cards, as players who count their own cards would give it (v1.1)."""
    kinds = []
    for meld in side.get("melds", []):
        if len(meld) >= 7:
            wild = sum(1 for c in meld if c == "JK" or c.startswith("2"))
            kinds.append("wild" if wild == len(meld) else "natural" if wild == 0 else "mixed")
    return {"counted": {
        "melded": sum(card_points(c, False) for meld in side.get("melds", []) for c in meld),
        "hand": sum(card_points(c, True) for c in side.get("hand", [])),
        "natural_canastas": kinds.count("natural"), "mixed_canastas": kinds.count("mixed"),
        "wild_canastas": kinds.count("wild"), "red_threes": len(side.get("red_threes", [])),
    }}


def counted_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Canasta records with sides given as counted points: valid ones (sides by cards
    turned into points, some left as cards), odd numbers, and mutations."""
    example = EXAMPLES / "canasta-counted.json"
    cases = [{"name": "example-canasta-counted", "text": example.read_text(encoding="utf-8")}]
    valid = []
    for i in range(VALID_PER_VARIANT):
        rec = valid_record(rng, "canasta")
        for r in rec["rounds"]:
            for side in r["sides"]:
                if rng.random() < 0.6:
                    r["sides"][side] = as_counted(r["sides"][side])
                    if rng.random() < 0.3:  # fields may be left out
                        counted = r["sides"][side]["counted"]
                        for key in [k for k, v in counted.items() if v == 0]:
                            del counted[key]
        valid.append(rec)
        cases.append({"name": f"canasta-counted-valid-{i:02d}", "record": rec})
    for i in range(12):
        keys = rng.sample(["melded", "hand", "natural_canastas", "mixed_canastas", "wild_canastas", "red_threes"],
                          k=rng.randint(1, 6))
        counted = {key: rng.choice([0, 35, 70, 140, 1450, 1450, 12, -5] if key in ("melded", "hand")
                                   else [0, 0, 1, 2, 4, 5, 2.5]) for key in keys}
        rec = {"format": 1, "variant": "canasta", "players": ["Ana", "Ben"],
               "rounds": [{"went_out": rng.choice([None, "Ana", "Ben"]),
                           "sides": {"Ana": {"counted": counted}, "Ben": {"counted": {"melded": 50}}}}]}
        cases.append({"name": f"canasta-counted-numbers-{i:02d}", "record": rec})
    shaped = [r for r in valid if r["rounds"]] or valid
    for i in range(MUTATED_PER_VARIANT):
        cases.append({"name": f"canasta-counted-mutated-{i:02d}", "record": mutate(rng, rng.choice(shaped))})
    return cases


def all_groups() -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(SEED)
    groups = {v: cases_for(v, rng) for v in VARIANTS}
    groups["examples"] = example_cases()
    groups["texts"] = text_cases()
    groups["codes"] = code_cases()
    groups["canasta-counted"] = counted_cases(random.Random(SEED + 1))
    return groups


def write(path: Path, cases: list[dict[str, Any]]) -> None:
    # One case a line: a change shows as a small diff.
    # Key order is kept: the engine reads objects in their order (steps follow it).
    lines = [json.dumps(c, ensure_ascii=False) for c in cases]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    FIXTURES.mkdir(exist_ok=True)
    if "--problems" in argv:
        for path in sorted(FIXTURES.glob("*.json")):
            cases = json.loads(path.read_text(encoding="utf-8"))
            for case in cases:
                now = engine_output(case)
                if ("problems" in now) != ("problems" in case["output"]) or (
                        "problems" not in now and now != case["output"]):
                    print(f"{path.name} {case['name']}: a result or its steps changed; nothing written")
                    return 1
                case["output"] = now
            write(path, cases)
        return 0
    groups = all_groups()
    if "--add" in argv:  # a new group only: the others stay as they were written
        wanted = argv[argv.index("--add") + 1]
        if (FIXTURES / f"{wanted}.json").exists():
            print(f"{wanted}.json is there already; nothing written")
            return 1
        groups = {wanted: groups[wanted]}
    for group, cases in groups.items():
        for case in cases:
            case["output"] = engine_output(case)
        write(FIXTURES / f"{group}.json", cases)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
