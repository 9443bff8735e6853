"""The call to the letter of table-rules.md (v1.1): when it may be made, what it ends.

Each test names the spec's section: the variant's row of the memory games table
("call" and "after the call" columns) or the readings for the live table.
"""

import pytest

from .table_support import Table

LAST_ROUND_OF_TURNS = ["koubo", "tamoul", "fontenaysien", "dutch-toulousain"]


def refused(rulings, rule):
    return rulings[-1]["rule"] == rule


# -- when each call may be made -------------------------------------------------------

@pytest.mark.parametrize("variant", ["cactus", "tamalou", "koubo", "tamoul", "fontenaysien", "dutch-toulousain"])
def test_call_at_the_end_of_your_turn_is_refused_to_a_player_who_has_not_just_played(variant):
    t = Table(variant)
    t.discard("Ana", "AC", at=1.0)
    rulings = t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=2.0)
    assert rulings[-1] == {"rule": "call.not_now", "player": "Ben", "word": t.state.rules.call.word,
                           "when": "end_of_turn", "turn": "Ana"}
    assert t.state.caller is None


@pytest.mark.parametrize("variant", ["cactus", "tamalou", "koubo", "tamoul", "fontenaysien", "dutch-toulousain"])
def test_call_at_the_end_of_your_turn_is_accepted_from_the_player_who_just_discarded(variant):
    t = Table(variant)
    assert t.call("Ana", at=2.0)[0]["rule"] == "call.made"
    assert t.state.caller == "Ana"


def test_dutch_call_may_be_made_at_any_moment_of_your_own_turn():
    t = Table("dutch")
    t.discard("Ana", "AC", at=1.0)
    # Ben's turn has begun (Ana has discarded): before his own discard...
    assert t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=2.0)[0]["rule"] == "call.made"
    t = Table("dutch")
    t.discard("Ana", "AC", at=1.0)
    # ...or Ana, still at the end of hers; but not Chloé, whose turn has not come.
    assert refused(t.send("call.made", {"player": "Chloé"}, member=t.by("Chloé"), at=2.0), "call.not_now")
    assert t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=2.0)[0]["rule"] == "call.made"


def test_cabo_bruxellois_call_is_made_instead_of_drawing():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "AC", at=1.0)
    assert refused(t.send("call.made", {"player": "Ana"}, member=t.by("Ana"), at=2.0), "call.not_now")
    assert refused(t.send("call.made", {"player": "Chloé"}, member=t.by("Chloé"), at=2.0), "call.not_now")
    assert t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=2.0)[0]["rule"] == "call.made"
    assert t.state.turn == "Ben"  # the call is his whole turn
    assert refused(t.discard("Ben", "2C", at=3.0), "round.no_more_turn")


# -- what the call ends -------------------------------------------------------------

@pytest.mark.parametrize("variant", ["tamalou", "dutch"])
def test_tamalou_and_dutch_the_round_stops_at_once(variant):
    t = Table(variant)
    rulings = t.call("Ana", at=2.0)
    assert [r["rule"] for r in rulings] == ["call.made", "window.round_over", "round.over"]
    assert t.state.over == "call_stops"
    assert refused(t.discard("Ben", "AD", at=3.0), "round.over")
    assert refused(t.claim("Ben", "AD", tap=2.1, at=3.0), "round.over")
    assert t.state.pile_top == "AC"


def test_tamalou_a_discard_after_the_call_opens_no_snap_window():
    t = Table("tamalou")
    t.call("Ana", at=2.0)
    t.discard("Ben", "5D", at=3.0)
    assert t.state.window.card == "AC" and not t.state.window.is_open


def test_cactus_every_other_player_plays_one_more_turn_and_the_caller_does_not_play_again():
    t = Table("cactus")
    t.call("Ben", at=2.0)
    assert t.state.to_play == ["Chloé", "Ana"]
    assert refused(t.discard("Ben", "AD", at=3.0), "round.no_more_turn")
    t.discard("Chloé", "2D", at=4.0)
    assert t.state.over is None
    rulings = t.discard("Ana", "3D", at=5.0)
    assert rulings[-1] == {"rule": "round.over", "reason": "caller_turn_back", "round": 1}
    assert refused(t.discard("Ben", "4D", at=6.0), "round.over")


