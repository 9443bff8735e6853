"""Validation problems: what is wrong and where, in one line each."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

TOP = "top"  # the field of a problem with the record, or the round, as a whole


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a record. `round` counts from 1; None for the record itself.

    `rule` names the spec rule at fault when there is one (it is the anchor the
    web layer links to); the message stays plain English for the command line.

    `code` and `params` say the same as the message, as data: the web layer words a
    problem from them alone (scorekeeper/wording/problems.py) and never reads the
    message. `field` is the record's field at fault, by its spec name ("hands",
    "draws", "players", "sides", "plays"...), or TOP when it is the record or the
    round as a whole; `params` then say which entry (`player`, `side`, `play`).
    """

    message: str
    round: int | None = None
    rule: str | None = None
    code: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict, compare=False)
    field: str = TOP

    def __str__(self) -> str:
        if self.round is None:
            return self.message
        return f"round {self.round}: {self.message}"


class RecordError(ValueError):
    """The record is invalid. Carries every problem found, in order."""

    def __init__(self, problems: list[Problem]):
        if not problems:
            raise ValueError("RecordError needs at least one problem")
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class Problems:
    """Collects problems while a record is read; raises them all at once."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, message: str, round_no: int | None = None, rule: str | None = None, *,
            code: str, field: str, **params: Any) -> None:
        self.items.append(Problem(message, round_no, rule, code, params, field))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise RecordError(self.items)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a canasta meld or a Cactus Game set is refused, as data (`code`, `params`:
    the web layer words it) and as the English phrase the messages quote (`text`)."""

    code: str
    text: str
    params: dict[str, Any] = dataclass_field(default_factory=dict)

    def __str__(self) -> str:
        return self.text
