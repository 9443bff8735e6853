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
from typing import Annotated, Any, get_args

import msgspec

from .canasta import HAND_LEFT_MOST, SIDE_TOTAL_HIGHEST, SIDE_TOTAL_LOWEST

MAX_MESSAGE = 4096  # characters: a claim is a few dozen
MAX_DEPTH = 6  # an ask's melds are a list of lists inside the object; nothing needs more
MAX_DIGITS = 18  # a time in milliseconds has 13; anything longer is not a number we use
MAX_TEXT = 64  # a player's name, a card, a question


class BadMessage(Exception):
    """A message refused before it reaches the table; `code` and `field` say why and where."""

    def __init__(self, code: str, field: str | None = None):
        super().__init__(f"{code}: {field}" if field else code)
        self.code, self.field = code, field  # the phone is told both (referee/live/sent.py, Error)


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


# -- what each message holds: one struct per type, read in one place ---------------------
#
# msgspec rather than pydantic: one small C wheel, strict types (a bool is no number, 1e17 no
# whole number) and a tagged union on `type` decoded in one pass, cheap on the socket's hot path
# (bench/inbox_decode.py: a claim typed in 0.3 us, the guards and json.loads before it cost more). The same library
# builds what the server sends (referee/live/sent.py).

Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Texts = list[Text]
Melds = list[list[Text]]
SideTotal = Annotated[int, msgspec.Meta(ge=SIDE_TOTAL_LOWEST, le=SIDE_TOTAL_HIGHEST)]
HandLeft = Annotated[int, msgspec.Meta(ge=0, le=HAND_LEFT_MOST)]
Place = Annotated[int, msgspec.Meta(ge=0, lt=64)]


class Target(msgspec.Struct, forbid_unknown_fields=True):
    """A power aimed at a player, or at one of their cards by its place from 0
    (live-rules: aiming a power at a card; the table checks the reach)."""
    player: Text
    card: Place | None = None


class Action(msgspec.Struct, tag_field="type", kw_only=True):
    """A message a phone sends; one with an `id` is acknowledged with the seq it got."""
    id: Text | None = None


class Auth(Action, tag="auth"):
    token: str | None = None


class ClockPing(Action, tag="clock.ping"):
    t0: float


class ClockSample(Action, tag="clock.sample"):
    t0: float
    t3: float


class Discard(Action, tag="discard"):
    player: Text
    card: Text
    from_stock: bool = True
    took_pile: bool = False


class SnapTap(Action, tag="snap.tap"):
    tap: float
    window: int | None = None


class SnapClaim(Action, tag="snap.claim"):
    player: Text
    card: Text
    window: int | None = None
    for_player: Text | None = None
    penalty_card: bool = False
    tap: float | None = None


class WindowTick(Action, tag="window.tick"):
    pass


class PowerDeclined(Action, tag="power.declined"):
    pass


class PowerUsed(Action, tag="power.used"):
    player: Text
    targets: Annotated[list[Text | Target], msgspec.Meta(max_length=4)] | None = None

    def aimed(self) -> list[dict[str, Any]]:
        """The targets as the log keeps them: {"player": name, "card": place or None}."""
        return [{"player": t, "card": None} if isinstance(t, str) else {"player": t.player, "card": t.card}
                for t in self.targets or []]


class RoundLastCard(Action, tag="round.last_card"):
    player: Text


class StockEmpty(Action, tag="stock.empty"):  # table-rules v1.2: the memory games' empty stock
    reshuffled: bool = True


class CallMade(Action, tag="call.made"):
    player: Text


class CallCounter(Action, tag="call.counter"):
    player: Text


class Question(msgspec.Struct, kw_only=True):
    """A question the table answers (engine.table.machine.ASKS), with every field one reads: the
    machine reads a logged ask through this struct too, so a field is checked here only."""
    question: Text
    pile: Texts | None = None
    hand: Texts | None = None
    side_has_melded: bool | None = None
    meld_tops: Texts | None = None
    opening: Melds | None = None
    side_total: SideTotal | None = None
    cards: Texts | None = None
    going_out: bool | None = None
    melds: Melds | None = None
    hand_left: HandLeft | None = None
    card: Text | None = None
    stops: Texts | None = None
    already: Text | None = None
    characters: Texts | None = None
    took_effect: bool | None = None

    def logged(self) -> dict[str, Any]:
        """The ask as the log keeps it: its question and the fields that question reads, those
        given (left out or null: the machine's default, or its refusal); a question the table
        does not know keeps none."""
        kept: dict[str, Any] = {"question": self.question}
        for field in QUESTIONS.get(self.question, ()):
            if (value := getattr(self, field)) is not None:
                kept[field] = value
        return kept


