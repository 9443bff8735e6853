"""Round saves throttled per game and device (issue 21, point 8): a script saving rounds as
fast as it can is refused in place, with a sentence, and the honest phone keeps saving."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def save(phone: Client, game, **headers) -> object:
    return phone.post(reverse("round_new", args=[game.token]), {
        "hand-0-cards": "KH 3S", "hand-1-cards": "QS 7D", "hand-2-mode": "count", "hand-2-count": "9",
        "announcer": "0", "request_id": str(uuid.uuid4())}, **headers)


def test_it_refuses_a_flood_of_saves_from_one_device_in_place(settings):
    settings.ROUND_SAVES_PER_MINUTE = 3
    game = make_game("tamalou")
    flooder = Client()
    answers = [save(flooder, game, **HTMX) for _ in range(6)]

    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429, 429]
    refused = answers[-1].content.decode()
    assert "Trop d’enregistrements de manches en une minute" in re.sub(r"\s+", " ", refused)
    # The form is kept on the phone: the sentence goes into its top slot, nothing else is swapped.
    assert answers[-1]["HX-Retarget"] == "#err-top" and 'id="err-top"' in refused
    assert "Traceback" not in refused
    assert answers[-1]["Retry-After"] == "10"
    assert game.rounds.count() == 3

    other_phone = Client()
    assert save(other_phone, game).status_code == 302  # another device of the game still saves


def test_it_caps_a_games_saves_from_all_devices_together(settings):
    settings.ROUND_SAVES_PER_MINUTE = 2
    game = make_game("tamalou")
    answers = [save(Client(), game).status_code for _ in range(14)]  # a fresh device every time

    assert answers.count(302) == 2 * 5 and answers[-1] == 429
    assert game.rounds.count() == 10


def test_a_refused_save_is_refused_before_any_database_query(settings, django_assert_num_queries):
    """Issue 28: refusing costs a small fraction of serving: a flood's save is turned away
    from the cache alone, before the game, its rounds or the form are loaded."""
    settings.ROUND_SAVES_PER_MINUTE = 2
    game = make_game("tamalou")
    flooder = Client()
    for _ in range(2):
        save(flooder, game, **HTMX)
    with django_assert_num_queries(0):
        refused = save(flooder, game, **HTMX)
    assert refused.status_code == 429
    with django_assert_num_queries(0):
        assert save(flooder, game).status_code == 429  # without htmx too
    assert game.rounds.count() == 2
