"""A season imported from files that say who sits behind each name (game-record v1.2
`people`, issue 30 item 7): each name on the person with that id, and the standings of
each person equal to the engine's order over their own games."""

from __future__ import annotations

import json
from typing import Any

from leagues.models import LeagueGame, Season
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL, standings
from leagues.results.importing import import_files
from leagues.results.recording import player_key, summary_of
from scorekeeper.models import Game, Player

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
