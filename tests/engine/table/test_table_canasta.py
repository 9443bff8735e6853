"""Canasta rulings at the table: the pile, melds, the opening minimum, going out."""

from engine.table import canasta as cr

from .table_support import Table


def test_canasta_pile_never_taken_when_the_top_is_a_wild_card():
    assert cr.may_take_pile(["5H", "2S"], ["2C", "2D"], True).rule == "canasta.pile.top_is_wild"


def test_canasta_pile_never_taken_when_the_top_is_a_black_three():
    assert not cr.may_take_pile(["5H", "3S"], ["3C", "3S"], True).ok


def test_canasta_frozen_pile_needs_two_naturals_matching_the_top():
    pile = ["2H", "9S"]  # a wild card inside: frozen
    refused = cr.may_take_pile(pile, ["9H", "JK"], True)
    assert refused.rule == "canasta.pile.frozen_needs_two_naturals" and refused.params["naturals"] == 1
    assert cr.may_take_pile(pile, ["9H", "9D"], True).ok


def test_canasta_pile_is_frozen_for_a_side_that_has_not_melded():
    assert not cr.may_take_pile(["9S"], ["9H", "JK"], side_has_melded=False).ok
    assert cr.may_take_pile(["9S"], ["9H", "JK"], side_has_melded=True).rule == "canasta.pile.pair_in_hand"


def test_canasta_unfrozen_pile_may_be_taken_to_add_the_top_to_a_meld():
    assert cr.may_take_pile(["9S"], [], True, meld_ranks=["9"]).rule == "canasta.pile.adds_to_meld"


def test_canasta_meld_legal_uses_the_engines_meld_rule():
    assert cr.meld_verdict(["QS", "QH", "2C"]).ok
    bad = cr.meld_verdict(["QS", "2H", "2C"])
    assert not bad.ok and bad.params["reason"] == "meld.too_few_naturals"


def test_canasta_refused_meld_is_said_in_the_phones_language_not_the_engines_english():
    from django.utils import translation

    from scorekeeper.wording.rulings import describe
    bad = cr.meld_verdict(["QS", "QH", "KD"])
    ruling = {"rule": bad.rule, **bad.params}
    with translation.override("fr"):
        assert describe(ruling) == "Combinaison refusée (mélange des rangs (R, D))."
    with translation.override("en"):
        assert describe(ruling) == "Meld refused (mixes ranks (K, Q))."


def test_canasta_black_threes_meld_only_when_going_out():
    assert not cr.meld_verdict(["3S", "3C", "3S"]).ok
    assert cr.meld_verdict(["3S", "3C", "3S"], going_out=True).ok


def test_canasta_opening_reaches_the_minimum_for_the_sides_score():
    melds = [["QS", "QH", "QD"], ["KS", "KH", "2C"]]  # 30 + 40 = 70
    assert cr.opening_verdict(melds, 1000).ok  # minimum 50
    below = cr.opening_verdict(melds, 1500)  # minimum 90
    assert not below.ok and below.params == {"value": 70, "minimum": 90, "total": 1500}
    assert cr.opening_verdict([["4S", "4H", "4D"]], -20).ok  # below 0: 15


def test_canasta_going_out_needs_one_canasta_with_partners_and_two_alone():
    canasta = ["QS", "QH", "QD", "QC", "QS", "QH", "2C"]
    assert cr.go_out_verdict([canasta], players=4, hand_left=0).ok
    two = cr.go_out_verdict([canasta], players=2, hand_left=0)
    assert two.rule == "canasta.go_out.needs_canastas" and two.params == {"needed": 2, "have": 1}


def test_canasta_questions_go_through_the_table_log():
    t = Table("canasta", ["Ana", "Ben"])
    rulings = t.send("ask", {"question": "meld", "cards": ["QS", "QH", "2C"]}, at=1.0)
    assert rulings == [{"rule": "canasta.meld.legal", "ok": True, "cards": ["QS", "QH", "2C"]}]
    assert t.send("ask", {"question": "meld", "cards": "QS"}, at=2.0)[-1]["rule"] == "ask.bad_question"
    assert t.send("ask", {"question": "set", "characters": []}, at=3.0)[-1]["rule"] == "ask.unknown"


def test_canasta_reading_a_red_three_on_the_pile_is_never_a_top_card_that_can_be_taken():
    # table-rules.md, Canasta, last reading: it blocks the pile like a black 3,
    # even with two red 3s or two black 3s in hand.
    for hand in (["3C", "3S"], ["3H", "3D"]):
        verdict = cr.may_take_pile(["5H", "3H"], hand, True)
        assert not verdict.ok and verdict.rule == "canasta.pile.top_is_red_three"


def test_canasta_red_threes_are_never_melded():
    assert not cr.meld_verdict(["3H", "3D", "3H"]).ok


def test_canasta_going_out_ends_the_round_and_the_table_asks_for_the_count():
    t = Table("canasta", ["Ana", "Ben"])
    rulings = t.send("round.last_card", {"player": "Ben"}, member=t.by("Ben"), at=1.0)
    assert [r["rule"] for r in rulings] == ["canasta.went_out"]
    assert t.state.over == "went_out" and t.state.went_out == "Ben"
    again = t.send("round.last_card", {"player": "Ana"}, member=t.by("Ana"), at=2.0)
    assert [r["rule"] for r in again] == ["round.over"] and t.state.went_out == "Ben"


