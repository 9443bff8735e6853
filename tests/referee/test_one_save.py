"""The sheet's entry and the live table's reveal save a round through the same action
(scorekeeper.actions.rounds.do_add_round): the same history line with its author, the
same signal after the commit, the same refusals, and nothing half-saved."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from scorekeeper.actions.actor import Actor
from scorekeeper.actions.rounds import do_add_round
from scorekeeper.models import Game, RoundChange
from scorekeeper.signals import game_scored
from tests.factories import make_game, tamalou_round
from tests.referee.test_reveal_views import hands
from tests.referee.test_views import open_table, seated

pytestmark = pytest.mark.django_db
PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1"
PATHS = ["sheet", "reveal"]


def save(path: str, table: LiveTable, *cards: str | int, number: int = 1, user: User | None = None) -> Any:
    """The round posted by a phone (signed in as `user`) from the sheet's entry or the table's reveal."""
    client = Client(headers={"user-agent": PHONE})
    if user is not None:
        client.force_login(user)
    controls = {"round_number": str(number), "request_id": str(uuid.uuid4()), "action": "save"}
    post = hands(*cards) | controls
    if path == "sheet":
        game = Game.objects.get(pk=table.game.pk)
        return client.post(reverse("round_new", args=[game.token]), post | {"version": str(game.version)})
    seated(client, table, role="referee", seat=None)
    return client.post(reverse("table_reveal", args=[table.code]), post)


@pytest.fixture
def scored() -> Any:
    """Every game_scored signal sent, as (game, ended, version)."""
    heard: list[tuple[int, bool, int]] = []

    def hear(sender: Any, game: Game, ended: bool, **kwargs: Any) -> None:
        heard.append((game.pk, ended, game.version))

    game_scored.connect(hear, dispatch_uid="test_one_save")
    yield heard
    game_scored.disconnect(dispatch_uid="test_one_save")


def history(game: Game) -> list[tuple[Any, ...]]:
    return list(RoundChange.objects.filter(game=game).order_by("pk").values_list(
        "number", "action", "before", "after", "device", "by", "user", "version", "after_end"))


def test_it_keeps_the_same_round_and_history_line_from_the_sheet_and_from_the_reveal(
        django_capture_on_commit_callbacks, scored):
    by_sheet, by_reveal = open_table(), open_table()
    ana = User.objects.create_user("ana", password="un mot de passe long")

    with django_capture_on_commit_callbacks(execute=True):
        assert save("sheet", by_sheet, "3♠", 9, "RH", user=ana).status_code == 302
        assert save("reveal", by_reveal, "3♠", 9, "RH", user=ana).status_code == 302

    sheet_game, reveal_game = Game.objects.get(pk=by_sheet.game.pk), Game.objects.get(pk=by_reveal.game.pk)
    assert [r.data for r in sheet_game.rounds.all()] == [r.data for r in reveal_game.rounds.all()]
    assert history(sheet_game) == history(reveal_game) != []
    assert history(reveal_game)[0][4:7] == (PHONE, "ana", ana.pk)  # the phone and who held it
    # One signal each after the commit: the sheet's phones and the league's standings hear of it.
    assert scored == [(sheet_game.pk, False, sheet_game.version), (reveal_game.pk, False, reveal_game.version)]


@pytest.mark.parametrize("path", PATHS)
def test_it_refuses_a_round_another_phone_saved_first_and_stores_nothing(path, scored):
    table = open_table()
    Game.objects.get(pk=table.game.pk).add_round(tamalou_round(None, Ana=1, Ben=2, Chloé=3))
    before = history(table.game)

    save(path, table, "3♠", 9, "RH", number=1)  # round 1 is on the sheet already

    assert table.game.rounds.count() == 1 and history(table.game) == before
    assert not table.events.filter(kind="reveal").exists()


@pytest.mark.parametrize(("path", "cards"), [(p, c) for p in PATHS for c in [
    ("3♠", 9, "3♠"),  # the engine: one card in two hands
    ("3♠", 999, "RH"),  # the entry: a counted hand no deal can make
]])
def test_it_refuses_a_bad_round_the_same_way_and_saves_nothing(path, cards, django_capture_on_commit_callbacks,
                                                              scored):
    table = open_table()

    with django_capture_on_commit_callbacks(execute=True):
        response = save(path, table, *cards)

    assert response.status_code == 422
    assert not table.game.rounds.exists() and history(table.game) == [] and scored == []
    assert not table.events.filter(kind="reveal").exists() and table.state().round == 1


def test_it_saves_nothing_when_what_the_caller_adds_fails(django_capture_on_commit_callbacks, scored):
    game = make_game("tamalou", ["Ana", "Ben"])

    def table_down(saved: Any) -> None:
        raise RuntimeError("the table's log could not be written")

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        do_add_round(game, tamalou_round(None, Ana=1, Ben=2), actor=Actor(by="x"), also=table_down)

    assert not game.rounds.exists() and history(game) == [] and scored == []


def test_it_records_the_reveal_event_with_the_round_in_one_transaction():
    table = open_table()

    save("reveal", table, "3♠", 9, "RH")

    event = table.events.get(kind="reveal")
    assert event.payload["round"] == 1 and table.game.rounds.get().number == 1
