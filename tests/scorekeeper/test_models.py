"""The models' guarantees the score sheet relies on."""

import uuid

import pytest

from engine.rules import RecordError
from scorekeeper.models import Game, Player, Round, RoundChange
from tests.factories import make_game, make_player, tamalou_round

pytestmark = pytest.mark.django_db


def test_it_stores_a_round_posted_twice_with_the_same_request_id_once():
    game = make_game("tamalou", ["Ana", "Ben"])
    tap = uuid.uuid4()

    first = game.add_round(tamalou_round(None, Ana=4, Ben=2), request_id=tap)
    second = game.add_round(tamalou_round(None, Ana=4, Ben=2), request_id=tap)

    assert second.pk == first.pk
    assert game.rounds.count() == 1 and game.changes.count() == 1
    assert game.totals == {"Ana": 4, "Ben": 2}


def test_it_stores_two_rounds_with_different_request_ids():
    game = make_game("tamalou", ["Ana", "Ben"])

    game.add_round(tamalou_round(None, Ana=4, Ben=2), request_id=uuid.uuid4())
    game.add_round(tamalou_round(None, Ana=4, Ben=2), request_id=uuid.uuid4())

    assert game.rounds.count() == 2 and game.totals == {"Ana": 8, "Ben": 4}


def test_it_saves_nothing_for_an_invalid_round():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    with pytest.raises(RecordError):
        game.add_round(tamalou_round(None, Ana=["KH", "KH"], Ben=2))

    game.refresh_from_db()
    assert game.rounds.count() == 1 and game.changes.count() == 1
    assert game.totals == {"Ana": 4, "Ben": 2}


def test_it_keeps_the_name_as_the_game_writes_it_for_a_known_player():
    """Player "Ana" exists; a game with "ana" keeps "ana", so its rounds still score."""
    ana = make_player("Ana")

    game = make_game("tamalou", ["ana", "Ben"])
    game.add_round(tamalou_round(None, ana=4, Ben=2))

    assert game.player_names() == ["ana", "Ben"]
    assert game.seats.first().player == ana
    assert game.totals == {"ana": 4, "Ben": 2}


def test_it_refuses_two_players_whose_names_differ_only_in_case():
    with pytest.raises(RecordError) as refused:
        make_game("tamalou", ["Ana", "ANA", "Ben"])

    assert refused.value.problems[0].code == "players.same_name_ignoring_case"
    assert not Game.objects.exists() and not Player.objects.exists()


def test_it_remembers_who_is_out_and_forgets_it_when_the_round_is_undone():
    """dutch.eliminated, read from the engine's steps."""
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[{"hands": {"Ana": 60, "Ben": 1, "Chloé": 2}}])
    game.add_round({"hands": {"Ana": 40, "Ben": 1, "Chloé": 2}})

    assert game.eliminated == {"Ana": 2}

    game.undo_last_round()

    assert game.eliminated == {}


def test_it_undoes_only_the_round_the_phone_confirmed():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)] * 2)

    assert game.undo_last_round(expected=1) is None
    assert game.undo_last_round(expected=2).number == 2
    assert list(game.rounds.values_list("number", flat=True)) == [1]


def test_it_orders_canasta_sides_by_seat():
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                     teams={"Zèbres": ["Ben", "Dan"], "Aigles": ["Ana", "Chloé"]})

    assert game.sides() == ["Aigles", "Zèbres"]


def test_it_keeps_the_history_append_only():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    change = game.changes.get()

    with pytest.raises(ValueError, match="append-only"):
        change.save()
    assert RoundChange.objects.count() == 1 and Round.objects.count() == 1


@pytest.mark.parametrize("change", ["add", "edit", "undo"])
def test_it_is_the_game_as_changed_after_a_change_without_reading_it_back(change, django_assert_num_queries):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)] * 2)
    game = Game.objects.with_players().get(pk=game.pk)
    if change == "add":
        game.add_round(tamalou_round(None, Ana=1, Ben=7))
    elif change == "edit":
        game.edit_round(1, tamalou_round(None, Ana=1, Ben=7))
    else:
        game.undo_last_round()
    stored = Game.objects.get(pk=game.pk)

    with django_assert_num_queries(0):  # what the sheet shown next reads
        rounds = game.rounds_in_order
        names = game.player_names()
    assert [(r.number, r.data, r.result) for r in rounds] == [
        (r.number, r.data, r.result) for r in Round.objects.filter(game=stored)]
    assert (game.version, game.totals, game.updated_at) == (stored.version, stored.totals, stored.updated_at)
    assert names == ["Ana", "Ben"]


def test_it_reads_its_rounds_again_once_refreshed_after_another_phones_change():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])
    game.add_round(tamalou_round(None, Ana=1, Ben=7))
    Game.objects.get(pk=game.pk).add_round(tamalou_round(None, Ana=2, Ben=3))  # another phone's copy

    game.refresh_from_db()

    assert [r.number for r in game.rounds_in_order] == [1, 2, 3]
