"""What every app's views share: the typed request, finding a game by its private
link with its access check, who made a change, and the redirect htmx follows.

The score sheet, the live tables (referee/) and the leagues (leagues/)
import this module; no app imports another app's views. As healthchecks'
`_get_check_for_user` does, every view that reaches a game goes through
`get_game_for_request` (to read) or `get_game_to_change` (to write).

A game is reached only by its token (/games/<token>/): its number is shown on
the page but opens nothing. A phone keeps the games it created or opened in its
session, which is the home page's list: nobody sees anybody else's games.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from engine.rules.errors import TOP
from scorekeeper.actions.actor import Actor
from scorekeeper.entry.preview import too_many_saves
from scorekeeper.models import PERSON, SEAT, Game
from scorekeeper.players.me import key_of

# The status of a page sent back with its form's errors: 422 (Unprocessable Content),
# never 400 or 404. htmx swaps a 422 into the form that asked (base.html's `htmx-config`
# `responseHandling`), while django-htmx's debug script writes any 400, 403, 404 or 500
# answer over the whole document.
INVALID_FORM = 422

# The phone's own list of games (newest first) and of league tables it opened by link.
SESSION_GAMES = "games"
SESSION_TABLES = "league_tables"
GAMES_REMEMBERED = 50


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# Who else may refuse a change: (request, game) -> a refusal sentence, or None to allow.
# The leagues register theirs (a league game needs its table's link or an organiser);
# kept as a list so the score sheet does not import the leagues.
ChangeGuard = Callable[[HttpRequest, Game], "str | None"]
CHANGE_GUARDS: list[ChangeGuard] = []
# Who made a change, in words, when someone other than a signed-in user can say it
# (a league table's link): (request, game) -> a label or "".
AUTHOR_LABELS: list[Callable[[HttpRequest, Game], str]] = []
# Which seat a phone holds at a game's live table, if any (the live tables register theirs).
SEAT_OF_PHONE: list[Callable[[HttpRequest, Game], str]] = []
# Who may refuse a player's rename: game -> a refusal sentence, or None. The live tables
# register theirs (an open table seats its players by name, and its log names them).
RENAME_GUARDS: list[Callable[[Game], str | None]] = []


def rename_refusal(game: Game) -> str | None:
    return next((refusal for guard in RENAME_GUARDS if (refusal := guard(game)) is not None), None)


def get_game_for_request(request: HttpRequest, token: str) -> Game:
    """The game its private link names, or 404; the phone remembers it."""
    game = get_object_or_404(Game.objects.with_players(), token=token)
    remember_game(request, game)
    return game


def get_game_to_change(request: HttpRequest, token: str) -> Game:
    """The game, if this visitor may change it: 403 with the guard's reason otherwise."""
    game = get_game_for_request(request, token)
    refusal = change_refusal(request, game)
    if refusal is not None:
        raise PermissionDenied(refusal)
    return game


def change_refusal(request: HttpRequest, game: Game) -> str | None:
    """Why this visitor may not change the game, or None. Whoever holds a plain game's
    link may change it; a guard (the leagues') may ask for more."""
    for guard in CHANGE_GUARDS:
        refusal = guard(request, game)
        if refusal is not None:
            return refusal
    return None


def author_of(request: HttpRequest, game: Game) -> str:
    """Who is making a change, for the game's history: the signed-in user's name, or
    what a guard knows (a league table's link); empty for an anonymous phone (its
    device is recorded beside)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user.get_username()
    seated = person_seated(request, game)
    if seated:  # issue 30 item 5: « enregistrée par Ana », not « par Chrome · Android »
        return PERSON + seated
    seat = seat_of_phone(request, game)
    if seat:  # « par le siège de Ben »
        return SEAT + seat
    return next((label for labeler in AUTHOR_LABELS if (label := labeler(request, game))), "")


def seat_of_phone(request: HttpRequest, game: Game) -> str:
    """The seat this phone holds at the game's live table, or "" (SEAT_OF_PHONE)."""
    return next((seat for finder in SEAT_OF_PHONE if (seat := finder(request, game))), "")


def person_seated(request: HttpRequest, game: Game) -> str:
    """The name this game writes for the person this phone is (« C'est moi »), or ""."""
    key = key_of(request)
    if key is None:
        return ""
    return next((seat.name or seat.player.name for seat in game.seats.all()
                 if seat.player.person_id == key.person_id), "")


