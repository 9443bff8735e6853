"""Validation problems: what is wrong and where, in one line each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a record. `round` counts from 1; None for the record itself.

    `rule` names the spec rule at fault when there is one (it is the anchor the
    web layer links to); the message stays plain English for the command line.
    """

    message: str
    round: int | None = None
    rule: str | None = None
    # A stable identifier of the kind of problem and its details, so the web layer
    # can say it in French and point at the field at fault (`player`, `side`, `field`).
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict, compare=False)

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
            code: str | None = None, **params: Any) -> None:
        self.items.append(Problem(message, round_no, rule, code, params))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise RecordError(self.items)
