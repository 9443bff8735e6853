"""The per-process cache of the live tables' states stays bounded (issue 29): the tables
used least recently go first, and an evicted table comes back with the same state, read
from its newest snapshot and the events after it."""

from __future__ import annotations

import pytest

from referee import models
from referee.models import LiveTable, forget_cached_states
from tests.factories import make_game
from tests.referee.test_snapshots import full_replay, played

pytestmark = pytest.mark.django_db


def a_table() -> LiveTable:
    return LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))


def read(table: LiveTable) -> dict:
    """The table's state as a phone is sent it: through this process's cache."""
    return table.now_for_a_phone()[0]


def cached(tables: list[LiveTable]) -> list[bool]:
    return [(table.pk, table.secret) in models._STATES for table in tables]


def test_it_keeps_the_states_of_the_tables_used_last_up_to_the_setting(settings):
    settings.LIVE_TABLE_STATES_KEPT = 3
    forget_cached_states()
    tables = [a_table() for _ in range(5)]
    for table in tables:
        read(table)

    assert len(models._STATES) == 3
    assert cached(tables) == [False, False, True, True, True]

    read(tables[2])  # used again: now the most recent
    read(tables[0])  # read again, it pushes out the least recently used, the fourth
    assert cached(tables) == [True, False, True, False, True]


def test_an_evicted_table_comes_back_with_the_same_state(settings, monkeypatch):
    settings.LIVE_TABLE_STATES_KEPT = 1
    monkeypatch.setattr(models, "SNAPSHOT_EVERY", 5)
    forget_cached_states()
    table = a_table()
    played(table, 9)  # 3 joins and 9 discards: snapshots at events 5 and 10
    before = read(table)

    read(a_table())  # another table takes the only place
    assert cached([table]) == [False]

    assert read(LiveTable.objects.get(pk=table.pk)) == before == full_replay(table).to_json()
    assert cached([table]) == [True]
