"""The project's ASGI application plus the bare consumer at /ws/bare/<code>/ (benchmarks only).

Both consumers are served by the same Daphne processes with the same settings,
so bench/referee_load.py compares them under identical conditions.
"""

from typing import Any

from channels.routing import URLRouter
from django.urls import path

from bench.bare_consumer import BareTableConsumer  # noqa: E402
from config.asgi import application as project  # sets Django up first

# No origin check or session for the bare one: it pays for nothing it does not need.
bare = URLRouter([path("ws/bare/<str:code>/", BareTableConsumer.as_asgi())])


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/bare/"):
        return await bare(scope, receive, send)
    return await project(scope, receive, send)
