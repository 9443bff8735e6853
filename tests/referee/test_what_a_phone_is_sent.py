"""What a (re)connecting phone, or one asking `sync`, is sent: the table now and its last
rulings, from the process's cached state (issue 21: a burst of syncs must not cost a
replay each), always equal to what the whole log replayed says."""

from __future__ import annotations

import pytest

from engine.table.machine import apply
from referee import models
from referee.models import LiveTable, forget_cached_states
from tests.factories import make_game
from tests.referee.test_snapshots import full_replay, played

pytestmark = pytest.mark.django_db

SINCES = [None, 0, 1, 4, 9, 17, 25, 30, 31]


def replayed_answer(table: LiveTable, since: int | None) -> tuple[dict, int, list]:
    state = full_replay(table)
    return state.to_json(), state.last_seq, table.recent_rulings(10, since)


@pytest.fixture
def table(monkeypatch) -> LiveTable:
    monkeypatch.setattr(models, "SNAPSHOT_EVERY", 5)
    monkeypatch.setattr(models, "RULINGS_KEPT", 10)
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    played(table, 28)  # 3 joins + 28 discards, a second apart: windows closed by timeouts too
    return table


def test_it_sends_a_phone_what_the_whole_log_replayed_says_from_a_warm_process(table):
    assert table.last_seq() >= 31
    for since in SINCES:
        assert table.now_for_a_phone(10, since) == replayed_answer(table, since), since


def test_it_sends_a_phone_what_the_whole_log_replayed_says_from_a_fresh_process(table):
    for since in SINCES:
        forget_cached_states()  # a process that never saw this table: a snapshot and a few events
        assert table.now_for_a_phone(10, since) == replayed_answer(table, since), since


def test_a_process_that_fell_behind_sends_the_newest_state_and_rulings(table):
    table.now_for_a_phone(10, None)
    behind = models._STATES[(table.pk, table.secret)]
    played_more = table.last_seq()
    for i in range(4):  # another process appends; this one's cache stays where it was
        player = table.players()[i % 3]
        table.record("discard", {"player": player, "card": "9H"}, table.members.get(seat=player),
                     table.events.last().at.timestamp() + 1)
    models._STATES[(table.pk, table.secret)] = behind
    assert table.last_seq() > played_more
    for since in SINCES:
        assert table.now_for_a_phone(10, since) == replayed_answer(table, since), since


def test_a_burst_of_syncs_replays_no_event_once_the_process_knows_the_table(table, monkeypatch):
    table.now_for_a_phone(10, None)
    applied = []
    monkeypatch.setattr(models.tbl, "apply", lambda *a: applied.append(a[1].seq) or apply(*a))
    for since in SINCES * 5:
        table.now_for_a_phone(10, since)
    assert applied == []
