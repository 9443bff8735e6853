"""Roles at a live table: the creator referees; a held seat or the referee's role is the referee's to give;
a closed or idle table takes its tokens with it; join-code guesses are limited per client."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from referee.models import JoinRequest, LiveTable, TableMember
from referee.views import cookie_name, request_cookie_name
from tests.factories import make_game

pytestmark = pytest.mark.django_db



@pytest.fixture
def referee(client: Client) -> tuple[Client, LiveTable]:
    """A table opened by this client, who is therefore its referee."""
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    client.post(reverse("table_open", args=[game.token]))
    return client, LiveTable.objects.get(game=game)


def join(table: LiveTable, role: str, seat: str | None = None) -> tuple[Client, object]:
    phone = Client()
    response = phone.post(reverse("table_join", args=[table.code]), {"role": role, "seat": seat or ""})
    return phone, response


def test_it_seats_a_phone_on_a_free_seat_and_a_spectator_at_once(referee):
    _, table = referee
    _, seat = join(table, "seat", "Ben")
    _, spectator = join(table, "spectator")
    assert seat.url == spectator.url == reverse("table_page", args=[table.code])
    assert sorted(table.members.values_list("role", flat=True)) == ["referee", "seat", "spectator"]


def test_a_held_seat_is_given_only_when_the_referee_approves_and_the_holder_loses_it(referee):
    _, table = referee
    ben, _ = join(table, "seat", "Ben")
    ben_token = ben.cookies[cookie_name(table)].value
    thief, response = join(table, "seat", "Ben")
    assert response.url == reverse("table_wait", args=[table.code])
    assert cookie_name(table) not in thief.cookies  # no membership yet
    waiting = thief.get(reverse("table_wait", args=[table.code]))
    assert "doit accepter" in waiting.content.decode() and 'hx-trigger="every 2s"' in waiting.content.decode()

    table.answer(JoinRequest.objects.get(table=table), approve=True)
    approved = thief.get(reverse("table_wait", args=[table.code]))
    assert approved.url == reverse("table_page", args=[table.code])
    new_token = approved.cookies[cookie_name(table)].value
    assert table.member_for_token(new_token).seat == "Ben"
    assert table.member_for_token(ben_token) is None  # the seat's former phone
    assert [e.kind for e in table.events.all()][-2:] == ["member.left", "member.joined"]


def test_becoming_referee_needs_the_referees_approval_and_a_refusal_is_said(referee):
    _, table = referee
    phone, response = join(table, "referee")
    assert response.url == reverse("table_wait", args=[table.code])
    table.answer(JoinRequest.objects.get(table=table), approve=False)
    refused = phone.get(reverse("table_wait", args=[table.code]))
    assert "L'arbitre a refusé." in refused.content.decode()
    assert TableMember.objects.filter(table=table, role="referee").count() == 1


def test_another_phones_request_cookie_cannot_collect_an_approval(referee):
    _, table = referee
    join(table, "seat", "Ben")
    join(table, "seat", "Ben")
    table.answer(JoinRequest.objects.get(table=table), approve=True)
    stranger = Client()
    stranger.cookies[request_cookie_name(table)] = "guessed"
    response = stranger.get(reverse("table_wait", args=[table.code]))
    assert response.url == reverse("table_join", args=[table.code])


def test_only_the_referee_closes_the_table_and_its_tokens_die_with_it(referee):
    client, table = referee
    ben, _ = join(table, "seat", "Ben")
    assert ben.post(reverse("table_close", args=[table.code])).url == reverse("table_join", args=[table.code])
    table.refresh_from_db()
    assert table.closed_at is None
    token = client.cookies[cookie_name(table)].value
    closed = client.post(reverse("table_close", args=[table.code]))
    assert closed.url == table.game.get_absolute_url()
    table.refresh_from_db()
    assert table.closed_at is not None and table.member_for_token(token) is not None  # the row is there...
    assert client.get(reverse("table_page", args=[table.code])).status_code == 404  # ...but no page opens


def test_a_table_idle_for_hours_closes_itself(referee):
    client, table = referee
    LiveTable.objects.filter(pk=table.pk).update(created_at=timezone.now() - timedelta(hours=7))
    table.events.update(at=timezone.now() - timedelta(hours=7))
    assert client.get(reverse("table_page", args=[table.code])).status_code == 404
    table.refresh_from_db()
    assert table.closed_at is not None


def test_a_token_expires_after_two_days(referee, monkeypatch):
    client, table = referee
    token = client.cookies[cookie_name(table)].value
    monkeypatch.setattr("referee.models.TOKEN_AGE", -1)
    assert table.member_for_token(token) is None


def test_join_code_guesses_are_limited_per_client(client: Client, settings):
    client.get(reverse("table_find"))  # the form, as a phone opens it first: its device cookie
    for i in range(settings.GUESSES_PER_DEVICE):
        assert client.get(reverse("table_find"), {"code": f"ZZZZZ{i}"}).status_code == 422  # refused in place
    blocked = client.get(reverse("table_find"), {"code": "ZZZZZZ"})
    assert blocked.status_code == 429 and blocked["Retry-After"] == "60"
    assert "Trop de codes essayés" in blocked.content.decode()
    assert client.get(reverse("table_join", args=["ABCDEF"])).status_code == 429  # a URL is a guess too
    other = Client(REMOTE_ADDR="10.0.0.2")
    assert other.get(reverse("table_find"), {"code": "ZZZZZZ"}).status_code == 422
