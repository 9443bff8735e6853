"""A player of a game whose live table is open keeps their name until the table is closed:
the table seats players by name and its log names them (renaming broke its reveal)."""

from __future__ import annotations

import pytest
from django.test import Client

from referee.models import LiveTable
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def rename(client: Client, game, old: str, new: str):
    return client.post(f"/games/{game.token}/players/rename/", {"player": old, "name": new})


def test_it_refuses_a_rename_while_the_games_live_table_is_open_and_says_why(client: Client):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game)

    response = rename(client, game, "Ana", "Anna")

    assert response.status_code == 422
    assert f"La table en direct {table.code} est ouverte" in response.content.decode()
    game.refresh_from_db()
    assert game.player_names() == ["Ana", "Ben", "Chloé"]


def test_it_renames_once_the_table_is_closed(client: Client):
    game = make_game("tamalou", ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game)
    table.close()

    assert rename(client, game, "Ana", "Anna").status_code in (200, 204, 302)
    game.refresh_from_db()
    assert game.player_names() == ["Anna", "Ben", "Chloé"]
