"""Each engine problem is shown beside the field at fault."""

from __future__ import annotations

import pytest

from engine.rules import Problem, RecordError, score_record
from scorekeeper.entry.problem_fields import field_for, group_by_field

PLAYERS = ["Ana", "Ben", "Chloé"]


def problems_of(variant: str, rnd: dict, players: list[str] = PLAYERS, teams=None) -> list[Problem]:
    record = {"format": 1, "variant": variant, "players": players, "rounds": [rnd]}
    if teams:
        record["teams"] = teams
    with pytest.raises(RecordError) as caught:
        score_record(record)
    return caught.value.problems


def fields(variant: str, rnd: dict, kind: str = "memory", players=PLAYERS, sides=(), teams=None) -> list[str]:
    return [field_for(p, kind, players, sides) for p in problems_of(variant, rnd, players, teams)]


def test_it_puts_a_card_used_twice_beside_the_players_hand():
    rnd = {"hands": {"Ana": ["3S"], "Ben": ["KH", "KH"], "Chloé": 3}, "announcer": None}
    assert fields("tamalou", rnd) == ["hand-1"]


def test_it_puts_a_card_in_two_hands_beside_both_hands():
    rnd = {"hands": {"Ana": ["KH", "3S"], "Ben": ["KH", "7D"], "Chloé": 9}, "announcer": None}
    problems = problems_of("tamalou", rnd)
    grouped = group_by_field(problems, "memory", PLAYERS)
    assert set(grouped) in ({"hand-0", "hand-1"}, {"hand-0"})  # both when the engine names both
    if getattr(problems[0], "params", {}).get("players"):
        assert set(grouped) == {"hand-0", "hand-1"}


def test_it_puts_a_missing_hand_beside_that_player():
    assert fields("tamalou", {"hands": {"Ana": 3, "Ben": 4}}) == ["hand-2"]


def test_it_puts_a_missing_draw_beside_the_draws():
    rnd = {"hands": {"Ana": ["KH"], "Ben": ["QS", "9D"], "Chloé": ["AS"]}}
    assert fields("cactus-tas", rnd) == ["draws"]


def test_it_puts_tamoul_counter_calls_beside_the_counter_callers():
    rnd = {"hands": {"Ana": ["KH"], "Ben": ["2S"], "Chloé": ["3S"]}, "counter_callers": ["Ben"]}
    assert fields("tamoul", rnd) == ["counter_callers"]


def test_it_puts_a_fontenaysien_player_who_went_out_with_cards_beside_went_out():
    rnd = {"hands": {"Ana": ["KH", "2S"], "Ben": ["3S"], "Chloé": ["4S"]}, "went_out": "Ana"}
    assert fields("fontenaysien", rnd) == ["went_out"]


def test_it_puts_a_bad_wrong_snap_count_beside_the_wrong_snaps():
    rnd = {"hands": {"Ana": ["KH"], "Ben": ["3S"], "Chloé": ["4S"]}, "wrong_snaps": {"Ben": -1}}
    assert fields("cabo-bruxellois", rnd) == ["wrong_snaps"]


def test_it_puts_missing_penalty_cards_beside_the_penalty_cards():
    rnd = {"hands": {"Ana": ["9S"], "Ben": ["3S"], "Chloé": ["4S"]}, "announcer": "Ana"}
    assert fields("dutch-toulousain", rnd) == ["penalty_cards"]


def test_it_puts_an_unknown_announcer_beside_the_announcer():
    rnd = {"hands": {"Ana": ["9S"], "Ben": ["3S"], "Chloé": ["4S"]}, "announcer": "Zoé"}
    assert fields("tamalou", rnd) == ["announcer"]


def test_it_puts_a_bad_canasta_meld_beside_its_side():
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    rnd = {"went_out": None, "sides": {"Nord-Sud": {"melds": [["QS", "KS", "3H"]]}, "Est-Ouest": {}}}
    got = fields("canasta", rnd, "canasta", ["Ana", "Ben", "Chloé", "Dan"], ["Nord-Sud", "Est-Ouest"], teams)
    assert got == ["side-0"]


def test_it_puts_going_out_without_a_canasta_beside_went_out():
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    rnd = {"went_out": "Ben", "sides": {"Nord-Sud": {}, "Est-Ouest": {"melds": [["5S", "5H", "5D"]]}}}
    got = fields("canasta", rnd, "canasta", ["Ana", "Ben", "Chloé", "Dan"], ["Nord-Sud", "Est-Ouest"], teams)
    assert got == ["went_out"]


def test_it_puts_a_cactus_game_play_problem_beside_that_play():
    rnd = {"player": "Ana", "plays": [{"card": "swap_hands"}, {"card": "steal_point", "target": "Ben"}]}
    assert fields("cactus-game", rnd, "cactus_game") == ["play-1"]


def test_it_puts_a_turn_out_of_order_beside_the_player():
    record = {"format": 1, "variant": "cactus-game", "players": PLAYERS,
              "rounds": [{"player": "Ana", "plays": [{"card": "draw"}]},
                         {"player": "Chloé", "plays": [{"card": "draw"}]}]}
    with pytest.raises(RecordError) as caught:
        score_record(record)
    assert [field_for(p, "cactus_game", PLAYERS) for p in caught.value.problems] == ["player"]


def test_it_never_reads_the_message_only_the_field_and_params():
    misleading = Problem("Ben's hand has KH twice; draws are missing", 1, code="x", field="top")
    assert field_for(misleading, "memory", PLAYERS) == "top"
    assert field_for(Problem("", 1, code="x", params={"player": "Ben"}, field="hands"), "memory", PLAYERS) == "hand-1"
    assert field_for(Problem("", 1, code="x", field="draws"), "memory", PLAYERS) == "draws"
    assert field_for(Problem("", 1, code="x", params={"play": 3}, field="plays"), "cactus_game", PLAYERS) == "play-2"


def test_it_groups_problems_by_field_in_the_engines_order():
    def hand(message, player):
        return Problem(message, 1, code="x", params={"player": player}, field="hands")
    grouped = group_by_field([hand("a", "Ben"), Problem("b", 1, code="x"), hand("c", "Ben")], "memory", PLAYERS)
    assert {k: [p.message for p in v] for k, v in grouped.items()} == {"hand-1": ["a", "c"], "top": ["b"]}
