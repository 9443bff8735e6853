"""The game record itself (spec sections 1-3): validation, cards, decks,
the error format, the result shape, and ``load_record``'s strict JSON."""
import json

import pytest
from rules_support import (
    MEMORY_VARIANTS,
    VARIANT_KEYS,
    problem_in_round,
    problems,
    record,
    record_problem,
    rnd,
    round_of,
    score,
)

from engine.rules import VARIANTS, RecordError, load_record, score_record

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Chloé"]


def tamalou(players=P2, rounds=(), **kw):
    return record("tamalou", players, rounds, **kw)


def ok_round(players=P2):
    # distinct cards, one each: AS 2S 3S ...
    return rnd({p: [f"{i + 1 if i else 'A'}S"] for i, p in enumerate(players)})


# ----------------------------------------------------------- the registry


def test_it_declares_exactly_the_eleven_variants__registry_keys():
    assert sorted(VARIANTS) == sorted(VARIANT_KEYS)


# --------------------------------------------------------- top-level shape


@pytest.mark.parametrize("rec", [[], "record", None, 5, True, 1.5])
def test_it_refuses_a_record_that_is_not_an_object__record_object(rec):
    with pytest.raises(RecordError):
        score_record(rec)


def test_it_accepts_format_1__record_format():
    assert score(tamalou())["totals"] == {"Ana": 0, "Ben": 0}


@pytest.mark.parametrize("fmt", [2, 0, "1", True, None, [1], 10**30])
def test_it_refuses_any_other_format__record_format(fmt):
    rec = tamalou()
    rec["format"] = fmt
    record_problem(rec, "format")


def test_it_refuses_a_missing_format__record_format():
    rec = tamalou()
    del rec["format"]
    record_problem(rec, "format")


def test_it_refuses_an_unknown_variant__record_variant():
    rec = record("belote", P2)
    p = problems(rec)[0]
    assert p.round is None
    assert "belote" in p.message or "variant" in p.message.lower()


@pytest.mark.parametrize("variant", [None, 5, "Tamalou", ["tamalou"]])
def test_it_refuses_a_variant_that_is_not_a_key__record_variant(variant):
    problems(record(variant, P2))


def test_it_refuses_a_missing_variant__record_variant():
    rec = tamalou()
    del rec["variant"]
    record_problem(rec, "variant")


def test_it_refuses_an_unknown_top_level_field__record_unknown_fields():
    record_problem(tamalou(colour="blue"), "colour")


def test_it_refuses_missing_players__record_players():
    rec = tamalou()
    del rec["players"]
    record_problem(rec, "players")


def test_it_refuses_rounds_that_are_not_a_list__record_rounds():
    rec = tamalou()
    rec["rounds"] = {"1": ok_round()}
    problems(rec)


def test_it_refuses_a_round_that_is_not_an_object__record_rounds():
    problem_in_round(tamalou(rounds=[ok_round(), ["AS"]]), 2)


# ----------------------------------------------------------------- options


def test_it_accepts_omitted_options__record_options_may_be_omitted():
    assert score(tamalou(rounds=[ok_round()]))["finished"] is False


def test_it_refuses_an_unknown_option_naming_it__record_options_unknown():
    record_problem(tamalou(options={"colour": "red"}), "colour")


def test_it_refuses_an_option_of_another_variant__record_options_unknown():
    # half_game belongs to fontenaysien, rounds is not a fontenaysien option
    record_problem(tamalou(options={"half_game": True}), "half_game")
    record_problem(record("fontenaysien", P2, options={"rounds": 3}), "rounds")


@pytest.mark.parametrize("variant", ["dutch", "tamoul", "dutch-toulousain", "canasta", "cactus-game"])
def test_it_refuses_rounds_for_variants_without_options__record_options_unknown(variant):
    record_problem(record(variant, P2, options={"rounds": 3}), "rounds")


