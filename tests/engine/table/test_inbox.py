"""Reading a phone's message: a dict with a text type, or BadMessage naming the problem, never anything else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.table import inbox
from engine.table.inbox import BadMessage


def test_it_reads_a_well_formed_claim():
    content = inbox.parse('{"type": "snap.claim", "player": "Ben", "card": "7S", "tap": 1795420000.125}')
    assert inbox.text(content, "player") == "Ben" and inbox.number(content, "tap") == 1795420000.125


@pytest.mark.parametrize(("raw", "code"), [
    ('{"type": "x", "n": -' + "1" * 19 + "}", "number_too_long"),  # a 19-digit integer
    ('{"type": "x", "n": 1e309}', "number_too_long"),  # overflows to infinity
    ('{"type": "x", "n": -Infinity}', "not_a_number"),
    ('{"type": "x", "a": [[[[[[1]]]]]]}', "too_deep"),
    ('{"type": "x", "s": "[[[[[[[[[["}', None),  # brackets inside a string are text, not depth
    ('"just text"', "not_an_object"),
    ("x" * (inbox.MAX_MESSAGE + 1), "message_too_big"),
])
def test_it_names_what_is_wrong(raw, code):
    if code is None:
        assert inbox.parse(raw)["s"] == "[[[[[[[[[["
        return
    with pytest.raises(BadMessage) as caught:
        inbox.parse(raw)
    assert caught.value.code == code


def test_a_field_of_the_wrong_kind_is_named():
    with pytest.raises(BadMessage) as caught:
        inbox.number({"tap": True}, "tap")  # a bool is not a time
    assert (caught.value.code, caught.value.field) == ("not_a_number", "tap")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30)


@settings(max_examples=500, deadline=None)
@given(raw=st.one_of(st.text(max_size=300), json_values.map(lambda v: json.dumps(v, allow_nan=True))))
def test_any_text_gives_a_typed_message_or_a_named_problem(raw):
    try:
        content = inbox.parse(raw)
    except BadMessage as bad:
        assert bad.reply()["code"]
    else:
        assert isinstance(content, dict) and isinstance(content["type"], str)
        for name in ("t0", "player", "window", "penalty_card", "targets"):
            for reader in (inbox.number, inbox.text, inbox.integer):
                try:
                    reader(content, name, required=False)
                except BadMessage:
                    pass
