"""Addresses a user types by hand lead somewhere (issue 27): /tables/ and /players/ were
Django's debug 404 listing every URL; `make run` takes a PORT."""

from __future__ import annotations

import subprocess
from pathlib import Path

from django.urls import reverse

from scorekeeper.http import SESSION_GAMES
from tests.factories import make_game

ROOT = Path(__file__).resolve().parents[2]


def test_it_sends_tables_to_the_page_that_finds_a_table_by_its_code(client):
    response = client.get("/tables/")
    assert response.status_code == 302 and response["Location"] == reverse("table_find")


def test_it_lists_the_players_this_phone_knows_at_players(client, db):
    empty = client.get("/players/")
    assert empty.status_code == 200 and "Aucune partie sur ce téléphone" in empty.content.decode()
    game = make_game(players=["Bruno", "David"])
    session = client.session
    session[SESSION_GAMES] = [game.token]
    session.save()
    page = client.get("/players/").content.decode()
    bruno = game.seats.get(name="Bruno").player
    assert f'<a href="?name=Bruno&amp;player={bruno.pk}">Bruno</a>' in page and "?name=David" in page


def test_make_run_serves_on_the_port_it_is_given():
    dry = subprocess.run(["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert "-p 8123 config.asgi:application" in dry
    default = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True,
                             check=True, env={"PATH": "/usr/bin:/bin"}).stdout
    assert "-p 8000 config.asgi:application" in default
