"""The table's log on the database (referee/eventlog.py): order kept without a lock.

Two server processes each keep a cached state; the log's unique (table, seq)
is what keeps their events in one order. Another process is played here by
appending straight to the log behind this process's cache.
"""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee import models
from referee.models import LiveTable, TableEvent, forget_cached_states
from tests.factories import make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table() -> LiveTable:
    forget_cached_states()
    return LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=10)


def test_it_rules_on_an_event_another_process_appended_since_its_cache(table: LiveTable):
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    last = table.events.last()
    # Another process: Ana's discard, logged behind this process's cached state.
    TableEvent.objects.create(table=table, seq=last.seq + 1, kind="discard", member_id=ana.pk,
                              payload={"player": "Ana", "card": "4H", "from_stock": True},
                              at=datetime.now(tz=UTC))

    outcome = table.record("snap.claim", {"player": "Ben", "card": "4S"}, ben)

    assert outcome.event.seq == last.seq + 2
    assert any(r["rule"] == "snap.accepted" for r in outcome.rulings)


def anas_discard_logged_by_another_process(table_id: int, seq: int, ana) -> TableEvent:
    return TableEvent.objects.create(table_id=table_id, seq=seq, kind="discard", member_id=ana.pk,
                                     payload={"player": "Ana", "card": "4H", "from_stock": True},
                                     at=datetime.now(tz=UTC))


def assert_bens_discard_ruled_after(table: LiveTable, outcome, raced: TableEvent) -> None:
    seqs = list(table.events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no duplicate
    assert outcome.event.seq == raced.seq + 1
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "discard"]
    assert outcome.state.pile_top == "9C"  # ruled on the state with Ana's discard in it


def test_it_rules_again_when_another_process_takes_the_number_after_its_read(table: LiveTable, monkeypatch):
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    forget_cached_states()  # a process that holds no state for the table reads the log first
    real_read = models.LOG.read_newer
    raced = []

    def read_then_lose_the_race(table_id, after_seq):
        closed, newer = real_read(table_id, after_seq)
        if not raced:  # the other process logs Ana's discard between our read and our insert
            raced.append(anas_discard_logged_by_another_process(table_id, after_seq + len(newer) + 1, ana))
        return closed, newer

    monkeypatch.setattr(models.LOG, "read_newer", read_then_lose_the_race)
    outcome = table.record("discard", {"player": "Ben", "card": "9C", "from_stock": True}, ben)

    assert_bens_discard_ruled_after(table, outcome, raced[0])


def test_it_rules_again_when_another_process_took_the_number_behind_its_held_state(table: LiveTable,
                                                                                     monkeypatch):
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    real_append = models.LOG.append
    raced = []

    def lose_the_race_then_append(table_id, seq, *rest):
        if not raced:  # the other process logged Ana's discard after this one last read the log
            raced.append(anas_discard_logged_by_another_process(table_id, seq, ana))
        return real_append(table_id, seq, *rest)

    monkeypatch.setattr(models.LOG, "append", lose_the_race_then_append)
    outcome = table.record("discard", {"player": "Ben", "card": "9C", "from_stock": True}, ben)

    assert_bens_discard_ruled_after(table, outcome, raced[0])


def test_it_appends_an_event_in_one_statement_when_its_process_holds_the_table(table: LiveTable):
    ana, _ = table.join("seat", "Ana")
    with CaptureQueriesContext(connection) as queries:
        outcome = table.record("discard", {"player": "Ana", "card": "4H", "from_stock": True}, ana)

    assert outcome.event is not None
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["INSERT"]


def test_it_reads_the_log_first_when_its_process_holds_nothing_of_the_table(table: LiveTable):
    ana, _ = table.join("seat", "Ana")
    forget_cached_states()
    with CaptureQueriesContext(connection) as queries:
        outcome = table.record("discard", {"player": "Ana", "card": "4H", "from_stock": True}, ana)

    assert outcome.event is not None  # its newest snapshot, the events since, then the append
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["SELECT", "SELECT", "INSERT"]


def test_it_says_a_refusal_only_once_it_has_read_the_log(table: LiveTable):
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    chloe, _ = table.join("seat", "Chloé")
    table.record("discard", {"player": "Ana", "card": "4H", "from_stock": True}, ana)
    # Another process: Ben's discard, logged behind this process's held state.
    TableEvent.objects.create(table=table, seq=table.events.last().seq + 1, kind="discard", member_id=ben.pk,
                              payload={"player": "Ben", "card": "9C", "from_stock": True},
                              at=datetime.now(tz=UTC))

    # Out of turn on the held state (Ana just played), in turn on the log's newest.
    outcome = table.record("discard", {"player": "Chloé", "card": "2D", "from_stock": True}, chloe)

    assert outcome.refusal is None and outcome.state.pile_top == "2D"


@pytest.mark.parametrize("held", [True, False], ids=["state held", "state read"])
def test_it_refuses_an_event_at_a_closed_table_without_logging_it(table: LiveTable, held: bool):
    ana, _ = table.join("seat", "Ana")
    # Closed by another process: this one may still hold the table's state.
    LiveTable.objects.filter(pk=table.pk).update(closed_at=datetime.now(tz=UTC))
    if not held:
        forget_cached_states()
    count = table.events.count()

    outcome = table.record("discard", {"player": "Ana", "card": "4H", "from_stock": True}, ana)

    assert outcome.rulings == [{"rule": "table.closed"}] and outcome.event is None
    assert table.events.count() == count


def test_it_replays_a_log_written_before_the_turn_check_as_it_was_played(table: LiveTable):
    ana, _ = table.join("seat", "Ana")
    table.join("seat", "Ben")
    table.record("discard", {"player": "Ana", "card": "4H"}, ana)
    # An older server admitted Ana's second discard in a row; the log keeps it.
    last = table.events.last()
    TableEvent.objects.create(table=table, seq=last.seq + 1, kind="discard", member_id=ana.pk,
                              payload={"player": "Ana", "card": "5H"}, at=datetime.now(tz=UTC))
    forget_cached_states()  # a process that starts: the log is replayed

    state = table.state()

    assert state.pile_top == "5H" and state.turn == "Ana"
    refused = table.record("discard", {"player": "Ana", "card": "6H"}, ana)  # new events are checked
    assert refused.refusal["rule"] == "turn.not_yours"


@pytest.mark.django_db
@pytest.mark.parametrize("model", [TableEvent, models.TableSnapshot])
def test_it_keeps_one_index_on_the_table_its_unique_number_starts_with(model):
    """Each event wrote a fourth index that only repeated the first column of (table, seq)."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)
    on_table = [name for name, c in constraints.items()
                if (c["index"] or c["unique"]) and c["columns"][:1] == ["table_id"]]

    assert [constraints[name]["columns"] for name in on_table] == [["table_id", "seq"]]
