"""The ASGI application Daphne serves: HTTP through Django, WebSockets through Channels."""

import pytest
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator, WebsocketCommunicator

from config.asgi import application


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)  # the home page lists the games
async def test_it_serves_the_home_page_over_asgi():
    communicator = HttpCommunicator(application, "GET", "/", headers=[(b"host", b"testserver")])

    response = await communicator.get_response()

    assert response["status"] == 200
    assert "Marque-carte" in response["body"].decode()


@pytest.mark.asyncio
async def test_it_refuses_a_websocket_from_a_foreign_origin():
    communicator = WebsocketCommunicator(
        application, "/ws/anything/", headers=[(b"origin", b"https://elsewhere.example")]
    )

    connected, _ = await communicator.connect()

    assert connected is False


@pytest.mark.asyncio
async def test_it_passes_a_group_message_through_the_channel_layer():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    group = f"test-{channel.rsplit('!', 1)[-1].replace('.', '-')}"[:90]
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "table.event", "text": "cactus"})
        message = await layer.receive(channel)
    finally:
        await layer.group_discard(group, channel)
        await layer.flush()  # Redis: deletes this layer's keys, in the tests' own database

    assert message == {"type": "table.event", "text": "cactus"}
