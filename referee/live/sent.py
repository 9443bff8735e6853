"""What the server sends a table's phones: one struct per message type, each message built through it.

msgspec (not pydantic): one small C wheel, structs that encode straight to JSON and decode with
strict types and a tagged union on `type`, cheap enough for the socket's hot path (the same
library reads what a phone sends, engine/table/inbox.py). A message never leaves as an ad-hoc
dict: tests/referee/test_sent_schemas.py drives real sockets through every type below and
decodes each text a phone receives against `PhoneMessage`; a type sent without a schema fails it.

Two kinds of message:
- what a phone receives (`PhoneMessage`): `table.state`, `table.update`, `error`...;
- what a table's channel-layer group carries between processes (`GroupMessage`): most are
  forwarded to the phone as they are, `table.update` is the group's form of the update (encoded
  once for the table, referee/live/messages.py), `member.removed` and `table.resync` are for the
  consumers only.
"""

from __future__ import annotations

from typing import Any

import msgspec

Ruling = dict[str, Any]  # {"rule": id, ...params, "text": the sentence}: params vary by rule


class Message(msgspec.Struct, tag_field="type", omit_defaults=False):
    """A message; its `type` is its class's tag."""


class Member(msgspec.Struct):
    id: int
    table: int
    role: str
    seat: str | None


class Request(msgspec.Struct):
    """A phone waiting for the referee to let it take a held seat, or become referee."""
    id: int
    role: str
    seat: str | None


# -- to one phone -------------------------------------------------------------------------

class TableState(Message, tag="table.state"):
    member: Member
    server_time: float
    since: int | None
    seq: int | None
    state: dict[str, Any]
    credit_cap: float
    rulings: list[Ruling]


class TableUpdate(Message, tag="table.update"):
    """As a phone receives it: written by `messages.update_text` (see `TableUpdateGroup`)."""
    seq: int
    server_time: float
    rulings: list[Ruling]
    state: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET
    delta: list[list[Any]] | msgspec.UnsetType = msgspec.UNSET


class TableRefused(Message, tag="table.refused"):
    """An event the table refused: for its sender's eyes only, never logged."""
    ruling: Ruling


class Received(Message, tag="received"):
    """A message carrying an `id`, acknowledged with the seq it got (or none)."""
    id: str
    seq: int | None
    refused: bool


class Error(Message, tag="error"):
    """A message refused before the table: its problem and the field that holds it."""
    code: str
    field: str | None = None


class ClockPong(Message, tag="clock.pong"):
    t0: float
    t1: float
    t2: float


# -- to a table's group (and from there, as they are, to its phones) ----------------------

class MemberDelay(Message, tag="member.delay"):
    """A phone's measured delay and credit: the referee's phones only."""
    member: int
    seat: str | None
    role: str
    one_way_ms: int
    credit_ms: int
    flagged: bool
    anomalies: int
    claims: int
    at_limit: int


class JoinRequested(Message, tag="join.requested"):
    request: Request


class JoinAnswered(Message, tag="join.answered"):
    request: int


class TableOption(Message, tag="table.option"):
    credit_cap: float


class TableClosed(Message, tag="table.closed"):
    pass


# -- the group's own ------------------------------------------------------------------------

class TableUpdateGroup(Message, tag="table.update"):
    """One event for the whole table: JSON encoded once (rulings per language, state or delta)."""
    seq: int
    rulings: dict[str, str]
    opens: int | msgspec.UnsetType = msgspec.UNSET
    state: str | msgspec.UnsetType = msgspec.UNSET
    delta: str | msgspec.UnsetType = msgspec.UNSET


class MemberRemoved(Message, tag="member.removed"):
    """A seat's former phone: its sockets close."""
    member: int


class TableResync(Message, tag="table.resync"):
    """The channel layer is back after lost updates: each phone gets the whole state."""


PhoneMessage = (TableState | TableUpdate | TableRefused | Received | Error | ClockPong | MemberDelay
                | JoinRequested | JoinAnswered | TableOption | TableClosed)
FORWARDED = (MemberDelay, JoinRequested, JoinAnswered, TableOption, TableClosed)
GroupMessage = (TableUpdateGroup | MemberRemoved | TableResync | MemberDelay | JoinRequested | JoinAnswered
                | TableOption | TableClosed)

_encoder = msgspec.json.Encoder()


def text(message: Message) -> str:
    """The JSON a phone receives."""
    return _encoder.encode(message).decode()


def group(message: Message) -> dict[str, Any]:
    """What the channel layer carries (plain dicts and strings; unset fields left out)."""
    built: dict[str, Any] = msgspec.to_builtins(message)
    return built


def forwarded(message: dict[str, Any]) -> Message:
    """A group message a phone receives as it is (`FORWARDED`), read back into its struct."""
    kept: Message = msgspec.convert(message, GroupMessage)
    assert isinstance(kept, FORWARDED), message["type"]
    return kept
