"""Property-based tests (hypothesis).

(a) Valid memory-game records, generated with hands dealt from the variant's
    deck (built here from the spec's table, not from the engine): totals are
    the running sum of points under the variant's reset rule, and the result
    does not depend on key order.
(b) Anything else (arbitrary JSON, records with random pieces, mutated valid
    records, arbitrary text and bytes) never raises anything but RecordError.
"""
import copy
import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_support import DECK52, DECK54, KOUBO_DECK, MEMORY_VARIANTS, VARIANT_KEYS

from engine.rules import RecordError, load_record, score_record

# 100 examples a property each run: CI runs them on every push, each run drawing new ones.
FAST = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

DECKS = {
    "cactus": DECK52, "cactus-tas": DECK52, "dutch-toulousain": DECK52,
    "tamalou": DECK54, "fontenaysien": DECK54, "tamoul": DECK54, "dutch": DECK54,
    "cabo-bruxellois": DECK54, "koubo": KOUBO_DECK,
}
EXAMPLES = Path(__file__).resolve().parents[4] / "shared" / "spec" / "examples"


# ---------------------------------------------------------------- helpers


def rank(card):
    return card[:-1]


def face(card, jack, queen, black_king, red_king):
    """A card's value in the variants 'A 1, 2-10 face' plus the given J/Q/K."""
    r = rank(card)
    if r == "A":
        return 1
    if r == "J":
        return jack
    if r == "Q":
        return queen
    if r == "K":
        return black_king if card[-1] in "SC" else red_king
    return int(r)


def cactus_value(hand):
    if isinstance(hand, (int, float)):
        return hand
    return sum(face(c, 10, 10, 0, 0) for c in hand)


def toulousain_value(hand):
    if isinstance(hand, (int, float)):
        return hand
    return sum(face(c, 11, 12, 13, 0) for c in hand)


def shuffled(x, rng):
    """The same JSON with every object's keys in a random order."""
    if isinstance(x, dict):
        items = list(x.items())
        rng.shuffle(items)
        return {k: shuffled(v, rng) for k, v in items}
    if isinstance(x, list):
        return [shuffled(v, rng) for v in x]
    return x


def reversed_keys(x):
    if isinstance(x, dict):
        return {k: reversed_keys(x[k]) for k in reversed(list(x))}
    if isinstance(x, list):
        return [reversed_keys(v) for v in x]
    return x


def score_or_error(rec):
    """Scores ``rec``; only RecordError is allowed to come out. Returns the
    result JSON, or None when the record was refused."""
    try:
        result = score_record(rec)
    except RecordError as err:
        assert err.problems, "a RecordError must carry its problems"
        for p in err.problems:
            assert isinstance(p.message, str) and p.message
            assert p.round is None or (isinstance(p.round, int) and p.round >= 1)
        str(err)
        return None
    out = result.to_json()
    json.dumps(out, allow_nan=False)  # the result is plain, finite JSON
    return out


# ------------------------------------------------------- valid records

name_chars = st.characters(min_codepoint=0x20, max_codepoint=0x2FF, exclude_characters="\x7f")
player_name = st.text(name_chars, min_size=1, max_size=40).map(str.strip).filter(bool)
players_st = st.lists(player_name, min_size=2, max_size=8, unique=True)
number_hand = st.one_of(st.integers(0, 40), st.integers(-50, 500))
tamoul_number = st.one_of(st.integers(0, 80), st.integers(-100, 1000)).map(lambda n: n / 2)


