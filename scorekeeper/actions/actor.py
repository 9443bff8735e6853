"""Who makes a change, as the game's history keeps it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Actor:
    """The phone (its user agent), the signed-in user if any, and the author in words: the
    user's name, or what a guard knows (a league table's link). Built from a request by
    `scorekeeper.http.actor_of`, so no page can forget one of them."""

    device: str = ""
    user: Any = None
    by: str = ""

