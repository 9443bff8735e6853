"""The declarations carry the facts the rest of the app quotes, and the numbers they
declare are the ones scoring applies (a page quoting `numbers` never says one thing
while the engine does another)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import record, rnd

from engine.rules import VARIANTS, RecordError, score_record
from engine.rules.registry import register, unregister
from engine.rules.units import to_number
from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY, RoundExtra, Teams
from engine.rules.variants.cactus import Cactus

ABC = ["Ana", "Ben", "Chloé"]


def test_it_lets_canasta_be_played_by_two_or_four_only():
    """canasta (4.10): two play alone, four in two teams; three cannot play."""
    assert VARIANTS["canasta"].allowed_player_counts() == (2, 4)
    assert VARIANTS["tamalou"].allowed_player_counts() == tuple(range(2, 9))
    assert VARIANTS["cactus-game"].allowed_player_counts() == tuple(range(2, 7))


def test_it_says_canasta_plays_in_teams_at_four_only():
    canasta = VARIANTS["canasta"]
    assert canasta.plays_in_teams(4) and not canasta.plays_in_teams(2)
    assert not VARIANTS["tamalou"].plays_in_teams(4)


def test_it_seats_partners_opposite_when_it_makes_teams():
    teams = Teams(players=4)
    assert teams.seat(["Ana", "Ben", "Chloé", "Dan"], ["Nord-Sud", "Est-Ouest"]) == {
        "Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def test_it_names_each_family_once():
    assert {v.family for v in VARIANTS.values()} == {MEMORY, CANASTA, CACTUS_GAME}
    assert [k for k, v in VARIANTS.items() if v.turn_based] == ["cactus-game"]


def test_it_derives_the_round_s_extra_fields_from_their_typed_declaration():
    extras = {k: v.extras for k, v in VARIANTS.items() if v.extras}
    assert extras == {
        "cactus-tas": (RoundExtra("draws", "player", "card"),),
        "tamoul": (RoundExtra("counter_callers", "player", "flag"),),
        "fontenaysien": (RoundExtra("went_out", "round", "player"),),
        "cabo-bruxellois": (RoundExtra("wrong_snaps", "player", "count"),),
        "dutch-toulousain": (RoundExtra("penalty_cards", "round", "cards"),),
    }
    assert VARIANTS["cactus-tas"].round_extras == ("draws",)


def test_it_scores_a_failed_cabo_with_the_number_it_declares__cabo_failed_call():
    cabo = VARIANTS["cabo-bruxellois"]
    over = cabo.numbers["limit"] + 1
    result = score_record(record("cabo-bruxellois", ABC, [rnd({"Ana": over, "Ben": 3, "Chloé": 4}, "Ana")]))
    assert result.rounds[0].points["Ana"] == cabo.numbers["failed"]
    assert cabo.call.over == "failed_call" and VARIANTS["cactus"].call.over == "ignored"
    assert VARIANTS["tamalou"].call.over == "scored"


def test_it_adds_the_wrong_snap_points_it_declares__cabo_wrong_snaps():
    cabo = VARIANTS["cabo-bruxellois"]
    result = score_record(record("cabo-bruxellois", ABC,
                                 [rnd({"Ana": 3, "Ben": 3, "Chloé": 4}, wrong_snaps={"Ben": 1})]))
    assert result.rounds[0].points["Ben"] == 3 + cabo.numbers["wrong_snap"] == 3 + cabo.snap.penalty_points


def test_it_puts_a_dutch_player_out_at_the_number_it_declares__dutch_eliminated():
    out_at = VARIANTS["dutch"].numbers["out_at"]
    result = score_record(record("dutch", ABC, [rnd({"Ana": out_at, "Ben": out_at - 1, "Chloé": 0})]))
    assert result.out == {"Ana": 1}


def test_it_drops_a_tamoul_total_by_the_numbers_it_declares__tamoul_hundred_drops_to_fifty():
    numbers = VARIANTS["tamoul"].numbers
    result = score_record(record("tamoul", ABC, [rnd({"Ana": numbers["reset_from"], "Ben": 0, "Chloé": 1})]))
    assert result.rounds[0].totals["Ana"] == numbers["reset_to"] * VARIANTS["tamoul"].scale


def test_it_refuses_three_canasta_players_with_the_counts_it_declares():
    with pytest.raises(RecordError) as error:
        score_record(record("canasta", ABC))
    assert [p.params["allowed"] for p in error.value.problems] == ["2 or 4"]


def test_it_registers_a_variant_once_under_a_free_key():
    class Other(Cactus):
        key = "cactus-bis"

    register(Other())
    try:
        assert VARIANTS["cactus-bis"].name == "Cactus"
        with pytest.raises(ValueError):
            register(Other())
    finally:
        unregister("cactus-bis")
    assert "cactus-bis" not in VARIANTS
    with pytest.raises(ValueError):
        register(Cactus())  # "cactus" is taken


def test_it_derives_the_range_a_hand_can_make_from_the_card_values__hand_range():
    assert VARIANTS["tamalou"].hand_range() == (0, 330)  # no tamalou card is worth less than 0
    assert VARIANTS["cabo-bruxellois"].hand_range()[0] == -4  # its two red kings
    for key, variant in VARIANTS.items():
        if hasattr(variant, "hand_range"):
            low, high = variant.hand_range()
            values = [v for code, v in variant.values.items() for _ in range(variant.deck.copies[code])]
            assert low == min(0, sum(v for v in values if v < 0)) / variant.scale, key
            assert high == sum(v for v in values if v > 0) / variant.scale, key


@settings(max_examples=100, deadline=None)
@given(data=st.data(), key=st.sampled_from(["cactus", "tamalou", "koubo", "tamoul", "cabo-bruxellois", "dutch"]))
def test_it_keeps_every_hand_a_deal_can_make_within_the_range__property_hand_range(data, key):
    variant = VARIANTS[key]
    deck = [code for code, copies in variant.deck.copies.items() for _ in range(copies)]
    hand = data.draw(st.lists(st.sampled_from(range(len(deck))), unique=True, max_size=len(deck)))
    value = to_number(sum(variant.values[deck[i]] for i in hand), variant.scale)
    low, high = variant.hand_range()
    assert low <= value <= high
