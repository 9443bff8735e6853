"""The round entry's Django forms: one per hand, side and play, named as the page posts them."""

from __future__ import annotations

import uuid

from django.http import QueryDict

from scorekeeper.entry import formsets as fs
from scorekeeper.entry.forms_to_round import COUNTED_FIELDS


def test_it_names_a_hand_s_fields_by_its_seat_and_keeps_the_extras_short_names():
    form = fs.HandForm(QueryDict(""), seat=2)
    names = {form[name].html_name for name in form.fields}
    assert names == {"hand-2-mode", "hand-2-cards", "hand-2-count", "draw-2", "counter-2", "snaps-2"}


def test_it_writes_typed_cards_canonically_and_keeps_what_is_no_card():
    data = fs.HandForm(QueryDict("hand-0-cards=th+kh+ZZ&draw-0=1s"), seat=0).values()
    assert data["cards"] == "10H KH ZZ" and data["draw"] == "AS"


def test_it_reads_a_seat_among_the_players_and_keeps_what_names_none_for_the_engine_to_refuse():
    form = fs.MemoryRoundForm(QueryDict("announcer=02&went_out=7"), seats=3).values()
    assert form["announcer"] == "2" and form["went_out"] == "7"


def test_it_holds_as_many_melds_as_the_page_says_within_bounds():
    side = fs.SideForm(QueryDict("side-1-melds=99999&side-1-openings=-3"), 1, COUNTED_FIELDS, most=20)
    assert side.melds == 20 and side.openings == 0
    assert fs.SideForm(QueryDict(""), 0, COUNTED_FIELDS, most=20).melds == 1  # always one meld field


def test_it_reads_a_play_s_stops_as_seats():
    play = fs.PlayForm(QueryDict("play-0-card=steal_point&play-0-stops=2&play-0-stop-0=1&play-0-stop-1=9"),
                       0, seats=3, most_stops=12)
    data = play.values()
    assert [data[f"stop-{j}"] for j in range(play.stops)] == ["1", "9"]  # 9: no seat, refused later


# -- the controls of the round's page (RoundControls) ---------------------------------


def _controls(pairs: list[tuple[str, str]]) -> fs.RoundControls:
    data = QueryDict(mutable=True)
    for key, value in pairs:
        data.appendlist(key, value)
    return fs.RoundControls(data)


def test_it_reads_the_page_s_controls_with_their_defaults_when_absent():
    controls = _controls([])
    assert controls.tapped() == "save" and controls.saving()
    assert controls.drawn_at(7) == 7
    assert controls.posted_request_id() is None and isinstance(controls.request_id_or_new(), uuid.UUID)
    assert not controls.confirmed() and not controls.means_next() and controls.round_meant() is None


def test_it_falls_back_to_the_defaults_for_tampered_controls_and_keeps_the_good_ones():
    request_id = uuid.uuid4()
    controls = _controls([("version", "-3"), ("request_id", str(request_id)), ("round_number", "-5"),
                          ("edit", "zéro"), ("action", "add_meld-0")])
    assert controls.drawn_at(7) == 7  # a negative version is no version the page was drawn at
    assert controls.posted_request_id() == request_id
    assert controls.round_meant() is None and controls.edited_round() is None
    assert controls.tapped() == "add_meld-0" and not controls.saving()


def test_it_reads_add_as_the_next_round_beside_the_page_s_own_number():
    controls = _controls([("round_number", "4"), ("round_number", "next"), ("confirm", "1")])
    assert controls.means_next() and controls.confirmed()
    assert controls.round_meant() is None  # the button's value comes last, as the browser posts it
    assert _controls([("round_number", "4")]).round_meant() == 4