def test_it_refuses_options_that_are_not_an_object__record_options():
    problems(tamalou(options=[["rounds", 3]]))


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, False, "5", None, [5]])
def test_it_refuses_rounds_that_are_not_a_whole_number_of_at_least_1__record_option_rounds(bad):
    record_problem(tamalou(options={"rounds": bad}), "rounds")


def test_it_accepts_rounds_of_1__record_option_rounds():
    res = score(tamalou(rounds=[ok_round()], options={"rounds": 1}))
    assert res["finished"] is True


@pytest.mark.parametrize("bad", [1, 0, "yes", "true", None, []])
def test_it_refuses_half_game_that_is_not_true_or_false__record_option_half_game(bad):
    record_problem(record("fontenaysien", P2, options={"half_game": bad}), "half_game")


# ----------------------------------------------------------------- players


@pytest.mark.parametrize("variant", MEMORY_VARIANTS)
def test_it_refuses_one_player_in_a_memory_game__record_players_2_to_8(variant):
    record_problem(record(variant, ["Ana"]))


@pytest.mark.parametrize("variant", MEMORY_VARIANTS)
def test_it_refuses_nine_players_in_a_memory_game__record_players_2_to_8(variant):
    record_problem(record(variant, [f"P{i}" for i in range(9)]))


@pytest.mark.parametrize("variant", MEMORY_VARIANTS)
def test_it_accepts_two_and_eight_players_in_a_memory_game__record_players_2_to_8(variant):
    assert score(record(variant, P2))["finished"] is False
    eight = [f"P{i}" for i in range(8)]
    assert score(record(variant, eight))["totals"] == {p: 0 for p in eight}


@pytest.mark.parametrize("players", [["Ana"], ["Ana", "Ben", "Chloé"], ["A", "B", "C", "D", "E"]])
def test_it_refuses_other_than_2_or_4_players_in_canasta__record_players_canasta(players):
    problems(record("canasta", players))


def test_it_accepts_2_players_in_canasta__record_players_canasta():
    assert score(record("canasta", P2))["totals"] == {"Ana": 0, "Ben": 0}


@pytest.mark.parametrize("n", [1, 7])
def test_it_refuses_other_than_2_to_6_players_in_cactus_game__record_players_cactus_game(n):
    record_problem(record("cactus-game", [f"P{i}" for i in range(n)]))


@pytest.mark.parametrize("n", [2, 6])
def test_it_accepts_2_to_6_players_in_cactus_game__record_players_cactus_game(n):
    players = [f"P{i}" for i in range(n)]
    assert score(record("cactus-game", players))["totals"] == {p: 0 for p in players}


def test_it_trims_names_and_uses_the_trimmed_names__record_names_trimmed():
    # players " Ana " and "Ben\t" are Ana and Ben everywhere
    res = score(tamalou([" Ana ", "Ben\t"], [rnd({"Ana": ["3S"], "Ben": ["9S"]}, announcer="Ana")]))
    assert round_of(res, 1)["points"] == {"Ana": 0, "Ben": 9}
    assert res["totals"] == {"Ana": 0, "Ben": 9}


def test_it_refuses_names_equal_after_trimming__record_names_unique():
    record_problem(tamalou(["Ana", " Ana"]), "Ana")


def test_it_refuses_the_same_name_twice__record_names_unique():
    record_problem(tamalou(["Ana", "Ben", "Ana"]), "Ana")


def test_it_tells_names_apart_by_case__record_names_unique_case_included():
    res = score(tamalou(["Ana", "ana"], [rnd({"Ana": ["3S"], "ana": ["9S"]})]))
    assert res["totals"] == {"Ana": 3, "ana": 9}


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_it_refuses_an_empty_name__record_names_not_empty(name):
    record_problem(tamalou(["Ana", name]))


def test_it_refuses_a_name_over_40_characters__record_names_at_most_40():
    record_problem(tamalou(["Ana", "B" * 41]))


