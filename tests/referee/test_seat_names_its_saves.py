"""A phone's seat at the live table (issue 30 items 2 and 5): its saves are signed « par le
siège de Ben » rather than by its browser, and it may say « C'est moi » from there."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from engine.table import machine as tbl
from referee.models import LiveTable
from scorekeeper.http import author_of
from scorekeeper.models import PersonKey
from tests.factories import make_game, tamalou_round


def seat_phone(table: LiveTable, seat: str) -> dict[str, str]:
    member, _ = table.join(tbl.SEAT, seat)
    return {table.member_cookie: table.token_for(member)}


@pytest.mark.django_db
def test_a_save_from_a_seat_of_the_live_table_is_signed_by_that_seat() -> None:
    game = make_game(players=["Ana", "Ben"])
    table = LiveTable.open_for(game)
    request = RequestFactory().post("/")
    request.COOKIES.update(seat_phone(table, "Ben"))

    game.add_round(tamalou_round(None, Ana=3, Ben=4), by=author_of(request, game), device="Chrome · Android")

    assert game.changes.get().author == "le siège de Ben"
    assert author_of(RequestFactory().post("/"), game) == ""  # a phone with no seat: its device says it


@pytest.mark.django_db
def test_a_seat_of_the_live_table_says_cest_moi_without_holding_the_game() -> None:
    game = make_game(players=["Ana", "Ben"])
    table = LiveTable.open_for(game)
    phone = Client()
    for name, value in seat_phone(table, "Ben").items():
        phone.cookies[name] = value

    assert phone.post(reverse("claim_person"), {"game_id": game.pk, "name": "Ana"}).status_code == 404  # not its seat
    assert phone.post(reverse("claim_person"), {"game_id": game.pk, "name": "Ben"}).status_code == 302
    assert PersonKey.objects.get().person_id == game.seats.get(name="Ben").player.person_id
