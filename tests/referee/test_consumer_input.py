"""Never crash on input: every malformed message is answered with its problem, the socket stays open."""

from __future__ import annotations

import asyncio
import json
import math

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings as django_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.table import inbox
from referee.limits import gates
from referee.live import consumers
from tests.referee.phones import open_table, phone, until

pytestmark = pytest.mark.django_db(transaction=True)



async def still_open(communicator) -> None:
    """The socket answers a ping after whatever came before."""
    await communicator.send_json_to({"type": "clock.ping", "t0": 1.0})
    await until(communicator, "clock.pong")


MALFORMED = [
    ("{not json", "bad_json", None),
    ('["discard"]', "not_an_object", None),
    ('{"type": ["discard"]}', "bad_type", "type"),
    ('{"type": {"a": 1}}', "bad_type", "type"),
    ('{"type": "ask", "question": {"a": 1}}', "not_text", "question"),
    ('{"type": "discard", "player": "Ana", "card": ' + "[" * 2000 + "]" * 2000 + "}", "too_deep", None),
    ('{"type": "clock.ping", "t0": ' + "9" * 400 + "}", "number_too_long", None),
    ('{"type": "clock.ping", "t0": 1e400}', "number_too_long", None),
    ('{"type": "settings.change", "snap_limit": NaN}', "not_a_number", "snap_limit"),
    ('{"type": "snap.claim", "player": "Ben", "card": "4S", "tap": Infinity}', "not_a_number", "tap"),
    ('{"type": "clock.ping", "t0": Infinity}', "not_a_number", "t0"),  # the field, not the value
    ('{"type": "clock.ping", "t0": -Infinity}', "not_a_number", "t0"),
    ('{"type": "clock.sample", "t0": 1.0, "t3": NaN}', "not_a_number", "t3"),
    ('{"type": "ask", "question": "stop_chain", "card": "draw", "x": "\\ud800"}', "not_unicode", "x"),
    ('{"type": "discard", "player": "Ana", "card": "4H\\udfff"}', "not_unicode", "card"),
    ('{"type": "snap.claim", "player": "Ben", "card": 7}', "not_text", "card"),
    ('{"type": "power.used", "player": "Ben", "targets": "Ana"}', "not_a_list_of_targets", "targets"),
    ('{"type": "discard", "player": "Ana", "card": "4H", "from_stock": "yes"}', "not_true_or_false", "from_stock"),
    ('{"type": "discard", "player": "Ana", "card": "4H", "took_pile": 1}', "not_true_or_false", "took_pile"),
    ('{"type": "snap.claim", "player": "Ben", "card": "4S", "window": 1.5}', "not_an_integer", "window"),
    ('{"type": "dance"}', "unknown_type", "type"),
    ('{"type": "clock.sample", "t0": 12.0, "t3": 13.0}', "clock.no_such_ping", "t0"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("raw", "code", "field"), MALFORMED, ids=[m[1] + "-" + str(i) for i, m in enumerate(MALFORMED)])
async def test_it_answers_a_malformed_message_with_its_problem_and_keeps_the_socket(raw, code, field):
    t = await open_table()
    async with phone(t["code"], t["tokens"]["Ben"]) as ben:
        await until(ben, "table.state")
        await ben.send_to(text_data=raw)
        error = await until(ben, "error")
        await still_open(ben)
    assert (error["code"], error["field"]) == (code, field)


def json_values():
    leaves = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
              | st.text(max_size=20))
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


FIELDS = ["player", "card", "tap", "window", "t0", "t3", "question", "targets", "snap_limit", "credit_cap_ms",
          "for_player", "penalty_card", "from_stock", "took_pile", "since", "id", "token", "cards", "melds"]


def messages():
    typed = st.fixed_dictionaries(
        {"type": st.sampled_from(sorted(consumers.ACTIONS)) | json_values()},
        optional={name: json_values() for name in FIELDS})
    as_json = (typed | json_values()).map(lambda v: json.dumps(v, allow_nan=True))
    raw = as_json | st.text(min_size=1, max_size=60) | st.binary(min_size=1, max_size=30).map(lambda b: b.decode("latin-1"))
    return raw.filter(bool)  # the test communicator cannot send an empty frame


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(messages(), min_size=1, max_size=6))
def test_fuzzed_messages_never_close_the_socket_nor_raise(batch, monkeypatch, fuzz_table):
    # The fuzzing is not a flood: a member's bucket is sized by the setting (gates.BURST is
    # only its default), so two `sync`s (10 each) emptied it and the closing ping was refused.
    monkeypatch.setattr(django_settings, "SOCKET_MESSAGES_BURST", 10_000)
    replies = replies_to(fuzz_table, batch)
    assert not [r for r in replies if r["type"] == "error" and r["code"] == "server_error"]


def replies_to(table: dict, batch: list[str]) -> list[dict]:
    """Every answer to `batch`, sent as raw frames from the referee's phone, up to the pong
    of a ping sent after it: the socket never closed on the way."""
    async def scenario() -> list[dict]:
        gates.forget()
        async with phone(table["code"], table["tokens"]["referee"]) as referee:
            await until(referee, "table.state")
            for raw in batch:
                await referee.send_to(text_data=raw)
            await referee.send_json_to({"type": "clock.ping", "t0": math.pi})
            replies = []
            while True:
                reply = await asyncio.wait_for(referee.receive_json_from(timeout=5), 6)
                replies.append(reply)
                if reply["type"] == "clock.pong" and reply["t0"] == math.pi:
                    return replies

    return async_to_sync(scenario)()


@pytest.fixture
def fuzz_table():
    return async_to_sync(open_table)()


def test_every_type_a_phone_may_send_is_typed_and_has_its_handler():
    assert consumers.ACTIONS == inbox.TYPES
    for kind in inbox.TYPES - {"auth"}:  # auth: read before a member exists, never handled after
        assert callable(getattr(consumers.TableConsumer, kind.replace(".", "_"), None)), kind
