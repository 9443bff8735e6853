"""Limits that punish the guesser, not the room (issue 21, points 2 and 3).

Each test performs the attack the issue found: one phone's typos locking out a
bar's Wi-Fi, a script dropping its cookies, a flood of join requests.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import JoinRequest, LiveTable
from referee.views import request_cookie_name
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BAR = "192.0.2.7"  # one Wi-Fi address for every phone of the room


def typo(phone: Client, i: int) -> int:
    return phone.get(reverse("table_find"), {"code": f"ZZZZ{i:02d}"}).status_code


@pytest.fixture
def table() -> LiveTable:
    """A table with a referee: a held seat is then given by the referee."""
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    table.join("referee")
    return table


def seated(table: LiveTable, seat: str) -> Client:
    phone = Client(REMOTE_ADDR=BAR)
    response = phone.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": seat})
    assert response.status_code == 302
    return phone


def test_it_locks_the_phone_that_typed_wrong_codes_and_not_its_neighbours(settings):
    clumsy, neighbour = Client(REMOTE_ADDR=BAR), Client(REMOTE_ADDR=BAR)
    for i in range(settings.GUESSES_PER_DEVICE):
        assert typo(clumsy, i) == 422
    assert typo(clumsy, 99) == 429

    assert typo(neighbour, 0) == 422  # same Wi-Fi, its own count


def test_it_counts_a_script_that_drops_its_cookies_per_address(settings):
    settings.GUESSES_PER_ADDRESS = 15
    for i in range(15):
        assert typo(Client(REMOTE_ADDR=BAR), i) == 422  # a fresh "device" every time
    assert typo(Client(REMOTE_ADDR=BAR), 99) == 429
    assert typo(Client(REMOTE_ADDR="198.51.100.1"), 0) == 422


def test_a_phone_out_of_guesses_still_reaches_its_own_table(table, settings):
    ana = seated(table, "Ana")
    for i in range(settings.GUESSES_PER_DEVICE):
        typo(ana, i)
    assert typo(ana, 99) == 429

    assert ana.get(reverse("table_page", args=[table.code])).status_code == 200
    assert ana.get(reverse("table_log", args=[table.code])).status_code == 200
    assert ana.get(reverse("table_join", args=[table.code])).status_code == 200


def test_a_phone_of_a_room_out_of_guesses_still_reaches_its_own_table(table, settings):
    settings.GUESSES_PER_ADDRESS = 5
    ben = seated(table, "Ben")
    for i in range(5):
        typo(Client(REMOTE_ADDR=BAR), i)  # someone else in the bar, guessing
    assert typo(Client(REMOTE_ADDR=BAR), 99) == 429

    assert ben.get(reverse("table_page", args=[table.code])).status_code == 200


def test_it_keeps_one_pending_join_request_per_device(table):
    seated(table, "Ana")
    asker = Client(REMOTE_ADDR=BAR)
    for _ in range(4):
        response = asker.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Ana"})
        assert response.status_code == 302 and response["Location"].endswith("/wait/")
    assert JoinRequest.objects.filter(table=table, status=JoinRequest.PENDING).count() == 1
    assert asker.cookies[request_cookie_name(table)].value == JoinRequest.objects.get(table=table).secret


def test_it_caps_the_join_requests_waiting_at_a_table(table, settings):
    settings.JOIN_REQUESTS_PENDING = 3
    seated(table, "Ana")
    answers = [Client(REMOTE_ADDR=BAR).post(reverse("table_join", args=[table.code]),
                                            {"role": "seat", "seat": "Ana"}) for _ in range(6)]

    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429, 429]
    assert "a déjà 3 demandes à traiter" in answers[-1].content.decode()
    assert JoinRequest.objects.filter(table=table, status=JoinRequest.PENDING).count() == 3


def test_it_caps_the_joins_a_table_gets_in_a_minute(table, settings):
    settings.JOINS_PER_TABLE = 5
    answers = [Client(REMOTE_ADDR=BAR).post(reverse("table_join", args=[table.code]), {"role": "spectator"})
               for _ in range(8)]

    assert [a.status_code for a in answers] == [302] * 5 + [429] * 3
    assert answers[-1]["Retry-After"] == "60"
    assert "Trop de téléphones demandent cette table" in answers[-1].content.decode()
    other = LiveTable.open_for(make_game("tamalou", ["Dan", "Eve"]))
    assert Client().post(reverse("table_join", args=[other.code]), {"role": "spectator"}).status_code == 302
