"""WebSocket routes, mounted by scorekeeper/asgi.py (through scorekeeper/routing.py)."""

from django.urls import URLPattern, path

from .consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/tables/<str:code>/", TableConsumer.as_asgi(), name="table_socket"),
]
