"""Join-code guesses, limited so they punish the guesser, not the room.

Six letters are found by trying only if trying is cheap. Each wrong code a
client looks up (the code form, a table's URL) counts, for a minute, against

- its device: a signed cookie set on the first answer (GUESSES_PER_DEVICE,
  10 by default). A phone's typos lock that phone only;
  A request without the cookie counts against its address's cookie-less device,
  shared by every such request of the address: a script that drops its cookie gets
  one device's share, however often it drops it;
- its address (GUESSES_PER_ADDRESS, 60): the phones of a bar, which share one
  Wi-Fi address, have room for their typos.

A client past either limit gets 429 with a sentence for the minute, except on
the tables it knows: a phone holding a valid member token of the table (or its
own pending join request), or the key the table's QR carries, always reaches
that table. An IPv6 client is counted by its /64 (limits/addresses.py). With
31^10 codes, 1,000 addresses at 60 guesses a minute find one of 10,000 open
tables in 2.6 years on average (docs/deploy.md, "What is trusted").

Joins are limited per table as well (JOINS_PER_TABLE a minute): phones that are
not yet at a table can only ask to sit at it or watch it so often, so a flood of
join requests or spectators never reaches the referee's phone.

The counts live in Django's cache: Redis in production, shared by every process.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found

from referee.limits.addresses import cookieless, counted_as

log = logging.getLogger("referee.limits")
WINDOW = 60  # seconds
DEVICE_COOKIE = "mc_device"
DEVICE_AGE = 60 * 60 * 24 * 365
_SALT = "referee.limits.guesses.device"


class TooManyGuesses(Exception):
    """This client tried too many wrong codes in the last minute."""


def device(request: HttpRequest) -> str:
    """The device this request is counted as: its signed cookie's id; a request showing none
    is counted as its address's cookie-less device, which every such request of the address
    shares (a script dropping its cookie was a new device, with a new share, every time;
    issue 28). It is given a cookie of its own on the answer (by `limited`), so an honest
    phone is counted apart from its second request on."""
    known = getattr(request, "_guess_device", None)
    if known is None:
        known = request.get_signed_cookie(DEVICE_COOKIE, default=None, salt=_SALT)
        if not known or len(known) > 40:
            request._new_guess_device = secrets.token_urlsafe(12)  # type: ignore[attr-defined]
            known = cookieless(_address(request))
        request._guess_device = known  # type: ignore[attr-defined]
    return known


def device_in_cookie(value: str | None) -> str | None:
    """The device id a raw `mc_device` cookie holds (a socket reads its cookies raw), or None."""
    if not value:
        return None
    try:
        known = signing.get_cookie_signer(salt=DEVICE_COOKIE + _SALT).unsign(value, max_age=DEVICE_AGE)
    except signing.BadSignature:
        return None
    return known if len(known) <= 40 else None


def device_cookie(device_id: str) -> str:
    """The `mc_device` cookie's value for this device id, as `limited` sets it."""
    return signing.get_cookie_signer(salt=DEVICE_COOKIE + _SALT).sign(device_id)


def _address(request: HttpRequest) -> str:
    # REMOTE_ADDR: behind the recipe's nginx, config/proxy.py set it from the proxy alone.
    return counted_as(request.META.get("REMOTE_ADDR", ""))


def _keys(request: HttpRequest) -> list[tuple[str, int]]:
    return [(f"referee.guesses.device.{device(request)}", settings.GUESSES_PER_DEVICE),
            (f"referee.guesses.address.{_address(request)}", settings.GUESSES_PER_ADDRESS)]


def exhausted(request: HttpRequest) -> bool:
    """Is this device, or its address, out of guesses for the minute? (No, while the cache is down.)"""
    try:
        counts = cache.get_many([key for key, _limit in _keys(request)])
    except Exception as exc:  # noqa: BLE001 - Redis down: the pages keep answering
        return _cache_down(exc, False)
    return any(int(counts.get(key, 0)) >= limit for key, limit in _keys(request))


