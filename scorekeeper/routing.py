"""Every WebSocket route of the project, mounted by scorekeeper/asgi.py.

Each app keeps its own routes in its `routing.py`; add one line here per app.
"""

from django.urls import URLPattern, URLResolver

import referee.routing
import scorekeeper.leagues.routing

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *referee.routing.websocket_urlpatterns,
    *scorekeeper.leagues.routing.websocket_urlpatterns,
]
