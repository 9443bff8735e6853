"""What the sheet's page and its "sheet" partial need, for a view or for the phones'
broadcast alike (scorekeeper/sheet/live.py renders the partial without any view)."""

from __future__ import annotations

from typing import Any

from scorekeeper.models import Game, Round
from scorekeeper.sheet.build import build_sheet

SHEET_TEMPLATE = "scorekeeper/game_sheet.html"
SHEET_PARTIAL = SHEET_TEMPLATE + "#sheet"


def sheet_context(game: Game, upto: int | None = None, rounds: list[Round] | None = None) -> dict[str, Any]:
    """What game_sheet.html and its "sheet" partial need; `upto` shows an older window;
    `rounds`, all the game's rounds when they are loaded already (no query then).

    Views that change a round answer an HTMX request with the partial:
    render(request, SHEET_PARTIAL, sheet_context(game)).
    """
    return {"game": game, "sheet": build_sheet(game, rounds, upto=upto), "sheet_socket": socket_path(game)}


def socket_path(game: Game) -> str:
    """Where a sheet's page opens its socket (routing: "sheet_socket")."""
    return f"/ws/games/{game.token}/sheet/"  # the private link's token: the number opens nothing


def game_for_socket(key: str) -> Game | None:
    """The game a sheet's socket asks for by the key in its URL, or None.

    With socket_path, the one place that ties a socket's URL to a game: when game
    URLs become unguessable tokens, only these two change.
    """
    try:
        return Game.objects.get(token=key)
    except Game.DoesNotExist:
        return None