def test_it_accepts_a_name_of_40_characters_even_with_spaces_around__record_names_at_most_40():
    long = "B" * 40
    res = score(tamalou(["Ana", f"  {long} "], [rnd({"Ana": ["3S"], long: ["9S"]})]))
    assert res["totals"] == {"Ana": 3, long: 9}


@pytest.mark.parametrize("name", [5, None, ["Ben"], True])
def test_it_refuses_a_name_that_is_not_text__record_names_text(name):
    record_problem(tamalou(["Ana", name]))


@pytest.mark.parametrize("players", [{"Ana": 1, "Ben": 2}, "Ana, Ben", None, 2])
def test_it_refuses_players_that_are_not_a_list__record_players(players):
    rec = tamalou()
    rec["players"] = players
    record_problem(rec, "players")


# ------------------------------------------------------------- memory rounds


def test_it_requires_a_hand_for_every_player__record_hands_every_player():
    problem_in_round(tamalou(P3, [ok_round(P3), rnd({"Ana": ["3S"], "Ben": ["9S"]})]), 2, "Chloé")


def test_it_refuses_a_hand_for_someone_not_playing__record_hands_nobody_else():
    problem_in_round(tamalou(P2, [rnd({"Ana": ["3S"], "Ben": ["9S"], "Zoé": ["4S"]})]), 1, "Zoé")


def test_it_refuses_a_round_without_hands__record_hands_required():
    problem_in_round(tamalou(P2, [{"announcer": None}]), 1)


def test_it_refuses_an_announcer_who_is_not_playing__record_announcer():
    problem_in_round(tamalou(P2, [rnd({"Ana": ["3S"], "Ben": ["9S"]}, announcer="Zoé")]), 1, "Zoé")


