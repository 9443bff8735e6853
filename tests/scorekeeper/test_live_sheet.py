"""The live sheet: every phone on a game hears of a round saved, edited or undone
elsewhere, as the sheet rendered by the server, after the change has committed."""

from __future__ import annotations

import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import connections, transaction
from django.test import Client
from django.urls import reverse

from config.asgi import application
from scorekeeper.http import SESSION_GAMES
from scorekeeper.models import Game
from scorekeeper.sheet.broadcast import sheet_group
from scorekeeper.sheet.live import answered_with_the_sheet, language_of
from scorekeeper.sheet.page import game_for_socket, socket_path
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


def save_and_hand_over(game: Game, mine: str) -> None:
    """A request that answers its phone with the sheet: it hands its own render over."""
    with answered_with_the_sheet() as handoff:
        game.add_round(tamalou_round("Ana", Ana=3, Ben=17))
        handoff.publish(game, list(game.rounds.all()), {"fr": mine})


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_saving_request_s_own_render_to_its_language_and_renders_the_others():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    french, english = phone(game, "fr"), phone(game, "en")
    mine = '<section id="sheet">the saving phone\'s render</section>'
    try:
        assert (await french.connect())[0] and (await english.connect())[0]

        await database_sync_to_async(save_and_hand_over)(game, mine)

        assert await french.receive_from(timeout=5) == mine  # the same bytes, not rendered again
        assert await french.receive_nothing(timeout=0.3)  # once
        english_sheet = await english.receive_from(timeout=5)
        assert "Next round" in english_sheet and ">17<" in english_sheet
    finally:
        await french.disconnect()
        await english.disconnect()
        await close_worker_connections()


def save_without_handing_over(game: Game) -> None:
    with answered_with_the_sheet():
        game.add_round(tamalou_round("Ana", Ana=3, Ben=17))


def save_twice_with_one_request_id(game: Game) -> None:
    request_id = uuid.uuid4()
    game.add_round(tamalou_round("Ana", Ana=3, Ben=17), request_id=request_id)
    with answered_with_the_sheet() as handoff:
        game.add_round(tamalou_round("Ana", Ana=3, Ben=17), request_id=request_id)  # the double tap
        handoff.publish(game, list(game.rounds.all()), {"fr": "<section>again</section>"})


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_a_change_the_request_did_not_hand_over_when_the_request_ends():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    socket = phone(game)
    try:
        assert (await socket.connect())[0]

        await database_sync_to_async(save_without_handing_over)(game)

        assert ">17<" in await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_nothing_more_for_a_repeated_save_that_changed_nothing():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    socket = phone(game)
    try:
        assert (await socket.connect())[0]

        await database_sync_to_async(save_twice_with_one_request_id)(game)

        assert ">17<" in await socket.receive_from(timeout=5)  # the first save's sheet
        assert await socket.receive_nothing(timeout=0.3)
    finally:
        await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_never_sends_a_phone_an_older_sheet_after_a_newer_one():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    socket = phone(game)
    layer = get_channel_layer()
    try:
        assert (await socket.connect())[0]

        for version, text in ((5, "five"), (4, "four, late"), (6, "six")):
            await layer.group_send(sheet_group(game.pk), {"type": "sheet.changed", "version": version,
                                                         "html": {"fr": text, "en": text}})

        assert await socket.receive_from(timeout=5) == "five"
        assert await socket.receive_from(timeout=5) == "six"
    finally:
        await socket.disconnect()
        await close_worker_connections()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_writes_numbers_in_each_phone_s_language():
    game = await database_sync_to_async(make_game)("tamoul", ["Ana", "Ben"])
    french, english = phone(game, "fr"), phone(game, "en")
    try:
        assert (await french.connect())[0] and (await english.connect())[0]

        # Tamoul counts halves (its number pad has a ½ key).
        await database_sync_to_async(game.add_round)({"announcer": None, "hands": {"Ana": 6.5, "Ben": 9}})

        in_french, in_english = await french.receive_from(timeout=5), await english.receive_from(timeout=5)
        assert "6,5" in in_french and "6.5" not in in_french
        assert "6.5" in in_english and "6,5" not in in_english  # the cells too, not only the totals
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


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_it_sends_the_games_note_at_once_and_the_games_version_stays():
    game = await database_sync_to_async(make_game)("tamalou", ["Ana", "Ben"])
    socket = phone(game)

    def write_the_note() -> None:
        client = Client()
        session = client.session
        session[SESSION_GAMES] = [game.token]
        session.save()
        client.post(reverse("game_note", args=[game.token]), {"note": "revanche jeudi"})

    try:
        assert (await socket.connect())[0]
        await database_sync_to_async(write_the_note)()
        assert 'data-testid="game-note">revanche jeudi</p>' in await socket.receive_from(timeout=5)
        assert (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version == game.version
    finally:
        await socket.disconnect()
        await close_worker_connections()
