"""Canasta at the live table: going out ends the round, and the reveal counts the sides with
the score sheet's own canasta entry (by points by default, or by cards), so the round lands
on the sheet exactly as a sheet entry would (game-record.md v1.1 §4.10, "A counted side")."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from referee.views import cookie_name
from scorekeeper.models import Game
from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}

# The spec's worked example (§4.10): Ana counted, Ben by his cards; Ana went out.
ANA_BY_POINTS = {"side-0-mode": "count", "side-0-counted-melded": "1450", "side-0-counted-hand": "0",
                 "side-0-counted-natural_canastas": "1", "side-0-counted-mixed_canastas": "1",
                 "side-0-counted-wild_canastas": "0", "side-0-counted-red_threes": "2"}
BEN_BY_CARDS = {"side-1-mode": "cards", "side-1-melds": "1", "side-1-meld-0": "5♥ 5♠ 5♦",
                "side-1-hand": "R♥ 3♠", "side-1-openings": "0"}


def canasta_table(players: list[str] | None = None, **game: object) -> LiveTable:
    return LiveTable.open_for(make_game("canasta", players or ["Ana", "Ben"], **game))


def phone(table: LiveTable, seat: str | None = "Ana", role: str = "seat") -> Client:
    client = Client()
    member, _ = table.join(role, seat)
    client.cookies[cookie_name(table)] = member.token()
    return client


def went_out(table: LiveTable, player: str) -> None:
    table.record("round.last_card", {"player": player}, table.members.get(role="seat", seat=player))


def reveal(client: Client, table: LiveTable, **post: str):
    return client.post(reverse("table_reveal", args=[table.code]), post)


def test_it_stores_a_round_counted_by_points_with_the_engines_points_and_starts_the_next_round():
    table = canasta_table()
    ana = phone(table, "Ana")
    went_out(table, "Ana")
    ana.get(table.game.get_absolute_url())  # a phone holding the sheet's link goes back to it

    response = reveal(ana, table, **ANA_BY_POINTS, **BEN_BY_CARDS, went_out="0",
                      request_id=str(uuid.uuid4()), round_number="1")

    game = Game.objects.get(pk=table.game.pk)
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    stored = game.rounds.get()
    assert stored.data == {"went_out": "Ana", "sides": {
        "Ana": {"counted": {"melded": 1450, "hand": 0, "natural_canastas": 1, "mixed_canastas": 1,
                            "wild_canastas": 0, "red_threes": 2}},
        "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH", "3S"]}}}
    assert stored.result["points"] == {"Ana": 2550, "Ben": -95}  # the spec's worked example
    state = table.state()
    assert state.round == 2 and state.over is None
    assert table.events.filter(kind="reveal", payload__round=1).count() == 1


def test_it_asks_each_side_by_points_first_and_knows_who_went_out():
    table = canasta_table()
    ben = phone(table, "Ben")
    went_out(table, "Ben")

    page = ben.get(reverse("table_reveal", args=[table.code])).content.decode()

    assert "Compter la manche" in page
    assert 'name="side-0-mode" value="count" checked' in page and 'name="side-1-mode" value="count" checked' in page
    assert 'name="went_out" value="1" checked' in page
    assert "Cartes attendues" not in page  # no hand sizes to check at canasta


def test_it_keeps_a_side_given_by_its_cards_in_the_last_round_by_its_cards():
    last = {"went_out": "Ana", "sides": {"Ana": {"counted": {"melded": 300, "hand": 0, "natural_canastas": 2,
                                                              "mixed_canastas": 0, "wild_canastas": 0,
                                                              "red_threes": 0}},
                                          "Ben": {"melds": [["5H", "5S", "5D"]], "hand": ["KH"]}}}
    table = canasta_table(rounds=[last])

    page = phone(table, None, role="referee").get(reverse("table_reveal", args=[table.code])).content.decode()

    assert 'name="side-0-mode" value="count" checked' in page
    assert 'name="side-1-mode" value="cards" checked' in page


def test_it_asks_teams_at_four_and_stores_their_round():
    teams = {"Nous": ["Ana", "Chloé"], "Eux": ["Ben", "Dan"]}  # the sides in seat order, whatever the database
    table = canasta_table(["Ana", "Ben", "Chloé", "Dan"], teams=teams)
    referee = phone(table, None, role="referee")  # the referee may count without the table hearing who went out

    page = referee.get(reverse("table_reveal", args=[table.code])).content.decode()
    assert "Nous <small>Ana & Chloé</small>" in page

    response = reveal(referee, table, **ANA_BY_POINTS, **{"side-1-mode": "count", "side-1-counted-melded": "120",
                                                          "side-1-counted-hand": "35"},
                      went_out="2", request_id=str(uuid.uuid4()), round_number="1")
    assert response.status_code == 302
    assert Game.objects.get(pk=table.game.pk).rounds.get().result["points"] == {"Nous": 2550, "Eux": 85}


def test_a_second_reveal_of_the_same_round_stores_nothing():
    table = canasta_table()
    went_out_phone = phone(table, "Ana")
    went_out(table, "Ana")
    post = {**ANA_BY_POINTS, **BEN_BY_CARDS, "went_out": "0", "round_number": "1"}
    assert reveal(went_out_phone, table, **post, request_id=str(uuid.uuid4())).status_code == 302

    second = phone(table, "Ben").post(reverse("table_reveal", args=[table.code]),
                                      {**post, "request_id": str(uuid.uuid4())}, follow=True)

    assert "La manche 1 vient d’être enregistrée par un autre téléphone." in second.content.decode()
    assert table.game.rounds.count() == 1 and table.state().round == 2


def test_it_refuses_an_empty_round_beside_it_and_saves_nothing():
    table = canasta_table()
    ana = phone(table, None, role="referee")  # before anyone went out: the referee's reveal

    response = reveal(ana, table, **{"side-0-mode": "count", "side-1-mode": "count"}, went_out="",
                      request_id=str(uuid.uuid4()), round_number="1")

    assert response.status_code == 422
    assert not table.game.rounds.exists() and table.state().round == 1


def test_a_meld_more_is_a_field_more_and_saves_nothing():
    table = canasta_table()
    ana = phone(table, None, role="referee")  # before anyone went out: the referee's reveal

    response = ana.post(reverse("table_reveal", args=[table.code]),
                        {**BEN_BY_CARDS, "side-0-mode": "count", "action": "add-meld:1", "round_number": "1",
                         "request_id": str(uuid.uuid4())}, **HTMX)

    page = response.content.decode()
    assert response.status_code == 200 and 'name="side-1-meld-1"' in page and "<html" not in page
    assert not table.game.rounds.exists()


def test_a_players_count_link_shows_once_someone_went_out_and_the_referees_always():
    table = canasta_table()
    ana, referee = phone(table, "Ana"), phone(table, None, role="referee")
    url = reverse("table_page", args=[table.code])

    def link(client: Client) -> str:
        page = client.get(url).content.decode()
        return page[page.index('id="reveal-link"'):].split(">", 1)[0]

    assert "hidden" in link(ana) and "hidden" not in link(referee)
    # The referee says who went out; a player's button is for themselves.
    assert 'id="for-player"' in referee.get(url).content.decode()
    assert 'id="for-player"' not in ana.get(url).content.decode()
    went_out(table, "Ana")
    assert "hidden" not in link(ana)
