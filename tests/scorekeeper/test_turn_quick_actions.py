"""A Cactus Game turn in few taps (issue 27): a set of three alike and a Stop by a named
player are each one action of the entry form."""

from __future__ import annotations

from engine.rules import VARIANTS
from scorekeeper.entry.forms_to_round import apply_turn_action, blank_turn, turn_round

PLAYERS = ["Ana", "Ben", "Chloé"]


def test_it_adds_a_set_of_three_alike_in_one_action():
    form = blank_turn(VARIANTS["cactus-game"], PLAYERS, "Ana")
    apply_turn_action(form, "add-set:walter")
    assert turn_round(form, PLAYERS)["plays"] == [{"card": "set", "characters": ["walter"] * 3}]


def test_it_refuses_a_quick_set_of_jokers_or_of_an_unknown_card():
    form = blank_turn(VARIANTS["cactus-game"], PLAYERS, "Ana")
    apply_turn_action(form, "add-set:joker")
    apply_turn_action(form, "add-set:<b>")
    assert form.plays == []


def test_it_adds_a_stop_by_the_player_named_in_one_action():
    form = blank_turn(VARIANTS["cactus-game"], PLAYERS, "Ana")
    apply_turn_action(form, "add-play:free_point")
    apply_turn_action(form, "add-stop:0:1")
    apply_turn_action(form, "add-stop:0:9")  # no such seat: a blank Stop to fill in
    assert form.plays[0].stops == ["1", ""]
    assert turn_round(form, PLAYERS)["plays"] == [{"card": "free_point", "stopped_by": ["Ben"]}]
