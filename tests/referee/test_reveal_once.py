"""A reveal is idempotent per round: one round on the sheet and one step of the table,
however many taps or phones send it."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable, TableEvent
from referee.views import cookie_name
from scorekeeper.models import Game
from tests.concurrent import at_once
from tests.factories import make_game

HANDS = {"hand-0-mode": "cards", "hand-0-cards": "AS 2H", "hand-1-mode": "count", "hand-1-count": "9",
         "hand-2-mode": "cards", "hand-2-cards": "KH 10C", "counts_confirmed": "1"}


def phone_at(table: LiveTable, seat: str | None, role: str = "seat") -> Client:
    client = Client()
    member, _ = table.join(role, seat)
    client.cookies[cookie_name(table)] = member.token()
    return client


def ended_by_a_call(table: LiveTable) -> None:
    """Tamalou's call stops the round at once: every player's phone may then reveal."""
    referee, _ = table.join("referee", None)
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("call.made", {"player": "Ana"}, referee)


def reveal(client: Client, table: LiveTable, request_id: uuid.UUID, **hands: str) -> int:
    post = {**HANDS, **hands, "request_id": str(request_id), "round_number": "1"}
    return client.post(reverse("table_reveal", args=[table.code]), post).status_code


@pytest.mark.django_db
def test_it_keeps_one_round_and_one_table_step_when_the_same_reveal_is_sent_twice():
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    ended_by_a_call(table)
    phone = phone_at(table, "Ana")
    tap = uuid.uuid4()

    assert reveal(phone, table, tap) == 302
    assert reveal(phone, table, tap) == 302

    assert table.game.rounds.count() == 1
    assert table.events.filter(kind="reveal").count() == 1 and table.state().round == 2


@pytest.mark.django_db
def test_it_tells_a_second_phone_revealing_the_same_round_and_stores_nothing():
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    ended_by_a_call(table)
    assert reveal(phone_at(table, "Ana"), table, uuid.uuid4()) == 302
    second = phone_at(table, "Ben")

    response = second.post(reverse("table_reveal", args=[table.code]),
                           {**HANDS, "request_id": str(uuid.uuid4()), "round_number": "1"}, follow=True)

    assert "La manche 1 vient d’être enregistrée par un autre téléphone." in response.content.decode()
    assert table.game.rounds.count() == 1 and table.state().round == 2


@pytest.mark.django_db(transaction=True)
def test_it_counts_a_wrong_snap_once_when_two_phones_reveal_at_once():
    table = LiveTable.open_for(make_game("cabo-bruxellois", ["Ana", "Ben", "Chloé"]))
    referee, _ = table.join("referee", None)
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("snap.claim", {"player": "Ben", "card": "9S"}, referee)
    ana, ben = phone_at(table, None, "referee"), phone_at(table, None, "referee")  # two phones ending the round

    results = at_once(lambda: reveal(ana, table, uuid.uuid4()), lambda: reveal(ben, table, uuid.uuid4()))

    assert results == [302, 302], results
    game = Game.objects.get(pk=table.game.pk)
    assert game.rounds.count() == 1 and game.totals["Ben"] == 11  # 9 + 2 for the wrong snap, once
    assert TableEvent.objects.filter(table=table, kind="reveal").count() == 1
    assert LiveTable.objects.get(pk=table.pk).state().round == 2
