"""The engine's verdict shaped for the entry page, without a database."""

from __future__ import annotations

import pytest

from engine.rules import VARIANTS, RecordError, score_record
from scorekeeper.entry.adapters import read_form
from scorekeeper.entry.preview import Preview, attach_errors, build_preview, errors_of, field_keys

PLAYERS = ["Ana", "Ben", "Chloé"]


def scored(rounds: list[dict]):
    return score_record({"format": 1, "variant": "tamalou", "players": PLAYERS, "rounds": rounds})


def test_it_gives_each_player_their_value_points_and_total():
    result = scored([{"hands": {"Ana": 3, "Ben": 9, "Chloé": 2}, "announcer": "Ana"}])
    preview = build_preview(result, 1)
    assert [(r.name, r.value, r.points, r.total) for r in preview.rows] == [
        ("Ana", 3, 3, 3), ("Ben", 9, 9, 9), ("Chloé", 2, 0, 0)]
    assert preview.valid and not preview.finished


def test_it_shows_an_edit_before_and_after():
    result = scored([{"hands": {"Ana": 3, "Ben": 9, "Chloé": 2}, "announcer": None}])
    preview = build_preview(result, 1, before={"points": {"Ana": 1, "Ben": 9, "Chloé": 2}},
                            totals_before={"Ana": 1, "Ben": 9, "Chloé": 2})
    ana = preview.rows[0]
    assert (ana.before_points, ana.points, ana.before_total, ana.total) == (1, 3, 1, 3)


def test_it_announces_the_end_only_on_the_last_round():
    result = score_record({"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": PLAYERS,
                           "rounds": [{"hands": {"Ana": 3, "Ben": 9, "Chloé": 2}}]})
    preview = build_preview(result, 1)
    assert preview.finished and preview.winners == ["Chloé"]


def test_it_places_messages_on_the_blocks_and_clears_the_others():
    form = read_form(VARIANTS["tamalou"], PLAYERS, {"hand-0-cards": "KH", "hand-1-cards": "QS QS",
                                                    "hand-2-cards": "2S"})
    with pytest.raises(RecordError) as caught:
        scored([{"hands": {"Ana": ["KH"], "Ben": ["QS", "QS"], "Chloé": ["2S"]}}])
    preview = Preview(errors=errors_of(caught.value, form, PLAYERS, say=lambda p: f"«{p.message}»"),
                      checked=True)
    assert not preview.valid
    fields = attach_errors(form, preview)
    assert fields == {}
    assert [bool(h.errors) for h in form.hands] == [False, True, False]
    assert form.hands[1].errors[0].startswith("«")
    slots = dict(preview.slots(field_keys(form)))
    assert set(slots) == {"top", "hand-0", "hand-1", "hand-2", "announcer"}
    assert slots["hand-0"] == [] and slots["hand-1"]


def test_it_writes_numbers_the_way_the_page_asks_and_a_dash_for_nothing():
    result = scored([{"hands": {"Ana": 3, "Ben": 9, "Chloé": 2}, "announcer": None}])
    preview = build_preview(result, 1, before={"points": {"Ana": 1}}, totals_before={}, fmt=lambda v: f"<{v}>")
    assert preview.rows[0].text == {"value": "<3>", "points": "<3>", "total": "<3>",
                                    "before_points": "<1>", "before_total": "–"}
    assert preview.rows[1].points_changed  # Ben had no points before