class Ask(Question, tag_field="type", tag="ask", kw_only=True):
    id: Text | None = None  # as an Action's (a struct has one base with fields)


class SettingsChange(Action, tag="settings.change"):
    credit_cap_ms: float | None = None
    snap_limit: float | None = None


class JoinAnswer(Action, tag="join.answer"):
    request: int
    approve: bool = False


class Sync(Action, tag="sync"):
    since: int | None = None


Message = (Auth | ClockPing | ClockSample | Discard | SnapTap | SnapClaim | WindowTick | PowerDeclined
           | PowerUsed | RoundLastCard | StockEmpty | CallMade | CallCounter | Ask | SettingsChange
           | JoinAnswer | Sync)
# Converted to its type's struct looked up here: msgspec.convert to the union itself builds the
# union's decoder on every call (16 us a message, against 0.3 us; bench/inbox_decode.py).
_BY_TYPE: dict[str, type[Message]] = {str(kind.__struct_config__.tag): kind for kind in get_args(Message)}
TYPES = frozenset(_BY_TYPE)

# Each question the table answers and the fields it reads: what an ask logs, nothing else.
QUESTIONS: dict[str, tuple[str, ...]] = {
    "take_pile": ("pile", "hand", "side_has_melded", "meld_tops", "opening", "side_total"),
    "meld": ("cards", "going_out"),
    "opening": ("melds", "side_total"),
    "go_out": ("melds", "hand_left"),
    "stop_chain": ("card", "stops", "already"),
    "set": ("characters",),
    "turn_end": ("card", "took_effect"),
}

# The refusal of a field of the wrong kind, by the field's name (a whole number out of its
# range is "out_of_range", a text too long "text_too_long").
_WRONG_KIND = {
    **dict.fromkeys(("player", "card", "for_player", "question", "already", "id", "token"), "not_text"),
    **dict.fromkeys(("t0", "t3", "tap", "credit_cap_ms", "snap_limit"), "not_a_number"),
    **dict.fromkeys(("window", "since", "request", "side_total", "hand_left"), "not_an_integer"),
    **dict.fromkeys(("from_stock", "took_pile", "penalty_card", "reshuffled", "approve", "side_has_melded",
                     "going_out", "took_effect"), "not_true_or_false"),
    **dict.fromkeys(("pile", "hand", "meld_tops", "cards", "stops", "characters"), "not_a_list_of_text"),
    **dict.fromkeys(("opening", "melds"), "not_a_list_of_melds"),
    "targets": "not_a_list_of_targets",
}
_AT = re.compile(r" - at `\$\.(\w+)")
_MISSING = re.compile(r"missing required field `(\w+)`")
_BOUND = re.compile(r"Expected `int` [<>]=?")


def refusal(error: msgspec.ValidationError) -> BadMessage:
    """What msgspec found, said as the phone's page reads it: a code and the top-level field."""
    said = str(error)
    at, missing = _AT.search(said), _MISSING.search(said)
    field = at.group(1) if at else missing.group(1) if missing else None
    if field == "type":
        return BadMessage("unknown_type", "type")
    code = _WRONG_KIND.get(field or "", "bad_field")
    if code == "not_an_integer" and _BOUND.search(said):
        code = "out_of_range"
    elif code == "not_text" and "of length" in said:
        code = "text_too_long"
    return BadMessage(code, field)


def read(content: dict[str, Any]) -> Message:
    """The message parsed by `parse` as its type's struct, every field of the right kind, or
    BadMessage naming the first field that is not."""
    kind = _BY_TYPE.get(content["type"])
    if kind is None:
        raise BadMessage("unknown_type", "type")
    try:
        message: Message = msgspec.convert(content, kind)
    except msgspec.ValidationError as error:
        raise refusal(error) from None
    return message


def question(payload: dict[str, Any]) -> Question:
    """A logged ask's question (no `type`), read as the inbox reads it (the machine's entry)."""
    try:
        return msgspec.convert(payload, Question)
    except msgspec.ValidationError as error:
        raise refusal(error) from None
