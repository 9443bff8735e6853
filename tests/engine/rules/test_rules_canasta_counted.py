"""Canasta, a side given as counted points (spec 4.10 "A counted side", v1.1), one
test per rule, and properties: a counted side scores exactly as the same side given
by its cards, and bad counted input is refused with a RecordError, never a crash."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_support import problem_in_round, problems, record, round_of, score

from engine.rules import RecordError, score_record

P2 = ["Ana", "Ben"]
P4 = ["Ana", "Ben", "Chloé", "Dan"]
TEAMS = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
V = "canasta"
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BEN_30 = {"melds": [["8S", "8H", "8D"]]}


def counted(**numbers):
    return {"counted": numbers}


def two(ana, ben=None, went_out=None, concealed=None):
    r = {"went_out": went_out, "sides": {"Ana": ana, "Ben": BEN_30 if ben is None else ben}}
    if concealed is not None:
        r["concealed"] = concealed
    return r


def points(*rounds, players=P2, **extra):
    return round_of(score(record(V, players, rounds, **extra)), len(rounds))["points"]


def codes(*rounds, players=P2, **extra):
    return [p.code for p in problems(record(V, players, rounds, **extra))]


# ----------------------------------------------------------------- scoring


def test_it_scores_the_specs_counted_example__canasta_counted_example():
    rnd = {"went_out": "Ana", "concealed": False,
           "sides": {"Ana": counted(melded=1450, hand=0, natural_canastas=1, mixed_canastas=1, wild_canastas=0,
                                    red_threes=2),
                     "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}}
    assert points(rnd) == {"Ana": 2550, "Ben": -95}


def test_it_adds_the_melded_points__canasta_counted_melded():
    assert points(two(counted(melded=120)))["Ana"] == 120


def test_it_takes_off_the_counted_hand__canasta_counted_hand():
    assert points(two(counted(melded=120, hand=45)))["Ana"] == 75


def test_it_takes_off_the_hand_as_counted_black_threes_included__canasta_counted_hand():
    # a black 3 is counted at 100 by the players: the engine takes the number as it is
    assert points(two(counted(melded=50, hand=105)))["Ana"] == -55


def test_it_adds_500_per_natural_canasta__canasta_counted_natural_canastas():
    assert points(two(counted(melded=140, natural_canastas=2)))["Ana"] == 140 + 1000


def test_it_adds_300_per_mixed_canasta__canasta_counted_mixed_canastas():
    assert points(two(counted(melded=100, mixed_canastas=1)))["Ana"] == 400


def test_it_adds_2000_per_wild_canasta__canasta_counted_wild_canastas():
    assert points(two(counted(melded=200, wild_canastas=1)))["Ana"] == 2200


def test_it_adds_100_per_red_three_when_the_side_has_melded__canasta_counted_red_threes():
    assert points(two(counted(melded=50, red_threes=3)))["Ana"] == 350


def test_it_adds_800_for_all_four_red_threes__canasta_counted_red_threes_all_four():
    assert points(two(counted(melded=50, red_threes=4)))["Ana"] == 850


def test_it_takes_off_the_red_threes_of_a_side_with_nothing_melded__canasta_counted_red_threes_without_meld():
    assert points(two(counted(hand=20, red_threes=2)))["Ana"] == -220


def test_it_takes_off_800_for_all_four_without_a_meld__canasta_counted_red_threes_without_meld():
    assert points(two(counted(red_threes=4)))["Ana"] == -800


def test_it_adds_the_going_out_bonus_to_a_counted_side__canasta_counted_going_out():
    assert points(two(counted(melded=140, natural_canastas=2), went_out="Ana"))["Ana"] == 140 + 1000 + 100


def test_it_adds_200_for_going_out_concealed__canasta_counted_going_out_concealed():
    rnd = two(counted(melded=140, natural_canastas=2), went_out="Ana", concealed=True)
    assert points(rnd)["Ana"] == 140 + 1000 + 200


def test_it_scores_a_counted_side_with_every_field_left_out_0__canasta_counted_fields_default_0():
    assert points(two(counted()))["Ana"] == 0


def test_it_accepts_whole_numbers_written_with_a_point__canasta_counted_whole_numbers():
    assert points(two(counted(melded=120.0, hand=5.0, red_threes=1.0)))["Ana"] == 215


def test_it_lets_both_sides_be_counted__canasta_counted_both_sides():
    assert points(two(counted(melded=60), counted(melded=35, hand=10))) == {"Ana": 60, "Ben": 25}


def test_it_keys_a_counted_team_by_its_name_with_four_players__canasta_counted_teams():
    rnd = {"went_out": "Chloé", "sides": {"Nord-Sud": counted(melded=75, mixed_canastas=1, hand=15),
                                          "Est-Ouest": counted(melded=20, hand=30)}}
    assert points(rnd, players=P4, teams=TEAMS) == {"Nord-Sud": 75 + 300 + 100 - 15, "Est-Ouest": -10}


def test_it_explains_a_counted_hand_with_its_own_step__canasta_counted_hand():
    steps = score_record(record(V, P2, [two(counted(melded=50, hand=25))])).explain(0)
    rules = [step.rule for step in steps if step.player == "Ana"]
    assert rules == ["canasta.melded_cards", "canasta.counted_hand"]


# ----------------------------------------------------------------- checks


def test_it_refuses_a_counted_side_that_also_gives_cards__canasta_counted_one_or_the_other():
    assert codes(two({**counted(melded=50), "melds": [["KS", "KH", "KD"]]})) == ["canasta.counted_with_cards"]


def test_it_refuses_melded_points_that_are_not_a_multiple_of_5__canasta_counted_points():
    problem = problem_in_round(record(V, P2, [two(counted(melded=52))]), 1)
    assert problem.code == "canasta.counted_points" and problem.params["name"] == "melded"
    assert problem.field == "counted" and problem.params["side"] == "Ana"


def test_it_refuses_negative_hand_points__canasta_counted_points():
    assert codes(two(counted(hand=-5))) == ["canasta.counted_points"]


def test_it_refuses_points_that_are_not_whole_numbers__canasta_counted_points():
    assert codes(two(counted(melded=12.5))) == ["canasta.counted_points"]
    assert codes(two(counted(hand="20"))) == ["canasta.counted_points"]
    assert codes(two(counted(melded=True))) == ["canasta.counted_points"]


def test_it_refuses_a_negative_count_of_canastas__canasta_counted_counts():
    assert codes(two(counted(melded=50, natural_canastas=-1))) == ["canasta.counted_count"]


def test_it_refuses_a_count_that_is_not_a_whole_number__canasta_counted_counts():
    assert codes(two(counted(red_threes=1.5))) == ["canasta.counted_count"]
    assert codes(two(counted(mixed_canastas=None))) == ["canasta.counted_count"]


def test_it_refuses_more_than_four_red_threes_on_one_side__canasta_counted_red_threes_at_most_four():
    assert codes(two(counted(red_threes=5))) == ["canasta.counted_red_threes"]


def test_it_refuses_more_than_four_red_threes_in_the_round__canasta_counted_red_threes_in_the_round():
    assert codes(two(counted(melded=50, red_threes=3), counted(melded=50, red_threes=2))) == [
        "canasta.red_threes_count"]
    assert codes(two(counted(melded=50, red_threes=3), {"red_threes": ["3H", "3D"]})) == [
        "canasta.red_threes_count"]


def test_it_refuses_canastas_with_too_few_melded_points__canasta_counted_canasta_needs_35():
    problem = problem_in_round(record(V, P2, [two(counted(melded=65, natural_canastas=2))]), 1)
    assert problem.code == "canasta.counted_canastas_melded"
    assert problem.params == {"side": "Ana", "name": "melded", "count": 2, "minimum": 70, "melded": 65}


def test_it_accepts_exactly_35_per_canasta__canasta_counted_canasta_needs_35():
    assert points(two(counted(melded=35, mixed_canastas=1)))["Ana"] == 335


def test_it_refuses_going_out_with_too_few_counted_canastas_at_two__canasta_counted_went_out_canastas():
    assert codes(two(counted(melded=70, natural_canastas=1), went_out="Ana")) == ["canasta.went_out_canastas"]


def test_it_lets_a_team_go_out_with_one_counted_canasta__canasta_counted_went_out_canastas():
    rnd = {"went_out": "Ana", "sides": {"Nord-Sud": counted(melded=35, wild_canastas=1),
                                        "Est-Ouest": counted()}}
    assert points(rnd, players=P4, teams=TEAMS)["Nord-Sud"] == 35 + 2000 + 100


def test_it_refuses_a_hand_left_by_a_player_who_went_out_at_two__canasta_counted_went_out_hand():
    problem = problem_in_round(record(V, P2, [two(counted(melded=140, natural_canastas=2, hand=10),
                                                            went_out="Ana")]), 1)
    assert problem.code == "canasta.went_out_hand" and problem.field == "counted"


def test_it_refuses_an_unknown_counted_field__canasta_counted_fields():
    assert codes(two(counted(melded=50, canastas=2))) == ["field.unknown"]


def test_it_refuses_a_counted_side_that_is_not_an_object__canasta_counted_shape():
    problem = problem_in_round(record(V, P2, [two({"counted": 1450})]), 1)
    assert problem.code == "field.shape" and problem.field == "counted"


def test_it_skips_the_deck_and_opening_checks_a_counted_side_cannot_have__canasta_counted_no_card_checks():
    # the other side uses every ace of both decks: the counted side's melded points are not cards
    aces = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]
    assert points(two(counted(melded=160), {"melds": [aces]}))["Ana"] == 160


# ----------------------------------------------------------------- properties

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VALUE = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10, "7": 5, "6": 5, "5": 5, "4": 5}


@st.composite
def card_side(draw):
    """A side by its cards (melds of distinct ranks, red 3s, a hand), from two decks."""
    melds = []
    wild_pool = ["2S", "2H", "2D", "2S", "2H", "2D", "JK", "JK", "JK"]  # 2C and one joker: the hand's
    for rank in draw(st.lists(st.sampled_from(RANKS), unique=True, max_size=4)):
        natural = draw(st.integers(2, 8))
        wild = min(draw(st.integers(0, min(3, natural))), len(wild_pool))
        if natural + wild < 3:
            natural = 3
        melds.append([f"{rank}{'SHDC'[i % 4]}" for i in range(natural)] + [wild_pool.pop() for _ in range(wild)])
    reds = ["3H", "3D", "3H", "3D"][: draw(st.integers(0, 2))]
    hand = draw(st.lists(st.sampled_from(["3S", "3C", "JK", "2C"]), unique=True, max_size=4))  # never in a meld
    return {"melds": melds, "red_threes": reds, "hand": hand}


def as_counted(side):
    """What players who count their own cards would say for that side."""
    def value(c):
        return 50 if c == "JK" else 20 if c[:-1] in ("A", "2") else 100 if c in ("3S", "3C") else VALUE[c[:-1]]
    kinds = []
    for meld in side["melds"]:
        if len(meld) >= 7:
            wild = sum(c.startswith("2") or c == "JK" for c in meld)
            kinds.append("wild" if wild == len(meld) else "natural" if wild == 0 else "mixed")
    return counted(melded=sum(value(c) for m in side["melds"] for c in m), hand=sum(value(c) for c in side["hand"]),
                   natural_canastas=kinds.count("natural"), mixed_canastas=kinds.count("mixed"),
                   wild_canastas=kinds.count("wild"), red_threes=len(side["red_threes"]))


@FAST
@given(ana=card_side(), ben_melded=st.integers(0, 40).map(lambda n: n * 5))
def test_it_scores_a_counted_side_as_the_same_side_by_its_cards__property_counted_equals_cards(ana, ben_melded):
    ben = counted(melded=ben_melded)  # Ben's cards would share the two decks with Ana's
    by_cards = score_record(record(V, P2, [two(ana, ben)])).to_json()["totals"]
    by_points = score_record(record(V, P2, [two(as_counted(ana), ben)])).to_json()["totals"]
    assert by_points == by_cards


numbers = st.integers(-100, 10_000) | st.floats(allow_nan=True) | st.booleans() | st.none() | st.text(max_size=3)
counted_like = st.dictionaries(
    st.sampled_from(["melded", "hand", "natural_canastas", "mixed_canastas", "wild_canastas", "red_threes",
                     "melds", "", "hand "]), numbers, max_size=7) | numbers | st.lists(numbers, max_size=3)


@FAST
@given(ana=counted_like, ben=counted_like, went_out=st.sampled_from([None, "Ana", "Ben", "Zoé"]))
def test_it_refuses_bad_counted_input_with_problems_only__property_counted_bad_input(ana, ben, went_out):
    rec = record(V, P2, [{"went_out": went_out, "sides": {"Ana": {"counted": ana}, "Ben": {"counted": ben}}}])
    try:
        res = score_record(rec).to_json()
    except RecordError as err:
        assert err.problems and all(p.code for p in err.problems)
        return
    for side in (ana, ben):  # accepted: every number was a whole number in range
        assert isinstance(side, dict)
        for key, value in side.items():
            assert not isinstance(value, bool) and float(value).is_integer() and value >= 0
            if key in ("melded", "hand"):
                assert value % 5 == 0
    assert all(isinstance(t, int) for t in res["totals"].values())
