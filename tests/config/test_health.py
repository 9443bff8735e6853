"""/healthz answers for the database and the channel layer, and says which one failed."""

import pytest
from django.test import AsyncClient

from config import health

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_it_is_healthy_when_the_database_and_the_channel_layer_answer():
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"ok": True, "database": "ok", "channel_layer": "ok"}
    assert "no-cache" in response["Cache-Control"]


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
    response = await AsyncClient().get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"ok": False, "database": "ok",
                               "channel_layer": "channel layer failed: OSError"}
