"""Reading a phone's message: its type's struct, or BadMessage naming the problem, never anything else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.table import inbox, machine
from engine.table.inbox import BadMessage


def logged(content):
    """What an ask's message logs."""
    message = inbox.read(content)
    assert isinstance(message, inbox.Ask)
    return message.logged()


def test_it_reads_a_well_formed_claim():
    message = inbox.read(inbox.parse('{"type": "snap.claim", "player": "Ben", "card": "7S", "tap": 1795420000.125}'))
    assert isinstance(message, inbox.SnapClaim)
    assert (message.player, message.tap, message.window) == ("Ben", 1795420000.125, None)


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
        inbox.read({"type": "snap.tap", "tap": True})  # a bool is not a time
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
        assert bad.code
    else:
        assert isinstance(content, dict) and isinstance(content["type"], str)
        try:
            assert isinstance(inbox.read(content), inbox.Action | inbox.Ask)
        except BadMessage as bad:
            assert bad.code


@pytest.mark.parametrize(("raw", "field"), [
    ('{"type": "clock.ping", "t0": Infinity}', "t0"),
    ('{"type": "snap.claim", "tap": -Infinity}', "tap"),
    ('{"type": "settings.change", "snap_limit": NaN}', "snap_limit"),
    ('{"type": "power.used", "targets": [{"player": "Ana", "card": NaN}]}', "targets"),  # deep inside
    ('{"type": NaN}', "type"),
])
def test_it_names_the_field_that_holds_nan_or_infinity_not_the_constant(raw, field):
    with pytest.raises(BadMessage) as caught:
        inbox.parse(raw)
    assert (caught.value.code, caught.value.field) == ("not_a_number", field)


def test_it_says_a_lone_constant_is_not_a_message_without_naming_a_field():
    for raw in ("NaN", "[Infinity]"):
        with pytest.raises(BadMessage) as caught:
            inbox.parse(raw)
        assert (caught.value.code, caught.value.field) == ("not_an_object", None)


@pytest.mark.parametrize(("raw", "field"), [
    ('{"type": "ask", "question": "meld", "x": "\\ud800"}', "x"),  # escaped, as a phone sends it
    ('{"type": "ask", "question": "meld", "x": "\ud800"}', "x"),  # the character itself
    ('{"type": "discard", "player": "Ana\\udfff", "card": "4H"}', "player"),
    ('{"type": "power.used", "targets": [{"player": "\\udc00"}]}', "targets"),
    ('{"type": "ask", "melds": {"\\ud83d": 1}}', "melds"),  # a key inside a field
    ('{"type": "ask", "\\ud800": 1}', None),  # the field's own name: nothing to name
])
def test_it_refuses_text_that_is_not_unicode_wherever_it_is(raw, field):
    with pytest.raises(BadMessage) as caught:
        inbox.parse(raw)
    assert (caught.value.code, caught.value.field) == ("not_unicode", field)


def test_it_refuses_a_lone_surrogate_but_reads_a_pair_as_the_one_character_it_is():
    with pytest.raises(BadMessage):
        inbox.parse('{"type": "call.made", "player": "\\ud83c"}')
    assert inbox.parse('{"type": "call.made", "player": "\\ud83c\\udccf"}')["player"] == "\U0001F0CF"


def test_an_ask_keeps_only_the_fields_its_question_reads():
    content = inbox.parse('{"type": "ask", "id": "q1", "question": "opening", "melds": [["KH", "KS", "KD"]], '
                          '"side_total": 1500, "junk": "' + "x" * 1900 + '", "hand_left": 3}')
    assert logged(content) == {"question": "opening", "melds": [["KH", "KS", "KD"]], "side_total": 1500}


def test_a_question_the_table_does_not_know_keeps_nothing_but_its_name():
    assert logged({"type": "ask", "question": "dance", "steps": [1, 2]}) == {"question": "dance"}


def test_the_inbox_reads_the_fields_of_every_question_the_table_answers_and_no_other():
    assert set(inbox.QUESTIONS) == {question for _, question in machine.ASKS}


@pytest.mark.parametrize(("field", "value", "code"), [
    ("side_total", 1e17, "not_an_integer"),
    ("side_total", "1500", "not_an_integer"),
    ("side_total", 1500.5, "not_an_integer"),
    ("side_total", True, "not_an_integer"),
    ("side_total", 10**17, "out_of_range"),
    ("side_total", 5000, "out_of_range"),  # the target: that game is over
    ("side_total", -100_001, "out_of_range"),
    ("hand_left", -999999, "out_of_range"),
    ("hand_left", -1, "out_of_range"),
    ("hand_left", 109, "out_of_range"),  # more cards than the two decks hold
    ("hand_left", "2", "not_an_integer"),
    ("melds", [["KH", 7]], "not_a_list_of_melds"),
    ("melds", "KH KS KD", "not_a_list_of_melds"),
])
def test_a_canasta_question_with_a_number_no_game_reaches_is_refused_naming_the_field(field, value, code):
    question = "go_out" if field == "hand_left" else "opening"
    content = {"type": "ask", "question": question, "melds": [["KH", "KS", "KD"]], field: value}
    with pytest.raises(BadMessage) as caught:
        logged(content)
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize(("field", "value"), [
    ("side_total", 4999), ("side_total", -20), ("side_total", -100_000), ("side_total", 0),
    ("hand_left", 0), ("hand_left", 108),
])
def test_a_canasta_question_with_numbers_a_game_reaches_is_kept(field, value):
    question = "go_out" if field == "hand_left" else "opening"
    content = {"type": "ask", "question": question, "melds": [["KH", "KS", "KD"]], field: value}
    assert logged(content)[field] == value


unicode_text = st.text(st.characters(codec=None, categories=None), max_size=12)  # surrogates included
wild_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | unicode_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(unicode_text, inner, max_size=4),
    max_leaves=20)
asks = st.fixed_dictionaries(
    {"type": st.just("ask"), "question": st.sampled_from(sorted(inbox.QUESTIONS)) | unicode_text},
    optional={name: wild_values for name in {f for fields in inbox.QUESTIONS.values() for f in fields}
              | {"id", "x", "junk"}})


@settings(max_examples=500, deadline=None)
@given(ask=asks, escaped=st.booleans())
def test_an_ask_read_from_any_text_is_refused_by_name_or_logs_only_encodable_known_fields(ask, escaped):
    raw = json.dumps(ask, allow_nan=True, ensure_ascii=escaped)
    try:
        kept = logged(inbox.parse(raw))
    except BadMessage as bad:
        assert bad.code and (bad.field is None or isinstance(bad.field, str))
        return
    assert set(kept) <= {"question", *inbox.QUESTIONS.get(kept["question"], ())}
    json.dumps(kept, ensure_ascii=False, allow_nan=False).encode("utf-8")  # what the log stores
