"""The room screen's WebSocket: one group per night, told when a game ends at any table."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from leagues.live.broadcast import night_group
from leagues.models import Night


class NightRoomConsumer(AsyncJsonWebsocketConsumer):
    """Read-only: the screen listens; the server says "a game ended, fetch the standings"."""

    group: str = ""

    async def connect(self) -> None:
        night_id = int(self.scope["url_route"]["kwargs"]["night_id"])
        if not await database_sync_to_async(Night.objects.filter(pk=night_id).exists)():
            await self.close(code=4404)
            return
        self.group = night_group(night_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The screen has nothing to say; anything it sends is ignored."""

    async def game_ended(self, event: dict[str, Any]) -> None:
        await self.send_json({"event": "game_ended", "game": event["game"]})

    async def draw_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"event": "draw_changed"})
