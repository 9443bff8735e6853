"""The live sheet: every phone on a game hears of a round saved, edited or undone
elsewhere, as the sheet rendered by the server, after the change has committed."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections, transaction

from scorekeeper.asgi import application
from scorekeeper.live_sheet import game_for_socket, language_of, socket_path
from scorekeeper.models import Game
from tests.factories import make_game, tamalou_round

ORIGIN = [(b"origin", b"http://testserver")]


async def close_worker_connections() -> None:
    """The ORM ran in asgiref's worker thread: close its connection (PostgreSQL drops the test DB)."""
    await database_sync_to_async(connections.close_all)()


def phone(game: Game, language: str = "fr") -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"{socket_path(game)}?lang={language}", headers=ORIGIN)


def two_games() -> tuple[Game, Game]:
    return make_game("tamalou", ["Ana", "Ben"]), make_game("tamalou", ["Chloé", "Dan"])


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_new_sheet_to_every_phone_on_the_game_and_to_no_other_game():
    game, other = await database_sync_to_async(two_games)()
    first, second, elsewhere = phone(game), phone(game), phone(other)
    try:
        for socket in (first, second, elsewhere):
            assert (await socket.connect())[0]

        await database_sync_to_async(game.add_round)(tamalou_round("Ana", Ana=3, Ben=17))

        for socket in (first, second):
            html = await socket.receive_from(timeout=5)
            assert html.lstrip().startswith('<section id="sheet"')  # htmx swaps it by its id
            assert ">17<" in html and "Manche suivante" in html
        assert await elsewhere.receive_nothing(timeout=0.2)
    finally:
        for socket in (first, second, elsewhere):
            await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_edits_and_undos_too():
    game = await database_sync_to_async(make_game)(
        "tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=3, Ben=17)])
    socket = phone(game)
    try:
        assert (await socket.connect())[0]

        await database_sync_to_async(game.edit_round)(1, tamalou_round("Ana", Ana=3, Ben=21))
        assert ">21<" in await socket.receive_from(timeout=5)

        await database_sync_to_async(game.undo_last_round)()
        assert "Aucune manche pour l" in await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_speaks_each_phone_s_language():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    french, english = phone(game, "fr"), phone(game, "en")
    try:
        assert (await french.connect())[0] and (await english.connect())[0]

        await database_sync_to_async(game.add_round)(tamalou_round("Ana", Ana=3, Ben=17))

        assert "Manche suivante" in await french.receive_from(timeout=5)
        assert "Next round" in await english.receive_from(timeout=5)
    finally:
        await french.disconnect()
        await english.disconnect()
        await close_worker_connections()


def add_then_roll_back(game: Game) -> None:
    with transaction.atomic():
        game.add_round(tamalou_round("Ana", Ana=3, Ben=17))
        transaction.set_rollback(True)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_nothing_for_a_change_that_was_rolled_back():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    socket = phone(game)
    try:
        assert (await socket.connect())[0]

        await database_sync_to_async(add_then_roll_back)(game)

        assert await socket.receive_nothing(timeout=0.3)
    finally:
        await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_closes_the_socket_of_a_game_that_does_not_exist():
    socket = WebsocketCommunicator(application, "/ws/games/999999/sheet/", headers=ORIGIN)

    connected, code = await socket.connect()
    await close_worker_connections()

    assert connected is False and code == 4404


@pytest.mark.django_db
def test_it_finds_the_game_of_a_socket_by_its_key_and_nothing_for_a_bad_key():
    game = make_game("tamalou", ["Ana", "Ben"])

    assert game_for_socket(game.token) == game
    assert game_for_socket("nope") is None
    assert game_for_socket(str(game.pk)) is None  # its number opens nothing


def test_it_falls_back_to_french_for_a_language_the_site_does_not_speak():
    assert language_of("en") == "en"
    assert language_of("de") == "fr"
    assert language_of(None) == "fr"


@pytest.mark.django_db
def test_the_sheet_page_opens_the_game_s_socket_in_its_language(client):
    game = make_game("tamalou", ["Ana", "Ben"])

    page = client.get(game.get_absolute_url()).content.decode()

    assert f'ws-connect="{socket_path(game)}?lang=fr"' in page
    assert "hx-ws-2" in page
