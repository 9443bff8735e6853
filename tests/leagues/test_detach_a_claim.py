"""A league's organiser detaches one game of a player from the person behind it, when
someone else said « C'est moi » for them (issue 30 item 2): a fresh person at that seat,
the person's other games and phones left alone, the season refolded, and the game's
history says who did it. Nobody else may."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from leagues.models import Standing
from referee.models import LiveTable
from referee.views import cookie_name
from scorekeeper.models import RoundChange


def claim_from_the_sheet(game: Any, name: str) -> None:
    phone = Client()
    phone.get(game.get_absolute_url())
    phone.post(reverse("claim_person"), {"game": game.token, "name": name})


def test_an_organiser_detaches_one_game_of_a_claimed_player_leaving_their_other_games_and_phones(
        client: Client, organiser: Any, season: Any, play: Any, table: Any, other_table: Any) -> None:
    first = play(table, {"Ben": 2, "Ana": 9}, announcer="Ben")
    second = play(other_table, {"Ben": 4, "Chloé": 8}, announcer="Ben")
    ben = first.seats.get(name="Ben").player
    claim_from_the_sheet(first, "Ben")  # Ana's phone, on Ben's line

    client.force_login(organiser)
    client.post(reverse("leagues:player_detach", args=[season.pk, ben.pk]), {"game": first.pk})

    detached = first.seats.get(name="Ben").player
    assert detached.pk != ben.pk and detached.name == "Ben"
    assert detached.person_id != ben.person_id and not detached.person.keys.exists()
    assert second.seats.get(name="Ben").player == ben  # the other game stays
    assert ben.person.keys.filter(revoked_at__isnull=True).count() == 1  # the phone too
    line = RoundChange.objects.get(game=first, action=RoundChange.DETACHED)
    assert (line.by, line.before["player"]) == ("orga", "Ben")
    assert Standing.objects.get(season=season, player=detached, scope="overall").games == 1  # refolded
    assert Standing.objects.get(season=season, player=ben, scope="overall").games == 1


def test_only_an_organiser_detaches_in_a_league(client: Client, stranger: Any, season: Any, play: Any,
                                                  table: Any) -> None:
    game = play(table, {"Ben": 2, "Ana": 9}, announcer="Ben")
    ben = game.seats.get(name="Ben").player
    client.force_login(stranger)
    assert client.post(reverse("leagues:player_detach", args=[season.pk, ben.pk]),
                       {"game": game.pk}).status_code in (403, 404)
    assert game.seats.get(name="Ben").player == ben


def test_the_referee_of_a_league_games_live_table_leaves_it_to_the_organisers(season: Any, play: Any,
                                                                              table: Any) -> None:
    game = play(table, {"Ben": 2, "Ana": 9}, announcer="Ben")
    ben = game.seats.get(name="Ben").player
    live = LiveTable.open_for(game)
    referee = Client()
    member, _ = live.join("referee")
    referee.cookies[cookie_name(live)] = member.token()

    assert 'data-testid="detach"' not in referee.get(reverse("table_page", args=[live.code])).content.decode()
    referee.post(reverse("table_detach", args=[live.code]), {"name": "Ben"})

    assert game.seats.get(name="Ben").player == ben
    assert not RoundChange.objects.filter(action=RoundChange.DETACHED).exists()