def _bump(key: str, ttl: int = WINDOW) -> int:
    """The key's count for the minute (or `ttl`), one more; 0 while the cache is down (nothing counted)."""
    try:
        if cache.add(key, 1, ttl):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, ttl)
            return 1
    except Exception as exc:  # noqa: BLE001 - Redis down: the pages keep answering
        return _cache_down(exc, 0)


def _cache_down(exc: BaseException, answer: Any) -> Any:
    """A cache that fails (Redis down) limits nothing for the while: logged, never a 500.
    A 6-letter code guessed during an outage of minutes is still a needle in 887 million."""
    log.warning("join-code limits off: the cache failed (%s)", type(exc).__name__)
    return answer


def count(request: HttpRequest) -> None:
    """One wrong code, against the device and the address."""
    for key, _limit in _keys(request):
        _bump(key)


def join_allowed(request: HttpRequest, code: str, role: str) -> bool:
    """One more join (or join request) at this table from a phone not at it: within this
    device's share for the minute, then within the table's? Spectators are counted apart
    from seats and the referee's role, so a flood of them never keeps a player out; one
    device's refusals cost the table's count nothing."""
    (device_key, device_limit), (table_key, table_limit) = _join_keys(request, code, role)
    if _bump(device_key) > device_limit:
        return False
    return _bump(table_key) <= table_limit


def _join_keys(request: HttpRequest, code: str, role: str) -> list[tuple[str, int]]:
    """(cache key, joins a minute) for this device's share at the table, then the table's."""
    kind = "spectators" if role == "spectator" else "seats"
    return [(f"referee.guesses.joins.{code}.{kind}.{device(request)}", settings.JOINS_PER_DEVICE),
            (f"referee.guesses.joins.{code}.{kind}", settings.JOINS_PER_TABLE)]


def join_used_up(request: HttpRequest, code: str, role: str) -> str | None:
    """Which count would refuse this join: "joins" (`join_allowed`), "spectators"
    (`spectator_allowed`), or None? Read from the cache alone in one round trip, nothing
    counted, so a flood is refused before the table is loaded. None while the cache is down."""
    keys = [("joins", key, limit) for key, limit in _join_keys(request, code, role)]
    if role == "spectator":
        keys.append(("spectators", _spectators_key(request, code), settings.SPECTATORS_PER_DEVICE))
    try:
        counts = cache.get_many([key for _what, key, _limit in keys])
    except Exception as exc:  # noqa: BLE001 - Redis down: the pages keep answering
        return _cache_down(exc, None)
    return next((what for what, key, limit in keys if int(counts.get(key, 0)) >= limit), None)


SPECTATOR_AGE = 60 * 60 * 24 * 2  # a spectator's token lives this long (referee.models.TOKEN_AGE)


def spectator_allowed(request: HttpRequest, code: str) -> bool:
    """One more spectator at this table for this device (SPECTATORS_PER_DEVICE while its
    tokens live): one device cannot fill the table's spectator slots."""
    return _bump(_spectators_key(request, code), SPECTATOR_AGE) <= settings.SPECTATORS_PER_DEVICE


def _spectators_key(request: HttpRequest, code: str) -> str:
    return f"referee.guesses.spectators.{code}.{device(request)}"


def limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view, answering 429 with a sentence while its client is out of guesses;
    the device cookie set on a device that had none."""
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        device(request)  # a request showing no device cookie is given one, whatever the view does
        try:
            response = view(request, *args, **kwargs)
        except TooManyGuesses:
            message = _("Trop de codes essayés : attendez une minute avant de réessayer.")
            response = render(request, "referee/find.html", {"error": message, "code": ""}, status=429)
            response["Retry-After"] = str(WINDOW)
        except Http404 as missing:  # answered here, so a wrong code's answer carries the device cookie
            response = page_not_found(request, missing)
        new = getattr(request, "_new_guess_device", None)
        if new is not None:
            response.set_signed_cookie(DEVICE_COOKIE, new, salt=_SALT, max_age=DEVICE_AGE, httponly=True,
                                       samesite="Lax", secure=request.is_secure())
        return response
    return wrapper
