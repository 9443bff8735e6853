"""Who has a hand in a round, and whose turn it is."""

from __future__ import annotations

from scorekeeper.entry.players import players_in_round, totals_before_round
from scorekeeper.entry.turns import next_player

PLAYERS = ["Ana", "Ben", "Chloé"]


def test_it_keeps_every_player_in_the_first_round():
    assert players_in_round("dutch", PLAYERS, {}) == PLAYERS


def test_it_leaves_out_a_dutch_player_at_100_or_more():
    """dutch.eliminated: a total of 100 or more after a round puts the player out."""
    assert players_in_round("dutch", PLAYERS, {"Ana": 100, "Ben": 99, "Chloé": 140}) == ["Ben"]


def test_it_eliminates_nobody_in_other_variants():
    assert players_in_round("tamoul", PLAYERS, {"Ana": 150, "Ben": 0, "Chloé": 0}) == PLAYERS


def test_it_reads_the_totals_after_the_round_before():
    results = [{"totals": {"Ana": 10}}, {"totals": {"Ana": 30}}]
    assert totals_before_round(results, 1) == {}
    assert totals_before_round(results, 2) == {"Ana": 10}
    assert totals_before_round(results, 3) == {"Ana": 30}


def test_it_gives_the_next_turn_to_the_next_seat_clockwise():
    """cactus_game.turn_order: turns follow seat order, wrapping round the table."""
    assert next_player(PLAYERS, {"player": "Ben"}) == "Chloé"
    assert next_player(PLAYERS, {"player": "Chloé"}) == "Ana"


def test_it_lets_anyone_take_the_first_turn():
    assert next_player(PLAYERS, None) is None
    assert next_player(PLAYERS, {"player": "Zoé"}) is None
