"""Every WebSocket route of the project, mounted by scorekeeper/asgi.py.

Each app keeps its own routes in its `routing.py`; add one line here per app.
"""

from django.urls import URLPattern, URLResolver, path

import referee.routing
import scorekeeper.leagues.routing
from scorekeeper.consumers import SheetConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *referee.routing.websocket_urlpatterns,
    *scorekeeper.leagues.routing.websocket_urlpatterns,
    # A game's score sheet, live (scorekeeper/live_sheet.py picks the game from `key`).
    path("ws/games/<str:key>/sheet/", SheetConsumer.as_asgi(), name="sheet_socket"),
]
