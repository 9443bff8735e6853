"""Which field of the entry form an engine problem belongs beside.

Field keys: "hand-<seat>" (a memory game's player block), "side-<i>" (a canasta side),
"play-<i>" (a cactus-game play, from 0), the round's own fields by their spec name
("announcer", "draws", "counter_callers", "went_out", "wrong_snaps", "penalty_cards",
"concealed", "player"), and "top" for the rest.

The engine may tag a problem with params (`field`, `player`, `side`, `play`); when it
does not, the message is read: a field's spec name in it, else the first player named.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scorekeeper.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY

TOP = "top"
# Round fields shown as their own form field, and the words that name them in messages.
FIELD_WORDS = {
    "draws": ("draws", "'s draw"),
    "penalty_cards": ("penalty_cards", "penalty card"),
    "counter_callers": ("counter_callers", "contre-tamoul"),
    "went_out": ("went_out", "went out"),
    "wrong_snaps": ("wrong_snaps", "wrong snaps"),
    "concealed": ("concealed",),
    "announcer": ("announcer", "dutcher"),
}
CARD_FIELDS_OF_A_SIDE = ("melds", "red_threes", "hand", "opening")


def field_for(problem: Any, kind: str, players: Sequence[str],
              sides: Sequence[str] = ()) -> str:
    """The field key `problem` is shown beside, for a form of `kind` (a family:
    MEMORY, CANASTA or CACTUS_GAME)."""
    return fields_for(problem, kind, players, sides)[0]


def fields_for(problem: Any, kind: str, players: Sequence[str], sides: Sequence[str] = ()) -> list[str]:
    """Every field `problem` is shown beside: one, except a card that two hands share
    (the deck check names both players: each hand shows it, the second one is as
    likely to be the typo)."""
    params = getattr(problem, "params", None) or {}
    shared = params.get("players")
    if kind == MEMORY and params.get("field") == "hands" and isinstance(shared, list):
        keys = [f"hand-{list(players).index(p)}" for p in shared if p in players]
        if keys:
            return keys
    tagged = _from_params(params, kind, players, sides)
    if tagged is not None:
        return [tagged]
    return [_from_message(problem.message, kind, players, sides)]


def _from_params(params: dict[str, Any], kind: str, players: Sequence[str],
                 sides: Sequence[str]) -> str | None:
    field = params.get("field")
    if kind == CACTUS_GAME:
        play = params.get("play")
        if isinstance(play, int) and play >= 1:
            return f"play-{play - 1}"
        if field == "player":
            return "player"
        return None
    if kind == CANASTA:
        if field in ("went_out", "concealed"):
            return field
        side = params.get("side")
        if side in sides:
            return f"side-{list(sides).index(side)}"
        return None
    if field in FIELD_WORDS:
        return field
    player = params.get("player")
    if field in ("hands", "hand") and player in players:
        return f"hand-{list(players).index(player)}"
    return None


def _from_message(message: str, kind: str, players: Sequence[str], sides: Sequence[str]) -> str:
    if kind == CACTUS_GAME:
        return _turn_field(message, players)
    for key, words in FIELD_WORDS.items():
        if kind == CANASTA and key not in ("went_out", "concealed"):
            continue
        if any(word in message for word in words):
            return key
    if kind == CANASTA:
        named = first_named(message, sides)
        return TOP if named is None else f"side-{list(sides).index(named)}"
    named = first_named(message, players)
    return TOP if named is None else f"hand-{list(players).index(named)}"


def _turn_field(message: str, players: Sequence[str]) -> str:
    if message.startswith("play "):
        number = message[5:].split(" ", 1)[0].rstrip(":")
        if number.isdigit() and int(number) >= 1:
            return f"play-{int(number) - 1}"
    if message.startswith(("player ", "it is ")):
        return "player"
    return TOP


def first_named(message: str, names: Iterable[str]) -> str | None:
    """The name that occurs first in `message` (the longest one when two start at the
    same place: "Ana" inside "Anaïs" is not Ana), or None."""
    best: tuple[int, int, str] | None = None
    for name in names:
        start = _whole_word(message, name)
        if start is not None:
            key = (start, -len(name), name)
            if best is None or key < best:
                best = key
    return None if best is None else best[2]


def _whole_word(message: str, name: str) -> int | None:
    start = message.find(name)
    while start != -1:
        end = start + len(name)
        before = message[start - 1] if start else " "
        after = message[end] if end < len(message) else " "
        if not before.isalnum() and not after.isalnum():
            return start
        start = message.find(name, start + 1)
    return None


def group_by_field(problems: Iterable[Any], kind: str, players: Sequence[str],
                   sides: Sequence[str] = ()) -> dict[str, list[Any]]:
    """The problems keyed by the field they are shown beside, in the engine's order."""
    grouped: dict[str, list[Any]] = {}
    for problem in problems:
        for key in fields_for(problem, kind, players, sides):
            grouped.setdefault(key, []).append(problem)
    return grouped
