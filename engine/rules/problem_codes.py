"""Every code a problem (or a refused meld or set) can carry: the one list the web
layer's wording must cover. tests/scorekeeper/test_wording_problems.py checks that the
engine raises no code missing here, and every code here is worded in both languages.
"""

from __future__ import annotations

PROBLEM_CODES: tuple[str, ...] = (
    # the file and the record's top level (record.py)
    "json.not_utf8", "json.invalid", "json.duplicate_key", "json.too_deep", "json.bad_number",
    "json.number_too_long", "record.shape", "format.missing", "format.wrong", "variant.unknown",
    "option.unknown", "option.count", "option.flag",
    "name.not_text", "name.empty", "name.too_long", "name.twice", "players.count", "players.count_either",
    "people.not_a_player", "people.bad_id", "people.shared_id",
    # any field of a record, a round, a side or a play
    "field.missing", "field.shape", "field.unknown", "round.shape", "entry.twice",
    # the game (scoring.py)
    "game.finished",
    # memory games (variants/memory.py and the variants built on it)
    "player.unknown", "player.out", "hand.missing", "hand.twice", "hand.player_out", "hand.not_a_player",
    "hand.shape", "hand.number_step", "hand.number_step_halves", "hand.number_range",
    "card.unknown", "card.not_in_deck", "deck.overused",
    "cactus_tas.draw_with_cactus", "cactus_tas.draw_missing",
    "tamoul.counter_without_call", "tamoul.counter_is_announcer", "tamoul.counter_twice",
    "fontenaysien.went_out_not_empty", "cabo.wrong_snaps_count", "cabo.wrong_snaps_too_many",
    "dutch_toulousain.penalty_without_call", "dutch_toulousain.penalty_count",
    # canasta
    "teams.two_players", "teams.missing", "teams.name", "teams.members", "teams.not_a_player", "teams.cover",
    "teams.opposite", "side.unknown", "side.missing",
    "canasta.not_red_three", "canasta.red_three_in_hand", "canasta.concealed_without_going_out",
    "canasta.meld", "canasta.same_rank", "canasta.opening", "canasta.went_out_canastas",
    "canasta.went_out_hand", "canasta.red_threes_count",
    "canasta.counted_with_cards", "canasta.counted_points", "canasta.counted_count",
    "canasta.counted_red_threes", "canasta.counted_canastas_melded",
    # cactus-game
    "cactus_game.turn_order", "cactus_game.play_after_end", "cactus_game.unknown_card",
    "cactus_game.set_shape", "cactus_game.set", "cactus_game.steal_target", "cactus_game.steal_self",
    "cactus_game.steal_nothing", "cactus_game.point_cards",
)

# Why a canasta meld or a Cactus Game set is refused (errors.Reason; the problems
# canasta.meld and cactus_game.set carry one as `reason`, and the live table quotes it).
REASON_CODES: tuple[str, ...] = (
    "meld.too_few_cards", "meld.red_three", "meld.wild_only_short", "meld.mixed_ranks",
    "meld.black_threes_with_wild", "meld.black_threes_count", "meld.black_threes_not_going_out",
    "meld.too_few_naturals", "meld.more_wild_than_natural", "meld.too_many_wild",
    "set.size", "set.not_a_character", "set.mixed",
)

# The types a field.shape problem says a field should be (`expected`) and was (`got`).
EXPECTED_SHAPES: tuple[str, ...] = (
    "object", "list", "names", "players", "cards", "melds", "hands", "teams", "people", "flag",
    "cards_by_player", "counts_by_player",
)
TYPE_CODES: tuple[str, ...] = ("null", "true", "false", "number", "text", "list", "object", "other")
