"""scorekeeper.bulk: rows written without model instances read back as the ORM's own."""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import connection

from scorekeeper import bulk
from scorekeeper.models import Game, RoundChange
from tests.factories import make_game


def raw(change: RoundChange) -> tuple:
    """The columns as the database holds them (JSON text or jsonb, the stored moment)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT before, after, at, device, version, after_end FROM {RoundChange._meta.db_table} "
                       "WHERE id = %s", [change.pk])
        return cursor.fetchone()


def test_it_writes_what_the_orm_writes(db):
    game = make_game()
    at = datetime(2026, 3, 5, 20, 1, tzinfo=UTC)
    after = {"hands": {"Chloé": ["KH", "10D"], "Ben": 0}, "announcer": None, "half": 2.5}
    by_orm = RoundChange.objects.create(game=game, number=1, action="imported", before=None, after=after,
                                        at=at, device="import", version=0, after_end=False)
    RoundChange.objects.filter(pk=by_orm.pk).update(at=at)  # auto_now_add set it to now

    bulk.insert(RoundChange, ("game", "number", "action", "before", "after", "at", "device", "user", "by",
                              "version", "after_end"),
                [(game.pk, 1, "imported", None, after, at, "import", None, "", 0, False)])

    by_bulk = RoundChange.objects.exclude(pk=by_orm.pk).get(game=game)
    assert raw(by_bulk) == raw(by_orm)
    assert (by_bulk.after, by_bulk.at) == (after, at)
    # None is SQL NULL, as the ORM stores it, not JSON null.
    assert RoundChange.objects.filter(game=game, before__isnull=True).count() == 2


def test_it_gives_objects_keys_no_later_row_takes(db):
    games = [Game(variant="tamalou", options={"rounds": 1}) for _ in range(3)]

    bulk.insert_objects(Game, games)
    later = make_game()

    keys = [g.pk for g in games]
    assert keys == sorted(keys) and len(set(keys)) == 3
    assert later.pk > max(keys)
    assert list(Game.objects.filter(pk__in=keys).order_by("pk").values_list("pk", flat=True)) == keys
    assert not games[0]._state.adding and Game.objects.get(pk=keys[0]).created_at == games[0].created_at


def test_it_never_reserves_the_key_of_a_deleted_game(db):
    """Keys are never given twice, as the database's own counter promises (PostgreSQL's
    sequence, SQLite's AUTOINCREMENT): a deleted game's number stays its own."""
    gone = make_game()
    number = gone.pk
    gone.delete()

    keys = bulk.reserve_ids(Game, 3)

    assert len(set(keys)) == 3 and keys == sorted(keys) and min(keys) > number
