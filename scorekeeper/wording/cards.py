"""Cards as the page's language writes them: the one formatter every page uses.

French pages write the face ranks V D R (valet, dame, roi), English pages J Q K; both
use the suit symbols ♠ ♥ ♦ ♣ and the word "Joker". The notation itself is the
engine's (`engine.cards.notation`), so whatever a page shows, the lenient
reader (`read_cards`) reads back as the same card. This module only picks the
language, and gives screen readers the cards' names ("roi de cœur").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, gettext, gettext_lazy

from engine.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, notation, rank_of, suit_of

SUIT_NAMES = {
    "S": gettext_lazy("pique"),
    "H": gettext_lazy("cœur"),
    "D": gettext_lazy("carreau"),
    "C": gettext_lazy("trèfle"),
}
# Said in full to screen readers; number ranks are read as their digits.
RANK_NAMES = {
    "A": gettext_lazy("as"),
    "J": gettext_lazy("valet"),
    "Q": gettext_lazy("dame"),
    "K": gettext_lazy("roi"),
}
EXAMPLE = ("KH", "3S", "10D", JOKER)  # what a cards field's placeholder shows


def page_language() -> str:
    return (get_language() or settings.LANGUAGE_CODE)[:2]


def card_text(code: Any) -> str:
    """One card as the page writes it: "R♥" in French, "K♥" in English, "Joker".
    Text that is no card code is shown as it was typed."""
    if not isinstance(code, str):
        return "?"
    return notation(code, page_language())


def cards_text(codes: Iterable[Any]) -> str:
    """Cards separated by spaces: "R♥ 3♠ 10♦"."""
    return " ".join(card_text(c) for c in codes)


def rank_text(rank: str) -> str:
    """A rank as the page writes it: "R" for the king in French."""
    if rank == JOKER:
        return notation(JOKER)
    return notation(rank + "S", page_language())[:-1] if rank in RANKS else rank


def rank_name(rank: str) -> str:
    """A rank said in words ("roi", "as"); number ranks are said as their digits."""
    if rank == JOKER:
        return notation(JOKER)
    return str(RANK_NAMES.get(rank, rank))


def suit_name(suit: str) -> str:
    return str(SUIT_NAMES.get(suit, suit))


def card_name(code: Any) -> str:
    """A card said in words, for screen readers: "roi de cœur", "10 de pique"."""
    if not isinstance(code, str):
        return "?"
    if code == JOKER:
        return notation(JOKER)
    suit = suit_of(code)
    if suit not in SUIT_NAMES:
        return code
    rank = rank_of(code)
    return card_name_pattern() % {"rank": RANK_NAMES.get(rank, rank), "suit": SUIT_NAMES[suit]}


def suits() -> list[tuple[str, str, bool, str]]:
    """(code, symbol, red, name) for each suit, in the spec's order."""
    return [(s, SUIT_SYMBOLS[s], s in ("H", "D"), suit_name(s)) for s in SUITS]


def picker_labels() -> dict[str, str]:
    """What a card picker needs to write a card the page's way: each rank's letter,
    each suit's symbol (under "symbol-S"...) and name (under "S"...), the joker's word;
    and to say it ("name-K": "roi", "of": "{rank} de {suit}")."""
    return ({r: rank_text(r) for r in RANKS} | {f"symbol-{s}": SUIT_SYMBOLS[s] for s in SUITS}
            | {s: suit_name(s) for s in SUITS} | {JOKER: notation(JOKER)}
            | {f"name-{r}": rank_name(r) for r in RANK_NAMES}
            | {"of": card_name_pattern() % {"rank": "{rank}", "suit": "{suit}"}})


def card_name_pattern() -> str:
    return gettext("%(rank)s de %(suit)s")


def placeholder() -> str:
    """An example for a cards field, in the page's notation: "R♥ 3♠ 10♦ Joker"."""
    return cards_text(EXAMPLE)
