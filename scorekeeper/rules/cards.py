"""Card codes: parsing to the canonical form, and the decks of section 1."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

_SUIT_ALIASES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_ALIASES = {"T": "10", "1": "A"}


def rank_of(code: str) -> str:
    """The rank of a canonical code; the joker's rank is "JK"."""
    return code if code == JOKER else code[:-1]


def suit_of(code: str) -> str | None:
    return None if code == JOKER else code[-1]


def is_red(code: str) -> bool:
    return code != JOKER and code[-1] in RED_SUITS


def is_black(code: str) -> bool:
    return code != JOKER and code[-1] not in RED_SUITS


def _canonical(text: str) -> str | None:
    t = text.strip().upper()
    if t in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(t) < 2:
        return None
    suit = _SUIT_ALIASES.get(t[-1], t[-1])
    rank = _RANK_ALIASES.get(t[:-1], t[:-1])
    if suit in SUITS and rank in RANKS:
        return rank + suit
    return None


ALL_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + (JOKER,)
# The canonical codes map to themselves: parsing them is one dict look-up.
_PARSED: dict[str, str] = {code: code for code in ALL_CODES}


def parse_card(text: object) -> str | None:
    """The canonical code of `text`, or None when it is not a card.

    Accepts the canonical form, lower case, `T` for ten, `1` for ace, suit
    symbols, and `joker`.
    """
    if not isinstance(text, str):
        return None
    code = _PARSED.get(text)
    if code is not None:
        return code
    if len(text) > 12:
        return None
    return _canonical(text)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: which codes it holds and how many times each."""

    key: str
    label: str
    copies: dict[str, int]

    def __contains__(self, code: str) -> bool:
        return code in self.copies

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.copies)

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def overused(self, codes: list[str]) -> list[tuple[str, int]]:
        """The codes used more often than the deck holds them, with their count.

        `codes` must already be codes of this deck (the readers check that card by card).
        """
        if len(codes) == len(set(codes)):
            return []
        copies = self.copies
        return [(c, n) for c, n in Counter(codes).items() if n > copies[c]]


def _deck(key: str, label: str, ranks: tuple[str, ...], jokers: int, times: int = 1) -> Deck:
    copies = {r + s: times for s in SUITS for r in ranks}
    if jokers:
        copies[JOKER] = jokers
    return Deck(key, label, copies)


DECK_52 = _deck("52", "52 cards", RANKS, 0)
DECK_54 = _deck("52+2", "52 cards and 2 jokers", RANKS, 2)
DECK_32 = _deck("32+2", "32 cards (A, 7 to K) and 2 jokers", ("A", "7", "8", "9", "10", "J", "Q", "K"), 2)
DECK_CANASTA = _deck("2x54", "two decks of 52 cards and 4 jokers", RANKS, 4, times=2)
