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


def a_phone(address: str = BAR) -> Client:
    """A phone as browsers are: it keeps the device cookie the first page it opened gave it."""
    phone = Client(REMOTE_ADDR=address)
    phone.get(reverse("table_find"))
    return phone


def typo(phone: Client, i: int) -> int:
    return phone.get(reverse("table_find"), {"code": f"ZZZZ{i:02d}"}).status_code


@pytest.fixture
def table() -> LiveTable:
    """A table with a referee: a held seat is then given by the referee."""
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    table.join("referee")
    return table


def seated(table: LiveTable, seat: str) -> Client:
    phone = a_phone()
    response = phone.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": seat})
    assert response.status_code == 302
    return phone


def test_it_locks_the_phone_that_typed_wrong_codes_and_not_its_neighbours(settings):
    clumsy, neighbour = a_phone(), a_phone()
    for i in range(settings.GUESSES_PER_DEVICE):
        assert typo(clumsy, i) == 422
    assert typo(clumsy, 99) == 429

    assert typo(neighbour, 0) == 422  # same Wi-Fi, its own count


def test_a_script_that_drops_its_cookies_is_one_device_of_its_address(settings):
    for i in range(settings.GUESSES_PER_DEVICE):
        assert typo(Client(REMOTE_ADDR=BAR), i) == 422  # no cookie shown: the address's cookie-less device
    assert typo(Client(REMOTE_ADDR=BAR), 99) == 429
    assert typo(a_phone(), 0) == 422  # a phone of the same address, with its cookie
    assert typo(Client(REMOTE_ADDR="198.51.100.1"), 0) == 422


def test_the_devices_of_one_address_are_counted_together_too(settings):
    settings.GUESSES_PER_ADDRESS = 15
    for i in range(15):
        assert typo(a_phone(), i) == 422  # a script keeping a fresh cookie for each guess
    assert typo(a_phone(), 99) == 429
    assert typo(a_phone("198.51.100.1"), 0) == 422


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
    answers = [a_phone().post(reverse("table_join", args=[table.code]),
                              {"role": "seat", "seat": "Ana"}) for _ in range(6)]

    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429, 429]
    assert "a déjà 3 demandes à traiter" in answers[-1].content.decode()
    assert JoinRequest.objects.filter(table=table, status=JoinRequest.PENDING).count() == 3


def test_it_caps_the_joins_a_table_gets_in_a_minute(table, settings):
    settings.JOINS_PER_TABLE = 5
    answers = [a_phone().post(reverse("table_join", args=[table.code]), {"role": "spectator"})
               for _ in range(8)]

    assert [a.status_code for a in answers] == [302] * 5 + [429] * 3
    assert answers[-1]["Retry-After"] == "60"
    assert "Trop de téléphones demandent cette table" in answers[-1].content.decode()
    other = LiveTable.open_for(make_game("tamalou", ["Dan", "Eve"]))
    assert Client().post(reverse("table_join", args=[other.code]), {"role": "spectator"}).status_code == 302


def test_one_device_cannot_use_up_a_tables_joins_nor_its_spectator_slots(table, settings):
    """Issue 28: one phone (one device cookie) joining as a spectator again and again gets its
    share, and the table's joins and spectator slots stay there for everyone else."""
    settings.JOINS_PER_TABLE = 10
    greedy = Client(REMOTE_ADDR=BAR)
    greedy.get(reverse("table_join", args=[table.code]))  # the join page gives the device its cookie
    answers = [greedy.post(reverse("table_join", args=[table.code]), {"role": "spectator"}).status_code
               for _ in range(12)]

    assert answers[:settings.SPECTATORS_PER_DEVICE] == [302] * settings.SPECTATORS_PER_DEVICE
    assert set(answers[settings.SPECTATORS_PER_DEVICE:]) == {429}
    assert table.members.filter(role="spectator").count() == settings.SPECTATORS_PER_DEVICE
    for _ in range(settings.JOINS_PER_TABLE - settings.JOINS_PER_DEVICE):  # the table's count is left
        assert a_phone().post(reverse("table_join", args=[table.code]),
                                            {"role": "spectator"}).status_code == 302


def test_a_flood_of_spectators_never_keeps_a_player_from_sitting(table, settings):
    settings.JOINS_PER_TABLE = 5
    for _ in range(8):
        a_phone().post(reverse("table_join", args=[table.code]), {"role": "spectator"})
    assert a_phone().post(reverse("table_join", args=[table.code]), {"role": "spectator"}
                                        ).status_code == 429
    assert seated(table, "Ben")  # the seats' count is their own


