"""WebSocket routes of the leagues, mounted through config/routing.py."""

from django.urls import URLPattern, path

from leagues.live.consumers import NightRoomConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/leagues/nights/<int:night_id>/room/", NightRoomConsumer.as_asgi()),
]
