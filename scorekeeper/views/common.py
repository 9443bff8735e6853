"""What the game pages share: the typed request, finding a game, naming the device."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from scorekeeper.models import Game


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def get_game_for_user(request: HttpRequest, pk: int) -> Game:
    """The game at `pk`, or 404.

    A score sheet is shared by its link around the table (nobody signs in to
    keep score), so every visitor may see and change any game; this is the one
    place to tighten that when accounts arrive.
    """
    return get_object_or_404(Game.objects.with_players(), pk=pk)


def device_of(request: HttpRequest) -> str:
    """Which phone made a change, for the round history: its browser's user agent."""
    return request.headers.get("user-agent", "")[:200]