def test_canasta_reveal_gives_the_sides_as_the_round_and_starts_the_next_round():
    t = Table("canasta", ["Ana", "Ben"])
    t.send("round.last_card", {"player": "Ana"}, member=t.by("Ana"), at=1.0)
    sides = {"Ana": {"counted": {"melded": 1450, "hand": 0, "natural_canastas": 1, "mixed_canastas": 1,
                                 "wild_canastas": 0, "red_threes": 2}},
             "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}
    ready = t.send("reveal", {"hands": {}, "extras": {"went_out": "Ana", "sides": sides}, "round": 1}, at=3.0)[-1]
    assert ready["rule"] == "round.ready" and ready["data"] == {"went_out": "Ana", "sides": sides}
    assert t.state.round == 2 and t.state.over is None and t.state.went_out is None


def test_canasta_after_going_out_a_refusal_asks_for_the_count_not_the_hands():
    from django.utils import translation

    from scorekeeper.wording.rulings import describe
    t = Table("canasta", ["Ana", "Ben"])
    t.send("round.last_card", {"player": "Ana"}, member=t.by("Ana"), at=1.0)
    refused = t.send("round.last_card", {"player": "Ben"}, member=t.by("Ben"), at=2.0)[-1]
    with translation.override("fr"):
        assert describe(refused) == "La manche est finie (sortie d’un camp) : comptez les points."


def test_canasta_questions_are_ruled_only_with_numbers_a_game_reaches():
    # Read as a whole number of the game, never as int(): 1e17 and "1500" are no side's total,
    # and a side never holds fewer than 0 cards (game-record.md 4.10, table-rules.md, Canasta).
    t = Table("canasta", ["Ana", "Ben"])
    melds = [["KH", "KS", "KD"]]
    absurd = [("opening", {"side_total": v}) for v in (1e17, "1500", 10**17, 5000, True)]
    absurd += [("take_pile", {"pile": ["KC"], "hand": ["KH", "KS"], "side_total": v}) for v in (1e17, "0", -100_001)]
    absurd += [("go_out", {"hand_left": v}) for v in (-999999, 109, "0", 0.0)]
    for question, payload in absurd:
        ruled = t.send("ask", {"question": question, "melds": melds, **payload}, at=1.0)
        assert ruled == [{"rule": "ask.bad_question", "question": question}], payload
    # ...while every number a game reaches is ruled
    below_zero = t.send("ask", {"question": "opening", "melds": melds, "side_total": -100_000}, at=1.0)[-1]
    assert below_zero["rule"] == "canasta.opening.reaches_minimum" and below_zero["minimum"] == 15
    assert t.send("ask", {"question": "opening", "melds": melds, "side_total": 4999}, at=2.0)[-1]["minimum"] == 120
    full_hands = t.send("ask", {"question": "go_out", "melds": melds, "hand_left": 108}, at=3.0)[-1]
    assert full_hands["rule"] != "ask.bad_question"


# -- the pile for a side that has not melded: every meld laid with the top card counts -----------
# table-rules.md, Canasta, reading: the melds the side makes with the top card and cards from its
# hand reach the opening minimum; a wild card joining the top card's meld and the other melds laid
# from the hand at the same time count (kings 10, aces 20, a 2 20, a joker 50).


def test_canasta_not_yet_melded_a_wild_card_added_to_the_top_cards_meld_counts_toward_the_minimum():
    verdict = cr.may_take_pile(["KH"], ["KS", "KD", "2C"], side_has_melded=False, side_total=0)
    assert verdict == cr.Verdict(True, "canasta.pile.frozen_two_naturals", {"top": "KH", "value": 50, "minimum": 50})


def test_canasta_not_yet_melded_the_top_card_and_its_wild_card_still_fall_short_above_1500():
    verdict = cr.may_take_pile(["KH"], ["KS", "KD", "2C"], side_has_melded=False, side_total=1500)
    assert (verdict.ok, verdict.rule) == (False, "canasta.pile.opening_below_minimum")
    assert (verdict.params["value"], verdict.params["minimum"]) == (50, 90)


def test_canasta_not_yet_melded_the_other_melds_laid_from_the_hand_at_the_same_time_count():
    # KH KS KD (30) and AS AH JK (90): 120, the highest minimum (3000 or more).
    verdict = cr.may_take_pile(["KH"], ["KS", "KD", "AS", "AH", "JK"], side_has_melded=False, side_total=3000)
    assert verdict.ok and verdict.params["value"] == 120
    assert cr.best_opening("KH", ["KS", "KD", "AS", "AH", "JK"]) == [["KH", "KS", "KD"], ["AS", "AH", "JK"]]


def test_canasta_not_yet_melded_the_question_through_the_table_log_counts_the_melds_from_the_hand():
    t = Table("canasta", ["Ana", "Ben"])
    asked = {"question": "take_pile", "pile": ["5C", "KH"], "hand": ["KS", "KD", "2C"], "side_has_melded": False}
    assert t.send("ask", {**asked, "side_total": 0}, at=1.0)[-1]["ok"] is True
    assert t.send("ask", {**asked, "side_total": 2000}, at=2.0)[-1]["rule"] == "canasta.pile.opening_below_minimum"


def test_canasta_not_yet_melded_the_best_opening_melds_only_what_the_meld_rule_admits():
    # More wild cards than naturals are never melded; black 3s and a lone natural stay in hand.
    melds = cr.best_opening("KH", ["KS", "KD", "2C", "2D", "2H", "JK", "JK", "3S", "3C", "3S", "QS"])
    assert melds == [["KH", "KS", "KD", "JK", "JK", "2C"]]
    assert all(cr.meld_verdict(m).ok for m in melds)
