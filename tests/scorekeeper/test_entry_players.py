"""Who has a hand in a round (the engine's eliminations), and whose turn it is."""

from __future__ import annotations

import pytest

from scorekeeper.entry.turns import next_player
from tests.factories import make_game

PLAYERS = ["Ana", "Ben", "Chloé"]


def dutch_round(ana: int, ben: int, chloe: int) -> dict:
    return {"hands": {"Ana": ana, "Ben": ben, "Chloé": chloe}}


@pytest.mark.django_db
def test_it_keeps_every_player_in_the_first_round():
    game = make_game("dutch", PLAYERS)
    assert game.players_in_round(1) == PLAYERS
    assert game.players_in_round() == PLAYERS


@pytest.mark.django_db
def test_it_leaves_out_a_dutch_player_the_engine_put_out__dutch_eliminated():
    """dutch.eliminated: a total of 100 or more after a round puts the player out;
    the form reads who is out from the engine's answer, never from a limit of its own."""
    game = make_game("dutch", PLAYERS, rounds=[dutch_round(60, 10, 5), dutch_round(40, 10, 5)])
    assert game.eliminated == {"Ana": 2}
    assert game.players_in_round() == ["Ben", "Chloé"]
    assert game.players_in_round(3) == ["Ben", "Chloé"]


@pytest.mark.django_db
def test_it_gives_a_hand_to_a_player_out_later_when_an_earlier_round_is_edited():
    game = make_game("dutch", PLAYERS, rounds=[dutch_round(60, 10, 5), dutch_round(40, 10, 5)])
    assert game.players_in_round(2) == PLAYERS
    assert game.players_in_round(1) == PLAYERS


@pytest.mark.django_db
def test_it_eliminates_nobody_in_other_variants():
    game = make_game("tamoul", PLAYERS, rounds=[{"hands": {"Ana": 90, "Ben": 0, "Chloé": 0}}])
    assert game.players_in_round() == PLAYERS


def test_it_gives_the_next_turn_to_the_next_seat_clockwise():
    """cactus_game.turn_order: turns follow seat order, wrapping round the table."""
    assert next_player(PLAYERS, {"player": "Ben"}) == "Chloé"
    assert next_player(PLAYERS, {"player": "Chloé"}) == "Ana"


def test_it_lets_anyone_take_the_first_turn():
    assert next_player(PLAYERS, None) is None
    assert next_player(PLAYERS, {"player": "Zoé"}) is None
