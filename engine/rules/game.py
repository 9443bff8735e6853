"""A game as the engine reads it: the variant, its options and its players."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .variants.base import Variant


@dataclass(slots=True)
class Game:
    variant: Variant
    options: dict[str, Any]
    players: list[str]
    rounds: list[Any]
    teams: dict[str, list[str]] | None = None
    people: dict[str, str] = field(default_factory=dict)  # name -> person id (v1.2); scoring never reads it
    names: dict[str, str] = field(init=False, repr=False, default_factory=dict)  # each name -> itself

    def __post_init__(self) -> None:
        self.names = {p: p for p in self.players}

    def player_named(self, text: Any) -> str | None:
        """The player a name in the record refers to (names are trimmed), or None."""
        if not isinstance(text, str):
            return None
        name = self.names.get(text)
        return name if name is not None else self.names.get(text.strip())
