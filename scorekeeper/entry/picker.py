"""What the card picker and the number pad need to know about a variant's deck,
read from its declaration (one source of truth: the picker never lists a card itself).

The picker is built for one tap per card and one tap per counted hand (issue 13, "fewer
taps"): every card of the deck is on screen at once, one row pair per suit, and every
usual hand value is a key of its own. Each target stays at least 44 px wide on a 390 px
phone, so a suit's ranks are split over two rows (7 + 6 for 13 ranks, 4 + 4 for koubo's
8), and the number pad has five keys a row.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import JOKER, RANKS, RED_SUITS, SUIT_SYMBOLS, SUITS
from engine.rules.units import to_number

# The number pad: one key for each value from 0 to PAD_STEP - 1 ends the hand's number
# (and moves on to the next empty hand); "+PAD_STEP" adds PAD_STEP first, so 47 is
# "+40" then "7". A four-card hand of tamalou, cactus or dutch is nearly always under 40.
PAD_STEP = 40
PAD_COLUMNS = 5  # two rows per ten, like two rows per suit: 27 is the ten's second row, third key


@dataclass(frozen=True)
class PickerCard:
    code: str  # "KH"
    text: str  # as the page writes it: "R♥"
    name: str  # as it is said: "roi de cœur"


@dataclass(frozen=True)
class PickerSuit:
    code: str  # "H"
    name: str  # "cœur"
    red: bool
    rows: tuple[tuple[PickerCard, ...], ...]  # the suit's cards, split over two rows


@dataclass(frozen=True)
class PickerDeck:
    grid: tuple[PickerSuit, ...]  # every card of the deck but the jokers, a row pair per suit
    columns: int  # keys per row of the grid: the longer of a suit's two rows
    joker: bool
    copies_json: str  # {"KH": 1, "JK": 2…}: how many of each code one round may use
    values_json: str  # memory games: {"KH": 0…} as players count them, for cactus-tas' draws
    halves: bool  # tamoul counts in halves: the number pad shows a ½ key
    label: str
    labels_json: str  # rank -> its letter ("K" -> "R" in French), "symbol-H" -> "♥", "JK" -> "Joker"
    joker_label: str
    pad: tuple[tuple[int, ...], ...]  # the number pad's value keys, PAD_COLUMNS a row
    pad_step: int


def card_name(code: str, labels: Mapping[str, str]) -> str:
    """A card said in words from the labels scorekeeper.wording.cards gives ("of" is
    "{rank} de {suit}", "name-K" is "roi", "H" is "cœur"): "roi de cœur", "10 de pique"."""
    rank, suit = code[:-1], code[-1]
    pattern = labels.get("of", "{rank} {suit}")
    return pattern.replace("{rank}", labels.get(f"name-{rank}", rank)).replace("{suit}", labels.get(suit, suit))


def _split(cards: list[PickerCard]) -> tuple[tuple[PickerCard, ...], ...]:
    half = (len(cards) + 1) // 2
    return tuple(row for row in (tuple(cards[:half]), tuple(cards[half:])) if row)


def picker_deck(variant: Any, labels: Mapping[str, str] | None = None) -> PickerDeck | None:
    """The picker's deck for `variant`, or None for a game without cards (cactus-game).
    `labels` writes ranks and the joker, and names the suits, in the reader's language
    ({"K": "R", "S": "pique", "JK": "Joker"}: see scorekeeper.wording.cards)."""
    deck = variant.deck
    if deck is None:
        return None
    labels = ({r: r for r in RANKS} | {f"symbol-{s}": SUIT_SYMBOLS[s] for s in SUITS} | {JOKER: "Joker"}
              | dict(labels or {}))
    grid = []
    for suit in SUITS:
        cards = [PickerCard(r + suit, labels[r] + labels[f"symbol-{suit}"], card_name(r + suit, labels))
                 for r in RANKS if r + suit in deck]
        if cards:
            grid.append(PickerSuit(suit, labels.get(suit, suit), suit in RED_SUITS, _split(cards)))
    values = getattr(variant, "values", None) or {}
    return PickerDeck(
        grid=tuple(grid),
        columns=max((len(row) for suit in grid for row in suit.rows), default=1),
        joker=JOKER in deck,
        copies_json=json.dumps(deck.copies, separators=(",", ":")),
        values_json=json.dumps({c: to_number(v, variant.scale) for c, v in values.items()},
                               separators=(",", ":")),
        halves=variant.scale == 2,
        label=deck.label,
        labels_json=json.dumps(labels, separators=(",", ":"), ensure_ascii=False),
        joker_label=labels[JOKER],
        pad=tuple(tuple(range(start, start + PAD_COLUMNS)) for start in range(0, PAD_STEP, PAD_COLUMNS)),
        pad_step=PAD_STEP,
    )
