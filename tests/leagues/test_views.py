"""The league pages, plain and through htmx."""

from __future__ import annotations

import csv
import io

from django.urls import reverse

from leagues.models import League, LeagueGame
from scorekeeper.http import SESSION_GAMES
from scorekeeper.models import Game

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_it_asks_for_a_login_before_the_organisers_home(client, db):
    response = client.get(reverse("leagues:index"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_it_shows_a_french_login_page(client, db):
    page = client.get(reverse("login")).content.decode()
    assert "Connexion des organisateurs" in page


def test_it_creates_a_league_run_by_its_creator(client, organiser):
    client.force_login(organiser)

    response = client.post(reverse("leagues:league_create"), {"name": "Les jeudis"})

    league = League.objects.get()
    assert response.status_code == 302
    assert league.is_organiser(organiser)
    assert "Les jeudis" in client.get(reverse("leagues:index")).content.decode()


def test_it_refuses_a_league_without_a_name(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("leagues:league_create"), {"name": ""})
    assert response.status_code == 422 and not League.objects.exists()


def test_it_shows_the_season_standings_with_its_tie_breaks(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10, "Chloé": 20}, announcer="Ana")

    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()

    assert page.index("Ana") < page.index("Ben") < page.index("Chloé")
    assert "le plus de victoires, puis le meilleur pourcentage" in page
    assert "(place − 1) / (nombre de joueurs ou d'équipes − 1)" in page
    assert "Tamalou" in page  # the variant tab


def test_it_swaps_only_the_standings_for_another_variant_through_htmx(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    response = client.get(reverse("leagues:season", args=[season.pk]) + "?scope=tamalou", **HTMX)

    page = response.content.decode()
    assert page.lstrip().startswith('<section id="standings"')
    assert "<html" not in page
    assert "Pts" in page  # points compare within one variant


def test_it_escapes_player_names(client, season, table, play):
    play(table, {"<script>alert(1)</script>": 3, "Ben": 10}, announcer="<script>alert(1)</script>")

    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()

    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_it_shows_a_player_page_with_svg_charts(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    game = play(table, {"Ana": 9, "Ben": 1}, announcer="Ben")
    ana = game.seats.get(position=0).player

    response = client.get(reverse("leagues:player", args=[season.pk, ana.pk]))

    page = response.content.decode()
    assert page.count('<svg class="chart"') == 2
    assert "Meilleure série" in page
    htmx = client.get(reverse("leagues:player", args=[season.pk, ana.pk]) + "?variant=tamalou", **HTMX)
    assert htmx.content.decode().lstrip().startswith('<section id="points"')


def test_it_compares_two_players_head_to_head(client, season, table, play):
    game = play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")
    ana, ben = (seat.player for seat in game.seats.all())
    url = reverse("leagues:head_to_head", args=[season.pk])

    page = client.get(url, {"a": ana.pk, "b": ben.pk}).content.decode()

    assert "Ana devant" in page
    htmx = client.get(url, {"a": ana.pk, "b": ana.pk}, **HTMX)
    assert htmx.status_code == 422 and "deux joueurs différents" in htmx.content.decode()
    assert client.get(url, {"a": ana.pk, "b": ana.pk}).status_code == 422


def new_game(variant: str, *players: str, **fields: str) -> dict:
    """What the new-game form posts to start a game (the same form as /games/new/)."""
    return {"variant": variant, "seat": list(players), "action": "start", **fields}


def test_it_starts_a_game_from_the_table_link(client, table):
    response = client.post(reverse("leagues:table_game_create", args=[table.token]),
                           new_game("tamalou", "Ana", "Ben", "Chloé"))

    game = Game.objects.get()
    assert game.player_names() == ["Ana", "Ben", "Chloé"]
    assert LeagueGame.objects.get(game=game).table == table
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    # Through htmx the browser is sent to the score sheet too.
    htmx = client.post(reverse("leagues:table_game_create", args=[table.token]),
                       new_game("dutch", "Ana", "Ben"), **HTMX)
    assert htmx["HX-Redirect"] == Game.objects.get(variant="dutch").get_absolute_url()


def test_it_pairs_canasta_partners_opposite_each_other_as_named_sides(client, table):
    client.post(reverse("leagues:table_game_create", args=[table.token]),
                new_game("canasta", "Ana", "Ben", "Chloé", "Dan", team=["Nord-Sud", "Est-Ouest"]))

    assert Game.objects.get().teams == {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}


def test_it_shows_the_same_new_game_form_as_the_games_page(client, table):
    """Known-player chips, canasta's sides named Nord-Sud and Est-Ouest, and only the
    chosen game's options, capped as on /games/new/."""
    game = Game.start("tamalou", ["Zoé", "Yann"])
    session = client.session
    session[SESSION_GAMES] = [game.token]  # a game started on this phone: its players are offered
    session.save()
    url = reverse("leagues:table", args=[table.token])

    choose = client.get(url).content.decode()
    canasta = client.get(url, {"variant": "canasta"}).content.decode()
    fontenaysien = client.get(url, {"variant": "fontenaysien"}, **HTMX).content.decode()
    tamalou = client.get(url, {"variant": "tamalou"}, **HTMX).content.decode()

    assert 'href="?variant=canasta"' in choose
    assert 'value="add:Zoé"' in canasta and 'value="Nord-Sud"' in canasta and 'value="Est-Ouest"' in canasta
    assert 'name="option-half_game"' in fontenaysien and 'name="option-rounds"' not in fontenaysien
    assert 'name="option-rounds"' in tamalou and 'max="999"' in tamalou
    assert 'name="option-half_game"' not in tamalou and 'name="team"' not in tamalou
    assert f'hx-post="{reverse("leagues:table_game_create", args=[table.token])}"' in tamalou


def test_it_seats_a_known_player_at_the_table_without_starting(client, table):
    url = reverse("leagues:table_game_create", args=[table.token])

    page = client.post(url, {"variant": "tamalou", "seat": ["Ana", ""], "action": "add:Zoé"}, **HTMX)

    assert 'value="Zoé"' in page.content.decode() and not Game.objects.exists()


def test_it_says_why_a_game_cannot_start_at_the_table(client, table):
    response = client.post(reverse("leagues:table_game_create", args=[table.token]),
                           new_game("tamalou", "Ana"), **HTMX)

    page = response.content.decode()
    assert response.status_code == 422 and page.lstrip().startswith('<form id="game-form"')
    assert "Tamalou se joue de 2 à 8 joueurs (ici 1)." in page
    assert not Game.objects.exists()


def test_it_shows_the_room_screen_and_its_board_partial(client, night, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    page = client.get(reverse("leagues:room", args=[night.pk])).content.decode()
    board = client.get(reverse("leagues:room", args=[night.pk]), **HTMX).content.decode()

    assert f"/ws/leagues/nights/{night.pk}/room/" in page
    assert board.lstrip().startswith('<div id="board"') and "Table 1" in board and "Ana" in board
    assert "1 victoire · 1 partie" in board
    english = client.get(reverse("leagues:room", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="en", **HTMX)
    assert "1 win · 1 game" in english.content.decode()  # it read "1 g."


def test_it_exports_standings_and_games_as_csv(client, season, table, play):
    play(table, {"Ana": 3, "=cmd()": 10}, announcer="Ana")

    standings = client.get(reverse("leagues:standings_csv", args=[season.pk])).content.decode("utf-8-sig")
    games = client.get(reverse("leagues:games_csv", args=[season.pk])).content.decode("utf-8-sig")

    rows = list(csv.DictReader(io.StringIO(standings)))
    ana = next(r for r in rows if r["scope"] == "tamalou" and r["player"] == "Ana")
    assert (ana["rank"], ana["games"], ana["wins"], ana["win_rate"]) == ("1", "1", "1", "1.0000")
    # The scaled place the tie-breaks use, and the place the pages show (1 = first).
    assert (ana["average_place"], ana["average_position"]) == ("0.0000", "1.0000")
    assert any(r["player"] == "'=cmd()" for r in rows)  # no formula reaches a spreadsheet
    game_rows = list(csv.DictReader(io.StringIO(games)))
    assert [(r["player"], r["won"], r["table"]) for r in game_rows] == [("Ana", "1", "Table 1"),
                                                                      ("'=cmd()", "0", "Table 1")]


def test_it_imports_uploaded_files_and_names_the_bad_one(client, organiser, season):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.leagues.test_importing import BAD, GOOD

    client.force_login(organiser)
    files = [SimpleUploadedFile("2026-03-05_t1.json", GOOD.encode()),
             SimpleUploadedFile("2026-03-05_t2.json", BAD.encode())]

    response = client.post(reverse("leagues:season_import", args=[season.pk]), {"files": files}, **HTMX)

    page = response.content.decode()
    assert page.lstrip().startswith('<section id="result"')
    assert "2026-03-05_t2.json" in page and "Manche 1 : Il manque la main de Ben." in page
    assert LeagueGame.objects.count() == 1


def test_it_gives_the_organiser_each_table_s_link_and_qr_code(client, organiser, night, table, other_table):
    client.force_login(organiser)

    page = client.get(reverse("leagues:night", args=[night.pk])).content.decode()

    assert f"http://testserver/leagues/t/{table.token}/" in page
    assert f"http://testserver/leagues/t/{other_table.token}/" in page
    assert page.count('class="segno"') == 2


def test_it_refuses_a_second_table_with_the_same_name(client, organiser, night, table):
    client.force_login(organiser)

    response = client.post(reverse("leagues:table_create", args=[night.pk]), {"label": "table 1"})

    assert response.status_code == 422
    assert "Cette soirée a déjà une table « table 1 »." in response.content.decode()
    assert night.tables.count() == 1


def test_it_shows_the_standings_in_english(client, season, table, play):
    play(table, {"Ana": 3, "Ben": 10}, announcer="Ana")

    page = client.get(reverse("leagues:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "How the standings are worked out" in page
    assert "Order: most wins, then the best win rate" in page


def test_it_passes_only_the_variant_s_own_options_to_a_new_game(client, table):
    url = reverse("leagues:table_game_create", args=[table.token])

    client.post(url, new_game("tamalou", "Ana", "Ben", **{"option-rounds": "6", "option-half_game": "on"}))
    client.post(url, new_game("fontenaysien", "Ana", "Ben", **{"option-rounds": "6", "option-half_game": "on"}))
    client.post(url, new_game("dutch", "Ana", "Ben", **{"option-rounds": "6"}))

    options = dict(Game.objects.values_list("variant", "options"))
    assert options == {"tamalou": {"rounds": 6}, "fontenaysien": {"half_game": True}, "dutch": {}}


def test_it_shows_the_import_page_and_answers_a_plain_upload_with_the_whole_page(client, organiser, season):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.leagues.test_importing import GOOD

    client.force_login(organiser)
    assert "Fichiers de parties (JSON)" in client.get(
        reverse("leagues:season_import", args=[season.pk])).content.decode()

    response = client.post(reverse("leagues:season_import", args=[season.pk]),
                           {"files": [SimpleUploadedFile("2026-03-05_t1.json", GOOD.encode())]})

    page = response.content.decode()
    assert response.status_code == 200 and "<html" in page
    assert "2026-03-05_t1.json" in page and "importée" in page
    assert LeagueGame.objects.count() == 1


def test_it_refuses_an_upload_without_files(client, organiser, season):
    client.force_login(organiser)

    response = client.post(reverse("leagues:season_import", args=[season.pk]), {})

    assert response.status_code == 422
    assert "Ce champ est obligatoire." in response.content.decode()


def test_it_refuses_a_night_outside_its_season(client, organiser, season):
    client.force_login(organiser)

    response = client.post(reverse("leagues:night_create", args=[season.pk]), {"date": "2026-02-27"})

    assert response.status_code == 422
    assert "Cette date est hors de la saison." in response.content.decode()
    assert not season.nights.exists()


def test_it_lists_the_last_eight_nights_and_the_others_on_demand(client, season):
    from datetime import date, timedelta

    from leagues.models import Night

    for week in range(9):
        Night.objects.create(season=season, date=date(2026, 3, 2) + timedelta(weeks=week))
    url = reverse("leagues:season", args=[season.pk])

    page = client.get(url).content.decode()
    everything = client.get(url + "?nights=all", **HTMX).content.decode()

    assert "27/04/2026" in page and "02/03/2026" not in page  # the oldest of nine waits
    assert "Toutes les soirées" in page
    assert everything.lstrip().startswith('<ul class="league-list" id="nights">')
    assert everything.count("écran de salle") == 9 and "Toutes les soirées" not in everything
