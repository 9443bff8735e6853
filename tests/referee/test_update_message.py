"""The update a table's group hears: rulings worded once per language and kept, so the same
rulings said again cost no translation (referee/live/messages.py)."""

from __future__ import annotations

import json

from referee.live import messages
from referee.live.messages import update_message

STATE = {"last_seq": 7, "pile_top": "7H"}
ACCEPTED = [{"rule": "snap.accepted", "player": "Ben", "card": "7S"}]


def counting_describe(monkeypatch) -> list[str]:
    said: list[str] = []
    describe = messages.describe

    def counted(ruling):
        said.append(ruling["rule"])
        return describe(ruling)

    monkeypatch.setattr(messages, "describe", counted)
    return said


def test_rulings_said_again_are_worded_from_what_was_kept_in_each_language(monkeypatch):
    messages._WORDED.clear()
    first = update_message(7, STATE, ACCEPTED)["rulings"]
    said = counting_describe(monkeypatch)

    again = update_message(8, {**STATE, "last_seq": 8}, [dict(r) for r in ACCEPTED])["rulings"]

    assert said == [] and again == first
    assert [r["text"] for r in json.loads(again["fr"])] == ["Ben pose 7♠ : accepté."]
    assert json.loads(again["en"])[0]["text"] != json.loads(again["fr"])[0]["text"]


def test_rulings_that_differ_in_a_value_or_its_type_are_worded_apart(monkeypatch):
    messages._WORDED.clear()
    update_message(7, STATE, ACCEPTED)
    said = counting_describe(monkeypatch)

    other_card = update_message(8, STATE, [{**ACCEPTED[0], "card": "7C"}])["rulings"]
    update_message(9, STATE, [{**ACCEPTED[0], "window": 1}])
    update_message(10, STATE, [{**ACCEPTED[0], "window": True}])

    assert said == ["snap.accepted"] * 6  # each of the three, in French and in English
    assert "7♣" in json.loads(other_card["fr"])[0]["text"]


def test_the_rulings_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(messages, "_WORDED", messages.StateCache(kept=4))
    for window in range(10):
        update_message(window, STATE, [{**ACCEPTED[0], "window": window}])
    assert len(messages._WORDED) == 4
