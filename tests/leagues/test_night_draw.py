"""The night's draw as the organiser does it (leagues/drawing, leagues/views/drawing.py)."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from django.urls import reverse

from leagues.drawing import night as drawing
from leagues.models import Night, NightTable, Seat
from scorekeeper.models import Player

NAMES = ["Ana", "Ben", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
         "Léa", "Manon"]


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def _draw(client, night, names=NAMES, **fields):
    return client.post(reverse("leagues:night_draw", args=[night.pk]),
                       {"game": "tamalou", "mode": "random", "new_names": "\n".join(names), **fields})


def _tables(night):
    kept = drawing.kept_draw(night)
    return [sorted(Player.objects.get(pk=p).name for p in t) for t in kept.draw.tables]


def test_it_draws_thirteen_players_at_tables_of_five_four_and_four(organiser_client, night):
    response = _draw(organiser_client, night)
    assert response.status_code == 302
    tables = _tables(night)
    assert sorted(map(len, tables)) == [4, 4, 5]
    assert sorted(n for t in tables for n in t) == sorted(NAMES)
    assert list(night.tables.values_list("label", flat=True)) == ["Table 1", "Table 2", "Table 3"]


def test_it_refuses_a_draw_without_two_players_and_says_so(organiser_client, night):
    response = _draw(organiser_client, night, names=["Ana"])
    assert response.status_code == 422
    assert "au moins deux joueurs" in response.content.decode()


def test_it_refuses_a_bad_name_and_says_which(organiser_client, night):
    response = _draw(organiser_client, night, names=["Ana", "Ben\u200b"])
    assert response.status_code == 422 and not night.seats.exists()


def test_it_lets_only_organisers_draw(client, stranger, night):
    client.force_login(stranger)
    assert _draw(client, night).status_code == 403


def test_it_avoids_last_nights_tables(organiser_client, season, night):
    earlier = Night.objects.create(season=season, date=night.date - timedelta(days=7))
    players = [Player.get_or_create_named(n) for n in NAMES[:12]]
    drawing.draw_night(earlier, players, game="tamalou", mode="random", seed=1)
    last = [set(t) for t in drawing.kept_draw(earlier).draw.tables]
    drawing.draw_night(night, players, game="tamalou", mode="random", seed=2)
    for table in drawing.kept_draw(night).draw.tables:
        assert all(len(set(table) & before) <= 2 for before in last)
    assert drawing.kept_draw(night).draw.cost < 12


def test_it_moves_a_player_before_their_table_plays(organiser_client, night, play):
    _draw(organiser_client, night)
    first, second = night.tables.order_by("pk")[:2]
    mover = Seat.objects.filter(night=night, table=second).first().player
    response = organiser_client.post(reverse("leagues:night_move", args=[night.pk]),
                                     {"player": mover.pk, "table": first.pk})
    assert response.status_code == 422  # the first table holds five already: full
    third = night.tables.order_by("pk")[2]
    response = organiser_client.post(reverse("leagues:night_move", args=[night.pk]),
                                     {"player": mover.pk, "table": third.pk})
    assert response.status_code == 302
    assert Seat.objects.get(night=night, player=mover).table == third


def test_it_never_moves_a_playing_table_for_a_late_arrival_or_a_leaver(organiser_client, night, play):
    _draw(organiser_client, night)
    first = night.tables.order_by("pk").first()
    seated = [s.player.name for s in Seat.objects.filter(table=first).order_by("position")]
    play(first, {name: 5 for name in seated})
    assert _draw(organiser_client, night).status_code == 422  # no new draw once a table plays
    organiser_client.post(reverse("leagues:night_arrivals", args=[night.pk]), {"new_names": "Zoé"})
    leaver = Seat.objects.exclude(table=first).filter(night=night, left=False).first().player
    organiser_client.post(reverse("leagues:night_leave", args=[night.pk]), {"player": leaver.pk})
    kept = drawing.kept_draw(night)
    assert [Player.objects.get(pk=p).name for p in kept.draw.tables[0]] == seated
    present = Counter(kept.draw.seated() + list(kept.draw.waiting))
    assert Player.objects.get(name="Zoé").pk in present and leaver.pk not in present
    assert max(present.values()) == 1


def test_the_players_phone_and_the_room_screen_show_the_tables(organiser_client, client, night):
    _draw(organiser_client, night)
    organiser_client.logout()
    ana = Player.objects.get(name="Ana")
    page = client.get(reverse("leagues:night_tables", args=[night.pk]), {"player": ana.pk})
    table = Seat.objects.get(night=night, player=ana).table
    assert f"Vous jouez à la <strong>{table.label}</strong>" in page.content.decode()
    room = client.get(reverse("leagues:room", args=[night.pk])).content.decode()
    assert "Tables de ce soir" in room and all(name in room for name in NAMES)
    assert table.token not in room and table.token not in page.content.decode()


def test_the_players_page_speaks_english_on_an_english_phone(organiser_client, client, night):
    _draw(organiser_client, night)
    ana = Player.objects.get(name="Ana")
    page = client.get(reverse("leagues:night_tables", args=[night.pk]), {"player": ana.pk},
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "You play at <strong>Table" in page and "See my table" in page


def test_it_rotates_canasta_partners_from_one_night_to_the_next(season, night):
    earlier = Night.objects.create(season=season, date=night.date - timedelta(days=7))
    players = [Player.get_or_create_named(n) for n in NAMES[:4]]
    for seed in range(5):  # whatever the seeds, the partners change
        drawing.draw_night(earlier, players, game="canasta", mode="random", seed=seed)
        first = drawing.kept_draw(earlier).draw.tables[0]
        drawing.draw_night(night, players, game="canasta", mode="random", seed=seed + 100)
        second = drawing.kept_draw(night).draw.tables[0]
        pairs = {frozenset(first[0::2]), frozenset(first[1::2])}
        assert frozenset(second[0::2]) not in pairs and frozenset(second[1::2]) not in pairs


def test_it_seats_the_leaders_together_by_level(season, night, play):
    earlier = Night.objects.create(season=season, date=night.date - timedelta(days=7))
    table = NightTable.objects.create(night=earlier, label="T")
    play(table, {"Ana": 1, "Ben": 10, "Chloé": 20, "David": 30}, announcer="Ana")
    play(table, {"Ana": 1, "Ben": 10, "Chloé": 20, "David": 30}, announcer="Ana")
    play(table, {"Ben": 1, "Emma": 10, "Farid": 20}, announcer="Ben")
    present = [Player.objects.get(name=n) for n in ["Ana", "Ben", "Chloé", "David", "Emma", "Farid"]]
    drawing.draw_night(night, present, game="tamalou", mode="level", seed=3)
    tables = [{Player.objects.get(pk=p).name for p in t} for t in drawing.kept_draw(night).draw.tables]
    assert {"Ana", "Ben"} <= tables[0]  # the two with most wins at the first table


def test_a_draw_seats_players_at_the_tables_made_by_hand_and_keeps_their_links(organiser_client, night):
    by_hand = NightTable.objects.create(night=night, label="Table du fond")
    spare = NightTable.objects.create(night=night, label="Terrasse")
    extra = NightTable.objects.create(night=night, label="Bar")

    _draw(organiser_client, night, names=NAMES[:8])  # two tables of four

    tables = list(night.tables.order_by("pk"))
    assert [(t.pk, t.label, t.token) for t in tables] == [(by_hand.pk, "Table du fond", by_hand.token),
                                                         (spare.pk, "Terrasse", spare.token)]
    assert not NightTable.objects.filter(pk=extra.pk).exists()  # not needed tonight
    assert sorted(len(t.seats.all()) for t in tables) == [4, 4]


def test_a_second_draw_keeps_the_first_draws_table_links(organiser_client, night):
    _draw(organiser_client, night)
    first = sorted(night.tables.values_list("token", flat=True))
    _draw(organiser_client, night, seed=2)
    assert sorted(night.tables.values_list("token", flat=True)) == first
