"""An import waiting for the organiser's « Laquelle ? » (issue 30 item 7).

The files were read once, and nothing of them was saved (importing.PeopleToChoose): they
wait here, in the cache, while the organiser says which person each name means, then the
whole import runs again with the choices. Kept per organiser and season under a random
token, for an hour: a token of someone else's, or an hour later, finds nothing (the
organiser uploads again). The cache is Redis when the site runs several processes
(config/env.py `caches`), so any process finds them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.core.cache import cache

KEPT_SECONDS = 3600


@dataclass
class PendingImport:
    files: list[tuple[str, bytes]]
    night_date: date | None
    table: str | None


def _key(season_pk: int, user_pk: Any, token: str) -> str:
    return f"league-import:{season_pk}:{user_pk}:{token}"


def keep(season_pk: int, user_pk: Any, pending: PendingImport, token: str = "") -> str:
    """Keep the files (again, under `token`, or under a new one); returns the token."""
    token = token or secrets.token_urlsafe(16)
    cache.set(_key(season_pk, user_pk, token), pending, KEPT_SECONDS)
    return token


def find(season_pk: int, user_pk: Any, token: str) -> PendingImport | None:
    if not token or len(token) > 64:
        return None
    found = cache.get(_key(season_pk, user_pk, token))
    return found if isinstance(found, PendingImport) else None


def drop(season_pk: int, user_pk: Any, token: str) -> None:
    cache.delete(_key(season_pk, user_pk, token))
