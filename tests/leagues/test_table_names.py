"""A league table's link starts games with the same new-game form, and a season's import
reads names through the same checks: every typed name counts, and a name the app cannot
keep is refused by name."""

from __future__ import annotations

import json
from datetime import date
from html import unescape

from django.urls import reverse

from leagues.results.importing import import_files
from scorekeeper.models import Game, Player
from scorekeeper.wording.problems import problem_text

HTMX = {"HTTP_HX_REQUEST": "true"}


def new_game(variant: str, *players: str, **fields) -> dict:
    return {"variant": variant, "seat": list(players), "action": "start", **fields}


def test_it_refuses_a_ninth_player_at_the_table_instead_of_dropping_them(client, table):
    response = client.post(reverse("leagues:table_game_create", args=[table.token]),
                           new_game("cactus", *"ABCDEFGHI"), **HTMX)

    assert response.status_code == 422 and not Game.objects.exists()
    assert "Cactus se joue de 2 à 8 joueurs (ici 9)." in response.content.decode()


def test_it_seats_canasta_players_typed_past_empty_seats_at_the_table(client, table):
    client.post(reverse("leagues:table_game_create", args=[table.token]),
                new_game("canasta", "Ana", "", "Ben", "", "Chloé", "Dan", team=["Nord-Sud", "Est-Ouest"]))

    assert Game.objects.with_players().get().player_names() == ["Ana", "Ben", "Chloé", "Dan"]


def test_it_refuses_a_seat_with_a_zero_width_space_at_the_table(client, table):
    response = client.post(reverse("leagues:table_game_create", args=[table.token]),
                           new_game("tamalou", "Ana", "Ana\u200b"), **HTMX)

    assert response.status_code == 422 and not Game.objects.exists()
    assert ("Place 2 : Le nom « Ana » contient un caractère invisible de mise en forme (U+200B)"
            in unescape(response.content.decode()))


def test_it_reports_an_imported_file_whose_player_name_has_a_lone_surrogate(season):
    bad = json.dumps({"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["\ud800", "Ben"],
                      "rounds": [{"announcer": None, "hands": {"\ud800": 2, "Ben": 9}}]})

    reports = import_files(season, [("bad.json", bad)], night_date=date(2026, 3, 5), table="Table 1")

    assert [p.code for p in reports[0].problems] == ["name.surrogate"]
    assert "Le nom « \ufffd » contient un caractère Unicode isolé (U+D800)" in problem_text(reports[0].problems[0])
    assert not Game.objects.exists() and not Player.objects.exists()