def draw_round(data, variant, active):
    """One valid round for the players still in."""
    deck = list(data.draw(st.permutations(DECKS[variant])))
    size = max(1, min(5, len(deck) // (len(active) + 2)))
    hands = {}
    for p in active:
        if data.draw(st.integers(0, 5)) == 0:
            hands[p] = data.draw(tamoul_number if variant == "tamoul" else number_hand)
        else:
            n = data.draw(st.integers(0, size))
            hands[p], deck = deck[:n], deck[n:]
    r = {"hands": hands}
    announcer = data.draw(st.none() | st.sampled_from(active))
    if announcer is not None or data.draw(st.booleans()):
        r["announcer"] = announcer

    if variant == "cactus-tas":
        draws = {p: data.draw(st.sampled_from(DECK52)) for p in active if cactus_value(hands[p]) > 5}
        if draws or data.draw(st.booleans()):
            r["draws"] = draws
    elif variant == "tamoul" and announcer is not None:
        others = [p for p in active if p != announcer]
        callers = data.draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others)))
        if callers:
            r["counter_callers"] = callers
    elif variant == "fontenaysien":
        empty = [p for p in active if hands[p] in ([], 0)]
        if empty and data.draw(st.booleans()):
            r["went_out"] = data.draw(st.sampled_from(empty))
    elif variant == "cabo-bruxellois":
        snaps = data.draw(st.dictionaries(st.sampled_from(active), st.integers(0, 3), max_size=3))
        if snaps:
            r["wrong_snaps"] = snaps
    elif variant == "dutch-toulousain" and announcer is not None:
        v = toulousain_value(hands[announcer])
        due = sum(1 for p in active if p != announcer and toulousain_value(hands[p]) < v)
        if due:
            r["penalty_cards"] = deck[:due]
    return r


def draw_options(data, variant):
    if variant in ("cactus", "tamalou", "cabo-bruxellois", "koubo", "cactus-tas"):
        rounds = data.draw(st.none() | st.integers(1, 8))
        return None if rounds is None else {"rounds": rounds}
    if variant == "fontenaysien":
        half = data.draw(st.none() | st.booleans())
        return None if half is None else {"half_game": half}
    return data.draw(st.sampled_from([None, {}]))


def draw_valid_record(data, variant):
    """A valid record built round by round; stops when the game is over."""
    players = data.draw(players_st)
    rec = {"format": 1, "variant": variant, "players": players, "rounds": []}
    options = draw_options(data, variant)
    if options is not None:
        rec["options"] = options
    res = score_record(rec).to_json()
    for _ in range(data.draw(st.integers(0, 6))):
        if res["finished"]:
            break
        if variant == "dutch":
            active = [p for p in players if res["totals"][p] < 100]
        else:
            active = players
        rec["rounds"].append(draw_round(data, variant, active))
        res = score_record(rec).to_json()  # a valid record must be accepted
    return rec, res


@FAST
@given(data=st.data(), variant=st.sampled_from(MEMORY_VARIANTS))
def test_it_keeps_totals_equal_to_the_running_sum_of_points__property_running_totals(data, variant):
    rec, res = draw_valid_record(data, variant)
    players = rec["players"]
    totals = {p: 0 for p in players}
    for i, r in enumerate(res["rounds"], 1):
        assert set(r["values"]) == set(r["points"]), f"round {i}"
        assert set(r["totals"]) == set(players), f"round {i}"
        for p in players:
            if p in r["points"]:
                want = totals[p] + r["points"][p]
                if variant == "tamoul" and want == 100:
                    want = 50  # tamoul: a total of exactly 100 drops to 50
            else:
                # only dutch leaves players out, and they keep their total
                assert variant == "dutch" and totals[p] >= 100, f"round {i}: {p} has no points"
                want = totals[p]
            assert r["totals"][p] == want, f"round {i}: {p}"
        totals = r["totals"]
    assert res["totals"] == totals
    if not res["finished"]:
        assert res["winners"] == [] and res["losers"] == []
    else:
        assert set(res["winners"]) <= set(players) and set(res["losers"]) <= set(players)


@FAST
@given(data=st.data(), variant=st.sampled_from(MEMORY_VARIANTS), seed=st.integers(0, 2**32))
def test_it_scores_the_same_whatever_the_key_order__property_key_order(data, variant, seed):
    rec, res = draw_valid_record(data, variant)
    assert score_record(shuffled(rec, random.Random(seed))).to_json() == res
    assert score_record(reversed_keys(rec)).to_json() == res
    # and the same again from its JSON text
    assert score_record(load_record(json.dumps(rec))).to_json() == res


