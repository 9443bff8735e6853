"""The extension point: a twelfth variant registered from one file (toy_variant.py)
is played through every page — new game, sheet, round entry, why this score, rules
page and the live table's reveal — with no other file of the app knowing it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse

from engine.rules import VARIANTS
from referee.models import LiveTable
from scorekeeper.models import Game
from tests.extension import toy_variant
from tests.referee.test_views import seated

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy() -> Iterator[None]:
    toy_variant.register()
    yield
    toy_variant.unregister()


def hands(*cards: str) -> dict[str, str]:
    """The hands as picked; the table dealt four, so their sizes are confirmed."""
    return {f"hand-{i}-cards": text for i, text in enumerate(cards)} | {"counts_confirmed": "1"}


def started(client: Client) -> Game:
    response = client.post(reverse("game_new"), {"variant": "mistigri", "seat": ["Ana", "Ben", "Chloé"],
                                                 "option-rounds": "2", "action": "start"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    game.full_clean()  # the model takes the new key as one of its choices, with no migration
    return game


def test_it_offers_the_registered_variant_on_the_new_game_page_with_its_own_line(client: Client, toy: None):
    choose = client.get(reverse("game_new")).content.decode()
    form = client.get(reverse("game_new"), {"variant": "mistigri"}).content.decode()

    assert "Mistigri" in choose and "l&#x27;annonceur battu la compte 2 fois" in choose
    assert "se joue de 2 à 5 joueurs" in form and 'name="option-rounds"' in form and 'value="3"' in form


def test_it_plays_a_round_of_the_registered_variant_on_the_score_sheet(client: Client, toy: None):
    """mistigri.caller_lowest: the caller nobody beats scores 0; the others their hand."""
    game = started(client)
    entry = client.get(reverse("round_new", args=[game.token])).content.decode()
    assert 'name="hand-2-cards"' in entry and "« mistigri »" in entry

    response = client.post(reverse("round_new", args=[game.token]),
                           {**hands("A♠ 7♥", "9S QH", "R♠"), "announcer": "0", "action": "save"})
    game.refresh_from_db()
    sheet = client.get(game.get_absolute_url()).content.decode()

    assert response.status_code == 302
    assert game.totals == {"Ana": 0, "Ben": 21, "Chloé": 13}
    assert "Mistigri" in sheet and ">21<" in sheet


def test_it_says_why_the_registered_variant_scored_what_it_did(client: Client, toy: None):
    game = started(client)
    game.add_round({"hands": {"Ana": ["AS", "7H"], "Ben": ["9S", "QH"], "Chloé": ["KS"]}, "announcer": "Ben"})

    why = client.get(reverse("round_why", args=[game.token, 1])).content.decode()

    assert "Ben annonce mais est battu : 21 × 2 = 42" in why
    assert "Ana marque sa main : 8" in why


def test_it_builds_the_registered_variant_s_rules_page_from_its_declaration_and_words(client: Client, toy: None):
    page = client.get(reverse("rules_page", args=["mistigri"])).content.decode()
    index = client.get(reverse("rules_index")).content.decode()

    assert "L&#x27;annonceur battu marque 2 fois sa main." in page
    assert "On annonce « Mistigri » avec 9 ou moins." in page
    assert 'id="reading-mistigri-toy"' in page
    assert "Mistigri" in index


def test_it_ends_a_live_table_round_of_the_registered_variant_with_the_reveal(client: Client, toy: None):
    """mistigri.caller_beaten: the live table's call goes to the sheet; the caller beaten
    scores twice their hand, and the agreed two rounds end the game."""
    game = started(client)
    game.add_round({"hands": {"Ana": ["AS", "7H"], "Ben": ["9S", "QH"], "Chloé": ["KS"]}, "announcer": "Ana"})
    table = LiveTable.open_for(game)
    seated(client, table, role="referee", seat=None)
    table.record("discard", {"player": "Ben", "card": "8H"}, table.members.get())  # the end of his turn
    table.record("call.made", {"player": "Ben"}, table.members.get())

    page = client.get(reverse("table_reveal", args=[table.code])).content.decode()
    response = client.post(reverse("table_reveal", args=[table.code]), hands("10♠", "V♠ D♠", "8♣"))
    game.refresh_from_db()

    assert 'name="hand-0-cards"' in page
    assert response.status_code == 302
    assert game.rounds.get(number=2).data["announcer"] == "Ben"
    assert game.totals == {"Ana": 10, "Ben": 21 + 46, "Chloé": 21}
    assert game.finished and game.winners == ["Ana"]


def test_it_takes_the_variant_out_again_when_unregistered():
    toy_variant.register()
    toy_variant.unregister()
    assert "mistigri" not in VARIANTS
