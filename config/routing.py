"""Every WebSocket route of the project, mounted by config/asgi.py.

Each app keeps its own routes in its `routing.py`; add one line here per app.
"""

from django.urls import URLPattern, URLResolver, path

import leagues.routing
import referee.routing
from scorekeeper.sheet.consumers import SheetConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *referee.routing.websocket_urlpatterns,
    *leagues.routing.websocket_urlpatterns,
    # A game's score sheet, live (scorekeeper/sheet/live.py picks the game from `key`).
    path("ws/games/<str:key>/sheet/", SheetConsumer.as_asgi(), name="sheet_socket"),
]
