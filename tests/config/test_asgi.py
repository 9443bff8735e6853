"""The ASGI application Daphne serves: HTTP through Django, WebSockets through Channels."""

import os
import subprocess
import sys

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


def test_what_a_first_message_loads_is_loaded_before_the_gc_freeze():
    """Issue 28: modules imported after config.asgi's gc.freeze() stay in the cyclic GC's
    care (channels_redis and redis' 60 modules were, walked by every full collection)."""
    script = (
        "import sys, asyncio\n"
        "import config.asgi\n"
        "before = set(sys.modules)\n"
        "from channels.layers import get_channel_layer\n"
        "async def go():\n"
        "    layer = get_channel_layer()\n"
        "    name = await layer.new_channel()\n"
        "    await layer.group_add('table.X', name)\n"
        "    await layer.group_send('table.X', {'type': 'x'})\n"
        "    await layer.group_discard('table.X', name)\n"
        "asyncio.run(go())\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    assert _last_line_printed(script) == "[]"


def test_it_keeps_the_rules_index_out_of_the_collector_once_built():
    """Issue 28: the rules index, built in a thread after config.asgi's first freeze, is
    frozen too once built; left in the cyclic GC's care, its 11,000 objects were walked by
    every full collection while live tables waited."""
    script = (
        "import gc\n"
        "import config.asgi\n"
        "from scorekeeper.rules_search import warmed\n"
        "from scorekeeper.rules_search.index import language_index\n"
        "warmed()\n"
        "pages = language_index('fr')\n"
        "print(any(o is pages for o in gc.get_objects()), gc.get_freeze_count() > 0)\n"
    )
    assert _last_line_printed(script) == "False True"  # not walked; frozen


def _last_line_printed(script: str) -> str:
    """What `script` printed last, run in a process of its own (config.asgi freezes its heap)."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]
