"""The score sheet's WebSocket: a phone listens to its game's group and receives the
sheet, rendered by the server, each time a round changes (scorekeeper/sheet/live.py)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from scorekeeper.sheet.broadcast import sheet_group
from scorekeeper.sheet.live import language_of
from scorekeeper.sheet.page import game_for_socket


class SheetConsumer(AsyncWebsocketConsumer):
    """Read-only: the phone listens. What it sends (htmx's ws extension may send forms
    inside the socket's element) is ignored; rounds are saved over HTTP."""

    group: str = ""
    language: str = ""
    version: int = -1  # the game's version of the last sheet sent to this phone

    async def connect(self) -> None:
        game = await database_sync_to_async(game_for_socket)(self.scope["url_route"]["kwargs"]["key"])
        if game is None:
            await self.close(code=4404)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.language = language_of(query.get("lang", [None])[0])
        self.group = sheet_group(game.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Nothing a phone says changes the sheet here."""

    async def sheet_changed(self, event: dict[str, Any]) -> None:
        """The sheet in this phone's language; a message without it (another language's,
        live_sheet.Handoff sends the saving phone's first) or older than the sheet sent
        last (renders finishing out of order) is not for this phone."""
        html = event["html"].get(self.language)
        version = event.get("version", 0)
        if html is None or version < self.version:
            return
        self.version = version
        await self.send(text_data=html)
