"""Card codes: parsing to the canonical form, and the decks of section 1.

Two readers, on purpose:

- `parse_card` reads a record (game-record.md, section 1): the canonical code, lower
  case, `T` for ten, `1` for ace, suit symbols, `joker`. It is what imports, the
  `score_game` command and the engine itself accept, and nothing more, so a record
  means the same thing everywhere.
- `read_card` / `read_cards` read what a person types or copies from a page: also the
  French ranks (V, D, R), a space between rank and suit (« R ♥ »), cards glued
  together (« R♥3♠ ») and the emoji form of the suit symbols. What they return is
  always the canonical code, so what is stored in a record stays the spec's form.

`notation` writes a card the way a language reads it; the web layer picks the
language (scorekeeper/wording/cards.py), so a page and its reader always agree.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

# The suit symbols every page shows (the one place they are written).
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_ALIASES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
# How each language writes the face ranks: French valet, dame, roi. Letters read the
# same whatever the page's language: V, D and R are no English rank, J, Q and K no
# French one, so the reader needs no language. (Suits stay S H D C or symbols: a
# French "C" would be cœur, the spec's C is clubs.)
FACE_LETTERS = {
    "fr": {"J": "V", "Q": "D", "K": "R"},
    "en": {"J": "J", "Q": "Q", "K": "K"},
}
JOKER_WORD = "Joker"  # the word both languages use on the page
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


def notation(code: str, language: str = "fr") -> str:
    """A canonical code as players of `language` read it: "R♥" (fr), "K♥" (en), "10♦",
    "Joker". Anything that is not a canonical code is returned as it is (typed text
    that was no card is shown as typed)."""
    if code == JOKER:
        return JOKER_WORD
    if code not in _PARSED:
        return code
    rank, suit = code[:-1], code[-1]
    letters = FACE_LETTERS.get(language[:2], FACE_LETTERS["en"])
    return letters.get(rank, rank) + SUIT_SYMBOLS[suit]


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


# -- reading what people type -----------------------------------------------------------

_READ_RANKS = {r: r for r in RANKS} | {"T": "10", "1": "A"} | {
    letter: rank for letters in FACE_LETTERS.values() for rank, letter in letters.items()}
_READ_SUITS = {s: s for s in SUITS} | _SUIT_ALIASES
# Between cards: spaces (the no-break ones French typing puts inside « »), commas,
# semicolons, slashes, and the quotes themselves when a card is copied from a sentence.
_SEPARATORS = " \t\r\n\u00a0\u202f,;/«»"
# One card: a joker, or a rank, maybe a space, a suit. Ten before one, so "10H" is a
# ten; a separator or another card must follow, so "KHZ" is no king.
_CARD = re.compile(
    r"(?P<joker>JOKER|JK|🃏)|(?P<rank>10|[2-9AJQKTVDR1])[ \u00a0\u202f]?(?P<suit>[SHDC♠♥♦♣♤♡♢♧])",
    re.IGNORECASE)
_PIECE_END = re.compile(r"[^" + _SEPARATORS + r"]*")
_EMOJI_STYLE = "\ufe0f\ufe0e"  # a phone's emoji keyboard adds these after ♥


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of typed text: the card it names (`code`), or None when it names none."""

    text: str
    code: str | None


def read_pieces(text: str) -> list[Piece]:
    """Typed text cut into cards, each with the text it was read from, in order.

    Cards may be separated by spaces, commas, semicolons or slashes, or glued
    together; a piece that is no card runs to the next separator and keeps its text.
    """
    for mark in _EMOJI_STYLE:
        text = text.replace(mark, "")
    pieces: list[Piece] = []
    i, end = 0, len(text)
    while i < end:
        if text[i] in _SEPARATORS:
            i += 1
            continue
        match = _CARD.match(text, i)
        if match is not None and (match.end() == end or text[match.end()] in _SEPARATORS
                                  or _CARD.match(text, match.end()) is not None):
            pieces.append(Piece(match.group(0), _code_of(match)))
            i = match.end()
            continue
        stop = _PIECE_END.match(text, i).end()  # type: ignore[union-attr]
        pieces.append(Piece(text[i:stop], None))
        i = stop
    return pieces


def _code_of(match: re.Match[str]) -> str:
    if match.group("joker"):
        return JOKER
    return _READ_RANKS[match.group("rank").upper()] + _READ_SUITS[match.group("suit").upper()]


def read_cards(text: str) -> list[str]:
    """The canonical codes in typed text, in order; a piece that is no card is kept as
    typed, so the engine names it where it stands ("ZZ is not a card")."""
    codes = text.split()
    if all(code in _PARSED for code in codes):  # what the picker posts: canonical already
        return codes
    return [p.code or p.text for p in read_pieces(text)]


def read_card(text: object) -> str | None:
    """The canonical code of text that names exactly one card, or None.

    Accepts all `parse_card` does, and what the pages show and people type: « R♥ »,
    `rh`, `KH`, `10♦`, `T♦`, `d ♠`, `Joker`.
    """
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = _PARSED.get(text)
    if code is not None:
        return code
    pieces = read_pieces(text)
    return pieces[0].code if len(pieces) == 1 else None


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
