"""The entry form <-> the spec's round object, without a database."""

from __future__ import annotations

from engine.rules import VARIANTS, score_record
from scorekeeper.entry.adapters import apply_action, blank_form, from_round, read_form, to_round
from scorekeeper.entry.forms_to_round import (
    CanastaForm,
    MemoryForm,
    TurnForm,
    canasta_sides,
    cards_from_text,
    number_from_text,
)

PLAYERS = ["Ana", "Ben", "Chloé"]
FOUR = ["Ana", "Ben", "Chloé", "Dan"]
TEAMS = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def memory_round(variant: str, post: dict[str, str], players: list[str] = PLAYERS) -> dict:
    form = read_form(VARIANTS[variant], players, post)
    return to_round(form, players)


def round_trip(variant: str, data: dict, players: list[str] = PLAYERS, teams=None) -> dict:
    """A stored round shown in the form, then posted back unchanged."""
    rules = VARIANTS[variant]
    form = from_round(rules, players, data, teams=teams)
    return to_round(read_form(rules, players, as_post(form), teams=teams), players)


def as_post(form) -> dict[str, str]:
    """The fields a browser would post for `form` (what the template renders)."""
    post: dict[str, str] = {}
    if isinstance(form, MemoryForm):
        for h in form.hands:
            post[f"hand-{h.index}-mode"] = h.mode
            post[f"hand-{h.index}-cards"] = h.cards
            post[f"hand-{h.index}-count"] = h.count
            post[f"draw-{h.index}"] = h.draw
            post[f"snaps-{h.index}"] = h.wrong_snaps
            if h.counter_caller:
                post[f"counter-{h.index}"] = "1"
        post.update(announcer=form.announcer, went_out=form.went_out, penalty_cards=form.penalty_cards)
    elif isinstance(form, CanastaForm):
        for side in form.sides:
            post[f"side-{side.index}-melds"] = str(len(side.melds))
            post.update({f"side-{side.index}-meld-{m}": t for m, t in enumerate(side.melds)})
            post[f"side-{side.index}-openings"] = str(len(side.opening))
            post.update({f"side-{side.index}-opening-{m}": t for m, t in enumerate(side.opening)})
            post[f"side-{side.index}-red_threes"] = side.red_threes
            post[f"side-{side.index}-hand"] = side.hand
            post[f"side-{side.index}-mode"] = side.mode
            post.update({f"side-{side.index}-counted-{key}": v for key, v in side.counted.items()})
        post["went_out"] = form.went_out
        if form.concealed:
            post["concealed"] = "1"
    else:
        post.update(player=form.player, plays=str(len(form.plays)))
        for k, play in enumerate(form.plays):
            post[f"play-{k}-card"] = play.card
            post.update({f"play-{k}-char-{j}": c for j, c in enumerate(play.characters)})
            post[f"play-{k}-target"] = play.target
            post[f"play-{k}-stops"] = str(len(play.stops))
            post.update({f"play-{k}-stop-{j}": s for j, s in enumerate(play.stops)})
    return post


def test_it_writes_picked_and_typed_cards_in_canonical_form():
    assert cards_from_text("kh, 10d th jk 1s") == ["KH", "10D", "10H", "JK", "AS"]


def test_it_keeps_text_that_is_no_card_so_the_engine_can_name_it():
    assert cards_from_text("KH ZZ") == ["KH", "ZZ"]


def test_it_reads_a_counted_hand_with_a_half_or_a_comma():
    assert number_from_text("14") == 14
    assert number_from_text("6½") == 6.5
    assert number_from_text("6,5") == 6.5
    assert number_from_text("½") == 0.5
    assert number_from_text("−3") == -3
    assert number_from_text("beaucoup") == "beaucoup"


def test_it_builds_a_tamalou_round_from_cards_and_a_counted_hand():
    post = {"hand-0-cards": "KH 3S", "hand-1-mode": "count", "hand-1-count": "9",
            "hand-2-cards": "QS", "announcer": "0"}
    assert memory_round("tamalou", post) == {
        "hands": {"Ana": ["KH", "3S"], "Ben": 9, "Chloé": ["QS"]}, "announcer": "Ana"}


def test_it_leaves_an_untouched_hand_missing_rather_than_zero():
    data = memory_round("tamalou", {"hand-0-cards": "KH", "hand-1-mode": "count"})
    assert data["hands"] == {"Ana": ["KH"]}
    assert data["announcer"] is None


def test_it_passes_an_announcer_who_is_not_a_seat_to_the_engine_as_posted_to_be_refused():
    # Only a tampered POST names no seat: the engine answers "nobody of this game" beside the
    # field, instead of the round being saved without its announcer.
    assert memory_round("tamalou", {"announcer": "7"})["announcer"] == "7"
    assert memory_round("tamalou", {"announcer": "<script>"})["announcer"] == "<script>"
    assert memory_round("tamalou", {"announcer": ""})["announcer"] is None


