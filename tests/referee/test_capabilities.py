"""Keys that open only their own door (issue 28, item 1).

The table's code (and the QR lying on the table) admits a phone to the table and to
nothing more: the game's private link, which may add rounds to the sheet or abandon
the game, goes only to phones that already hold it or that the referee let in. Each
test performs the attack: a stranger with the code looks for the sheet's link in
every page and redirect the table gives it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import JoinRequest, LiveTable
from tests.factories import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened() -> tuple[LiveTable, Client]:
    """A game whose creator's phone opened its live table (it holds the sheet's link)."""
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    referee = Client()
    referee.get(game.get_absolute_url())
    assert referee.post(reverse("table_open", args=[game.token])).status_code == 302
    return LiveTable.objects.get(game=game), referee


def everything_said(response) -> str:
    """The body and every header: where a link could hide."""
    return response.content.decode() + "".join(f"{k}: {v}" for k, v in response.headers.items())


def test_a_stranger_with_the_code_is_never_shown_the_games_private_link(opened):
    table, _referee = opened
    token = table.game.token
    stranger = Client()
    join = stranger.get(reverse("table_join", args=[table.code]))
    assert join.status_code == 200 and token not in everything_said(join)

    as_spectator = stranger.post(reverse("table_join", args=[table.code]), {"role": "spectator"})
    assert token not in everything_said(as_spectator)
    page = stranger.get(reverse("table_page", args=[table.code]))
    assert page.status_code == 200 and token not in everything_said(page)
    reveal = stranger.get(reverse("table_reveal", args=[table.code]))  # a spectator is sent elsewhere
    assert reveal.status_code == 302 and token not in everything_said(reveal)
    log = stranger.get(reverse("table_log", args=[table.code]))
    assert log.status_code == 200 and token not in everything_said(log)


def test_a_stranger_taking_a_free_seat_with_the_code_gets_no_sheets_link_either(opened):
    table, _referee = opened
    stranger = Client()
    stranger.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Chloé"})
    page = stranger.get(reverse("table_page", args=[table.code]))
    assert page.status_code == 200 and table.game.token not in everything_said(page)
    assert 'data-testid="sheet-link"' not in page.content.decode()


def test_a_stranger_with_the_code_cannot_add_a_round_nor_abandon_the_game(opened):
    """Without the link the sheet's writes are out of reach: every guess at it is a 404."""
    table, _referee = opened
    stranger = Client()
    stranger.post(reverse("table_join", args=[table.code]), {"role": "spectator"})
    for url in (reverse("table_page", args=[table.code]), reverse("table_join", args=[table.code])):
        html = stranger.get(url).content.decode()
        assert "/games/" not in html
    assert stranger.post(reverse("game_abandon", args=[table.code])).status_code == 404
    table.game.refresh_from_db()
    assert table.game.abandoned_at is None and not table.game.rounds.exists()


def test_the_referees_phone_keeps_the_sheets_link(opened):
    table, referee = opened
    for url in (reverse("table_page", args=[table.code]), reverse("table_join", args=[table.code])):
        assert table.game.get_absolute_url() in referee.get(url).content.decode()


def test_a_phone_the_referee_seats_is_given_the_sheets_link(opened):
    table, _referee = opened
    table.join("seat", "Ana")
    asker = Client()
    assert asker.post(reverse("table_join", args=[table.code]), {"role": "seat", "seat": "Ana"}).status_code == 302
    before = asker.get(reverse("table_wait", args=[table.code]))
    assert table.game.token not in everything_said(before)

    table.answer(JoinRequest.objects.get(table=table), approve=True)
    asker.get(reverse("table_wait", args=[table.code]))
    page = asker.get(reverse("table_page", args=[table.code]))
    assert 'data-testid="sheet-link"' in page.content.decode()
    assert table.game.get_absolute_url() in page.content.decode()
