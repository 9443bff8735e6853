"""A table's questions over the socket: only what a question reads is logged, every string in a
message is Unicode the log can store, and canasta's numbers are ones a game can reach."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings as django_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.table import inbox
from referee.live import consumers
from referee.models import LiveTable, TableEvent
from tests.factories import make_game
from tests.referee.phones import phone, until
from tests.referee.test_consumer_input import replies_to

pytestmark = pytest.mark.django_db(transaction=True)

KINGS = [["KH", "KS", "KD"]]


@database_sync_to_async
def open_canasta_table() -> dict:
    table = LiveTable.open_for(make_game("canasta", ["Ana", "Ben"]))
    tokens = {seat: table.join("seat", seat)[0].token() for seat in ("Ana", "Ben")}
    tokens["referee"] = table.join("referee")[0].token()
    return {"code": table.code, "tokens": tokens, "pk": table.pk}


@database_sync_to_async
def logged_asks(table_pk: int) -> list[dict]:
    return list(TableEvent.objects.filter(table_id=table_pk, kind="ask").values_list("payload", flat=True))


async def asked(raw: str, who: str = "Ana") -> tuple[dict, list[dict]]:
    """What the table answers the phone that sent `raw` (its error, or its ruled update), and
    the asks in the log afterwards."""
    t = await open_canasta_table()
    async with phone(t["code"], t["tokens"][who]) as ana:
        await until(ana, "table.state")
        await ana.send_to(text_data=raw)
        while True:
            answer = await ana.receive_json_from(timeout=3)
            if answer["type"] in ("error", "table.update", "table.refused"):
                break
        await ana.send_json_to({"type": "clock.ping", "t0": 1.0})  # the socket is still open
        await until(ana, "clock.pong")
    return answer, await logged_asks(t["pk"])


@pytest.mark.asyncio
async def test_it_logs_an_ask_with_the_fields_its_question_reads_and_drops_the_rest():
    junk = {f"k{i}": "x" * 60 for i in range(30)}  # some 1.9 KB a phone could add to every event
    raw = json.dumps({"type": "ask", "id": "q1", "question": "opening", "melds": KINGS, "side_total": -2000,
                      "hand_left": 3, **junk})
    answer, logged = await asked(raw)
    ruling = answer["rulings"][-1]
    assert {k: v for k, v in ruling.items() if k != "text"} == {
        "rule": "canasta.opening.reaches_minimum", "ok": True, "value": 30, "minimum": 15, "total": -2000}
    assert logged == [{"question": "opening", "melds": KINGS, "side_total": -2000}]


@pytest.mark.asyncio
async def test_it_refuses_an_ask_with_a_lone_surrogate_by_name_never_with_a_server_error(caplog):
    raw = '{"type": "ask", "question": "opening", "melds": [["KH", "KS", "KD"]], "side_total": 0, "x": "\\ud800"}'
    answer, logged = await asked(raw)
    assert answer == {"type": "error", "code": "not_unicode", "field": "x"}
    assert logged == [] and not [r for r in caplog.records if r.levelname == "ERROR"]


# Every message whose strings reach the log, each with one string that is no Unicode.
STORED_TEXT = [
    ({"type": "discard", "player": "Ana", "card": "\ud800"}, "card"),
    ({"type": "snap.claim", "player": "Ana", "card": "KH", "for_player": "\udc00"}, "for_player"),
    ({"type": "power.used", "player": "Ana", "targets": [{"player": "Ben\udfff", "card": 0}]}, "targets"),
    ({"type": "round.last_card", "player": "An\ud83da"}, "player"),
    ({"type": "call.made", "player": "\ud800"}, "player"),
    ({"type": "call.counter", "player": "\ud800"}, "player"),
    ({"type": "ask", "question": "meld\ud800", "cards": ["KH"]}, "question"),
    ({"type": "ask", "question": "meld", "cards": ["KH", "KS", "K\ud800"]}, "cards"),
    ({"type": "ask", "question": "take_pile", "pile": ["KC"], "opening": [["KC", "\ud800"]]}, "opening"),
    ({"type": "snap.tap", "tap": 1.0, "id": "\ud800"}, "id"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("message", "field"), STORED_TEXT, ids=[m[0]["type"] + "-" + m[1] for m in STORED_TEXT])
async def test_it_refuses_a_string_that_is_not_unicode_in_any_message_naming_its_field(message, field):
    answer, logged = await asked(json.dumps(message), who="referee")
    assert answer == {"type": "error", "code": "not_unicode", "field": field}


ABSURD = [
    ({"question": "opening", "melds": KINGS, "side_total": 1e17}, "not_an_integer", "side_total"),
    ({"question": "opening", "melds": KINGS, "side_total": 10**17}, "out_of_range", "side_total"),
    ({"question": "opening", "melds": KINGS, "side_total": "1500"}, "not_an_integer", "side_total"),
    ({"question": "opening", "melds": KINGS, "side_total": 5000}, "out_of_range", "side_total"),
    ({"question": "take_pile", "pile": ["KC"], "hand": ["KH", "KS"], "side_total": "0"}, "not_an_integer",
     "side_total"),
    ({"question": "go_out", "melds": KINGS, "hand_left": -999999}, "out_of_range", "hand_left"),
    ({"question": "go_out", "melds": KINGS, "hand_left": 1.5}, "not_an_integer", "hand_left"),
    ({"question": "go_out", "melds": KINGS, "hand_left": 109}, "out_of_range", "hand_left"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("question", "code", "field"), ABSURD,
                         ids=[f"{q['question']}-{f}-{q[f]!r}" for q, _, f in ABSURD])
async def test_it_refuses_a_canasta_number_no_game_reaches_naming_the_field_and_logs_nothing(question, code, field):
    answer, logged = await asked(json.dumps({"type": "ask", **question}))
    assert answer == {"type": "error", "code": code, "field": field}
    assert logged == []


# -- whatever a phone sends: an answer naming the problem, never a server_error ----------------

unicode_text = st.text(st.characters(codec=None, categories=None), max_size=10)  # lone surrogates too
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | unicode_text
    | st.sampled_from(["KH", "KS", "KD", "KC", "2C", "JK", "Ana", "Ben", "draw_three", "charlie"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(unicode_text, inner, max_size=3),
    max_leaves=12)
FIELDS = sorted({f for fields in inbox.QUESTIONS.values() for f in fields}
                | {"player", "card", "for_player", "targets", "tap", "window", "t0", "id", "x"})


# Questions the table rules (so what they carry would be logged), to add anything to.
RULED = [
    {"question": "opening", "melds": KINGS, "side_total": 0},
    {"question": "go_out", "melds": KINGS, "hand_left": 1},
    {"question": "meld", "cards": ["KH", "KS", "2C"], "going_out": False},
    {"question": "take_pile", "pile": ["KC"], "hand": ["KH", "KS"], "side_has_melded": True},
]


def messages():
    kinds = st.sampled_from(sorted(consumers.ACTIONS - {"auth", "settings.change", "join.answer"}))
    ruled = st.tuples(st.sampled_from(RULED), st.dictionaries(unicode_text | st.sampled_from(FIELDS), values,
                                                                 max_size=3))
    asks = ruled.map(lambda pair: {"type": "ask", **pair[0], **pair[1]}) | st.fixed_dictionaries(
        {"type": st.just("ask"), "question": st.sampled_from(sorted(inbox.QUESTIONS))},
        optional={name: values for name in FIELDS})
    others = st.fixed_dictionaries({"type": kinds}, optional={name: values for name in FIELDS})
    return (asks | others).flatmap(
        lambda m: st.booleans().map(lambda escaped: json.dumps(m, allow_nan=True, ensure_ascii=escaped)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(messages(), min_size=1, max_size=6))
def test_no_message_of_any_shape_gets_a_server_error_nor_logs_a_key_its_question_does_not_read(
        batch, monkeypatch, canasta_table):
    # The fuzzing is not a flood: a member's bucket is sized by the setting (gates.BURST is
    # only its default), so two `sync`s (10 each) emptied it and the closing ping was refused.
    monkeypatch.setattr(django_settings, "SOCKET_MESSAGES_BURST", 10_000)
    replies = replies_to(canasta_table, batch)
    assert not [r for r in replies if r["type"] == "error" and r["code"] == "server_error"]
    for payload in async_to_sync(logged_asks)(canasta_table["pk"]):
        assert set(payload) <= {"question", *inbox.QUESTIONS[payload["question"]]}


@pytest.fixture
def canasta_table():
    return async_to_sync(open_canasta_table)()
