"""Snapshots of a table's state: the same state as the whole log replayed, at most SNAPSHOT_EVERY events away."""

from __future__ import annotations

import json
import time

import pytest
from django.test import Client
from django.urls import reverse

from engine.table.machine import apply
from engine.table.snapshots import state_from_json
from referee import models
from referee.models import LiveTable, forget_cached_states
from referee.views import cookie_name
from tests.engine.table.table_support import Table
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def test_a_state_written_to_json_reads_back_equal_in_the_middle_of_a_snap_race():
    t = Table("cactus")
    t.discard("Ana", "7H", at=1.0)
    t.claim("Ben", "7S", tap=1.2, at=1.3)
    t.claim("Chloé", "9C", tap=1.25, at=1.4)  # wrong: a penalty, the window goes on
    state = t.state
    assert state.window is not None and len(state.window.claims) == 2
    assert state_from_json(json.loads(json.dumps(state.to_json()))) == state


def discard(table: LiveTable, i: int, start: float) -> models.Outcome:
    player = table.players()[i % 3]
    return table.record("discard", {"player": player, "card": ["4H", "5S", "6D", "7C"][i % 4]},
                        table.members.get(seat=player), start + i)


def played(table: LiveTable, discards: int) -> None:
    """Members, then `discards` discards in turn (each covering the last)."""
    for seat in table.players():
        table.join("seat", seat)
    start = time.time()
    for i in range(discards):
        player = table.players()[i % 3]
        table.record("discard", {"player": player, "card": ["4H", "5S", "6D", "7C"][i % 4]},
                     table.members.get(seat=player), start + i)


def full_replay(table: LiveTable):
    state = table.initial_state()
    for event in table.events.all():
        state, _ = apply(state, event.as_table_event(), event.at.timestamp())
    return state


def test_it_snapshots_every_n_events_and_opens_from_the_last_one(monkeypatch):
    monkeypatch.setattr(models, "SNAPSHOT_EVERY", 5)
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    played(table, 9)  # 3 joins + 9 discards: events 1-12
    assert list(table.snapshots.values_list("seq", flat=True)) == [5, 10]
    applied = []
    monkeypatch.setattr(models.tbl, "apply", lambda *a: applied.append(a[1].seq) or apply(*a))
    forget_cached_states()
    assert table.state() == full_replay(table)
    assert applied[:2] == [11, 12]  # only what followed the snapshot of event 10


def test_the_history_of_a_page_of_the_log_starts_from_the_snapshot_before_it(monkeypatch):
    monkeypatch.setattr(models, "SNAPSHOT_EVERY", 5)
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    played(table, 12)
    page = table.history(first=7, last=9)
    assert [e.seq for e, _ in page] == [7, 8, 9]
    everything = {e.seq: rs for e, rs in table.history()}
    assert all(everything[e.seq] == rs for e, rs in page)


def test_the_log_page_pages_the_newest_first_and_links_the_older(client: Client, monkeypatch):
    monkeypatch.setattr("referee.views.LOG_PAGE", 4)
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    played(table, 7)  # 10 events: pages 1-4, 5-8, 9-10
    client.cookies[cookie_name(table)] = table.members.first().token()
    newest = client.get(reverse("table_log", args=[table.code])).content.decode()
    assert "Page 3 sur 3" in newest and "?page=2" in newest and newest.count("<time ") == 2
    oldest = client.get(reverse("table_log", args=[table.code]), {"page": "1"}).content.decode()
    assert "Page 1 sur 3" in oldest and oldest.count("<time ") == 4
    nonsense = client.get(reverse("table_log", args=[table.code]), {"page": "x"})
    assert "Page 3 sur 3" in nonsense.content.decode()


MEMORY_VARIANTS = ["tamalou", "cactus", "cactus-tas", "koubo", "dutch", "tamoul", "fontenaysien",
                   "cabo-bruxellois", "dutch-toulousain"]


@pytest.mark.parametrize("variant", MEMORY_VARIANTS)
def test_every_state_of_a_played_round_reads_back_equal_from_its_json(variant):
    """Discards with powers, snaps right and wrong, a call, the turns after it: a snapshot taken at any
    of these moments is the state itself."""
    t = Table(variant)
    moves = [
        lambda at: t.discard("Ana", "9H", at=at),  # a power in most variants
        lambda at: t.claim("Ben", "9S", tap=at - 0.05, at=at),
        lambda at: t.claim("Chloé", "4C", tap=at - 0.02, at=at),  # wrong card
        lambda at: t.send("power.declined", {}, member=t.by("Ana"), at=at),
        lambda at: t.discard("Ben", "JH", at=at),
        lambda at: t.call("Chloé", at=at),
        lambda at: t.discard("Ana", "5D", at=at),
        lambda at: t.claim("Ben", "5S", tap=at, at=at),
    ]
    for i, move in enumerate(moves):
        move(10.0 + i)
        assert state_from_json(json.loads(json.dumps(t.state.to_json()))) == t.state, (variant, i)


@pytest.mark.django_db(transaction=True)
def test_a_warm_process_far_behind_starts_from_the_newest_snapshot(monkeypatch):
    """Issue 21: other processes appended many events since this one cached the table."""
    monkeypatch.setattr(models, "SNAPSHOT_EVERY", 5)
    models.forget_cached_states()  # other tests' tables are cached in this process too
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    played(table, 1)  # events 1-4, cached by this process
    key = (table.pk, table.secret)
    stale = models._STATES[key]
    assert stale.state.last_seq == 4
    start = time.time()
    for i in range(1, 19):  # "another process": events 5-22, snapshots at 5, 10, 15 and 20
        discard(table, i, start)
    models._STATES[key] = stale  # this process still holds the state at event 4
    applied = []
    monkeypatch.setattr(models.tbl, "apply", lambda *a: applied.append(a[1].seq) or apply(*a))

    outcome = discard(table, 19, start)

    # Ruled once on the held state (its number, 5, is found taken), then from the snapshot at
    # 20: not 5 to 22 again.
    assert applied == [5, 21, 22, 23]
    replayed = full_replay(table)
    assert outcome.event.seq == 23 == replayed.last_seq
    assert outcome.state.pile_top == replayed.pile_top and outcome.state.window.card == replayed.window.card