def test_it_accepts_an_empty_card_list__record_hands_empty():
    res = score(tamalou(P2, [rnd({"Ana": [], "Ben": ["9S"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 0, "Ben": 9}


@pytest.mark.parametrize("value", [-50, 0, 500])
def test_it_accepts_number_hands_from_minus_50_to_500__record_number_hand_range(value):
    res = score(tamalou(P2, [rnd({"Ana": value, "Ben": ["9S"]})]))
    assert round_of(res, 1)["values"]["Ana"] == value


@pytest.mark.parametrize("value", [-51, 501, 10**30, -(10**30)])
def test_it_refuses_number_hands_outside_minus_50_to_500__record_number_hand_range(value):
    problem_in_round(tamalou(P2, [ok_round(), rnd({"Ana": value, "Ben": ["9S"]})]), 2, "Ana")


@pytest.mark.parametrize("variant", [v for v in MEMORY_VARIANTS if v != "tamoul"])
def test_it_refuses_a_half_number_hand_outside_tamoul__record_number_hand_whole(variant):
    # (cactus-tas: Ana, without cactus, has her draw, so only the 7.5 can be at fault)
    extra = {"draws": {"Ana": "2C"}} if variant == "cactus-tas" else {}
    problem_in_round(record(variant, P2, [rnd({"Ana": 7.5, "Ben": 3}, **extra)]), 1, "Ana")


@pytest.mark.parametrize("value", [True, False, "7", None, {"n": 7}, float("nan"), float("inf")])
def test_it_refuses_a_hand_that_is_neither_cards_nor_a_number__record_hand_types(value):
    # booleans are not numbers, even though Python says True == 1
    problem_in_round(tamalou(P2, [rnd({"Ana": value, "Ben": 3})]), 1, "Ana")


@pytest.mark.parametrize("variant,field,value", [
    ("tamalou", "penalty_cards", ["2C"]),
    ("tamalou", "draws", {"Ana": "2C"}),
    ("cactus", "counter_callers", ["Ben"]),
    ("dutch", "wrong_snaps", {"Ben": 1}),
    ("koubo", "went_out", "Ana"),
    ("tamalou", "anouncer", "Ana"),
])
def test_it_refuses_a_round_field_of_another_variant_or_a_typo__record_unknown_round_fields(
        variant, field, value):
    rec = record(variant, P2, [rnd({"Ana": ["KS"], "Ben": ["9S"]}, **{field: value})])
    problem_in_round(rec, 1, field)


def test_it_refuses_an_unknown_field_in_a_canasta_side__record_unknown_fields_canasta():
    rec = record("canasta", P2, [{"went_out": None, "sides": {
        "Ana": {"meld": [["KS", "KH", "KD"]]}, "Ben": {}}}])
    problem_in_round(rec, 1, "meld")


def test_it_refuses_an_unknown_field_in_a_cactus_game_play__record_unknown_fields_cactus_game():
    rec = record("cactus-game", P2, [{"player": "Ana", "plays": [{"card": "draw", "targets": "Ben"}]}])
    problem_in_round(rec, 1, "targets")


def test_it_refuses_an_unknown_field_in_a_cactus_game_turn__record_unknown_fields_cactus_game():
    rec = record("cactus-game", P2, [{"player": "Ana", "plays": [{"card": "draw"}], "note": "x"}])
    problem_in_round(rec, 1, "note")


# ------------------------------------------------------------------ no rounds


@pytest.mark.parametrize("variant", VARIANT_KEYS)
def test_it_scores_a_record_without_rounds_as_all_zero_and_not_finished__record_no_rounds(variant):
    res = score(record(variant, P2))
    assert res["variant"] == variant
    assert res["rounds"] == []
    assert res["totals"] == {"Ana": 0, "Ben": 0}
    assert res["finished"] is False
    assert res["winners"] == [] and res["losers"] == []


def test_it_keys_a_four_player_canasta_without_rounds_by_team__record_no_rounds_canasta_teams():
    res = score(record("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                       teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}))
    assert res["totals"] == {"Nord-Sud": 0, "Est-Ouest": 0}
    assert res["finished"] is False


def test_it_refuses_rounds_after_a_finished_game__record_rounds_after_finish():
    rec = tamalou(P2, [ok_round(), ok_round(), ok_round()], options={"rounds": 1})
    p = problem_in_round(rec, 2)
    assert str(p).startswith("round 2: ")


# ---------------------------------------------------------------- the result


@pytest.mark.parametrize("variant", [v for v in MEMORY_VARIANTS if v != "cactus-tas"])
def test_it_gives_values_points_and_totals_for_each_memory_round__result_shape(variant):
    res = score(record(variant, P2, [rnd({"Ana": ["AS"], "Ben": ["9S"]})]))
    assert set(res) == {"variant", "rounds", "totals", "finished", "winners", "losers"}
    keys = {"values", "points", "totals"} | ({"winner"} if variant == "dutch-toulousain" else set())
    assert set(round_of(res, 1)) == keys
    assert res["totals"] == round_of(res, 1)["totals"]


def test_it_gives_whole_numbers_as_ints_outside_tamoul__result_numbers():
    res = score(record("dutch", P2, [rnd({"Ana": ["AS", "KH"], "Ben": 40})]))
    for n in list(round_of(res, 1)["values"].values()) + list(res["totals"].values()):
        assert type(n) is int


def test_it_explains_each_round_with_steps__result_steps():
    result = score_record(tamalou(P3, [rnd({"Ana": ["3S"], "Ben": ["2S"], "Chloé": ["9C"]},
                                            announcer="Ana")]))
    steps = result.explain(0)
    assert steps, "a scored round explains itself"
    for step in steps:
        assert isinstance(step.rule, str) and step.rule
        assert step.player is None or step.player in P3
        assert isinstance(step.params, dict)


def test_it_gives_the_same_result_twice__result_deterministic():
    rec = tamalou(P3, [rnd({"Ana": ["3S"], "Ben": ["2S"], "Chloé": ["9C"]}, announcer="Ana")])
    assert score(rec) == score(rec)


def test_it_does_not_change_the_record__result_record_untouched():
    rec = tamalou(P3, [rnd({"Ana": ["3s"], "Ben": ["2S"], "Chloé": ["9C"]}, announcer=" Ana")])
    before = json.dumps(rec, sort_keys=True)
    try:
        score_record(rec)
    except RecordError:
        pass
    assert json.dumps(rec, sort_keys=True) == before


# ------------------------------------------------------------------- cards


def test_it_parses_canonical_cards__cards_canonical():
    # 10H 10 + AS 1 + JC 10 + QD 10 + KH 0 (tamalou) = 31; JK 0
    res = score(tamalou(P2, [rnd({"Ana": ["10H", "AS", "JC", "QD", "KH"], "Ben": ["JK"]})]))
    assert round_of(res, 1)["values"] == {"Ana": 31, "Ben": 0}


def test_it_accepts_lower_case_cards__cards_lower_case():
    res = score(tamalou(P2, [rnd({"Ana": ["10h", "as", "jc", "qd", "kh", "ks"], "Ben": ["jk", "Qs"]})]))
    # 10 + 1 + 10 + 10 + 0 + 15 = 46; 0 + 10 = 10
    assert round_of(res, 1)["values"] == {"Ana": 46, "Ben": 10}


def test_it_writes_cards_in_canonical_form__cards_canonical_output():
    # kh and KH are one card: the message names it canonically, KH
    p = problem_in_round(tamalou(P2, [rnd({"Ana": ["kh"], "Ben": ["KH"]})]), 1, "KH")
    assert "kh" not in p.message


def test_it_writes_a_lower_case_duplicate_canonically__cards_canonical_output():
    p = problem_in_round(tamalou(P2, [rnd({"Ana": ["qs", "qs"], "Ben": ["2C"]})]), 1, "QS")
    assert "qs" not in p.message


@pytest.mark.parametrize("bad", ["ZZ", "11H", "KX", "0S", "JKK", "10", "S"])
def test_it_names_a_bad_card_text__cards_bad_text_named(bad):
    p = problem_in_round(tamalou(P2, [rnd({"Ana": ["3S", bad], "Ben": ["2C"]})]), 1)
    assert bad in p.message


@pytest.mark.parametrize("bad", [5, None, ["KH"], {"card": "KH"}, True])
def test_it_refuses_a_card_that_is_not_text__cards_text(bad):
    problem_in_round(tamalou(P2, [rnd({"Ana": ["3S", bad], "Ben": ["2C"]})]), 1)


# -------------------------------------------------------------------- decks


def test_it_reports_a_card_twice_in_one_hand_like_the_spec__deck_message_example():
    # spec: "round 3: Ben's hand has KH twice"
    rec = tamalou(P2, [ok_round(), ok_round(), rnd({"Ana": ["3S"], "Ben": ["KH", "KH"]})])
    p = problem_in_round(rec, 3, "Ben", "KH", "twice")
    assert str(p) == f"round 3: {p.message}"


@pytest.mark.parametrize("variant", MEMORY_VARIANTS)
def test_it_refuses_a_card_twice_in_every_memory_deck__deck_once(variant):
    # QS is in every memory-game deck, once; Ana 10 + Ben's duplicate -> refused
    extra = {"draws": {"Ana": "2C", "Ben": "2C"}} if variant == "cactus-tas" else {}
    rec = record(variant, P2, [rnd({"Ana": ["QS", "9S"], "Ben": ["QS", "9H"]}, **extra)])
    problem_in_round(rec, 1, "QS")


def test_it_refuses_one_card_in_two_hands__deck_once_per_round():
    problem_in_round(tamalou(P2, [rnd({"Ana": ["KH"], "Ben": ["KH"]})]), 1, "KH")


def test_it_allows_a_card_again_in_the_next_round__deck_per_round():
    res = score(tamalou(P2, [rnd({"Ana": ["KS"], "Ben": ["2C"]}), rnd({"Ana": ["2C"], "Ben": ["KS"]})]))
    assert res["totals"] == {"Ana": 17, "Ben": 17}


@pytest.mark.parametrize("variant", ["cactus", "cactus-tas", "dutch-toulousain"])
def test_it_refuses_a_joker_in_the_52_card_deck__deck_52_no_jokers(variant):
    rec = record(variant, P2, [rnd({"Ana": ["JK"], "Ben": ["2C"]})])
    problem_in_round(rec, 1, "JK")


@pytest.mark.parametrize("variant", ["tamalou", "fontenaysien", "tamoul", "dutch", "cabo-bruxellois"])
def test_it_accepts_two_jokers_and_refuses_three_in_the_54_card_deck__deck_54_two_jokers(variant):
    ok = record(variant, P2, [rnd({"Ana": ["JK", "3S"], "Ben": ["JK", "9S"]})])
    assert round_of(score(ok), 1)["values"]["Ana"] == 3
    bad = record(variant, P2, [rnd({"Ana": ["JK", "JK"], "Ben": ["JK", "9S"]})])
    problem_in_round(bad, 1, "JK")


@pytest.mark.parametrize("card", ["2S", "3H", "4D", "5C", "6S"])
def test_it_refuses_2_to_6_in_koubo__deck_32(card):
    problem_in_round(record("koubo", P2, [rnd({"Ana": [card], "Ben": ["7S"]})]), 1, card)


def test_it_accepts_every_card_of_the_koubo_deck__deck_32():
    # A 7 8 9 10 J Q K of spades and hearts for Ana, diamonds and clubs for Ben, 2 jokers
    ana = [r + s for s in "SH" for r in ["A", "7", "8", "9", "10", "J", "Q", "K"]] + ["JK"]
    ben = [r + s for s in "DC" for r in ["A", "7", "8", "9", "10", "J", "Q", "K"]] + ["JK"]
    res = score(record("koubo", P2, [rnd({"Ana": ana, "Ben": ben})]))
    # per suit: 1 + 7 + 8 + 9 + 10 + 2 + 3 = 40, plus K: spades 11, hearts 0, diamonds 0, clubs 11
    # Ana: 40 + 11 + 40 + 0 - 1 = 90; Ben: 40 + 0 + 40 + 11 - 1 = 90
    assert round_of(res, 1)["values"] == {"Ana": 90, "Ben": 90}


def test_it_skips_deck_checks_for_number_hands__deck_number_hand():
    res = score(tamalou(P3, [rnd({"Ana": 14, "Ben": ["KH"], "Chloé": 14})]))
    assert round_of(res, 1)["values"] == {"Ana": 14, "Ben": 0, "Chloé": 14}


# ------------------------------------------------------------ error format


def test_it_reports_missing_draws_like_the_spec__error_message_example():
    # spec: "round 2: draws are missing for Ana, who has no cactus (value 9)"
    rec = record("cactus-tas", P2, [
        rnd({"Ana": ["AS"], "Ben": ["AH"]}),
        rnd({"Ana": ["9S"], "Ben": ["AH"]}),
    ])
    p = problem_in_round(rec, 2, "draws", "Ana")
    assert str(p).startswith("round 2: ")


def test_it_gives_record_problems_no_round_prefix__error_format():
    p = record_problem(tamalou(colour="blue"), "colour")
    assert str(p) == p.message
    assert not str(p).startswith("round")


def test_it_writes_one_line_per_problem__error_format():
    rec = tamalou(P2, [rnd({"Ana": ["KH", "KH"], "Ben": ["2C"]}), ok_round(),
                       rnd({"Ana": ["ZZ"], "Ben": ["2C"]})])
    with pytest.raises(RecordError) as info:
        score_record(rec)
    err = info.value
    assert str(err).splitlines() == [str(p) for p in err.problems]
    assert all("\n" not in str(p) for p in err.problems)


def test_it_reports_independent_problems_of_several_rounds__error_all_problems():
    # rounds 1 and 3 are each at fault on their own (deck checks do not depend on totals)
    rec = tamalou(P2, [rnd({"Ana": ["KH", "KH"], "Ben": ["2C"]}), ok_round(),
                       rnd({"Ana": ["ZZ"], "Ben": ["2C"]})])
    rounds = {p.round for p in problems(rec)}
    assert {1, 3} <= rounds


def test_it_reports_several_record_problems__error_all_problems():
    rec = tamalou(["Ana", "Ana"], colour="blue")
    probs = problems(rec)
    assert any("colour" in p.message for p in probs)
    assert any("Ana" in p.message for p in probs)


# --------------------------------------------------------------- load_record


def test_it_loads_text_and_bytes__load_record_valid():
    rec = tamalou(P3, [rnd({"Ana": ["3S"], "Ben": ["2S"], "Chloé": 9}, announcer="Ana")])
    text = json.dumps(rec, ensure_ascii=False)
    assert load_record(text) == rec
    assert load_record(text.encode("utf-8")) == rec
    assert score_record(load_record(text)).to_json() == score(rec)


def test_it_refuses_duplicate_keys__load_record_duplicate_keys():
    with pytest.raises(RecordError):
        load_record('{"format": 1, "format": 1, "variant": "tamalou", "players": [], "rounds": []}')


def test_it_refuses_duplicate_keys_deep_inside__load_record_duplicate_keys():
    text = ('{"format": 1, "variant": "tamalou", "players": ["Ana", "Ben"], "rounds": '
            '[{"announcer": null, "hands": {"Ana": ["3S"], "Ben": ["2S"], "Ana": ["4S"]}}]}')
    with pytest.raises(RecordError):
        load_record(text)


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", '{"a": NaN}', "[1, Infinity]"])
def test_it_refuses_nan_and_infinity__load_record_nan(text):
    with pytest.raises(RecordError):
        load_record(text)


def test_it_refuses_a_huge_float_as_a_hand__load_record_huge_float():
    text = json.dumps(tamalou(P2, [rnd({"Ana": 3, "Ben": 4})])).replace('"Ana": 3', '"Ana": 1e400')
    with pytest.raises(RecordError):
        score_record(load_record(text))


@pytest.mark.parametrize("depth", [10_000, 200_000])
def test_it_refuses_too_deep_nesting__load_record_deep_nesting(depth):
    with pytest.raises(RecordError):
        load_record("[" * depth + "]" * depth)
    with pytest.raises(RecordError):
        load_record('{"a":' * depth + "1" + "}" * depth)


def test_it_refuses_a_5000_digit_integer__load_record_huge_int():
    with pytest.raises(RecordError):
        load_record("1" + "0" * 5000)
    text = json.dumps(tamalou(P2, [rnd({"Ana": 3, "Ben": 4})])).replace('"Ana": 3', '"Ana": 1' + "0" * 5000)
    with pytest.raises(RecordError):
        load_record(text)


@pytest.mark.parametrize("data", [b"\xff\xfe{", b'{"a": "\xc3"}', b"\x80", "\ud800"])
def test_it_refuses_invalid_utf8__load_record_bad_encoding(data):
    with pytest.raises(RecordError):
        score_record(load_record(data))


@pytest.mark.parametrize("text", ["", "   ", "{", "{}}", "[1,]", "{'a': 1}", "{} x", "tru", "\x00"])
def test_it_refuses_invalid_json__load_record_bad_json(text):
    with pytest.raises(RecordError):
        load_record(text)


def test_it_refuses_deep_structures_given_directly__record_deep_objects():
    deep = []
    for _ in range(5_000):
        deep = [deep]
    rec = tamalou(P2, [rnd({"Ana": deep, "Ben": 3})])
    with pytest.raises(RecordError):
        score_record(rec)
    rec = tamalou(P2, [rnd({"Ana": 3, "Ben": 3}, extra=deep)])
    with pytest.raises(RecordError):
        score_record(rec)
