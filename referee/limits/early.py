"""Refusals made before the table is loaded: a flood costs a cache read, not a page (issue 28).

A live table's URL holds its code; its limits count saves by the game's token and joins
by the code and the device. What a refusal needs to know is then in the request and the
cache alone, except the game's token: the table's game never changes, so each process
keeps the tokens of the tables it served (one dict lookup, no query). A process that has
not served a table yet lets the first request through to the full check, which remembers it.
"""

from __future__ import annotations

from django.http import HttpRequest

from referee.models import member_cookie_of, request_cookie_of
from scorekeeper.entry.formsets import RoundControls
from scorekeeper.http import saves_used_up

TABLES_KEPT = 4096  # table codes remembered; beyond, forgotten all at once (they come back on use)

_GAME_OF: dict[str, str] = {}  # table code -> its game's token


def remember_game(code: str, token: str) -> None:
    if code not in _GAME_OF and len(_GAME_OF) >= TABLES_KEPT:
        _GAME_OF.clear()
    _GAME_OF[code] = token


def reveal_flooded(request: HttpRequest, code: str) -> bool:
    """A reveal's save beyond the minute's saves of its device or its game (the score
    sheet's counts: a reveal is a save of the game)? Previews and form changes never are."""
    if request.method != "POST":
        return False
    controls = RoundControls(request.POST)
    if not controls.saving() or controls.previewing():
        return False
    token = _GAME_OF.get(code)
    return token is not None and saves_used_up(request, token)


def may_know(request: HttpRequest, code: str) -> bool:
    """Could this request hold a key of the table (the QR's, a member token, its own join
    request)? Only then is the table worth loading for a client out of guesses."""
    return bool(request.GET.get("key") or request.COOKIES.get(member_cookie_of(code))
                or request.COOKIES.get(request_cookie_of(code)))


def forget() -> None:
    """Every remembered table dropped (tests: a fresh server)."""
    _GAME_OF.clear()