def device_of(request: HttpRequest) -> str:
    """Which phone made a change, for the round history: its browser's user agent."""
    return request.headers.get("user-agent", "")[:200]


def actor_of(request: HttpRequest, game: Game) -> Actor:
    """Who makes a change through this request, for the game's history (scorekeeper.actions)."""
    return Actor(device=device_of(request), user=getattr(request, "user", None), by=author_of(request, game))


def remember_game(request: HttpRequest, game: Game) -> None:
    """Put the game first in this phone's list (kept in its session cookie's session)."""
    session = getattr(request, "session", None)
    if session is None:
        return
    current = session.get(SESSION_GAMES, [])
    if current[:1] != [game.token]:  # unchanged: no session write on every page
        others = [t for t in current if t != game.token]
        session[SESSION_GAMES] = [game.token, *others][:GAMES_REMEMBERED]


def remembered_games(request: HttpRequest) -> list[str]:
    session = getattr(request, "session", None)
    return list(session.get(SESSION_GAMES, [])) if session is not None else []


def client_redirect(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """A redirect; for htmx, django-htmx's whole-page one (htmx would swap the next
    page into the form that asked)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


# -- round saves, throttled (issue 21) ----------------------------------------------------

SAVES_WINDOW = 60  # seconds
TOO_MANY_SAVES = 429
# A game's phones together: a table saves a round every few minutes; a script saving
# hundreds a minute would crowd the sheet and slow every phone of the game.
GAME_SAVES_FACTOR = 5


def _save_limits(request: HttpRequest, token: str) -> tuple[tuple[str, int], ...]:
    """(cache key, saves a minute) for this device (its session, else its address) and for the game."""
    per_device = settings.ROUND_SAVES_PER_MINUTE
    session = getattr(request, "session", None)
    # The session's key comes from its cookie: reading it loads nothing from the database.
    device = (session.session_key if session is not None else None) or request.META.get("REMOTE_ADDR", "")
    return ((f"scorekeeper.saves.{token}.{device}", per_device),
            (f"scorekeeper.saves.{token}", per_device * GAME_SAVES_FACTOR))


def saves_used_up(request: HttpRequest, token: str) -> bool:
    """Has this device, or the game, used up the minute's saves already? Asked first thing
    in a save, from the cache alone: a flood is refused before the game, its rounds or the
    form are loaded (a refusal costs a cache read, not a page; issue 28). No while the
    cache is down."""
    limits = _save_limits(request, token)
    try:
        counts = cache.get_many([key for key, _limit in limits])
    except Exception:  # noqa: BLE001 - Redis down: saving rounds matters more than counting them
        return False
    return any(int(counts.get(key, 0)) >= limit for key, limit in limits)


def save_allowed(request: HttpRequest, game: Game) -> bool:
    """One more round save of this game from this device (its session, else its address), and
    from all its devices together, within the minute's limits? Yes while the cache is down."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key is None:
        session["saves_rounds"] = True  # a session of its own, so its count follows it
        session.save()
    limits = _save_limits(request, game.token)
    try:
        for key, limit in limits:
            if not cache.add(key, 1, SAVES_WINDOW) and cache.incr(key) > limit:
                return False
    except ValueError:  # the count expired between the two calls: a new minute
        return True
    except Exception:  # noqa: BLE001 - Redis down: saving rounds matters more than counting them
        return True
    return True


def refused_early(request: HtmxHttpRequest) -> HttpResponse:
    """429 for a save refused by `saves_used_up`, without loading the game: htmx puts the
    sentence in the form's top slot and keeps the form as the player filled it; without
    htmx, a page that sends the player back to it. A round from the phone's queue (not
    JSON) stays queued and is sent again later. The score sheet's and the live table's
    reveal (referee/views.py) answer alike."""
    sentence = too_many_saves().errors[TOP][0]
    if request.htmx:
        response = render(request, "scorekeeper/entry/round_entry.html#slot", {"key": TOP, "messages": [sentence]},
                          status=TOO_MANY_SAVES)
        response["HX-Retarget"] = f"#err-{TOP}"
        response["HX-Reswap"] = "outerHTML"
    else:
        response = render(request, "scorekeeper/entry/too_many_saves.html", {"sentence": sentence},
                          status=TOO_MANY_SAVES)
    response["Retry-After"] = "10"
    return response
