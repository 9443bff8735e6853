"""What a phone sends, read safely: one JSON object of a known type with fields of the right kind.

Pure, no Django. Anything a phone can type reaches the consumer as text, so
every way it can be wrong is answered here with a `BadMessage` naming the
problem (and the field), never an exception from deeper down: bad JSON, a
`type` that is a list, a question that is an object, nesting 2,000 deep, a
400-digit number (`float()` of it overflows), NaN or Infinity (named by the field
that holds it), text that is not Unicode (a lone surrogate such as `"\\ud800"`:
it cannot be stored nor sent back), an ask's keys its question does not read.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from .canasta import HAND_LEFT_MOST, SIDE_TOTAL_HIGHEST, SIDE_TOTAL_LOWEST

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


class _NotANumber:
    """What NaN, Infinity and -Infinity read as: the field that holds one is named once the
    whole message is read (the parser's hook sees the constant, never its key)."""

    def __repr__(self) -> str:
        return "NOT_A_NUMBER"


NOT_A_NUMBER = _NotANumber()
# A lone surrogate reaches a parsed string only as itself or as its escape (\ud800 to \udfff):
# a message with neither, and no NaN or Infinity, is not walked again (the hot path: a claim).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]", re.ASCII)
_NOT_FINITE = ("NaN", "Infinity")


def _constant(name: str) -> Any:
    return NOT_A_NUMBER


def _unicode(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def _flaw(value: Any) -> str | None:
    """Why a field's value can never be used, wherever inside it: NaN or Infinity, or text that
    is not Unicode (keys of nested objects included)."""
    if value is NOT_A_NUMBER:
        return "not_a_number"
    if isinstance(value, str):
        return None if _unicode(value) else "not_unicode"
    if isinstance(value, list):
        return next((flaw for item in value if (flaw := _flaw(item)) is not None), None)
    if isinstance(value, dict):
        if not all(_unicode(key) for key in value):
            return "not_unicode"
        return _flaw(list(value.values()))
    return None


def _check_fields(text: str, content: dict[str, Any]) -> None:
    if not any(word in text for word in _NOT_FINITE) and _unicode(text) and not _SURROGATE_ESCAPE.search(text):
        return  # nothing to find: no constant, no surrogate, escaped or not
    for key, value in content.items():
        if not _unicode(key):
            raise BadMessage("not_unicode")  # no field to name: its name is what is wrong
        flaw = _flaw(value)
        if flaw is not None:
            raise BadMessage(flaw, key)


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
    _check_fields(text, content)
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


def whole(content: dict[str, Any], name: str, lowest: int, highest: int, required: bool = True) -> int | None:
    """A whole number from `lowest` to `highest`: a float (1e17 reads as one), text or a
    count no game reaches is refused, naming the field."""
    value = integer(content, name, required)
    if value is not None and not lowest <= value <= highest:
        raise BadMessage("out_of_range", name)
    return value


def melds(content: dict[str, Any], name: str) -> list[list[str]]:
    value = content.get(name) or []
    if not isinstance(value, list) or not all(
            isinstance(m, list) and all(isinstance(c, str) and len(c) <= MAX_TEXT for c in m) for m in value):
        raise BadMessage("not_a_list_of_melds", name)
    return value


# -- the table's questions -------------------------------------------------------------

Reader = Callable[[dict[str, Any], str], Any]


def _side_total(content: dict[str, Any], name: str) -> int | None:
    return whole(content, name, SIDE_TOTAL_LOWEST, SIDE_TOTAL_HIGHEST)


def _hand_left(content: dict[str, Any], name: str) -> int | None:
    return whole(content, name, 0, HAND_LEFT_MOST)


# Each question the table answers (engine.table.machine.ASKS) and the fields it reads: what
# an ask logs, nothing else (the machine refuses a question missing one it needs).
QUESTIONS: dict[str, dict[str, Reader]] = {
    "take_pile": {"pile": texts, "hand": texts, "side_has_melded": flag, "meld_tops": texts,
                  "opening": melds, "side_total": _side_total},
    "meld": {"cards": texts, "going_out": flag},
    "opening": {"melds": melds, "side_total": _side_total},
    "go_out": {"melds": melds, "hand_left": _hand_left},
    "stop_chain": {"card": text, "stops": texts, "already": text},
    "set": {"characters": texts},
    "turn_end": {"card": text, "took_effect": flag},
}


def question(content: dict[str, Any]) -> dict[str, Any]:
    """An ask as the log keeps it: its question and the fields that question reads, each of
    the right kind; any other key is dropped (a question the table does not know keeps none)."""
    name = text(content, "question")
    assert name is not None
    kept: dict[str, Any] = {"question": name}
    for field, read in QUESTIONS.get(name, {}).items():
        if content.get(field) is not None:  # left out (or null): the machine's default, or its refusal
            kept[field] = read(content, field)
    return kept