@pytest.mark.parametrize("variant", LAST_ROUND_OF_TURNS)
def test_last_round_of_turns_the_round_ends_when_the_callers_turn_comes_back(variant):
    t = Table(variant)
    t.call("Ana", at=2.0)
    t.discard("Ben", "AD", at=3.0)
    assert t.state.over is None
    assert t.discard("Chloé", "AH", at=4.0)[-1]["rule"] == "round.over"
    assert t.state.over == "caller_turn_back"
    assert refused(t.discard("Ana", "KD", at=5.0), "round.over")


def test_cabo_bruxellois_last_round_runs_from_the_player_after_the_caboteur_back_to_them():
    t = Table("cabo-bruxellois")
    t.discard("Ana", "AC", at=1.0)
    t.send("call.made", {"player": "Ben"}, member=t.by("Ben"), at=2.0)
    assert t.state.to_play == ["Chloé", "Ana"]
    t.discard("Chloé", "AD", at=3.0)
    assert t.discard("Ana", "AH", at=4.0)[-1]["rule"] == "round.over"


def test_after_the_call_the_last_discard_may_still_be_snapped_until_the_reveal_covers_it():
    # Readings, "After the call": the round ends when the caller's turn comes back;
    # the last turn's discard and its power belong to that last turn.
    t = Table("koubo")
    t.call("Ana", at=2.0)
    t.discard("Ben", "AD", at=3.0)
    t.discard("Chloé", "8H", at=4.0)
    assert t.claim("Ana", "8S", tap=4.2, at=4.3)[-1]["rule"] == "snap.accepted"


def test_after_the_round_ends_the_reveal_starts_the_next_round():
    t = Table("tamalou")
    t.call("Ana", at=2.0)
    t.send("reveal", {"hands": {"Ana": 3, "Ben": 9, "Chloé": 7}}, at=10.0)
    assert t.state.over is None and t.state.caller is None and t.state.round == 2
    assert t.discard("Ben", "AD", at=11.0)[-1]["rule"] == "window.opened"


# -- tamoul: contre-tamoul -----------------------------------------------------------

def test_tamoul_contre_tamoul_only_during_the_last_round_of_turns_once_per_player():
    t = Table("tamoul")
    t.call("Ana", at=2.0)
    assert t.send("call.counter", {"player": "Ben"}, member=t.by("Ben"), at=2.5)[-1]["rule"] == "call.counter"
    assert refused(t.send("call.counter", {"player": "Ben"}, member=t.by("Ben"), at=2.6), "call.counter_not_allowed")
    t.discard("Ben", "AD", at=3.0)
    t.discard("Chloé", "AH", at=4.0)  # Ana's turn comes back: the round is over
    assert refused(t.send("call.counter", {"player": "Chloé"}, member=t.by("Chloé"), at=5.0),
                   "call.counter_not_allowed")
    assert t.state.counter_callers == ["Ben"]


# -- fontenaysien: the last card -------------------------------------------------------

def test_fontenaysien_a_player_who_discards_their_last_card_ends_the_round_at_once():
    t = Table("fontenaysien")
    t.discard("Ana", "AC", at=1.0)
    rulings = t.send("round.last_card", {"player": "Ana"}, member=t.by("Ana"), at=1.5)
    assert [r["rule"] for r in rulings] == ["window.round_over", "round.last_card", "round.over"]
    assert t.state.over == "last_card"
    data = t.send("reveal", {"hands": {"Ana": [], "Ben": 9, "Chloé": 7}}, at=3.0)[-1]["data"]
    assert data["went_out"] == "Ana"


def test_fontenaysien_last_card_is_refused_where_it_does_not_end_the_round():
    t = Table("tamalou")
    assert refused(t.send("round.last_card", {"player": "Ana"}, member=t.by("Ana"), at=1.0), "round.no_last_card")


def test_the_rounds_shape_survives_a_snapshot_of_the_state():
    from engine.table.snapshots import state_from_json

    t = Table("koubo", snap_limit=0)
    t.call("Ana", at=2.0)
    t.discard("Ben", "AD", at=3.0)
    t.claim("Chloé", "AH", tap=2.99, at=3.01)  # tapped before the cover: judged on Ana's card
    assert state_from_json(t.state.to_json()) == t.state
    t.discard("Chloé", "KH", at=4.0)
    assert t.state.over == "caller_turn_back"
    assert state_from_json(t.state.to_json()) == t.state
