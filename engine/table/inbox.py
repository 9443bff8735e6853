"""What a phone sends, read safely: one JSON object of a known type with fields of the right kind.

Pure, no Django. Anything a phone can type reaches the consumer as text, so
every way it can be wrong is answered here with a `BadMessage` naming the
problem (and the field), never an exception from deeper down: bad JSON, a
`type` that is a list, a question that is an object, nesting 2,000 deep, a
400-digit number (`float()` of it overflows), NaN or Infinity.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_MESSAGE = 4096  # characters: a claim is a few dozen
MAX_DEPTH = 6  # an ask's melds are a list of lists inside the object; nothing needs more
MAX_DIGITS = 18  # a time in milliseconds has 13; anything longer is not a number we use
MAX_TEXT = 64  # a player's name, a card, a question


class BadMessage(Exception):
    """A message refused before it reaches the table; `code` and `field` say why and where."""

    def __init__(self, code: str, field: str | None = None):
        super().__init__(f"{code}: {field}" if field else code)
        self.code, self.field = code, field

    def reply(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "field": self.field}


def _depth(text: str) -> int:
    """How deeply brackets nest outside strings (checked before `json.loads` recurses)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise BadMessage("not_a_number", name)


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadMessage("number_too_long")
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 40:
        raise BadMessage("number_too_long")
    return value


def parse(text: str | None) -> dict[str, Any]:
    """The message as a dict with a text `type`, or BadMessage."""
    if text is None:
        raise BadMessage("not_text")
    if len(text) > MAX_MESSAGE:
        raise BadMessage("message_too_big")
    if _depth(text) > MAX_DEPTH:
        raise BadMessage("too_deep")
    try:
        content = json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_float)
    except ValueError as error:  # JSONDecodeError is a ValueError
        raise BadMessage("bad_json") from error
    if not isinstance(content, dict):
        raise BadMessage("not_an_object")
    kind = content.get("type")
    if not isinstance(kind, str):
        raise BadMessage("bad_type", "type")
    return content


# -- fields ----------------------------------------------------------------------------

def number(content: dict[str, Any], name: str, required: bool = True) -> float | None:
    value = content.get(name)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BadMessage("not_a_number", name)
    return float(value)


def text(content: dict[str, Any], name: str, required: bool = True) -> str | None:
    value = content.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise BadMessage("not_text", name)
    if len(value) > MAX_TEXT:
        raise BadMessage("text_too_long", name)
    return value


def integer(content: dict[str, Any], name: str, required: bool = True) -> int | None:
    value = content.get(name)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessage("not_an_integer", name)
    return value


def flag(content: dict[str, Any], name: str, default: bool = False) -> bool:
    value = content.get(name, default)
    if not isinstance(value, bool):
        raise BadMessage("not_true_or_false", name)
    return value


def texts(content: dict[str, Any], name: str) -> list[str]:
    value = content.get(name) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value):
        raise BadMessage("not_a_list_of_text", name)
    return value


def aimed(content: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """A power's targets: player names, or {"player": name, "card": place from 0 or null}
    (live-rules: aiming a power at a card; the table checks the reach)."""
    value = content.get(name) or []
    if not isinstance(value, list) or len(value) > 4:
        raise BadMessage("not_a_list_of_targets", name)
    out: list[dict[str, Any]] = []
    for item in value:
        if isinstance(item, str) and len(item) <= MAX_TEXT:
            out.append({"player": item, "card": None})
            continue
        if not isinstance(item, dict) or set(item) - {"player", "card"}:
            raise BadMessage("not_a_list_of_targets", name)
        player, card = item.get("player"), item.get("card")
        if not isinstance(player, str) or len(player) > MAX_TEXT:
            raise BadMessage("not_a_list_of_targets", name)
        if card is not None and (isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 64):
            raise BadMessage("not_a_list_of_targets", name)
        out.append({"player": player, "card": card})
    return out
