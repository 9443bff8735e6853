"""WebSocket routes, mounted by scorekeeper/asgi.py."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