def test_it_builds_cactus_tas_draws_only_for_players_who_drew():
    post = {"hand-0-cards": "KH", "hand-1-cards": "QS 9D", "hand-2-cards": "10S",
            "draw-1": "9s", "draw-2": "7C"}
    assert memory_round("cactus-tas", post)["draws"] == {"Ben": "9S", "Chloé": "7C"}


def test_it_never_drops_a_second_card_typed_in_a_draw():
    post = {"hand-0-cards": "QS 9D", "draw-0": "9S 8S"}
    assert memory_round("cactus-tas", post)["draws"] == {"Ana": "9S 8S"}


def test_it_builds_tamoul_counter_callers_in_seat_order():
    post = {"hand-0-cards": "KH", "hand-1-cards": "2S", "hand-2-cards": "3S", "announcer": "0",
            "counter-2": "1", "counter-1": "1"}
    assert memory_round("tamoul", post)["counter_callers"] == ["Ben", "Chloé"]


def test_it_builds_fontenaysien_went_out():
    post = {"hand-0-mode": "count", "hand-0-count": "0", "hand-1-cards": "2S", "hand-2-cards": "3S",
            "went_out": "0"}
    assert memory_round("fontenaysien", post)["went_out"] == "Ana"


def test_it_reads_an_empty_hand_for_the_fontenaysien_player_who_went_out_as_no_card():
    """fontenaysien.went_out: who discarded every card holds none; an empty block says it."""
    post = {"hand-1-cards": "2S", "hand-2-cards": "3S", "went_out": "0"}
    assert memory_round("fontenaysien", post)["hands"] == {"Ana": [], "Ben": ["2S"], "Chloé": ["3S"]}
    # Anybody else's empty block is still a missing hand, for the engine to name.
    assert "Ben" not in memory_round("fontenaysien", {"hand-0-cards": "4S", "hand-2-cards": "3S"})["hands"]


def test_it_builds_cabo_wrong_snaps_and_leaves_out_zeros():
    post = {"hand-0-cards": "KH", "hand-1-cards": "2S", "hand-2-cards": "3S", "snaps-0": "0",
            "snaps-1": "2"}
    assert memory_round("cabo-bruxellois", post)["wrong_snaps"] == {"Ben": 2}


def test_it_builds_dutch_toulousain_penalty_cards():
    post = {"hand-0-cards": "KH", "hand-1-cards": "2S", "hand-2-cards": "3S", "announcer": "0",
            "penalty_cards": "4d 5d"}
    assert memory_round("dutch-toulousain", post)["penalty_cards"] == ["4D", "5D"]


def test_it_never_writes_an_extra_the_variant_does_not_have():
    post = {"hand-0-cards": "KH", "hand-1-cards": "2S", "hand-2-cards": "3S", "draw-0": "9S",
            "counter-1": "1", "went_out": "1", "snaps-2": "3", "penalty_cards": "4D"}
    assert set(memory_round("tamalou", post)) == {"hands", "announcer"}


def test_it_shows_only_the_players_still_in_a_dutch_round():
    form = read_form(VARIANTS["dutch"], PLAYERS, {}, in_round=["Ana", "Chloé"])
    assert [h.name for h in form.hands] == ["Ana", "Chloé"]
    assert [h.index for h in form.hands] == [0, 2]


def test_it_builds_a_canasta_round_with_teams_melds_and_an_opening():
    post = {"side-0-melds": "2", "side-0-meld-0": "QS QH QD 2C", "side-0-meld-1": "",
            "side-0-openings": "1", "side-0-opening-0": "QS QH QD 2C", "side-0-red_threes": "3H",
            "side-1-melds": "1", "side-1-meld-0": "", "side-1-hand": "5H 3S",
            "went_out": "2", "concealed": "1"}
    form = read_form(VARIANTS["canasta"], FOUR, post, teams=TEAMS)
    assert to_round(form, FOUR) == {
        "went_out": "Chloé", "concealed": True,
        "sides": {"Nord-Sud": {"melds": [["QS", "QH", "QD", "2C"]], "red_threes": ["3H"],
                               "opening": [["QS", "QH", "QD", "2C"]]},
                  "Est-Ouest": {"hand": ["5H", "3S"]}}}


def test_it_keys_canasta_sides_by_player_when_two_play():
    form = read_form(VARIANTS["canasta"], ["Ana", "Ben"], {})
    assert to_round(form, ["Ana", "Ben"]) == {"went_out": None, "sides": {"Ana": {}, "Ben": {}}}