def test_the_qr_key_lets_a_phone_in_while_its_address_is_out_of_guesses(table, settings):
    """A guesser on the bar's Wi-Fi never locks out the bar's phones that scan the QR."""
    settings.GUESSES_PER_ADDRESS = 5
    for i in range(5):
        typo(Client(REMOTE_ADDR=BAR), i)
    newcomer = Client(REMOTE_ADDR=BAR)
    assert newcomer.get(reverse("table_join", args=[table.code])).status_code == 429  # typed: held back
    join = reverse("table_join", args=[table.code]) + f"?key={table.join_key}"
    assert newcomer.get(join).status_code == 200
    assert newcomer.post(join, {"role": "spectator"}).status_code == 302
    wrong_key = reverse("table_join", args=[table.code]) + "?key=" + "0" * 32
    assert Client(REMOTE_ADDR=BAR).get(wrong_key).status_code == 429


def test_the_join_page_qr_carries_the_key(table):
    html = Client().get(reverse("table_join", args=[table.code])).content.decode()
    assert f"?key={table.join_key}" in html


def test_a_code_is_typed_in_any_case_with_or_without_its_dash_and_spaces(table):
    spoken = table.spoken_code
    assert len(table.code) == 10 and spoken == f"{table.code[:5]}-{table.code[5:]}"
    for typed in (spoken, spoken.lower(), f" {spoken[:5]} {spoken[6:]} ", table.code.lower()):
        response = Client().get(reverse("table_find"), {"code": typed})
        assert response.status_code == 302 and response["Location"] == reverse("table_join", args=[table.code])


def test_a_table_opened_with_an_old_six_letter_code_keeps_working(table):
    LiveTable.objects.filter(pk=table.pk).update(code="ABCDEF")
    response = Client().get(reverse("table_find"), {"code": "abc def"})
    assert response.status_code == 302 and response["Location"] == reverse("table_join", args=["ABCDEF"])
    assert Client().get(reverse("table_join", args=["ABCDEF"])).status_code == 200


def test_an_ipv6_guesser_is_counted_by_its_64_not_by_each_address(settings):
    settings.GUESSES_PER_ADDRESS = 5
    for i in range(5):
        assert typo(Client(REMOTE_ADDR=f"2001:db8:1:2::{i + 1:x}"), i) == 422
    assert typo(Client(REMOTE_ADDR="2001:db8:1:2:ffff::9"), 99) == 429
    assert typo(Client(REMOTE_ADDR="2001:db8:1:3::1"), 0) == 422


def test_a_cookieless_flood_of_joins_from_one_address_is_capped_and_a_phone_with_its_cookie_still_joins(
        table, settings):
    """Issue 28: a script that drops its cookie was a new device every time, each with a
    device's share: 40 tries filled the table's minute of joins. The requests of an address
    that show no device cookie now share one device's share; a phone keeps its cookie."""
    settings.JOIN_REQUESTS_PENDING = 50  # the referee's pile is not what holds the flood here
    seated(table, "Ana")
    honest = Client(REMOTE_ADDR=BAR)
    honest.get(reverse("table_join", args=[table.code]))  # its device cookie, as any phone gets it
    join = reverse("table_join", args=[table.code])
    watched = [Client(REMOTE_ADDR=BAR).post(join, {"role": "spectator"}).status_code for _ in range(40)]
    asked = [Client(REMOTE_ADDR=BAR).post(join, {"role": "seat", "seat": "Ana"}).status_code for _ in range(40)]

    assert watched.count(302) == settings.SPECTATORS_PER_DEVICE and set(watched[3:]) == {429}
    assert asked.count(302) == settings.JOINS_PER_DEVICE and set(asked[3:]) == {429}
    assert JoinRequest.objects.filter(table=table).count() == settings.JOINS_PER_DEVICE
    assert honest.post(join, {"role": "spectator"}).status_code == 302
    assert honest.post(join, {"role": "seat", "seat": "Ana"})["Location"].endswith("/wait/")
    elsewhere = Client(REMOTE_ADDR="198.51.100.1")  # another address's cookie-less share is its own
    assert elsewhere.post(join, {"role": "spectator"}).status_code == 302
