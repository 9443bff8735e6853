"""A season imported from files that say who sits behind each name (game-record v1.2
`people`, issue 30 item 7): each name on the person with that id, and the standings of
each person equal to the engine's order over their own games."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from leagues.models import LeagueGame, Season, Standing
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL, standings
from leagues.results.importing import PeopleToChoose, import_files
from leagues.results.recording import player_key, summary_of
from scorekeeper.models import Game, Player
from scorekeeper.players.circle import NEW

MARIE_D, MARIE_L, JULES = "p-marieDupont1", "p-marieLeroy22", "p-jules333"


def record(people: dict[str, str], **hands: int) -> bytes:
    return json.dumps({"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": list(hands),
                       "people": people, "rounds": [{"announcer": None, "hands": hands}]}).encode()


FILES = [
    ("2026-03-05_t1.json", record({"Marie": MARIE_D, "Jules": JULES}, Marie=2, Jules=9, Ana=5)),
    ("2026-03-05_t2.json", record({"Marie": MARIE_L}, Marie=11, Ben=3)),
    ("2026-03-12_t1.json", record({"Julien": JULES, "Marie": MARIE_L}, Julien=1, Marie=8)),
    ("2026-03-12_t2.json", record({"Marie": MARIE_D}, Marie=4, Ben=6, Ana=7)),
]


def test_two_maries_of_different_ids_and_jules_julien_of_one_stand_as_the_engine_orders_them(
        season: Season, organiser: Any) -> None:
    reports = import_files(season, FILES, user=organiser)
    assert all(r.ok for r in reports), [r.problems for r in reports]

    rows = season_rows(season, OVERALL)
    shown = sorted(row.player for row in rows)
    assert shown == ["Ana", "Ben", "Jules", "Marie (1)", "Marie (2)"]  # Julien is Jules: one row
    fold = standings(summary_of(lg.game) for lg in LeagueGame.objects.select_related("game")
                     .order_by("game__finished_at", "game_id"))
    engine = {r.player: r for r in fold.rows(OVERALL)}
    by_person = {p.person_id: p for p in Player.objects.all()}
    rows_by_key = {row.key: row for row in rows}
    for person, games in ((MARIE_D, 2), (MARIE_L, 2), (JULES, 2)):
        player = by_person[person]
        row, expected = rows_by_key[player.pk], engine[player_key(player.pk)]
        assert (row.games, row.wins, row.skill) == (games, expected.wins, expected.skill)
        assert expected.games == games
    julien_game = Game.objects.get(seats__name="Julien")
    assert julien_game.people()["Julien"] == JULES  # exported with the id it came with


def test_a_name_the_league_knows_twice_without_an_id_is_refused_by_name(season: Season, organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    reports = import_files(season, [("2026-03-19_t1.json", json.dumps(
        {"format": 1, "variant": "tamalou", "players": ["Marie", "Ben"],
         "rounds": [{"announcer": None, "hands": {"Marie": 1, "Ben": 2}}]}).encode())], user=organiser)
    assert [p.code for p in reports[0].problems] == ["league.which_person"]
    assert Game.objects.count() == 2


def test_an_id_of_someone_outside_the_league_grants_nothing_the_name_is_someone_new(
        season: Season, organiser: Any) -> None:
    """game-record.md, section 2: a person id is an identifier, not a secret. A crafted file
    naming the id of a person of another group must not put its games on their pages."""
    victim = Player.objects.create(name="Zoé")  # a person of another circle, not of this league
    reports = import_files(season, [("2026-03-05_t1.json", record({"Zoé": victim.person_id}, Zoé=1, Ben=9))],
                           user=organiser)
    assert all(r.ok for r in reports), [r.problems for r in reports]

    imported = Game.objects.get().seats.get(name="Zoé").player
    assert imported.pk != victim.pk
    assert imported.person_id != victim.person_id
    assert list(victim.person.players.all()) == [victim]


NO_ID_MARIE = ("2026-03-19_t1.json", json.dumps(
    {"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["Marie", "Ben"],
     "rounds": [{"announcer": None, "hands": {"Marie": 1, "Ben": 2}}]}).encode())
ONE_MORE = ("2026-03-19_t2.json", record({}, Ana=3, Chloé=6))


def test_asked_it_saves_nothing_and_asks_which_marie_each_labelled_or_someone_new(season: Season,
                                                                                  organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    before = (Game.objects.count(), Player.objects.count())

    with pytest.raises(PeopleToChoose) as asked:
        import_files(season, [ONE_MORE, NO_ID_MARIE], user=organiser, ask=True)

    assert (Game.objects.count(), Player.objects.count()) == before  # not even the good file
    [question] = asked.value.questions
    marie_d, marie_l = (Player.objects.get(person_id=p) for p in (MARIE_D, MARIE_L))
    assert question.name == "Marie"
    assert question.choices == [(str(marie_d.pk), "Marie (1)"), (str(marie_l.pk), "Marie (2)"), (NEW, "")]


def test_with_the_choice_it_imports_every_file_on_the_chosen_marie(season: Season, organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    marie_l = Player.objects.get(person_id=MARIE_L)

    reports = import_files(season, [ONE_MORE, NO_ID_MARIE], user=organiser, ask=True,
                           chosen={"Marie": str(marie_l.pk)})

    assert all(r.ok for r in reports)
    assert Game.objects.get(pk=reports[1].game_id).seats.get(name="Marie").player == marie_l
    assert Standing.objects.get(season=season, player=marie_l, scope=OVERALL).games == 2


def test_someone_else_is_a_new_marie_and_a_stale_choice_is_asked_again(season: Season, organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    with pytest.raises(PeopleToChoose):
        import_files(season, [NO_ID_MARIE], user=organiser, ask=True, chosen={"Marie": "999999"})

    reports = import_files(season, [NO_ID_MARIE], user=organiser, ask=True, chosen={"Marie": NEW})

    new = Game.objects.get(pk=reports[0].game_id).seats.get(name="Marie").player
    assert new.person_id not in (MARIE_D, MARIE_L) and Player.objects.filter(name="Marie").count() == 3


def test_the_import_page_asks_laquelle_then_imports_with_the_choice(client: Any, season: Season,
                                                                    organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    marie_d = Player.objects.get(person_id=MARIE_D)
    client.force_login(organiser)
    url = reverse("leagues:season_import", args=[season.pk])

    asked = client.post(url, {"files": [SimpleUploadedFile(name, body) for name, body in (ONE_MORE, NO_ID_MARIE)]})

    page = asked.content.decode()
    assert asked.status_code == 200 and "Marie : laquelle ?" in page
    assert f'value="{marie_d.pk}"' in page and "Marie (1)" in page and "quelqu&#x27;un d&#x27;autre" not in page
    assert "quelqu'un d'autre" in page and Game.objects.count() == 2
    token = re.search(r'name="pending" value="([^"]+)"', page).group(1)

    done = client.post(url, {"pending": token, "name-0": "Marie", "who-0": str(marie_d.pk)})

    assert done.status_code == 200 and done.content.decode().count("importée") == 2
    assert Game.objects.get(seats__name="Chloé") and Game.objects.count() == 4
    assert Game.objects.filter(seats__player=marie_d).count() == 2
    again = client.post(url, {"pending": token, "name-0": "Marie", "who-0": str(marie_d.pk)})
    assert again.status_code == 422 and "ne sont plus en attente" in again.content.decode()
    assert Game.objects.count() == 4


def test_the_import_page_asks_again_without_a_choice_and_keeps_nothing(client: Any, season: Season,
                                                                      organiser: Any) -> None:
    import_files(season, FILES[:2], user=organiser)
    client.force_login(organiser)
    url = reverse("leagues:season_import", args=[season.pk])
    page = client.post(url, {"files": [SimpleUploadedFile(*NO_ID_MARIE)]}).content.decode()
    token = re.search(r'name="pending" value="([^"]+)"', page).group(1)

    again = client.post(url, {"pending": token, "name-0": "Marie"})

    assert again.status_code == 422 and "Choisissez une personne pour chaque nom." in again.content.decode()
    assert Game.objects.count() == 2
