"""Cactus Game rulings: the Stop chain, sets, the end of a turn."""

from engine.table import cactus_game as cg

from .table_support import Table


def test_cactus_game_stop_chain_of_even_length_takes_effect():
    assert cg.stop_verdict("steal_point", ["Ben", "Ana"]).ok
    assert cg.stop_verdict("steal_point", []).ok


def test_cactus_game_stop_chain_of_odd_length_cancels_the_action():
    verdict = cg.stop_verdict("free_point", ["Ben"])
    assert not verdict.ok and verdict.rule == "cactus_game.stop.cancelled"


def test_cactus_game_a_set_cannot_be_stopped():
    assert cg.stop_verdict("set", ["Ben"]).rule == "cactus_game.stop.cannot_stop"


def test_cactus_game_too_late_to_stop_once_the_hands_were_exchanged():
    verdict = cg.stop_verdict("swap_hands", ["Ben"], already="hands_exchanged")
    assert verdict.ok and verdict.rule == "cactus_game.stop.too_late"


def test_cactus_game_set_check_uses_the_engines_set_points():
    assert cg.set_verdict(["walter", "joker", "walter"]).params["points"] == 3
    assert cg.set_verdict(["joker"] * 3).params["points"] == 3
    assert not cg.set_verdict(["charlie", "spike", "joker"]).ok


def test_cactus_game_turn_ends_on_a_gain_or_draw_that_took_effect():
    assert cg.turn_end_verdict("draw").ok
    assert not cg.turn_end_verdict("free_point", took_effect=False).ok  # stopped: the turn goes on
    assert not cg.turn_end_verdict("ask_card").ok


def test_cactus_game_questions_go_through_the_table_log():
    t = Table("cactus-game", ["Ana", "Ben", "Chloé"])
    rulings = t.send("ask", {"question": "stop_chain", "card": "draw_three", "stops": ["Ben"]}, at=1.0)
    assert rulings == [{"rule": "cactus_game.stop.cancelled", "ok": False, "card": "draw_three", "stops": 1}]


def test_cactus_game_a_question_about_an_unknown_card_name_is_refused_not_judged():
    t = Table("cactus-game", ["Ana", "Ben"])
    rulings = t.send("ask", {"question": "stop_chain", "card": "dragon", "stops": ["Ben"]}, at=1.0)
    assert rulings == [{"rule": "ask.unknown_card", "card": "dragon"}]
    assert t.send("ask", {"question": "turn_end", "card": "dragon"}, at=2.0)[-1]["rule"] == "ask.unknown_card"