@FAST
@given(data=st.data(), variant=st.sampled_from(MEMORY_VARIANTS))
def test_it_explains_every_round_with_steps__property_steps(data, variant):
    rec, _ = draw_valid_record(data, variant)
    result = score_record(rec)
    assert len(result.rounds) == len(rec["rounds"])
    for index in range(len(result.rounds)):
        for step in result.explain(index):
            assert isinstance(step.rule, str) and step.rule
            assert step.player is None or step.player in rec["players"]
            assert isinstance(step.params, dict)


def _examples():
    if not EXAMPLES.is_dir():
        return []
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))
            if not p.name.endswith(".result.json")]


EXAMPLE_RECORDS = _examples()


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, 10), seed=st.integers(0, 2**32))
def test_it_scores_every_example_the_same_whatever_the_key_order__property_key_order_examples(index, seed):
    if not EXAMPLE_RECORDS:
        return
    rec = EXAMPLE_RECORDS[index % len(EXAMPLE_RECORDS)]
    want = score_record(rec).to_json()
    assert score_record(shuffled(rec, random.Random(seed))).to_json() == want


# ------------------------------------------------- anything else: RecordError

leaf = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
    st.sampled_from(["KH", "kh", "10S", "JK", "ZZ", "Ana", "Ben", "Zoé", "set", "draw",
                     "walter", "joker", "steal_point", 0.5, -51, 501, 100, 1e308, -0.0]),
)
json_values = st.recursive(
    leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)

