"""/healthz answers for the pages (the database), /healthz/live for live updates too (and the
channel layer); each says which part failed."""

import pytest
from django.test import AsyncClient

from config import health

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_it_is_healthy_when_the_database_and_the_channel_layer_answer():
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"ok": True, "live": True, "database": "ok", "channel_layer": "ok"}
    assert "no-cache" in response["Cache-Control"]
    live = await AsyncClient().get("/healthz/live")
    assert live.status_code == 200 and live.json() == {"ok": True, "database": "ok", "channel_layer": "ok"}


async def test_it_names_the_database_when_the_database_fails(monkeypatch):
    def broken() -> None:
        raise ConnectionRefusedError("database down")

    monkeypatch.setattr(health, "_database", broken)
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == "database failed: ConnectionRefusedError"
    assert response.json()["channel_layer"] == "ok"


async def test_it_names_the_channel_layer_when_it_cannot_carry_a_message(monkeypatch):
    class Silent:
        async def new_channel(self, prefix: str) -> str:
            return prefix + "x"

        async def send(self, channel: str, message: dict) -> None:
            return None  # lost on the way

        async def receive(self, channel: str) -> dict:
            raise OSError("connection to Redis lost")

    monkeypatch.setattr(health, "get_channel_layer", Silent)
    response = await AsyncClient().get("/healthz/live")

    assert response.status_code == 503
    assert response.json() == {"ok": False, "database": "ok",
                               "channel_layer": "channel layer failed: OSError"}


async def test_it_keeps_the_pages_healthy_while_the_channel_layer_is_down(monkeypatch):
    """A Redis outage takes live updates away, not the pages: nginx keeps sending them here."""
    class Down:
        async def new_channel(self, prefix: str) -> str:
            raise ConnectionRefusedError("Redis is down")

    monkeypatch.setattr(health, "get_channel_layer", Down)
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"ok": True, "live": False, "database": "ok",
                               "channel_layer": "channel layer failed: ConnectionRefusedError"}