def test_it_builds_a_cactus_game_turn_with_a_stop_chain():
    post = {"player": "1", "plays": "3",
            "play-0-card": "steal_point", "play-0-target": "0", "play-0-stops": "2",
            "play-0-stop-0": "0", "play-0-stop-1": "2",
            "play-1-card": "swap_hands", "play-1-stops": "1", "play-1-stop-0": "0",
            "play-2-card": "set", "play-2-char-0": "spike", "play-2-char-1": "joker",
            "play-2-char-2": "spike"}
    form = read_form(VARIANTS["cactus-game"], PLAYERS, post)
    assert to_round(form, PLAYERS) == {"player": "Ben", "plays": [
        {"card": "steal_point", "target": "Ana", "stopped_by": ["Ana", "Chloé"]},
        {"card": "swap_hands", "stopped_by": ["Ana"]},
        {"card": "set", "characters": ["spike", "joker", "spike"]}]}


def test_it_never_gives_a_set_or_a_draw_a_stop_chain():
    post = {"player": "0", "plays": "1", "play-0-card": "draw", "play-0-stops": "1", "play-0-stop-0": "1"}
    form = read_form(VARIANTS["cactus-game"], PLAYERS, post)
    assert to_round(form, PLAYERS)["plays"] == [{"card": "draw"}]


def test_it_drops_a_play_of_an_unknown_kind():
    post = {"player": "0", "plays": "1", "play-0-card": "teleport"}
    assert read_form(VARIANTS["cactus-game"], PLAYERS, post).plays == []


def test_it_bounds_repeated_groups_against_a_forged_post():
    post = {"player": "0", "plays": "100000"}
    form = read_form(VARIANTS["cactus-game"], PLAYERS, post)
    assert form.plays == []  # every play of the forged count has no kind
    canasta = read_form(VARIANTS["canasta"], ["Ana", "Ben"], {"side-0-melds": "99999"})
    assert len(canasta.sides[0].melds) == 20


def test_it_adds_melds_openings_plays_and_stops_by_action():
    canasta = blank_form(VARIANTS["canasta"], FOUR, teams=TEAMS)
    apply_action(canasta, "add-meld:1")
    apply_action(canasta, "add-opening:0")
    assert [len(s.melds) for s in canasta.sides] == [1, 2]
    assert [len(s.opening) for s in canasta.sides] == [1, 0]
    turn = blank_form(VARIANTS["cactus-game"], PLAYERS)
    apply_action(turn, "add-play:free_point")
    apply_action(turn, "add-stop:0")
    apply_action(turn, "add-stop:0")
    apply_action(turn, "remove-stop:0")
    assert [(p.card, len(p.stops)) for p in turn.plays] == [("free_point", 1)]
    apply_action(turn, "add-play:set")
    apply_action(turn, "add-stop:1")  # a set cannot be stopped
    apply_action(turn, "remove-play:0")
    assert [(p.card, p.stops) for p in turn.plays] == [("set", [])]


def test_it_ignores_an_unknown_or_out_of_range_action():
    turn = blank_form(VARIANTS["cactus-game"], PLAYERS)
    for action in ("add-play:teleport", "remove-play:5", "add-stop:x", "explode", ""):
        apply_action(turn, action)
    assert turn.plays == []


def test_it_prefills_the_next_player_of_a_cactus_game_turn():
    form = blank_form(VARIANTS["cactus-game"], PLAYERS, next_player="Chloé")
    assert isinstance(form, TurnForm) and form.player == "2"


def test_it_shows_a_stored_round_and_posts_it_back_unchanged_for_every_variant():
    rounds = {
        "tamalou": {"hands": {"Ana": ["KH", "3S"], "Ben": 9, "Chloé": ["QS"]}, "announcer": "Ana"},
        "tamoul": {"hands": {"Ana": ["KH"], "Ben": 6.5, "Chloé": ["2S"]}, "announcer": "Ana",
                   "counter_callers": ["Chloé"]},
        "cactus-tas": {"hands": {"Ana": ["KH"], "Ben": ["QS", "9D"], "Chloé": ["AS"]}, "announcer": None,
                       "draws": {"Ben": "9S"}},
        "fontenaysien": {"hands": {"Ana": 0, "Ben": ["2S"], "Chloé": ["3S"]}, "announcer": None,
                         "went_out": "Ana"},
        "cabo-bruxellois": {"hands": {"Ana": ["KH"], "Ben": ["2S"], "Chloé": ["3S"]}, "announcer": "Ana",
                            "wrong_snaps": {"Chloé": 1}},
        "dutch-toulousain": {"hands": {"Ana": ["4S"], "Ben": ["2S"], "Chloé": ["3S"]}, "announcer": "Ana",
                             "penalty_cards": ["9D", "8D"]},
        "cactus-game": {"player": "Ben", "plays": [
            {"card": "ask_card", "stopped_by": ["Chloé", "Ben"]}, {"card": "free_point"}]},
    }
    for variant, data in rounds.items():
        assert round_trip(variant, data) == data, variant
        score_record({"format": 1, "variant": variant, "players": PLAYERS, "rounds": [data]})
    canasta = {"went_out": "Ana", "sides": {
        "Nord-Sud": {"melds": [["QS", "QH", "QD", "2C", "QC", "KS", "KH"]], "red_threes": ["3H"],
                     "opening": [["QS", "QH", "QD"]]},
        "Est-Ouest": {"melds": [["5H", "5S", "5D"]], "hand": ["7H", "3S"]}}}
    assert round_trip("canasta", canasta, FOUR, TEAMS) == canasta


