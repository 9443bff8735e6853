"""WebSocket routes, mounted by config/asgi.py (through config/routing.py)."""

from django.urls import URLPattern, path

from referee.live.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/tables/<str:code>/", TableConsumer.as_asgi(), name="table_socket"),
]
