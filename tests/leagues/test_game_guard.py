"""League games count for standings: changing one needs its table's link while the
night is open, and an organiser after; every correction is in the game's history
with who made it, and the season's standings and page follow at once."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from leagues.models import Standing
from scorekeeper.models import RoundChange


def undo(client: Client, game, number: int = 1):
    return client.post(f"/games/{game.token}/rounds/undo/", {"number": str(number)})


def games_of(season, name: str) -> int:
    return Standing.objects.get(season=season, player__name=name, scope="overall").games


def test_it_refuses_an_anonymous_change_to_a_league_game(client: Client, table, play, season):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    response = undo(client, game)

    assert response.status_code == 403
    assert "lien de sa table" in response.content.decode()
    assert game.rounds.count() == 1 and games_of(season, "Ana") == 1


def test_it_refuses_a_new_round_from_a_phone_without_the_table_link(client: Client, table):
    from leagues.models import LeagueGame
    from scorekeeper.models import Game

    game = Game.start("tamalou", ["Ana", "Ben"])
    LeagueGame.objects.create(game=game, table=table)

    assert client.get(f"/games/{game.token}/rounds/new/").status_code == 403
    assert client.get(game.get_absolute_url()).status_code == 200  # reading stays open to the link


def test_it_lets_the_table_s_link_correct_its_game_while_the_night_is_open(
        client: Client, table, play, season, django_capture_on_commit_callbacks):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    client.get(table.get_absolute_url())

    with django_capture_on_commit_callbacks(execute=True):
        response = undo(client, game)

    assert response.status_code == 302 and game.rounds.count() == 0
    change = RoundChange.objects.filter(game=game, action=RoundChange.UNDONE).get()
    assert change.author == "lien de la table Table 1" and change.after_end
    # Stored as the table, worded in each reader's language (not the language of the phone that made it).
    with translation.override("en"):
        assert change.author == "table Table 1's link"
    english = client.get(f"/games/{game.token}/history/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "by table Table 1&#x27;s link" in english
    assert not Standing.objects.filter(season=season, player__name="Ana").exists()


def test_it_refuses_the_table_s_link_after_the_night(client: Client, table, play):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    client.get(table.get_absolute_url())
    table.night.date = timezone.localdate() - timedelta(days=2)
    table.night.save()

    response = undo(client, game)

    assert response.status_code == 403 and "organisateurs" in response.content.decode()
    assert game.rounds.count() == 1


def test_it_lets_an_organiser_correct_a_game_after_the_night_and_shows_it_on_the_season(
        client: Client, organiser, table, play, season, django_capture_on_commit_callbacks):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    play(table, {"Ana": 2, "Ben": 10}, announcer="Ana")
    last = play(table, {"Ana": 1, "Ben": 10}, announcer="Ana")
    table.night.date = timezone.localdate() - timedelta(days=2)
    table.night.save()
    assert games_of(season, "Ana") == 3
    client.force_login(organiser)

    with django_capture_on_commit_callbacks(execute=True):
        assert undo(client, last).status_code == 302

    assert games_of(season, "Ana") == 2
    change = RoundChange.objects.get(game=last, action=RoundChange.UNDONE)
    assert change.by == "orga" and change.user == organiser
    html = Client().get(season.get_absolute_url()).content.decode()
    assert "Corrections après la fin des parties" in html
    assert f"Partie n° {last.pk}" in html and "Manche 1 annulée" in html and "par orga" in html


@pytest.mark.parametrize("path", ["rounds/new/", "rounds/1/edit/", "rounds/undo/", "abandon/", "restore/",
                                  "players/rename/", "table/open/", "note/"])
def test_it_refuses_every_anonymous_change_to_a_league_game(client: Client, table, play, path: str):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    response = client.post(f"/games/{game.token}/{path}", {"number": "1", "player": "Ana", "name": "Anna", "note": "intrus",
                                                            "confirm": "1", "round_number": "2"})

    assert response.status_code == 403
    game.refresh_from_db()
    assert game.rounds.count() == 1 and game.abandoned_at is None and "Ana" in game.totals
    assert game.note == ""


def test_it_shows_a_phone_without_the_table_link_why_the_sheet_is_read_only(client: Client, table, play):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    html = client.get(game.get_absolute_url()).content.decode()

    assert 'data-testid="read-only"' in html and "lien de sa table" in html
    assert "data-read-only" in html  # the sheet's change buttons are hidden (app.css)
    assert f"/games/{game.token}/players/rename/" not in html and "Oui, abandonner" not in html


def test_it_keeps_the_change_buttons_for_the_table_link(client: Client, table, play):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    client.get(table.get_absolute_url())

    html = client.get(game.get_absolute_url()).content.decode()

    assert 'data-testid="read-only"' not in html and "data-read-only" not in html
    assert "Oui, abandonner" in html


def _seated_at_live_table(client: Client, game):
    """A phone that joined the game's live table with its code, as a seat."""
    from referee.models import LiveTable
    from referee.views import cookie_name

    live = LiveTable.open_for(game)
    member, _ = live.join("seat", "Ana")
    client.cookies[cookie_name(live)] = member.token()
    live.record("discard", {"player": "Ana", "card": "7H"}, member)
    live.record("call.made", {"player": "Ana"}, member)  # tamalou: the round stops, hands are revealed
    return live


def _reveal(client: Client, live):
    return client.post(f"/tables/{live.code}/reveal/", {
        "hand-0-mode": "count", "hand-0-count": "40", "hand-1-mode": "count", "hand-1-count": "0",
        "counts_confirmed": "1"})


def test_it_refuses_a_live_table_s_reveal_from_a_phone_without_the_table_link(client: Client, table):
    """The live table's code lets a phone join and play; writing the round on a league game's
    sheet still needs what the sheet needs (the attack: join with the code, reveal 40 points)."""
    from leagues.models import LeagueGame
    from scorekeeper.models import Game

    game = Game.start("tamalou", ["Ana", "Ben"])
    LeagueGame.objects.create(game=game, table=table)
    live = _seated_at_live_table(client, game)

    response = _reveal(client, live)

    assert response.status_code == 403 and "lien de sa table" in response.content.decode()
    assert game.rounds.count() == 0


def test_it_takes_a_live_table_s_reveal_from_the_table_link_while_the_night_is_open(client: Client, table):
    from leagues.models import LeagueGame
    from scorekeeper.models import Game

    game = Game.start("tamalou", ["Ana", "Ben"])
    LeagueGame.objects.create(game=game, table=table)
    client.get(table.get_absolute_url())
    live = _seated_at_live_table(client, game)

    response = _reveal(client, live)

    assert response.status_code == 302 and game.rounds.count() == 1