CARDS = DECK54 + ["kh", "10h", "ZZ", "11H", "", "3H", "3D", "3S", "3C"]
card = st.sampled_from(CARDS) | json_values
names = st.sampled_from(["Ana", "Ben", "Chloé", "Dan", "Zoé", " Ana ", "", "Nord-Sud"])
hand = st.lists(card, max_size=6) | st.integers(-60, 600) | st.floats() | json_values
play = st.fixed_dictionaries(
    {"card": st.sampled_from(["set", "free_point", "steal_point", "draw_three", "draw", "swap_hands",
                              "look_and_steal", "ask_card", "steal_card", "stop"]) | json_values},
    optional={
        "characters": st.lists(st.sampled_from(["charlie", "spike", "walter", "joker", "bob"]), max_size=4)
        | json_values,
        "target": names | json_values,
        "stopped_by": st.lists(names, max_size=4) | json_values,
    },
)
side = st.fixed_dictionaries({}, optional={
    "melds": st.lists(st.lists(card, max_size=8), max_size=3) | json_values,
    "red_threes": st.lists(st.sampled_from(["3H", "3D", "3S"]), max_size=5) | json_values,
    "hand": st.lists(card, max_size=5) | json_values,
    "opening": st.lists(st.lists(card, max_size=5), max_size=2) | json_values,
    "counted": st.dictionaries(
        st.sampled_from(["melded", "hand", "natural_canastas", "mixed_canastas", "wild_canastas", "red_threes",
                         "melds", "x"]),
        st.integers(-10, 5000) | st.floats() | json_values, max_size=7) | json_values,
})
round_like = st.fixed_dictionaries({}, optional={
    "announcer": names | st.none() | json_values,
    "hands": st.dictionaries(names, hand, max_size=4) | json_values,
    "draws": st.dictionaries(names, card, max_size=3) | json_values,
    "counter_callers": st.lists(names, max_size=3) | json_values,
    "went_out": names | st.none() | json_values,
    "wrong_snaps": st.dictionaries(names, st.integers(-2, 4) | json_values, max_size=3) | json_values,
    "penalty_cards": st.lists(card, max_size=3) | json_values,
    "sides": st.dictionaries(names, side, max_size=3) | json_values,
    "concealed": st.booleans() | json_values,
    "player": names | json_values,
    "plays": st.lists(play, max_size=4) | json_values,
}) | json_values
record_like = st.fixed_dictionaries(
    {
        "format": st.just(1) | json_values,
        "variant": st.sampled_from(VARIANT_KEYS) | json_values,
        "players": st.sampled_from([["Ana", "Ben"], ["Ana", "Ben", "Chloé", "Dan"], ["Ana", " Ana"]])
        | st.lists(names, max_size=9) | json_values,
        "rounds": st.lists(round_like, max_size=4) | json_values,
    },
    optional={
        "options": st.fixed_dictionaries({}, optional={
            "rounds": st.integers(-1, 5) | json_values, "half_game": st.booleans() | json_values,
        }) | json_values,
        "teams": st.just({"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}) | json_values,
    },
)


@FAST
@given(value=json_values)
def test_it_raises_only_record_error_on_arbitrary_json__property_arbitrary_json(value):
    score_or_error(value)


@FAST
@given(rec=record_like)
def test_it_raises_only_record_error_on_records_with_random_pieces__property_record_like(rec):
    score_or_error(rec)


def _paths(x, prefix=()):
    yield prefix
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, prefix + (i,))


def _mutate(rec, path, how, value):
    rec = copy.deepcopy(rec)
    if not path:
        return value
    parent = rec
    for step in path[:-1]:
        parent = parent[step]
    if how == "drop":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return rec


@FAST
@given(data=st.data(), variant=st.sampled_from(MEMORY_VARIANTS),
       how=st.sampled_from(["drop", "replace"]), value=json_values)
def test_it_raises_only_record_error_on_mutated_valid_records__property_mutations(data, variant, how, value):
    rec, _ = draw_valid_record(data, variant)
    path = data.draw(st.sampled_from(list(_paths(rec))))
    score_or_error(_mutate(rec, path, how, value))


@FAST
@given(data=st.data(), how=st.sampled_from(["drop", "replace"]), value=json_values)
def test_it_raises_only_record_error_on_mutated_examples__property_mutations_examples(data, how, value):
    if not EXAMPLE_RECORDS:
        return
    rec = data.draw(st.sampled_from(EXAMPLE_RECORDS))
    path = data.draw(st.sampled_from(list(_paths(rec))))
    score_or_error(_mutate(rec, path, how, value))


@FAST
@given(text=st.text(max_size=200) | st.binary(max_size=200))
def test_it_raises_only_record_error_on_arbitrary_text_and_bytes__property_load_record(text):
    try:
        decoded = load_record(text)
    except RecordError:
        return
    score_or_error(decoded)


@FAST
@given(value=json_values, cut=st.integers(0, 400), junk=st.text(max_size=5))
def test_it_raises_only_record_error_on_damaged_json_text__property_load_record(value, cut, junk):
    text = json.dumps(value)  # may hold NaN / Infinity, which load_record must refuse
    damaged = text[:cut] + junk + text[cut:]
    for candidate in (text, damaged, damaged.encode("utf-8", "surrogatepass")):
        try:
            decoded = load_record(candidate)
        except RecordError:
            continue
        score_or_error(decoded)


# ------------------------------------ canasta: a model of spec 4.10, by hand

NATURAL_RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
WILD = ["2S", "2H", "2D", "2C", "JK"]


def canasta_value(card):
    r = rank(card) if card != "JK" else "JK"
    if r == "JK":
        return 50
    if r in ("A", "2"):
        return 20
    if r in ("K", "Q", "J", "10", "9", "8"):
        return 10
    if r == "3" and card[-1] in "HD":
        raise AssertionError("red 3s have no card value")
    return 5  # 7 6 5 4 and black 3


def is_wild(card):
    return card in WILD


def canasta_side_score(side, went_out, concealed):
    melds = side.get("melds", [])
    score = 0
    for meld in melds:
        score += sum(canasta_value(c) for c in meld)
        if len(meld) >= 7:
            wild = sum(is_wild(c) for c in meld)
            score += 2000 if wild == len(meld) else 500 if wild == 0 else 300
    reds = len(side.get("red_threes", []))
    red_bonus = 800 if reds == 4 else 100 * reds
    score += red_bonus if melds else -red_bonus
    if went_out:
        score += 200 if concealed else 100
    for c in side.get("hand", []):
        score -= 100 if c in ("3S", "3C") else canasta_value(c)
    return score


def opening_minimum(total):
    if total < 0:
        return 15
    if total < 1500:
        return 50
    if total < 3000:
        return 90
    return 120


def take(pool, cards):
    for c in cards:
        pool.remove(c)
    return list(cards)


def gen_meld(rng, pool, used_ranks):
    wild_avail = [c for c in pool if is_wild(c)]
    if rng.random() < 0.1 and len(wild_avail) >= 7:
        size = rng.randint(7, min(len(wild_avail), 9))
        return take(pool, rng.sample(wild_avail, size))
    free = [r for r in NATURAL_RANKS if r not in used_ranks]
    if not free:
        return None
    r = rng.choice(free)
    naturals = [c for c in pool if c != "JK" and rank(c) == r]
    if len(naturals) < 2:
        return None
    n = rng.randint(2, len(naturals))
    w = rng.randint(0, min(3, n, len(wild_avail)))
    if n + w < 3:
        if not wild_avail:
            return None
        w = 1
    used_ranks.add(r)
    return take(pool, rng.sample(naturals, n)) + take(pool, rng.sample(wild_avail, w))


def gen_canasta_round(rng, sides, members, totals, two_players):
    pool = list(DECK54) * 2
    out = {}
    for s in sides:
        melds, used = [], set()
        for _ in range(rng.randint(0, 4)):
            m = gen_meld(rng, pool, used)
            if m:
                melds.append(m)
        out[s] = {"melds": melds}
    # who went out: a side holding enough canastas, sometimes
    need = 2 if two_players else 1
    can_go = [s for s in sides if sum(len(m) >= 7 for m in out[s]["melds"]) >= need]
    went_side = rng.choice(can_go) if can_go and rng.random() < 0.7 else None
    concealed = went_side is not None and rng.random() < 0.3
    if went_side is not None:
        black3 = [c for c in pool if c in ("3S", "3C")]
        if len(black3) >= 3 and rng.random() < 0.3:
            out[went_side]["melds"].append(take(pool, black3[: rng.randint(3, len(black3))]))
    reds = [c for c in pool if c in ("3H", "3D")]
    for s in sides:
        k = rng.randint(0, len(reds))
        out[s]["red_threes"], reds = reds[:k], reds[k:]
        take(pool, out[s]["red_threes"])
    for s in sides:
        if two_players and s == went_side:
            out[s]["hand"] = []
            continue
        candidates = [c for c in pool if c not in ("3H", "3D")]
        out[s]["hand"] = take(pool, rng.sample(candidates, min(len(candidates), rng.randint(0, 5))))
    points = {s: canasta_side_score(out[s], s == went_side, concealed) for s in sides}
    # an opening, sometimes: any of the side's melds (black 3s are only ever melded when going out)
    bad_opening = False
    for s in sides:
        melds = [m for m in out[s]["melds"] if not all(c in ("3S", "3C") for c in m)]
        if melds and rng.random() < 0.3:
            opening = rng.sample(melds, rng.randint(1, len(melds)))
            out[s]["opening"] = opening
            worth = sum(canasta_value(c) for m in opening for c in m)
            exempt = s == went_side and concealed
            if not exempt and worth < opening_minimum(totals[s]):
                bad_opening = True
    for s in sides:  # fields may be left out when empty
        for field in ("melds", "red_threes", "hand"):
            if not out[s][field] and rng.random() < 0.5:
                del out[s][field]
    r = {"sides": out, "went_out": rng.choice(members[went_side]) if went_side else None}
    if went_side is not None or rng.random() < 0.5:
        r["concealed"] = concealed
    return r, points, bad_opening


@FAST
@given(rng=st.randoms(use_true_random=False), four_players=st.booleans(), n=st.integers(1, 6))
def test_it_scores_canasta_rounds_as_the_spec_formula_says__property_canasta_model(rng, four_players, n):
    if four_players:
        players = ["Ana", "Ben", "Chloé", "Dan"]
        members = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
        rec = {"format": 1, "variant": "canasta", "players": players, "teams": members, "rounds": []}
    else:
        members = {"Ana": ["Ana"], "Ben": ["Ben"]}
        rec = {"format": 1, "variant": "canasta", "players": ["Ana", "Ben"], "rounds": []}
    sides = list(members)
    totals = {s: 0 for s in sides}
    for i in range(1, n + 1):
        r, points, bad_opening = gen_canasta_round(rng, sides, members, totals, not four_players)
        rec["rounds"].append(r)
        if bad_opening:
            try:
                score_record(rec)
            except RecordError as err:
                assert any(p.round == i for p in err.problems)
                return
            raise AssertionError(f"round {i}: an opening below the minimum was accepted")
        res = score_record(rec).to_json()
        assert res["rounds"][-1]["points"] == points, f"round {i}: {r}"
        totals = {s: totals[s] + points[s] for s in sides}
        assert res["totals"] == totals
        finished = any(t >= 5000 for t in totals.values())
        assert res["finished"] is finished
        if finished:
            best = max(totals.values())
            assert res["winners"] == [s for s in sides if totals[s] == best]
            return


# ------------------------------------ cactus-game: a model of spec 4.11, by hand

CHARACTER_POINTS = {"charlie": 1, "spike": 2, "walter": 3}


def gen_set(rng):
    if rng.random() < 0.15:
        return ["joker"] * 3, 3
    ch = rng.choice(list(CHARACTER_POINTS))
    jokers = rng.randint(0, 2)
    cards = [ch] * (3 - jokers) + ["joker"] * jokers
    rng.shuffle(cards)
    return cards, CHARACTER_POINTS[ch]


@FAST
@given(rng=st.randoms(use_true_random=False), n_players=st.integers(2, 6), n_turns=st.integers(0, 25))
def test_it_scores_cactus_game_turns_as_the_spec_says__property_cactus_game_model(rng, n_players, n_turns):
    players = ["Ana", "Ben", "Chloé", "Dan", "Élise", "Farid"][:n_players]
    target = 7 if n_players <= 3 else 5 if n_players <= 5 else 4
    totals = {p: 0 for p in players}
    seat = rng.randrange(n_players)
    rec = {"format": 1, "variant": "cactus-game", "players": players, "rounds": []}
    expected = []
    for t in range(n_turns):
        me = players[(seat + t) % n_players]
        change = {p: 0 for p in players}
        plays = []
        for _ in range(rng.randint(0, 3)):  # plays that do not end the turn
            kind = rng.choice(["swap_hands", "look_and_steal", "ask_card", "steal_card",
                               "free_point", "draw_three", "steal_point"])
            p = {"card": kind}
            if kind in ("free_point", "draw_three", "steal_point"):
                # stopped: an odd chain, so it takes no effect and the turn goes on
                p["stopped_by"] = [rng.choice(players) for _ in range(rng.choice([1, 3]))]
                if kind == "steal_point":
                    p["target"] = rng.choice([q for q in players if q != me])
            elif rng.random() < 0.4:
                p["stopped_by"] = [rng.choice(players) for _ in range(rng.randint(1, 4))]
            plays.append(p)
        last_turn = t == n_turns - 1
        if not (last_turn and rng.random() < 0.3):  # the last turn may be under way
            kind = rng.choice(["set", "free_point", "steal_point", "draw_three", "draw"])
            victims = [q for q in players if q != me and totals[q] > 0]
            if kind == "steal_point" and not victims:
                kind = "draw"
            p = {"card": kind}
            if kind == "set":
                p["characters"], gain = gen_set(rng)
                change[me] += gain
            elif kind == "free_point":
                change[me] += 1
            elif kind == "steal_point":
                victim = rng.choice(victims)
                p["target"] = victim
                change[me] += 1
                change[victim] -= 1
            if kind not in ("set", "draw") and rng.random() < 0.3:
                p["stopped_by"] = [rng.choice(players) for _ in range(rng.choice([2, 4]))]
            plays.append(p)
        rec["rounds"].append({"player": me, "plays": plays})
        totals = {p: totals[p] + change[p] for p in players}
        expected.append((change, totals))
        if any(v >= target for v in totals.values()):
            break
    res = score_record(rec).to_json()
    assert [(r["points"], r["totals"]) for r in res["rounds"]] == expected
    winners = [p for p in players if totals[p] >= target]
    assert res["finished"] is bool(winners)
    assert res["winners"] == winners
    assert sum(totals.values()) <= 30
