"""Pages of a live table: open, join by code or QR, the table, its log, the reveal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable, TableEvent
from referee.views import cookie_name
from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def open_table(variant: str = "tamalou", players: list[str] | None = None) -> LiveTable:
    return LiveTable.open_for(make_game(variant, players or ["Ana", "Ben", "Chloé"]))


def seated(client: Client, table: LiveTable, seat: str | None = "Ana", role: str = "seat") -> None:
    member, _ = table.join(role, seat)
    client.cookies[cookie_name(table)] = member.token()


def test_it_opens_a_table_from_a_game_with_its_creator_as_the_referee(client: Client):
    game = make_game()
    response = client.post(reverse("table_open", args=[game.token]))
    table = LiveTable.objects.get(game=game)
    assert response.status_code == 302 and response.url == reverse("table_page", args=[table.code])
    assert table.member_for_token(response.cookies[cookie_name(table)].value).role == "referee"
    assert len(table.code) == 10 and not set(table.code) & set("01OIL")


def test_it_reuses_the_open_table_of_a_game_and_answers_htmx_with_a_redirect_header(client: Client):
    game = make_game()
    client.post(reverse("table_open", args=[game.token]))
    response = client.post(reverse("table_open", args=[game.token]), **HTMX)
    assert response.status_code == 204 and LiveTable.objects.filter(game=game).count() == 1
    assert response["HX-Redirect"].startswith("/tables/")


def test_it_refuses_to_open_a_table_with_get(client: Client):
    assert client.get(reverse("table_open", args=[make_game().token])).status_code == 405


def test_it_finds_a_table_by_its_code_whatever_the_case_and_spaces(client: Client):
    table = open_table()
    response = client.get(reverse("table_find"), {"code": f" {table.code[:3].lower()} {table.code[3:]}"})
    assert response.status_code == 302 and response.url == reverse("table_join", args=[table.code])


def test_it_says_which_code_was_not_found_in_the_plain_and_htmx_branch(client: Client):
    plain = client.get(reverse("table_find"), {"code": "ZZZZZZ"})
    assert plain.status_code == 422 and "ZZZZZZ" in plain.content.decode()
    assert "<html" in plain.content.decode()
    partial = client.get(reverse("table_find"), {"code": "ZZZZZZ"}, **HTMX)
    assert 'id="find-form"' in partial.content.decode() and "<html" not in partial.content.decode()


def test_it_shows_the_code_and_a_qr_code_of_the_join_url(client: Client):
    table = open_table()
    page = client.get(reverse("table_join", args=[table.code])).content.decode()
    assert table.code in page and "<svg" in page
    assert f"http://testserver/tables/{table.code}/join/" in page


def test_it_joins_as_a_seat_with_a_signed_cookie_and_logs_it(client: Client):
    table = open_table()
    response = client.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Ben"})
    assert response.status_code == 302 and response.url == reverse("table_page", args=[table.code])
    member = table.member_for_token(response.cookies[cookie_name(table)].value)
    assert member is not None and member.seat == "Ben"
    assert TableEvent.objects.get(table=table).kind == "member.joined"


def test_it_refuses_a_seat_that_is_not_a_player_with_a_message(client: Client):
    table = open_table()
    response = client.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Zoé"})
    assert response.status_code == 422 and "Choisissez une place" in response.content.decode()
    assert not table.members.exists()


def test_it_sends_a_phone_without_a_token_to_the_join_page(client: Client):
    table = open_table()
    client.cookies[cookie_name(table)] = "forged"
    response = client.get(reverse("table_page", args=[table.code]))
    assert response.status_code == 302 and response.url == reverse("table_join", args=[table.code])


def test_it_shows_the_table_to_a_member_with_the_snap_button_and_escaped_names(client: Client):
    table = open_table(players=["Ana", "<script>alert(1)</script>"])
    seated(client, table)
    page = client.get(reverse("table_page", args=[table.code])).content.decode()
    assert 'data-testid="snap"' in page and "js/referee.js" in page
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_it_shows_canasta_questions_instead_of_the_snap_button(client: Client):
    table = open_table("canasta", ["Ana", "Ben"])
    seated(client, table)
    page = client.get(reverse("table_page", args=[table.code])).content.decode()
    assert 'data-question="take_pile"' in page and 'data-testid="snap"' not in page


def test_it_replays_the_log_to_a_moment(client: Client):
    from datetime import timedelta

    table = open_table()
    seated(client, table, role="referee", seat=None)
    referee = table.members.get()
    event = table.record("discard", {"player": "Ana", "card": "7H"}, referee).event
    table.record("discard", {"player": "Ben", "card": "4S"}, referee,
                 now=(event.at + timedelta(seconds=5)).timestamp())
    from django.utils import timezone

    moment = timezone.localtime(event.at).strftime("%H:%M:%S")
    page = client.get(reverse("table_log", args=[table.code]), {"at": moment}).content.decode()
    assert "7♥" in page and "4♠" not in page
    partial = client.get(reverse("table_log", args=[table.code]), **HTMX).content.decode()
    assert "4♠" in partial and "<html" not in partial


@pytest.mark.parametrize("at", ["nine", "12:00Z", "12:00+05:00"])  # a zone was a 500
def test_it_says_why_a_log_time_is_not_a_time(client: Client, at: str):
    table = open_table()
    seated(client, table)
    response = client.get(reverse("table_log", args=[table.code]), {"at": at})
    assert response.status_code == 422 and "n&#x27;est pas une heure" in response.content.decode()


def test_it_sends_htmx_to_the_table_it_found_with_a_whole_page_redirect(client: Client):
    table = open_table()
    response = client.get(reverse("table_find"), {"code": table.code}, **HTMX)
    assert response.status_code == 204 and response["HX-Redirect"] == reverse("table_join", args=[table.code])


def test_a_tamoul_table_has_a_counter_call_button_and_a_tamalou_table_has_none(client: Client):
    tamoul = open_table("tamoul")
    seated(client, tamoul)
    assert 'id="counter-button"' in client.get(reverse("table_page", args=[tamoul.code])).content.decode()
    tamalou = open_table("tamalou")
    seated(client, tamalou)
    assert 'id="counter-button"' not in client.get(reverse("table_page", args=[tamalou.code])).content.decode()


def test_a_dutch_toulousain_table_lets_a_seat_snap_for_another_player(client: Client):
    table = open_table("dutch-toulousain")
    seated(client, table, seat="Ana")
    page = client.get(reverse("table_page", args=[table.code])).content.decode()
    assert 'id="owner"' in page and '<option value="Ben">' in page and '<option value="Ana">' not in page


def test_only_the_referee_sees_the_snap_time_setting(client: Client):
    table = open_table()
    seated(client, table, seat="Ana")
    assert 'id="snap-limit"' not in client.get(reverse("table_page", args=[table.code])).content.decode()
    seated(client, table, role="referee", seat=None)
    assert 'id="snap-limit"' in client.get(reverse("table_page", args=[table.code])).content.decode()
