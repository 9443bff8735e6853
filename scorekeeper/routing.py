"""Every WebSocket route of the project, mounted by scorekeeper/asgi.py.

Each app keeps its own routes in its `routing.py`; add one line here per app.
"""

from django.urls import URLPattern, URLResolver

import referee.routing

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *referee.routing.websocket_urlpatterns,
]
