"""What the card picker and the number pad need to know about a variant's deck,
read from its declaration (one source of truth: the picker never lists a card itself)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.cards import JOKER, RANKS, RED_SUITS, SUIT_SYMBOLS, SUITS
from scorekeeper.rules.units import to_number


@dataclass(frozen=True)
class PickerDeck:
    ranks: tuple[tuple[str, str], ...]  # (rank, label) for the ranks the deck holds, in order
    suits: tuple[tuple[str, str, bool, str], ...]  # (code, symbol, red, name)
    joker: bool
    copies_json: str  # {"KH": 1, "JK": 2…}: how many of each code one round may use
    values_json: str  # memory games: {"KH": 0…} as players count them, for cactus-tas' draws
    halves: bool  # tamoul counts in halves: the number pad shows a ½ key
    label: str
    labels_json: str  # rank -> its letter ("K" -> "R" in French), "symbol-H" -> "♥", "JK" -> "Joker"
    joker_label: str


def picker_deck(variant: Any, labels: Mapping[str, str] | None = None) -> PickerDeck | None:
    """The picker's deck for `variant`, or None for a game without cards (cactus-game).
    `labels` writes ranks and the joker, and names the suits, in the reader's language
    ({"K": "R", "S": "pique", "JK": "Joker"}: see scorekeeper.card_names)."""
    deck = variant.deck
    if deck is None:
        return None
    labels = ({r: r for r in RANKS} | {f"symbol-{s}": SUIT_SYMBOLS[s] for s in SUITS} | {JOKER: "Joker"}
              | dict(labels or {}))
    ranks = tuple((r, labels[r]) for r in RANKS if any(r + s in deck for s in SUITS))
    values = getattr(variant, "values", None) or {}
    return PickerDeck(
        ranks=ranks,
        suits=tuple((s, SUIT_SYMBOLS[s], s in RED_SUITS, labels.get(s, s)) for s in SUITS),
        joker=JOKER in deck,
        copies_json=json.dumps(deck.copies, separators=(",", ":")),
        values_json=json.dumps({c: to_number(v, variant.scale) for c, v in values.items()},
                               separators=(",", ":")),
        halves=variant.scale == 2,
        label=deck.label,
        labels_json=json.dumps(labels, separators=(",", ":"), ensure_ascii=False),
        joker_label=labels[JOKER],
    )

