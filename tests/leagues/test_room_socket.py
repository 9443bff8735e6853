"""The room screen's WebSocket: one group per night, told when a game ends at any of its tables."""

from __future__ import annotations

from datetime import date

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections

from config.asgi import application
from leagues.drawing.night import draw_night
from leagues.live.broadcast import broadcast_draw_changed
from leagues.models import League, LeagueGame, Night, NightTable, Season
from leagues.results.importing import import_files
from scorekeeper.models import Game, Player
from tests.factories import tamalou_round

ORIGIN = [(b"origin", b"http://testserver")]


async def close_worker_connections() -> None:
    """The ORM calls run in asgiref's worker thread, whose connection would outlive the
    test and keep PostgreSQL from dropping the test database at the end of the run."""
    await database_sync_to_async(connections.close_all)()


def make_night() -> tuple[Night, NightTable, Night]:
    league = League.objects.create(name="Les jeudis")
    season = Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))
    night = Night.objects.create(season=season, date=date(2026, 3, 12))
    other_night = Night.objects.create(season=season, date=date(2026, 3, 19))
    return night, NightTable.objects.create(night=night, label="Table 2"), other_night


def finish_game_at(table: NightTable) -> Game:
    game = Game.start("tamalou", ["Ana", "Ben"], {"rounds": 1})
    LeagueGame.objects.create(game=game, table=table)
    game.add_round(tamalou_round("Ana", Ana=2, Ben=9))  # real commits: the signal runs after them
    return game


def connect(night: Night) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/leagues/nights/{night.pk}/room/", headers=ORIGIN)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_tells_the_night_s_screens_when_a_game_ends_at_one_of_its_tables():
    night, table, other_night = await database_sync_to_async(make_night)()
    screen, elsewhere = connect(night), connect(other_night)
    try:
        assert (await screen.connect())[0] and (await elsewhere.connect())[0]

        game = await database_sync_to_async(finish_game_at)(table)

        assert await screen.receive_json_from(timeout=5) == {"event": "game_ended", "game": game.pk}
        assert await elsewhere.receive_nothing(timeout=0.2)  # another night's screen hears nothing
    finally:
        await screen.disconnect()
        await elsewhere.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_closes_the_socket_of_a_night_that_does_not_exist():
    screen = WebsocketCommunicator(application, "/ws/leagues/nights/999999/room/", headers=ORIGIN)

    connected, _ = await screen.connect()
    await close_worker_connections()

    assert connected is False


def import_two_nights(night: Night, other_night: Night) -> list[int]:
    from tests.leagues.test_importing import GOOD, record

    later = record(["Ana", "Ben"], {"Ana": 9, "Ben": 1}, "Ben")
    reports = import_files(night.season, [
        (f"{night.date}_t1.json", GOOD), (f"{night.date}_t2.json", later),
        (f"{other_night.date}_t1.json", GOOD)])
    return [r.game_id for r in reports]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_tells_each_night_s_screens_once_of_its_last_imported_game():
    night, _table, other_night = await database_sync_to_async(make_night)()
    screen, elsewhere = connect(night), connect(other_night)
    try:
        assert (await screen.connect())[0] and (await elsewhere.connect())[0]

        _first, second, third = await database_sync_to_async(import_two_nights)(night, other_night)

        assert await screen.receive_json_from(timeout=5) == {"event": "game_ended", "game": second}
        assert await elsewhere.receive_json_from(timeout=5) == {"event": "game_ended", "game": third}
        assert await screen.receive_nothing(timeout=0.2) and await elsewhere.receive_nothing(timeout=0.2)
    finally:
        await screen.disconnect()
        await elsewhere.disconnect()
        await close_worker_connections()


def draw_tonight(night: Night) -> None:
    players = [Player.get_or_create_named(n) for n in ("Ana", "Ben", "Chloé", "Dan")]
    draw_night(night, players, game="tamalou", mode="random", seed=1)
    broadcast_draw_changed(night.pk)  # as the organiser's view does, after its commit


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_tells_the_night_s_screens_when_its_tables_are_drawn():
    night, _table, other_night = await database_sync_to_async(make_night)()
    screen, elsewhere = connect(night), connect(other_night)
    try:
        assert (await screen.connect())[0] and (await elsewhere.connect())[0]
        await database_sync_to_async(draw_tonight)(night)
        assert await screen.receive_json_from(timeout=5) == {"event": "draw_changed"}
        assert await elsewhere.receive_nothing(timeout=0.2)
    finally:
        await screen.disconnect()
        await elsewhere.disconnect()
        await close_worker_connections()