def test_it_keeps_each_player_s_entry_mode_from_the_last_round():
    previous = {"announcer": None, "hands": {"Ana": ["KH", "3S"], "Ben": 12, "Chloé": 6.5}}

    form = blank_form(VARIANTS["tamoul"], ["Ana", "Ben", "Chloé", "Dan"], previous=previous)

    assert [(h.name, h.mode) for h in form.hands] == [
        ("Ana", "cards"), ("Ben", "count"), ("Chloé", "count"), ("Dan", "cards")]  # Dan: no hand then


def test_it_starts_by_cards_without_a_last_round_or_with_an_odd_one():
    for previous in (None, {}, {"hands": "nope"}, {"hands": {"Ana": True}}):
        form = blank_form(VARIANTS["tamalou"], ["Ana", "Ben"], previous=previous)
        assert [h.mode for h in form.hands] == ["cards", "cards"]



COUNTED_ANA = {"melded": 1450, "hand": 0, "natural_canastas": 1, "mixed_canastas": 1, "wild_canastas": 0,
               "red_threes": 2}


def test_it_builds_a_canasta_side_given_as_counted_points():
    post = {"side-0-mode": "count", "side-0-counted-melded": "1450", "side-0-counted-hand": "",
            "side-0-counted-natural_canastas": "1", "side-0-counted-mixed_canastas": "1",
            "side-0-counted-wild_canastas": "0", "side-0-counted-red_threes": "2",
            "side-0-meld-0": "KS KH KD",  # typed before switching to points: not sent
            "side-1-melds": "1", "side-1-meld-0": "5H 5S 5D", "side-1-hand": "KH 3S", "went_out": "0"}
    form = read_form(VARIANTS["canasta"], ["Ana", "Ben"], post)
    data = to_round(form, ["Ana", "Ben"])
    assert data == {"went_out": "Ana", "sides": {"Ana": {"counted": COUNTED_ANA},
                                                 "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}}
    result = score_record({"format": 1, "variant": "canasta", "players": ["Ana", "Ben"], "rounds": [data]})
    assert result.to_json()["totals"] == {"Ana": 2550, "Ben": -95}  # the spec's worked example


def test_it_sends_a_counted_number_that_is_no_number_as_typed_so_the_engine_names_it():
    post = {"side-0-mode": "count", "side-0-counted-melded": "12a"}
    data = to_round(read_form(VARIANTS["canasta"], ["Ana", "Ben"], post), ["Ana", "Ben"])
    assert data["sides"]["Ana"]["counted"]["melded"] == "12a"


def test_it_shows_a_stored_counted_side_again_to_edit_it():
    canasta = {"went_out": "Ana", "sides": {"Ana": {"counted": COUNTED_ANA},
                                            "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}}
    assert round_trip("canasta", canasta, ["Ana", "Ben"]) == canasta
    form = from_round(VARIANTS["canasta"], ["Ana", "Ben"], canasta)
    assert [s.mode for s in form.sides] == ["count", "cards"]


def test_it_keeps_each_canasta_side_s_mode_from_the_last_round():
    previous = {"went_out": None, "sides": {"Nord-Sud": {"counted": {"melded": 50}}, "Est-Ouest": {}}}
    form = blank_form(VARIANTS["canasta"], FOUR, teams=TEAMS, previous=previous)
    assert [s.mode for s in form.sides] == ["count", "cards"]


def test_canasta_teams_are_asked_in_seat_order_whatever_order_the_database_keeps_them_in():
    # PostgreSQL's jsonb gives {"Eux": …, "Nous": …} back for teams declared Nous first.
    sides = canasta_sides(FOUR, {"Eux": ["Ben", "Dan"], "Nous": ["Ana", "Chloé"]})
    assert sides == [("Nous", ["Ana", "Chloé"]), ("Eux", ["Ben", "Dan"])]
